import { type DomainError, notFound } from '../base/errors';

/**
 * The path prefixes the API owns, relative to where it is served: every path under them is the
 * API's, a route or its JSON 404, never the host's. `/webhooks/` holds the unversioned routes of
 * the webhook dictionary; everything else is under `/v2/`.
 */
export const apiPrefixes: readonly string[] = ['/v2/', '/webhooks/'];

/** The version segment: `/v2/x` and `/x` are the same path under the other prefix. */
const versionPrefix = '/v2';

/**
 * Whether a path (relative to where the API is served) is under one of {@link apiPrefixes}: the
 * API answers it, with its JSON 404 when no route matches.
 *
 * @example
 * underApiPrefix('/v2/nothing') // true
 * underApiPrefix('/portal') // false
 */
export function underApiPrefix(path: string): boolean {
  return apiPrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * The same path with the version segment taken off or put on: `/v2/webhooks/x` → `/webhooks/x`
 * (`/v2/journeys` → `/journeys`), `/webhooks/x` → `/v2/webhooks/x`. Undefined for a path under
 * no API prefix.
 */
function otherPrefixPath(path: string): string | undefined {
  if (path.startsWith(`${versionPrefix}/`)) return path.slice(versionPrefix.length);
  return underApiPrefix(path) ? `${versionPrefix}${path}` : undefined;
}

/**
 * The 404 of a path no route matches. Under an API prefix, when the same path is a route under
 * the other prefix (a legacy `/webhooks/...` route asked for under `/v2/`, or the reverse), the
 * message names it, with the base the API is served under. `isRoute` is the path matcher, asked
 * once more only here, for a path that matched nothing.
 *
 * @example
 * noRoute('/v2/webhooks/actions/getDictionary', '/api', (path) => match(path).length > 0)
 * // message: 'The route was not found; did you mean /api/webhooks/actions/getDictionary?'
 */
export function noRoute(path: string, base: string, isRoute: (path: string) => boolean): DomainError {
  const other = otherPrefixPath(path);
  if (other === undefined || !isRoute(other)) return notFound('route');
  return { code: 'NOT_FOUND', message: `The route was not found; did you mean ${base}${other}?` };
}
