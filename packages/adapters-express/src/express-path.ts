/**
 * Turns a route template (`/v2/webhooks/{id}`) into an Express path (`/v2/webhooks/:id`).
 *
 * @example
 * expressPath('/v2/cases/{id}/actions/respond') // '/v2/cases/:id/actions/respond'
 */
export function expressPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}
