import { describe, expect, it } from 'vitest';
import { noRoute, underApiPrefix } from './api-paths';
import { createPathMatcher } from './path-matcher';
import { routes } from './routes';

const match = createPathMatcher(routes);
const isRoute = (path: string) => match(path).length > 0;

describe('underApiPrefix', () => {
  it('holds for every path below /v2/ and /webhooks/, and for no other', () => {
    for (const path of ['/v2/', '/v2/nothing', '/v2//webhooks', '/webhooks/', '/webhooks/x/y']) {
      expect(underApiPrefix(path), path).toBe(true);
    }
    for (const path of ['/', '/v2', '/webhooks', '/v2x/a', '/V2/a', '/health/live', '/portal', '/api/v2/a']) {
      expect(underApiPrefix(path), path).toBe(false);
    }
  });
});

describe('noRoute', () => {
  it('names the route of the same path under the other prefix, with the base', () => {
    expect(noRoute('/v2/webhooks/actions/getDictionary', '', isRoute).message).toBe(
      'The route was not found; did you mean /webhooks/actions/getDictionary?',
    );
    expect(noRoute('/webhooks/whk_1', '/api', isRoute).message).toBe(
      'The route was not found; did you mean /api/v2/webhooks/whk_1?',
    );
    expect(noRoute('/v2/journeys', '', isRoute).message).toBe(
      'The route was not found; did you mean /journeys?',
    );
  });

  it('is the plain 404 when the other path is no route either, or the path is under no prefix', () => {
    for (const path of ['/v2/nothing', '/v2/', '/webhooks/a/b/c/d', '/journeys/x', '/health', '/']) {
      expect(noRoute(path, '', isRoute), path).toEqual({
        code: 'NOT_FOUND',
        message: 'The route was not found.',
      });
    }
  });

  it('asks the matcher only about the one other path, and only under a prefix', () => {
    const asked: string[] = [];
    const spy = (path: string) => {
      asked.push(path);
      return false;
    };
    noRoute('/v2/a/b', '', spy);
    noRoute('/webhooks/a', '', spy);
    noRoute('/portal/a', '', spy);
    expect(asked).toEqual(['/a/b', '/v2/webhooks/a']);
  });
});
