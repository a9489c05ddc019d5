/** What the matcher reads of a route: its path template. */
interface Templated {
  readonly path: string;
}

interface CompiledRoute<R extends Templated> {
  readonly route: R;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** One digit a segment, `1` literal or `0` parameter: of two shapes, the larger is the more literal. */
  readonly shape: string;
}

/** A route whose template matches a path, with its parameters as sent (still percent-encoded). */
export interface PathMatch<R extends Templated> {
  readonly route: R;
  readonly rawParams: Record<string, string>;
}

function segmentCount(path: string): number {
  let count = 1;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) count += 1;
  return count;
}

function compile<R extends Templated>(route: R): CompiledRoute<R> {
  const names: string[] = [];
  let shape = '';
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        shape += '0';
        return '([^/]+)';
      }
      shape += '1';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names, shape };
}

/**
 * Matches request paths against the route table. Where several templates match, the one with a
 * literal segment where the others have a parameter wins, segment by segment from the left
 * (`/v2/cases/sync-case-type` over `/v2/cases/{id}`), and only the routes of that template are
 * returned: a method that template lacks is then the kernel's 405, never another template's
 * answer. Parameters are returned as sent; the kernel decodes them after its access checks.
 */
export function createPathMatcher<R extends Templated>(
  routes: readonly R[],
): (path: string) => PathMatch<R>[] {
  // A template matches only paths of its own segment count, so each path tries only those.
  const bySegments = new Map<number, CompiledRoute<R>[]>();
  for (const route of routes) {
    const count = segmentCount(route.path);
    bySegments.set(count, [...(bySegments.get(count) ?? []), compile(route)]);
  }
  return (path) => {
    let best = '';
    let matches: PathMatch<R>[] = [];
    for (const entry of bySegments.get(
      segmentCount(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path),
    ) ?? []) {
      const found = entry.pattern.exec(path);
      if (!found || entry.shape < best) continue;
      if (entry.shape > best) {
        best = entry.shape;
        matches = [];
      }
      const rawParams: Record<string, string> = {};
      entry.names.forEach((name, index) => {
        rawParams[name] = found[index + 1]!;
      });
      matches.push({ route: entry.route, rawParams });
    }
    return matches;
  };
}
