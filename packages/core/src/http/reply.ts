import { type DomainError, errorStatus } from '../errors';

const jsonType = 'application/json; charset=utf-8';

/** Registered, so a second copy of the package reads the text the first one recorded. */
const textKey = Symbol.for('@affiliate-commerce/core.responseText');

/** Marks a kernel answer whose body is still only its JSON text (see {@link withBody}). */
const deferredKey = Symbol.for('@affiliate-commerce/core.deferredBody');

type TextResponse = Response & { [textKey]?: string; [deferredKey]?: true };

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
  // A body stream costs more to build than the rest of the answer: the kernel's own answers wait
  // for `withBody` to get one, and an adapter that writes the text itself never builds it.
  const response: TextResponse = new Response(deferred ? null : text, init);
  response[textKey] = text;
  if (deferred) response[deferredKey] = true;
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

/** A JSON answer of the kernel: its text in {@link responseText}, its body stream left to {@link withBody}. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Response {
  return json(status, body, headers, true);
}

/**
 * The answer with a body: a kernel answer that holds only its JSON text gets its body stream,
 * keeping status and headers; any other response is returned as it is.
 */
export function withBody(response: Response): Response {
  const deferred = response as TextResponse;
  if (!deferred[deferredKey]) return response;
  const text = deferred[textKey]!;
  const bodied: TextResponse = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  bodied[textKey] = text;
  return bodied;
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
 * The error envelope of DESIGN.md: `{ success: false, error: { code, message, field? } }`, with
 * the error's own headers and then `headers` (the kernel's, set as the answer is made).
 *
 * @example
 * errorResponse(notFound('subscription'))
 */
export function errorResponse(error: DomainError, headers?: Readonly<Record<string, string>>): Response {
  return withBody(errorAnswer(error, headers));
}

/** {@link errorResponse} as a kernel answer (see {@link jsonAnswer}). */
export function errorAnswer(error: DomainError, headers?: Readonly<Record<string, string>>): Response {
  const body = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.field === undefined ? {} : { field: error.field }),
    },
  };
  return jsonAnswer(
    errorStatus[error.code],
    body,
    headers ? { ...error.headers, ...headers } : error.headers,
  );
}

/** The generic body of an unexpected failure, as a kernel answer; the cause goes to the logger, never to the client. */
export function internalErrorAnswer(): Response {
  return jsonAnswer(500, {
    success: false,
    error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' },
  });
}

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
