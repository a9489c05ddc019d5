/**
 * One test for every API path, matching as Express matches `router.all('/v2/webhooks/:id')`: a
 * parameter is one non-empty segment as sent (still percent-encoded), a trailing slash is
 * allowed. One pattern for the whole table, so a request is not tried against each route in turn.
 *
 * @example
 * const isApiPath = apiPathTest(['/v2/webhooks/{id}'], true);
 * isApiPath('/v2/webhooks/whk_1/') // true
 */
export function apiPathTest(templates: readonly string[], caseSensitive: boolean): (path: string) => boolean {
  const alternatives = [...new Set(templates)].map((template) =>
    template
      .split('/')
      .map((segment) =>
        /^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/'),
  );
  const pattern = new RegExp(`^(?:${alternatives.join('|')})/?$`, caseSensitive ? '' : 'i');
  return (path) => pattern.test(path);
}
