import { err, ok, type Result } from 'neverthrow';
import { type DomainError, notFound } from '../base/errors';

/**
 * Longest path parameter, in UTF-16 code units once decoded. No record id of the API is longer,
 * so a longer one names nothing.
 */
export const maxPathParamLength = 200;

/**
 * Decodes the path parameters of a matched route. A parameter that cannot name a record (a
 * malformed percent-escape such as `%ZZ` or `%C0%AF`, a NUL character, which PostgreSQL text
 * cannot hold, or more than {@link maxPathParamLength} characters) is 404 NOT_FOUND on every
 * route alike, as for any id that names nothing. The kernel calls this after its access checks,
 * so an anonymous caller gets 401 whatever the id.
 */
export function decodePathParams(raw: Record<string, string>): Result<Record<string, string>, DomainError> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    let decoded = value;
    // Most ids have nothing escaped; decoding them would give them back unchanged.
    if (value.includes('%')) {
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return err(notFound('record'));
      }
    }
    if (decoded.includes('\u0000') || decoded.length > maxPathParamLength) return err(notFound('record'));
    params[name] = decoded;
  }
  return ok(params);
}
