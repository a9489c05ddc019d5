import { expect } from 'vitest';
import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import {
  assert,
  call,
  dataOf,
  expectError,
  invalid,
  secretPattern,
  seedTableWebhooks,
  tableServiceOptions,
  whk1View,
  whk2View,
} from './webhook-table-fixtures';

const create = (body: unknown, token?: string) => call('POST', '/v2/webhooks', body, token);
const put = (id: string, body: unknown, token?: string) => call('PUT', `/v2/webhooks/${id}`, body, token);
const get = (id: string, token?: string) => call('GET', `/v2/webhooks/${id}`, undefined, token);
const valid = { name: 'New hook', url: 'https://hooks.example.com/new' };

function noCredentials(_response: Response, json: unknown): void {
  assert(!('credentials' in dataOf(json)), `credentials leaked: ${JSON.stringify(json)}`);
}

/** Credentials are revealed exactly once per authentication false → true. */
function credentialsOnce(): HttpCase {
  const secrets: string[] = [];
  const step = (authentication: boolean, reveals: boolean, extra: object = {}) => ({
    request: put('whk_2', { authentication, ...extra }),
    expect: {
      status: 200,
      check: (_response: Response, json: unknown) => {
        const data = dataOf(json) as { authentication: boolean; credentials?: { secret: string } };
        assert(data.authentication === authentication, 'authentication not applied');
        if (!reveals) return noCredentials(_response, json);
        assert(data.credentials && secretPattern.test(data.credentials.secret), 'credentials expected');
        assert(!secrets.includes(data.credentials.secret), 'a re-enabled webhook must get a new secret');
        secrets.push(data.credentials.secret);
      },
    },
  });
  const first = step(true, true);
  return {
    name: '2.1, 3 and 4.2: credentials appear once per false → true (false → true → true → false → true)',
    request: first.request,
    expect: {
      status: 200,
      check: (response, json) => {
        secrets.length = 0;
        return first.expect.check(response, json);
      },
    },
    followUp: [
      step(true, false, { name: 'Journeys, renamed while signed' }),
      step(false, false),
      step(true, true),
      { request: get('whk_2'), expect: { status: 200, check: noCredentials } },
    ],
  };
}

const createCases: HttpCase[] = [
  {
    name: '2.1 and 9.5: create answers 201 with a v2, enabled record and credentials once',
    request: create({ ...valid, webhookInterests: ['order_created', 'payment_failed', 'order_created'] }),
    expect: {
      status: 201,
      check: (_response, json) => {
        const { credentials, ...rest } = dataOf(json) as { credentials: { secret: string } };
        assert(secretPattern.test(credentials.secret), `bad secret ${credentials.secret}`);
        expect(rest).toEqual({
          ...whk1View,
          id: 'whk_4',
          name: 'New hook',
          url: 'https://hooks.example.com/new',
          webhookInterests: ['order_created', 'payment_failed'],
        });
      },
    },
    followUp: [
      { request: get('whk_4', testTokens.admin), expect: { status: 200, check: noCredentials } },
      {
        request: call('GET', '/v2/webhooks'),
        expect: {
          status: 200,
          check: (r, j) => {
            for (const w of dataOf(j) as unknown as object[]) noCredentials(r, { data: w });
          },
        },
      },
    ],
  },
  {
    name: '2.1: create with authentication false returns no credentials',
    request: create({ ...valid, authentication: false }),
    expect: { status: 201, check: noCredentials },
  },
  {
    name: '4.2 and 9.5: unknown fields are ignored on create (no chosen secret, version or status)',
    request: create({
      ...valid,
      payloadVersion: 'v1',
      status: 'disabled',
      secret: 'whsec_mine',
      credentials: { secret: 'x' },
    }),
    expect: {
      status: 201,
      check: (_response, json) => {
        const data = dataOf(json) as {
          payloadVersion: string;
          status: string;
          credentials: { secret: string };
        };
        assert(data.payloadVersion === 'v2' && data.status === 'enabled', 'unknown fields were applied');
        assert(data.credentials.secret !== 'whsec_mine', 'the caller chose the secret');
      },
    },
  },
  invalid('7: create without a name is 422', create({ url: valid.url }), 'name', 'is required'),
  invalid('7: create with a blank name is 422', create({ ...valid, name: '   ' }), 'name'),
  invalid('7: create with a 101-character name is 422', create({ ...valid, name: 'n'.repeat(101) }), 'name'),
  invalid('7: create without a url is 422', create({ name: 'x' }), 'url', 'is required'),
  invalid('2.1: a url that is not absolute is 422', create({ ...valid, url: '/hooks' }), 'url'),
  invalid('2.1: a url that is not a URL is 422', create({ ...valid, url: 'not a url' }), 'url'),
  invalid(
    '2.1: an http: url is 422',
    create({ ...valid, url: 'http://hooks.example.com/x' }),
    'url',
    'https',
  ),
  invalid('2.1: an ftp: url is 422', create({ ...valid, url: 'ftp://hooks.example.com/x' }), 'url', 'https'),
  invalid(
    '2.1: a url with credentials is 422',
    create({ ...valid, url: 'https://u:p@hooks.example.com/' }),
    'url',
  ),
  invalid(
    '2.1: a url over 2048 characters is 422',
    create({ ...valid, url: `https://hooks.example.com/${'a'.repeat(2040)}` }),
    'url',
  ),
  invalid(
    'SSRF: a loopback IP url is 422 at save time',
    create({ ...valid, url: 'https://127.0.0.1/x' }),
    'url',
    'loopback',
  ),
  invalid(
    'SSRF: localhost is 422 at save time',
    create({ ...valid, url: 'https://localhost/x' }),
    'url',
    'loopback',
  ),
  invalid(
    'SSRF: the metadata address is 422 at save time',
    create({ ...valid, url: 'https://169.254.169.254/latest' }),
    'url',
    'metadata',
  ),
  invalid(
    '6.1: an unknown event is 422 naming it',
    create({ ...valid, webhookInterests: ['order_created', 'order_exploded'] }),
    'webhookInterests',
    "'order_exploded'",
  ),
  invalid(
    '6.1: an internal event is 422 naming it',
    create({ ...valid, webhookInterests: ['internal_audit_recorded'] }),
    'webhookInterests',
    "'internal_audit_recorded'",
  ),
  invalid(
    '6.1: pharmacy_rejected_prescription (not implemented) is 422 naming it',
    create({ ...valid, webhookInterests: ['pharmacy_rejected_prescription'] }),
    'webhookInterests',
    "'pharmacy_rejected_prescription'",
  ),
  invalid(
    '7: webhookInterests that is not a list is 422',
    create({ ...valid, webhookInterests: 'order_created' }),
    'webhookInterests',
  ),
  invalid(
    '7: a webhookInterests entry that is not a string is 422',
    create({ ...valid, webhookInterests: [42] }),
    'webhookInterests.0',
  ),
  invalid(
    '7: authentication that is not a boolean is 422',
    create({ ...valid, authentication: 'yes' }),
    'authentication',
  ),
  invalid('7: a JSON array body is 422', create([valid]), 'body'),
  {
    name: '7: a malformed JSON body is 422 INVALID_FIELD, never 500',
    request: { ...create(undefined), headers: { 'content-type': 'application/json' }, rawBody: '{"name":' },
    expect: expectError(422, 'INVALID_FIELD', 'body'),
    malformedJson: true,
  },
  {
    name: '5.3: an admin may not create (403)',
    request: create(valid, testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: '5.3: an agent may not create (403)',
    request: create(valid, testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: '5.1: create without a token is 401',
    request: { method: 'POST', path: '/v2/webhooks', body: valid },
    expect: { status: 401 },
  },
  {
    name: '5.2: create without affiliate context is 400',
    request: create(valid, testTokens.noAffiliate),
    expect: { status: 400 },
  },
  {
    name: '5.2: the master token has no affiliate context (400)',
    request: create(valid, testTokens.master),
    expect: { status: 400 },
  },
];

const readCases: HttpCase[] = [
  {
    name: "2.1: list shows the affiliate's own webhooks, oldest first, without secrets (admin)",
    request: call('GET', '/v2/webhooks', undefined, testTokens.admin),
    expect: { status: 200, body: { success: true, data: [whk1View, whk2View] } },
  },
  {
    name: "tenancy: another affiliate's list holds only its own",
    request: call('GET', '/v2/webhooks', undefined, testTokens.otherSuperAdmin),
    expect: {
      status: 200,
      check: (_r, json) =>
        assert((json as { data: { id: string }[] }).data.map((w) => w.id).join() === 'whk_3', 'wrong list'),
    },
  },
  {
    name: '5.3: an agent may not list (403)',
    request: call('GET', '/v2/webhooks', undefined, testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: '2.1: get answers the record without secrets',
    request: get('whk_1'),
    expect: { status: 200, body: { success: true, data: whk1View } },
  },
  {
    name: '5.3: an agent may not read a webhook (403)',
    request: get('whk_1', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: "tenancy: another affiliate's webhook is 404, never 403",
    request: get('whk_3'),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: 'get of an unknown webhook is 404',
    request: get('whk_missing'),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

const putCases: HttpCase[] = [
  credentialsOnce(),
  {
    name: '4.2: webhookInterests replaces the whole list; other fields keep their value',
    request: put('whk_1', { webhookInterests: ['payment_failed'] }),
    expect: {
      status: 200,
      body: { success: true, data: { ...whk1View, webhookInterests: ['payment_failed'] } },
    },
    followUp: [
      {
        request: get('whk_1'),
        expect: {
          status: 200,
          body: { success: true, data: { ...whk1View, webhookInterests: ['payment_failed'] } },
        },
      },
    ],
  },
  {
    name: '4.2: an empty webhookInterests list unsubscribes from everything',
    request: put('whk_1', { webhookInterests: [] }),
    expect: {
      status: 200,
      check: (_r, json) => assert((dataOf(json).webhookInterests as string[]).length === 0, 'not emptied'),
    },
  },
  {
    name: '4.2: name and url change; authentication staying true returns no credentials',
    request: put('whk_1', { name: 'Renamed', url: 'https://hooks.example.com/v2', authentication: true }),
    expect: {
      status: 200,
      body: { success: true, data: { ...whk1View, name: 'Renamed', url: 'https://hooks.example.com/v2' } },
    },
  },
  {
    name: '3: PUT ignores status and isEnabled (enabling or disabling is the status call)',
    request: put('whk_1', { status: 'disabled', isEnabled: false }),
    expect: { status: 200, body: { success: true, data: whk1View } },
  },
  {
    name: '7: a PUT with one bad field writes nothing (no partial write)',
    request: put('whk_1', { name: 'Half', webhookInterests: ['nope'] }),
    expect: expectError(422, 'INVALID_FIELD', 'webhookInterests', "'nope'"),
    followUp: [{ request: get('whk_1'), expect: { status: 200, body: { success: true, data: whk1View } } }],
  },
  invalid('4.2: PUT with an http: url is 422', put('whk_1', { url: 'http://hooks.example.com' }), 'url'),
  invalid('4.2: PUT with a blank name is 422', put('whk_1', { name: '' }), 'name'),
  invalid(
    '4.2: PUT with a non-boolean authentication is 422',
    put('whk_1', { authentication: 1 }),
    'authentication',
  ),
  invalid(
    '6.1: PUT subscribing to an internal event is 422',
    put('whk_1', { webhookInterests: ['internal_patient_merged'] }),
    'webhookInterests',
    "'internal_patient_merged'",
  ),
  invalid(
    '7: PUT without a body is 422',
    { method: 'PUT', path: '/v2/webhooks/whk_1', token: testTokens.superAdmin },
    'body',
  ),
  {
    name: '5.3: PUT is super admin only: admin 403',
    request: put('whk_1', { name: 'x' }, testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: '5.3: PUT is super admin only: agent 403',
    request: put('whk_1', { name: 'x' }, testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: "tenancy: PUT on another affiliate's webhook is 404 and changes nothing",
    request: put('whk_3', { name: 'Hijacked' }),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      {
        request: get('whk_3', testTokens.otherSuperAdmin),
        expect: { status: 200, check: (_r, json) => assert(dataOf(json).name === 'Other', 'changed') },
      },
    ],
  },
  {
    name: 'PUT on an unknown webhook is 404',
    request: put('whk_missing', { name: 'x' }),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

/** docs/api.md §2.1, §3.1, §4.2, §5 and §6.1 for creating, reading and updating webhooks, run by both adapters. */
export const webhookHttpTable: HttpTable = {
  title: 'webhooks: create, list, get, PUT',
  service: tableServiceOptions,
  setup: seedTableWebhooks,
  cases: [...createCases, ...readCases, ...putCases],
};
