import type { AnyRoute } from './route';

interface CompiledRoute {
  readonly route: AnyRoute;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal segments count: a more literal path wins over a parameter (`/v2/webhooks/actions/x`). */
  readonly specificity: number;
}

/** The routes whose template matches a path, with their decoded parameters. */
export interface PathMatch {
  readonly route: AnyRoute;
  readonly params: Record<string, string>;
}

function compile(route: AnyRoute): CompiledRoute {
  const names: string[] = [];
  let specificity = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      specificity += 1;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names, specificity };
}

/**
 * Matches request paths against the route table.
 *
 * @example
 * const match = createPathMatcher(routes)('/v2/webhooks/whk_1');
 */
export function createPathMatcher(routes: readonly AnyRoute[]): (path: string) => PathMatch[] {
  const compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  return (path) => {
    const matches: PathMatch[] = [];
    for (const entry of compiled) {
      const found = entry.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      let decodable = true;
      entry.names.forEach((name, index) => {
        try {
          const value = decodeURIComponent(found[index + 1]!);
          // No record id holds NUL (PostgreSQL text cannot), so such a path names nothing.
          if (value.includes('\u0000')) decodable = false;
          params[name] = value;
        } catch {
          decodable = false;
        }
      });
      if (decodable) matches.push({ route: entry.route, params });
    }
    return matches;
  };
}
