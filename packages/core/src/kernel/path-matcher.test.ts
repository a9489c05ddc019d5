import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { type AnyRoute, defineRoute, type HttpMethod } from '../http/route';
import { createPathMatcher } from './path-matcher';
import { routes } from './routes';

const route = (method: HttpMethod, path: string): AnyRoute =>
  defineRoute({
    method,
    path,
    operationId: `${method} ${path}`,
    summary: '',
    tags: [],
    access: { kind: 'public' },
    responses: {},
    errors: [],
    handle: () => okAsync({ status: 204 }),
  });

const matched = (table: readonly AnyRoute[], path: string) =>
  createPathMatcher(table)(path).map((match) => [match.route.operationId, match.rawParams]);

describe('path matcher', () => {
  it('prefers a literal segment to a parameter, and returns only that template', () => {
    const table = [route('GET', '/v2/cases/{id}'), route('POST', '/v2/cases/sync-case-type')];
    expect(matched(table, '/v2/cases/sync-case-type')).toEqual([['POST /v2/cases/sync-case-type', {}]]);
    expect(matched(table, '/v2/cases/case_1')).toEqual([['GET /v2/cases/{id}', { id: 'case_1' }]]);
  });

  it('compares segment by segment from the left', () => {
    const table = [route('GET', '/a/{x}/c'), route('PUT', '/a/b/{y}'), route('POST', '/a/b/{z}')];
    expect(matched(table, '/a/b/c')).toEqual([
      ['PUT /a/b/{y}', { y: 'c' }],
      ['POST /a/b/{z}', { z: 'c' }],
    ]);
  });

  it('returns parameters as sent, for the kernel to decode after its access checks', () => {
    expect(matched([route('GET', '/v2/webhooks/{id}')], '/v2/webhooks/%ZZ/')).toEqual([
      ['GET /v2/webhooks/{id}', { id: '%ZZ' }],
    ]);
  });

  it('matches no empty segment', () => {
    expect(matched([route('GET', '/v2/webhooks/{id}')], '/v2/webhooks//')).toEqual([]);
    expect(matched(routes, '/v2//webhooks')).toEqual([]);
  });

  it('answers GET /v2/cases/sync-case-type with the routes of the literal template only (405 in the kernel)', () => {
    expect(
      createPathMatcher(routes)('/v2/cases/sync-case-type').map((match) => match.route.operationId),
    ).toEqual([routes.find((r) => r.path === '/v2/cases/sync-case-type')!.operationId]);
  });
});
