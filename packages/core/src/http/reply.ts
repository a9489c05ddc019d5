import { type DomainError, errorStatus } from '../errors';

const jsonType = 'application/json; charset=utf-8';

/**
 * A JSON response.
 *
 * @example
 * jsonResponse(200, { success: true })
 */
export function jsonResponse(
  status: number,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Response {
  const init = { status, headers: { ...headers } as Record<string, string> };
  if (body === undefined || status === 204) return new Response(null, init);
  init.headers['content-type'] = jsonType;
  return new Response(JSON.stringify(body), init);
}

/**
 * The error envelope of DESIGN.md: `{ success: false, error: { code, message, field? } }`.
 *
 * @example
 * errorResponse(notFound('subscription'))
 */
export function errorResponse(error: DomainError): Response {
  const body = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.field === undefined ? {} : { field: error.field }),
    },
  };
  return jsonResponse(errorStatus[error.code], body, error.headers);
}

/** The generic body of an unexpected failure; the cause goes to the logger, never to the client. */
export function internalErrorResponse(): Response {
  return jsonResponse(500, {
    success: false,
    error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' },
  });
}

/**
 * The response with `headers` set. Headers of a response the kernel or a handler built are set in
 * place; an immutable response (one a `fetch` returned) is copied around its body.
 *
 * @example
 * withHeaders(response, { 'Cache-Control': 'no-store' })
 */
export function withHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: merged,
    });
  }
}
