import { expect } from 'vitest';
import type { HttpCase, HttpCaseExpectation, HttpCaseRequest, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';

/** Where `httpContract` serves the tables by default: the paths the answers name start with it. */
const served = '/api';

/** The JSON envelope, with nosniff, and nothing a browser could render or a stack could leak. */
function plainEnvelope(response: Response, json: unknown): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.stringify(json)).not.toMatch(/ at |\/work\/|node_modules|<html/i);
}

const notFound = (message = 'The route was not found.'): HttpCaseExpectation => ({
  status: 404,
  body: { success: false, error: { code: 'NOT_FOUND', message } },
  check: plainEnvelope,
});

/** The 404 naming the same path under the other prefix. */
const didYouMean = (path: string): HttpCaseExpectation =>
  notFound(`The route was not found; did you mean ${served}${path}?`);

/** The 405 of a known path, with `Allow` listing the methods it serves (in any order). */
const methodNotAllowed = (...allowed: string[]): HttpCaseExpectation => ({
  status: 405,
  check: (response, json) => {
    plainEnvelope(response, json);
    expect(json).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(response.headers.get('allow')?.split(', ').sort()).toEqual(allowed.sort());
  },
});

const get = (path: string, token?: string): HttpCaseRequest => ({ method: 'GET', path, token });

const cases: HttpCase[] = [
  {
    name: 'the dictionary asked for under /v2/ is 404 naming its legacy path',
    request: get('/v2/webhooks/actions/getDictionary', testTokens.admin),
    expect: didYouMean('/webhooks/actions/getDictionary'),
  },
  {
    name: 'an unknown path is 404 before any access check: no token is still 404, not 401',
    request: get('/v2/webhooks/actions/getDictionary'),
    expect: didYouMean('/webhooks/actions/getDictionary'),
  },
  {
    name: 'the hint names the path whatever the method; the path then answers 405 for a wrong one',
    request: { method: 'POST', path: '/v2/webhooks/actions/getDictionary', token: testTokens.admin },
    expect: didYouMean('/webhooks/actions/getDictionary'),
    followUp: [
      {
        request: { method: 'POST', path: '/webhooks/actions/getDictionary', token: testTokens.admin },
        expect: methodNotAllowed('GET'),
      },
    ],
  },
  {
    name: 'the legacy path itself answers',
    request: get('/webhooks/actions/getDictionary', testTokens.admin),
    expect: { status: 200 },
  },
  {
    name: 'a /v2/ route asked for under /webhooks/ is 404 naming its /v2/ path, as sent',
    request: get('/webhooks/whk_1/deliveries', testTokens.superAdmin),
    expect: didYouMean('/v2/webhooks/whk_1/deliveries'),
  },
  {
    name: 'an unversioned route asked for under /v2/ is 404 naming it',
    request: get('/v2/health/live'),
    expect: didYouMean('/health/live'),
  },
  {
    name: 'a path under /v2/ that is no route under either prefix is the plain 404',
    request: get('/v2/no/such/thing', testTokens.admin),
    expect: notFound(),
  },
  {
    name: 'a path under /webhooks/ that is no route under either prefix is the plain 404',
    request: get('/webhooks/no/such/thing', testTokens.admin),
    expect: notFound(),
  },
  {
    name: 'the bare /v2/ is the plain 404',
    request: get('/v2/'),
    expect: notFound(),
  },
  {
    name: 'a malformed escape in an unknown path is the plain 404',
    request: get('/v2/%ZZ/%FF'),
    expect: notFound(),
  },
  {
    name: 'a body sent to an unknown path is not read: the plain 404',
    request: {
      method: 'POST',
      path: '/v2/no/such/thing',
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    },
    expect: notFound(),
    malformedJson: true,
  },
  {
    name: 'a known path asked with another method is 405 with Allow, under /v2/',
    request: { method: 'PATCH', path: '/v2/webhooks', token: testTokens.superAdmin },
    expect: methodNotAllowed('GET', 'POST'),
  },
  {
    name: 'a known path asked with another method is 405 with Allow, under /webhooks/',
    request: { method: 'DELETE', path: '/webhooks/actions/getDictionary', token: testTokens.admin },
    expect: methodNotAllowed('GET'),
  },
  {
    name: 'a path outside the prefixes is the fetch handler’s plain 404 (Express leaves it to the host)',
    request: get('/portal'),
    expect: notFound(),
    fetchOnly: true,
  },
  {
    name: 'the bare /webhooks is outside the prefixes: the fetch handler’s plain 404',
    request: { method: 'POST', path: '/webhooks', body: {} },
    expect: notFound(),
    fetchOnly: true,
  },
];

/**
 * Paths under the API's prefixes (`/v2/`, `/webhooks/`) that are no route: the JSON 404 on every
 * adapter, naming the route when the path exists under the other prefix; a known path asked with
 * another method is the 405 with `Allow`. Paths outside the prefixes are the host's on Express.
 */
export const unknownPathsHttpTable: HttpTable = {
  title: 'unknown paths under the API prefixes',
  setup: async () => {},
  cases,
};
