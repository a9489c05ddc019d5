import { eventDictionary } from '@affiliate-commerce/core';
import { expect } from 'vitest';
import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import {
  assert,
  call,
  dataOf,
  expectError,
  invalid,
  seedTableWebhooks,
  tableHttp,
  tableNow,
  tableServiceOptions,
} from './webhook-table-fixtures';

const saved = (id: string, body?: unknown, token?: string) =>
  call('POST', `/v2/webhooks/${id}/actions/checkHealth`, body, token);
const unsaved = (body: unknown, token?: string) =>
  call('POST', '/v2/webhooks/actions/checkHealth', body, token);
const get = (id: string) => call('GET', `/v2/webhooks/${id}`);

const result = <R extends Record<string, unknown>>(url: string, rest: R) => ({
  url,
  checkedAt: tableNow,
  ...rest,
});
const reachable = (url: string, persisted: boolean) => ({
  success: true,
  data: result(url, { reachable: true, statusCode: 200, latencyMs: 12, persisted }),
});

/** SSRF cases: each must be refused before any connection, as `reachable: false`. */
const refusedUrls: readonly [string, string][] = [
  ['https://127.0.0.1/hook', 'loopback'],
  ['https://[::1]/hook', 'loopback'],
  ['https://10.0.0.5/hook', 'private'],
  ['https://169.254.169.254/latest/meta-data', 'metadata'],
  ['https://[fd00::1]/hook', 'unique-local'],
  ['https://[::ffff:192.168.0.1]/hook', 'private'],
  ['https://100.64.0.1/hook', 'carrier-grade NAT'],
  ['https://metadata.google.internal/computeMetadata', 'metadata'],
  ['https://internal.example.com/hook', 'resolves to a private'],
  ['https://mixed.example.com/hook', 'resolves to a private'],
];

function refusedCase(route: 'saved' | 'unsaved', url: string, text: string): HttpCase {
  return {
    name: `SSRF (${route}): ${url} is refused as reachable: false, never connected`,
    request: route === 'saved' ? saved('whk_1', { url }) : unsaved({ url }),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json);
        assert(
          data.reachable === false && data.reason === 'blocked_address',
          `not refused: ${JSON.stringify(data)}`,
        );
        assert(String(data.detail).includes(text), `detail "${String(data.detail)}" lacks "${text}"`);
        assert(data.statusCode === 0 && data.persisted === (route === 'saved'), 'wrong statusCode/persisted');
        assert(
          !tableHttp.requests.some((sent) => sent.url === new URL(url).href),
          'a refused URL was connected to',
        );
      },
    },
  };
}

const savedCases: HttpCase[] = [
  {
    name: '4.7: a check of the saved URL answers 200 with the result and persists it on the record',
    request: saved('whk_1'),
    expect: {
      status: 200,
      body: reachable('https://hooks.example.com/orders', true),
      check: () => {
        const sent = tableHttp.requests.at(-1)!;
        assert(sent.pinnedAddress.address === '93.184.216.34', 'not pinned to the resolved address');
        assert(sent.timeoutMs <= 5000 && sent.method === 'POST', 'not a 5 s POST probe');
        assert(
          /^t=\d+,sha256=[A-Za-z0-9+/]+=*$/.test(sent.headers['X-Webhook-Signature'] ?? ''),
          'probe not v2-signed',
        );
      },
    },
    followUp: [
      {
        request: get('whk_1'),
        expect: {
          status: 200,
          check: (_r, json) => {
            const { persisted: _p, ...stored } = reachable('https://hooks.example.com/orders', true).data;
            expect(dataOf(json).lastHealthCheck).toEqual(stored);
          },
        },
      },
    ],
  },
  {
    name: '4.7: an override URL is probed instead and the result persisted with that URL; non-2xx is unreachable',
    request: saved('whk_1', { url: 'https://down.example.com/x' }),
    expect: {
      status: 200,
      body: {
        success: true,
        data: result('https://down.example.com/x', {
          reachable: false,
          statusCode: 503,
          latencyMs: 30,
          persisted: true,
          reason: 'http_status',
          detail: 'answered HTTP 503; only 2xx counts as reachable',
        }),
      },
    },
    followUp: [
      {
        request: get('whk_1'),
        expect: {
          status: 200,
          check: (_r, j) =>
            assert(
              (dataOf(j).lastHealthCheck as { url: string }).url === 'https://down.example.com/x',
              'not persisted',
            ),
        },
      },
    ],
  },
  {
    name: '4.7: a redirect is not followed and is not reachable',
    request: saved('whk_1', { url: 'https://moved.example.com/' }),
    expect: {
      status: 200,
      check: (_r, j) =>
        assert(dataOf(j).reachable === false && dataOf(j).statusCode === 301, 'redirect counted'),
    },
  },
  {
    name: '4.7: a time-out is reachable: false with reason timeout, never 500',
    request: saved('whk_1', { url: 'https://slow.example.com/' }),
    expect: {
      status: 200,
      check: (_r, j) =>
        assert(dataOf(j).reason === 'timeout' && dataOf(j).statusCode === 0, 'not a time-out'),
    },
  },
  {
    name: '4.7: a name that does not resolve is reachable: false (dns_failed)',
    request: saved('whk_1', { url: 'https://nowhere.example.com/' }),
    expect: { status: 200, check: (_r, j) => assert(dataOf(j).reason === 'dns_failed', 'not dns_failed') },
  },
  {
    name: '4.7: the body is optional; an empty object probes the saved URL (admin may check)',
    request: saved('whk_2', {}, testTokens.admin),
    expect: {
      status: 200,
      body: reachable('https://hooks.example.com/journeys', true),
      check: () =>
        assert(
          tableHttp.requests.at(-1)!.headers['X-Webhook-Signature'] === undefined,
          'unsigned webhook probe was signed',
        ),
    },
  },
  invalid(
    '4.7: an http: override is 422',
    saved('whk_1', { url: 'http://hooks.example.com/' }),
    'url',
    'https',
  ),
  invalid(
    '4.7: an ftp: override is 422',
    saved('whk_1', { url: 'ftp://hooks.example.com/' }),
    'url',
    'https',
  ),
  invalid('4.7: an override that is not a URL is 422', saved('whk_1', { url: 'hooks' }), 'url'),
  invalid('4.7: a non-string override is 422', saved('whk_1', { url: 42 }), 'url'),
  {
    name: '7: a malformed JSON body is 422',
    request: { ...saved('whk_1'), headers: { 'content-type': 'application/json' }, rawBody: '{"url":' },
    expect: expectError(422, 'INVALID_FIELD', 'body'),
    malformedJson: true,
  },
  {
    name: '5.3: an agent may not run health checks (403)',
    request: saved('whk_1', undefined, testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: "tenancy: checking another affiliate's webhook is 404",
    request: saved('whk_3'),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: 'checking an unknown webhook is 404',
    request: saved('whk_missing'),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

const unsavedCases: HttpCase[] = [
  {
    name: '4.8: an unsaved URL is probed unsigned and nothing is persisted',
    request: unsaved({ url: 'https://hooks.example.com/new' }, testTokens.admin),
    expect: {
      status: 200,
      body: reachable('https://hooks.example.com/new', false),
      check: () => assert(tableHttp.requests.at(-1)!.headers['X-Webhook-Signature'] === undefined, 'signed'),
    },
    followUp: [
      {
        request: call('GET', '/v2/webhooks'),
        expect: {
          status: 200,
          check: (_r, j) => assert(!JSON.stringify(j).includes('lastHealthCheck'), 'persisted'),
        },
      },
    ],
  },
  invalid('4.8: the unsaved check needs a url', unsaved({}), 'url', 'is required'),
  invalid('4.8: an http: URL is 422', unsaved({ url: 'http://hooks.example.com/' }), 'url'),
  invalid('4.8: an ftp: URL is 422', unsaved({ url: 'ftp://hooks.example.com/' }), 'url'),
  {
    name: '5.3: an agent may not check URLs (403)',
    request: unsaved({ url: 'https://hooks.example.com/' }, testTokens.agent),
    expect: { status: 403 },
  },
];

const dictionaryCases: HttpCase[] = [
  {
    name: '6.1 and 9.6: the legacy getDictionary serves 60 events (58 public, 2 internal, 57 subscribable) to any affiliate token',
    request: call('GET', '/webhooks/actions/getDictionary', undefined, testTokens.agent),
    expect: {
      status: 200,
      check: (_r, json) => {
        const events = (json as { data: { name: string; visibility: string; subscribable: boolean }[] }).data;
        assert(events.length === 60, `${events.length} events`);
        assert(events.filter((e) => e.visibility === 'public').length === 58, 'not 58 public');
        assert(events.filter((e) => e.visibility === 'internal').length === 2, 'not 2 internal');
        assert(events.filter((e) => e.subscribable).length === 57, 'not 57 subscribable');
        assert(
          events.map((e) => e.name).join() === eventDictionary.map((e) => e.name).join(),
          'not the dictionary',
        );
      },
    },
  },
  {
    name: '5.1: getDictionary without a token is 401',
    request: { method: 'GET', path: '/webhooks/actions/getDictionary' },
    expect: { status: 401 },
  },
];

/** docs/api.md §4.7, §4.8, §6.1 and §9.6: health checks with SSRF protection, and the legacy dictionary. */
export const webhookHealthHttpTable: HttpTable = {
  title: 'webhooks: checkHealth (saved and unsaved) and getDictionary',
  service: tableServiceOptions,
  setup: seedTableWebhooks,
  cases: [
    ...savedCases,
    ...refusedUrls.map(([url, text]) => refusedCase('saved', url, text)),
    ...refusedUrls.map(([url, text]) => refusedCase('unsaved', url, text)),
    ...unsavedCases,
    ...dictionaryCases,
  ],
};
