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
