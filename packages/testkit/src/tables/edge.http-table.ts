import { maxJsonBodyBytes, maxPathParamLength } from '@affiliate-commerce/core/http';
import { expect } from 'vitest';
import type { HttpCase, HttpCaseExpectation, HttpCaseRequest, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { seedTableWebhooks, tableServiceOptions } from './webhook-table-fixtures';

const noRecord = {
  status: 404,
  body: { success: false, error: { code: 'NOT_FOUND', message: 'The record was not found.' } },
};
const anonymous = {
  status: 401,
  body: { success: false, error: { code: 'UNAUTHORIZED', message: 'A valid bearer token is required.' } },
};

/** An answer that is the JSON envelope and nothing a browser could sniff or a stack could leak. */
function plainEnvelope(response: Response, json: unknown): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.stringify(json)).not.toMatch(/ at |\/work\/|node_modules|<html/i);
}

const enveloped = (expectation: { status: number; body?: unknown }): HttpCaseExpectation => ({
  ...expectation,
  check: plainEnvelope,
});

function cacheControl(value: string | null) {
  return (response: Response): void => {
    expect(response.headers.get('cache-control')).toBe(value);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  };
}

const get = (path: string, token?: string): HttpCaseRequest => ({ method: 'GET', path, token });

const badEscapes = ['%ZZ', '%FF', '%C0%AF'];
const longId = 'x'.repeat(maxPathParamLength + 1);

/** Routes whose ids had different limits (200 on webhooks and cases, none on subscriptions). */
const idRoutes: readonly [string, (id: string) => HttpCaseRequest][] = [
  ['GET /v2/webhooks/{id}', (id) => get(`/v2/webhooks/${id}`, testTokens.superAdmin)],
  ['GET /v2/cases/{id}', (id) => get(`/v2/cases/${id}`, testTokens.superAdmin)],
  ['GET /v2/ecommerceSubscriptions/{id}', (id) => get(`/v2/ecommerceSubscriptions/${id}`, testTokens.admin)],
  [
    'POST /v2/webhooks/{id}/actions/rotateSecret',
    (id) => ({
      method: 'POST',
      path: `/v2/webhooks/${id}/actions/rotateSecret`,
      token: testTokens.superAdmin,
    }),
  ],
];

const cases: HttpCase[] = [
  {
    name: 'a literal path segment wins over a parameter: GET /v2/cases/sync-case-type is 405, not a case lookup',
    request: get('/v2/cases/sync-case-type', testTokens.superAdmin),
    expect: {
      status: 405,
      check: (response) => expect(response.headers.get('allow')).toBe('POST'),
    },
  },
  ...badEscapes.flatMap((sent): HttpCase[] => [
    {
      name: `a malformed escape (${sent}) in a path id is checked for access first: 401`,
      request: get(`/v2/webhooks/${sent}`),
      expect: enveloped(anonymous),
    },
    {
      name: `a malformed escape (${sent}) in a path id names nothing: 404 in JSON`,
      request: get(`/v2/webhooks/${sent}`, testTokens.superAdmin),
      expect: enveloped(noRecord),
    },
  ]),
  {
    name: 'a NUL in a path id is checked for access first: 401',
    request: get('/v2/ecommerceSubscriptions/sub%00x'),
    expect: enveloped(anonymous),
  },
  ...idRoutes.map(
    ([route, request]): HttpCase => ({
      name: `an id over ${maxPathParamLength} characters names nothing on every route: ${route} is 404`,
      request: request(longId),
      expect: enveloped(noRecord),
    }),
  ),
  {
    name: `an id of ${maxPathParamLength} characters reaches the route (its own 404)`,
    request: get(`/v2/webhooks/${'x'.repeat(maxPathParamLength)}`, testTokens.superAdmin),
    expect: {
      status: 404,
      body: { success: false, error: { code: 'NOT_FOUND', message: 'The webhook was not found.' } },
    },
  },
  {
    name: 'an empty path segment is no API path: 404 in JSON',
    request: get('/v2//webhooks', testTokens.superAdmin),
    expect: enveloped({ status: 404 }),
  },
  {
    name: 'an empty segment right after the mount point is no API path: 404 in JSON',
    request: get('//v2/webhooks', testTokens.superAdmin),
    expect: enveloped({ status: 404 }),
  },
  {
    name: 'every answer says nosniff: 200',
    request: get('/v2/webhooks', testTokens.superAdmin),
    expect: { status: 200, check: cacheControl(null) },
  },
  {
    name: 'every answer says nosniff: 405',
    request: { method: 'DELETE', path: '/v2/webhooks' },
    expect: enveloped({ status: 405 }),
  },
  {
    name: 'every answer says nosniff: 404 outside the API',
    request: get('/no/such/path'),
    expect: enveloped({ status: 404 }),
    fetchOnly: true,
  },
  {
    name: 'a created webhook carries its secret: no-store',
    request: {
      method: 'POST',
      path: '/v2/webhooks',
      token: testTokens.superAdmin,
      body: { name: 'New hook', url: 'https://hooks.example.com/new' },
    },
    expect: { status: 201, check: cacheControl('no-store') },
  },
  {
    name: 'a rotated secret: no-store',
    request: {
      method: 'POST',
      path: '/v2/webhooks/whk_1/actions/rotateSecret',
      token: testTokens.superAdmin,
    },
    expect: { status: 200, check: cacheControl('no-store') },
  },
  {
    name: 'a PUT that turns authentication on returns credentials: no-store',
    request: {
      method: 'PUT',
      path: '/v2/webhooks/whk_2',
      token: testTokens.superAdmin,
      body: { authentication: true },
    },
    expect: { status: 200, check: cacheControl('no-store') },
  },
  {
    name: "the bank-account setup intent's clientSecret: no-store",
    request: { method: 'POST', path: '/ach-setup-intent', token: testTokens.admin },
    expect: { status: 201, check: cacheControl('no-store') },
  },
  {
    name: 'routes that carry no secret leave caching alone',
    request: get('/v2/webhooks/whk_1', testTokens.superAdmin),
    expect: { status: 200, check: cacheControl(null) },
  },
  {
    name: `a JSON body over ${maxJsonBodyBytes} bytes is 413`,
    request: {
      method: 'POST',
      path: '/journeys',
      headers: { 'content-type': 'application/json' },
      rawBody: `{"templateSlug":"${'x'.repeat(maxJsonBodyBytes)}"}`,
    },
    expect: enveloped({ status: 413 }),
    malformedJson: true,
  },
];

/**
 * The edge of the HTTP kernel, run through both adapters: path matching, path ids that name
 * nothing, headers every answer or every secret answer carries, body limits.
 */
export const edgeHttpTable: HttpTable = {
  title: 'HTTP edge: paths, ids, headers, body limits',
  service: tableServiceOptions,
  setup: async (service) => {
    await seedTableWebhooks(service);
    await service.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month', count: 1 },
        nextBillingDate: '2026-12-05T09:30:00Z',
      },
    });
  },
  cases,
};
