import { type DomainError, errorStatus } from '../base/errors';

const jsonType = 'application/json; charset=utf-8';

/** Registered, so a second copy of the package reads the text the first one recorded. */
const textKey = Symbol.for('@affiliate-commerce/core.responseText');

type TextResponse = Response & { [textKey]?: string };

function json(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> | undefined,
  deferred: boolean,
): Response {
  const init = { status, headers: { ...headers } as Record<string, string> };
  if (body === undefined || status === 204) return new Response(null, init);
  init.headers['content-type'] = jsonType;
  const text = JSON.stringify(body);
  // A body stream costs more to build than the rest of the answer: an adapter that writes the
  // text itself asks for answers without one.
  const response: TextResponse = new Response(deferred ? null : text, init);
  response[textKey] = text;
  return response;
}

/** A JSON response. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Response {
  return json(status, body, headers, false);
}

/** A JSON answer with no body stream: its text only, in {@link responseText}, for an adapter that writes it. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Response {
  return json(status, body, headers, true);
}

/**
 * The JSON text a {@link jsonResponse} was built from, while its body is unread, so a server
 * adapter can write the answer at once instead of reading it back through a stream. Undefined
 * for any other response (a streamed export, one a `fetch` returned).
 *
 * @example
 * const text = responseText(response);
 * if (text !== undefined) res.end(text);
 */
export function responseText(response: Response): string | undefined {
  const text = (response as TextResponse)[textKey];
  return text === undefined || response.bodyUsed ? undefined : text;
}

/**
 * The error envelope of docs/api.md §7.1: `{ success: false, error: { code, message, field? } }`, with
 * the error's own headers and then `headers` (the kernel's, set as the answer is made).
 *
 * @example
 * errorResponse(notFound('subscription'))
 */
export function errorResponse(error: DomainError, headers?: Readonly<Record<string, string>>): Response {
  return errorReply(error, headers, false);
}

/** {@link errorResponse} with no body stream (see {@link jsonAnswer}). */
export function errorAnswer(error: DomainError, headers?: Readonly<Record<string, string>>): Response {
  return errorReply(error, headers, true);
}

function errorReply(
  error: DomainError,
  headers: Readonly<Record<string, string>> | undefined,
  deferred: boolean,
): Response {
  const body = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.field === undefined ? {} : { field: error.field }),
    },
  };
  return json(
    errorStatus[error.code],
    body,
    headers ? { ...error.headers, ...headers } : error.headers,
    deferred,
  );
}

const internalError = {
  success: false,
  error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' },
};

/**
 * How the kernel builds its JSON answers for one call: {@link bodiedReplies} for a `Response`
 * any fetch runtime can send, {@link textReplies} for an adapter that writes the text itself.
 */
export interface Replies {
  json(status: number, body: unknown, headers?: Readonly<Record<string, string>>): Response;
  error(error: DomainError, headers?: Readonly<Record<string, string>>): Response;
  /** The generic body of an unexpected failure; the cause goes to the logger, never to the client. */
  internalError(): Response;
}

/** Answers with a body stream. */
export const bodiedReplies: Replies = {
  json: jsonResponse,
  error: errorResponse,
  internalError: () => jsonResponse(500, internalError),
};

/** Answers with their JSON text only (see {@link jsonAnswer}). */
export const textReplies: Replies = {
  json: jsonAnswer,
  error: errorAnswer,
  internalError: () => jsonAnswer(500, internalError),
};

/**
 * The response with `headers` set. Headers of a response the kernel or a handler built are set in
 * place; an immutable response (one a `fetch` returned) is copied around its body.
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
