/** One call to the API: the method, the path (for {@link callApi}), the bearer token, and a body sent as JSON. */
export interface ApiCall {
  readonly method: string;
  readonly token: string;
  readonly body?: unknown;
}

/**
 * A request to the API as its callers make it: a bearer token and, with a body, the body as JSON
 * with its Content-Type.
 *
 * @example
 * const response = await service.handle(
 *   apiRequest('http://api.test/v2/webhooks', { method: 'GET', token: testTokens.superAdmin }),
 * );
 */
export function apiRequest(url: string, call: ApiCall): Request {
  const { method, token, body } = call;
  return new Request(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * One call to the API of a running server at `origin`: its status, its body as text, and the
 * envelope's `data` (undefined when the answer is not a JSON object).
 *
 * @example
 * const { status, data } = await callApi<{ id: string }>('http://127.0.0.1:3000', {
 *   method: 'POST',
 *   path: '/v2/webhooks',
 *   token: 'demo_admin',
 *   body: { name: 'orders', url: 'https://example.com/hook', webhookInterests: ['order_created'] },
 * });
 */
export async function callApi<T>(
  origin: string,
  call: ApiCall & { readonly path: string },
): Promise<{ status: number; text: string; data: T }> {
  const response = await fetch(apiRequest(`${origin}${call.path}`, call));
  const text = await response.text();
  return {
    status: response.status,
    text,
    data: (text.startsWith('{') ? JSON.parse(text).data : undefined) as T,
  };
}
