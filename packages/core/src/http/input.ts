import { err, ok, type Result } from 'neverthrow';
import { type DomainError, invalidField, payloadTooLarge } from '../base/errors';
import { type BodyBytes, readBodyAtMost } from './read-body';

/** Largest JSON body the kernel reads unless the route sets `bodyLimitBytes` (1 MiB); larger bodies answer 413. */
export const maxJsonBodyBytes = 1024 * 1024;

/** Query parameters as an object; for a repeated key the first value wins. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

/** Options of {@link readJsonBody}. */
export interface JsonBodyOptions {
  /** Pass NUL characters on, for handlers that drop them themselves. */
  readonly allowNul?: boolean;
  /** The route's limit; default {@link maxJsonBodyBytes}. */
  readonly limitBytes?: number;
}

const utf8 = new TextDecoder();

/**
 * A body whose Content-Length is declared within the limit, read whole by the runtime: a server
 * that reads the bytes straight off its socket (`@hono/node-server`, Bun, Deno) then builds no
 * stream at all. The server's HTTP framing stops at the declared length, so the read stays
 * within the limit; the length is checked again all the same.
 */
async function declaredBody(request: Request, limit: number): Promise<BodyBytes> {
  try {
    const buffer = await request.arrayBuffer();
    return buffer.byteLength > limit ? 'too-large' : new Uint8Array(buffer);
  } catch {
    return 'unreadable';
  }
}

/**
 * Reads a JSON body within a limit (default {@link maxJsonBodyBytes}). A declared Content-Length
 * over it answers 413 before anything is read; one within it is read whole; a body with no length
 * (chunked) is read chunk by chunk and answers 413 the moment it passes the limit, so memory stays
 * within it. An empty body is `undefined`; malformed JSON, or a body that breaks off, is 422
 * INVALID_FIELD, never a 500.
 */
export async function readJsonBody(
  request: Request,
  options: JsonBodyOptions = {},
): Promise<Result<unknown, DomainError>> {
  const limit = options.limitBytes ?? maxJsonBodyBytes;
  const length = request.headers.get('content-length');
  const declared = length === null ? Number.NaN : Number(length);
  if (declared > limit) return err(payloadTooLarge('body', limit));
  // Not `request.body`: on a server's own lighter Request, reading it builds the stream.
  const bytes =
    Number.isSafeInteger(declared) && declared >= 0
      ? await declaredBody(request, limit)
      : await readBodyAtMost(request.body, limit);
  if (bytes === 'too-large') return err(payloadTooLarge('body', limit));
  if (bytes === 'unreadable') return err(invalidField('body', 'could not be read completely'));
  const text = utf8.decode(bytes);
  if (text.trim() === '') return ok(undefined);
  const type = request.headers.get('content-type') ?? 'application/json';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    return err(invalidField('body', 'must be JSON (Content-Type: application/json)'));
  }
  // A NUL can reach a parsed value only as the escape `\u0000` (a raw one is not valid JSON).
  if (!text.includes('\\u0000')) {
    try {
      return ok(JSON.parse(text));
    } catch {
      return err(invalidField('body', 'is not valid JSON'));
    }
  }
  let nul = false;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, item) => {
      if (key.includes('\u0000') || (typeof item === 'string' && item.includes('\u0000'))) nul = true;
      return item;
    });
  } catch {
    return err(invalidField('body', 'is not valid JSON'));
  }
  // PostgreSQL text cannot hold NUL; refuse it here rather than fail in storage.
  return nul && !options.allowNul ? err(invalidField('body', 'must not contain NUL characters')) : ok(value);
}
