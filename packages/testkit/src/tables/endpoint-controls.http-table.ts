import { expect } from 'vitest';
import type { HttpCase, HttpCaseExpectation, HttpTable } from '../contracts/http-contract';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { type TestService, testTokens } from '../service/test-service';
import {
  assert,
  call,
  dataOf,
  expectError,
  invalid,
  seedTableWebhooks,
  tableServiceOptions,
  whk1View,
} from './webhook-table-fixtures';

/** The header values of the table: none may appear in any answer. */
const apiKey = 'sk_live_endpoint_controls_key_41';
const tenant = 'tenant-endpoint-controls-7c2e';
const added = 'added-value-endpoint-controls-9f';
const createdKey = 'created-key-endpoint-controls-3d';
const secretValues = [apiKey, tenant, added, createdKey];

const masked = '********';

/** The receivers of this table answer 200 and are recorded here, apart from the other tables. */
const controlsHttp = fakeHttpClient(() => ({
  ok: true,
  status: 200,
  headers: {},
  bodyText: '',
  latencyMs: 7,
}));

const create = (body: unknown, token?: string) => call('POST', '/v2/webhooks', body, token);
const put = (id: string, body: unknown, token?: string) => call('PUT', `/v2/webhooks/${id}`, body, token);
const get = (id: string, token?: string) => call('GET', `/v2/webhooks/${id}`, undefined, token);
const checkHealth = (id: string, body?: unknown) =>
  call('POST', `/v2/webhooks/${id}/actions/checkHealth`, body);
const eventDetail = (eventId: string) => call('GET', `/v2/events/${eventId}`);

/** `whk_4` as the setup creates it: headers, a filter, a rate and entity ordering. */
const controlledInput = {
  name: 'Controlled',
  url: 'https://hooks.example.com/controlled',
  webhookInterests: ['ecommerce_order_created'],
  headers: { 'X-Api-Key': apiKey, 'X-Tenant': tenant },
  filter: { currency: 'USD', total_value_cents: { $gte: 1000 } },
  rateLimit: 50,
  ordering: 'entity' as const,
};

/** `whk_4` as the API shows it before any change. */
const whk4View = {
  ...whk1View,
  id: 'whk_4',
  name: 'Controlled',
  url: 'https://hooks.example.com/controlled',
  webhookInterests: ['ecommerce_order_created'],
  headers: { 'X-Api-Key': masked, 'X-Tenant': masked },
  filter: { currency: { $eq: 'USD' }, total_value_cents: { $gte: 1000 } },
  rateLimit: 50,
  ordering: 'entity',
};

/** `whk_5` as the first create case makes it. */
const allControlsView = {
  ...whk1View,
  id: 'whk_5',
  name: 'All controls',
  url: 'https://hooks.example.com/all',
  webhookInterests: ['ecommerce_order_created', 'journey_completed'],
  headers: { Authorization: masked },
  filter: {
    $or: [{ currency: { $eq: 'USD' } }, { 'attribution.last.params.utm_source': { $in: ['news', 'ads'] } }],
    timestamp: { $gte: '2026-11-26T10:00:00.000Z' },
    journey_type: { $exists: true },
  },
  rateLimit: 25,
  ordering: 'entity',
};

/** `whk_4` after its filter, rate and ordering were replaced. */
const replacedView = {
  ...whk4View,
  filter: { payment_status: { $in: ['paid'] }, 'attribution.last.params.utm_source': { $eq: 'news' } },
  rateLimit: 10_000,
  ordering: 'none',
};

/**
 * The webhook tables' data, `whk_4` (aff_1) with every control, and two `ecommerce_order_created`
 * events recorded through `service.commerce.emit`: `evt_1` (500 cents, held back by whk_4's
 * filter) and `evt_2` (4,900 cents, delivered to it).
 */
async function seed(service: TestService): Promise<void> {
  await seedTableWebhooks(service);
  const created = await service.webhooks.create({ affiliateId: 'aff_1', ...controlledInput });
  assert(created.id === 'whk_4', `setup made ${created.id}, not whk_4`);
  const emit = (id: string, cents: number) =>
    service.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'ecommerce_order_created',
      data: { ecommerce_order_id: id, total_value_cents: cents, currency: 'USD' },
    });
  const held = await emit('ord_small', 500);
  const sent = await emit('ord_large', 4900);
  assert(
    held.eventId === 'evt_1' && sent.eventId === 'evt_2',
    `setup emitted ${held.eventId}, ${sent.eventId}`,
  );
}

/** Fails when an answer holds any header value of the table. */
function noHeaderValues(json: unknown): void {
  const text = JSON.stringify(json);
  for (const value of secretValues) assert(!text.includes(value), `a header value was answered: ${text}`);
}

/** The expectation, and no header value anywhere in the answer. */
function guarded(expectation: HttpCaseExpectation): HttpCaseExpectation {
  return {
    ...expectation,
    check: async (response, json) => {
      noHeaderValues(json);
      await expectation.check?.(response, json);
    },
  };
}

/** Every case and follow-up of the table checked for header values. */
function guardAll(cases: readonly HttpCase[]): HttpCase[] {
  return cases.map((row) => ({
    ...row,
    expect: guarded(row.expect),
    ...(row.followUp
      ? { followUp: row.followUp.map((step) => ({ ...step, expect: guarded(step.expect) })) }
      : {}),
  }));
}

const shows = (view: Record<string, unknown>): HttpCaseExpectation => ({
  status: 200,
  body: { success: true, data: view },
});
const unchanged = { request: get('whk_4'), expect: shows(whk4View) };
const webhookIds = (ids: readonly string[]) => ({
  request: call('GET', '/v2/webhooks'),
  expect: {
    status: 200,
    check: (_response: Response, json: unknown) =>
      expect((json as { data: { id: string }[] }).data.map((w) => w.id)).toEqual(ids),
  },
});

/** A refused PUT of whk_4: 422 on `field`, and the record as it was. */
function refusedPut(name: string, body: unknown, field: string, messagePart?: string): HttpCase {
  return { ...invalid(name, put('whk_4', body), field, messagePart), followUp: [unchanged] };
}

/** A refused create: 422 on `field`, and no webhook made. */
function refusedCreate(
  name: string,
  body: Record<string, unknown>,
  field: string,
  messagePart?: string,
): HttpCase {
  const request = create({ name: 'Refused', url: 'https://hooks.example.com/refused', ...body });
  return {
    ...invalid(name, request, field, messagePart),
    followUp: [webhookIds(['whk_1', 'whk_2', 'whk_4'])],
  };
}

/** The headers of the last request the receivers got. */
function lastSentHeaders(): Record<string, string> {
  const sent = controlsHttp.requests.at(-1);
  assert(sent, 'nothing was sent');
  return sent.headers;
}

const createCases: HttpCase[] = [
  {
    name: 'create with headers, filter, rateLimit and ordering: 201, values masked, filter as stored',
    request: create({
      name: 'All controls',
      url: 'https://hooks.example.com/all',
      webhookInterests: ['ecommerce_order_created', 'journey_completed'],
      headers: { Authorization: `Bearer ${createdKey}` },
      filter: {
        $or: [{ currency: 'USD' }, { 'attribution.last.params.utm_source': { $in: ['news', 'ads'] } }],
        timestamp: { $gte: '2026-11-26T12:00:00+02:00' },
        journey_type: { $exists: true },
      },
      rateLimit: 25,
      ordering: 'entity',
    }),
    expect: {
      status: 201,
      check: (_response, json) => {
        const { credentials, ...rest } = dataOf(json) as { credentials?: unknown };
        assert(credentials, 'a signed webhook shows its secret once');
        expect(rest).toEqual(allControlsView);
      },
    },
    followUp: [{ request: get('whk_5'), expect: shows(allControlsView) }],
  },
  {
    name: 'create without controls: ordering "none", and no headers, filter or rateLimit',
    request: create({ name: 'Plain', url: 'https://hooks.example.com/plain', authentication: false }),
    expect: {
      status: 201,
      check: (_response, json) => {
        const data = dataOf(json);
        expect(data.ordering).toBe('none');
        for (const key of ['headers', 'filter', 'rateLimit']) assert(!(key in data), `${key} shown unasked`);
      },
    },
    followUp: [{ request: get('whk_1'), expect: shows(whk1View) }],
  },
  {
    name: 'create with ordering "none" and empty headers stores neither',
    request: create({
      name: 'Explicit none',
      url: 'https://hooks.example.com/none',
      headers: {},
      ordering: 'none',
    }),
    expect: {
      status: 201,
      check: (_response, json) => {
        const data = dataOf(json);
        expect(data.ordering).toBe('none');
        assert(!('headers' in data), 'empty headers shown');
      },
    },
  },
  {
    name: 'GET and the list show the headers by name only, with the filter, the rate and the ordering',
    request: get('whk_4', testTokens.admin),
    expect: shows(whk4View),
    followUp: [
      {
        request: call('GET', '/v2/webhooks', undefined, testTokens.admin),
        expect: {
          status: 200,
          check: (_response, json) => expect((json as { data: unknown[] }).data.at(-1)).toEqual(whk4View),
        },
      },
    ],
  },
  refusedCreate(
    'a Content-Type header is reserved',
    { headers: { 'Content-Type': 'text/plain' } },
    'headers.Content-Type',
  ),
  refusedCreate(
    'an X-Webhook-Signature header is reserved',
    { headers: { 'X-Webhook-Signature': 'sha256=forged' } },
    'headers.X-Webhook-Signature',
  ),
  refusedCreate(
    'a webhook-id header is reserved',
    { headers: { 'webhook-id': 'msg_1' } },
    'headers.webhook-id',
  ),
  refusedCreate('a Host header is reserved', { headers: { Host: 'evil.example.com' } }, 'headers.Host'),
  refusedCreate(
    'a header name with a space is refused',
    { headers: { 'X Api Key': 'v' } },
    'headers.X Api Key',
  ),
  refusedCreate(
    'a header name over 64 characters is refused',
    { headers: { [`X-${'a'.repeat(63)}`]: 'v' } },
    `headers.X-${'a'.repeat(63)}`,
  ),
  refusedCreate(
    'a header value with CR LF is refused',
    { headers: { 'X-Api-Key': 'key\r\nX-Injected: 1' } },
    'headers.X-Api-Key',
  ),
  refusedCreate('an empty header value is refused', { headers: { 'X-Api-Key': '' } }, 'headers.X-Api-Key'),
  refusedCreate(
    'an 11th header is refused',
    { headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-Header-${i + 1}`, 'v'])) },
    'headers',
    'at most 10',
  ),
  refusedCreate(
    'the same header name twice, in another case, is refused',
    { headers: { 'X-Api-Key': 'one', 'x-api-key': 'two' } },
    'headers.x-api-key',
    'twice',
  ),
  refusedCreate(
    'a header value that is not a string is refused',
    { headers: { 'X-Count': 3 } },
    'headers.X-Count',
  ),
  refusedCreate('rateLimit 0 is refused', { rateLimit: 0 }, 'rateLimit'),
  refusedCreate('rateLimit 1.5 is refused', { rateLimit: 1.5 }, 'rateLimit'),
  refusedCreate('rateLimit 10001 is refused', { rateLimit: 10_001 }, 'rateLimit'),
  refusedCreate('ordering "fifo" is refused', { ordering: 'fifo' }, 'ordering'),
  refusedCreate(
    'a retry delay under 1 s is refused, naming it',
    { retrySchedule: { delaysMs: [5_000, 500] } },
    'retrySchedule.delaysMs.1',
  ),
  refusedCreate(
    'an exponential schedule whose cap is below its first delay is refused',
    { retrySchedule: { exponential: { firstMs: 60_000, maxMs: 1_000, retries: 3 } } },
    'retrySchedule.exponential.maxMs',
  ),
  refusedCreate(
    'a retry schedule with both forms is refused',
    { retrySchedule: { delaysMs: [1_000], exponential: { firstMs: 1_000, maxMs: 1_000, retries: 1 } } },
    'retrySchedule',
  ),
  refusedCreate(
    'a filter with an unknown operator is refused',
    { webhookInterests: ['ecommerce_order_created'], filter: { currency: { $regex: 'US.*' } } },
    'filter.currency.$regex',
  ),
  refusedCreate(
    'a filter with an empty $or is refused',
    { webhookInterests: ['ecommerce_order_created'], filter: { $or: [] } },
    'filter.$or',
  ),
  refusedCreate('a filter that is not an object is refused', { filter: ['currency'] }, 'filter'),
  refusedCreate(
    'a filter on patient_email (no event carries it) is refused',
    { webhookInterests: ['ecommerce_order_created'], filter: { patient_email: 'a@example.com' } },
    'filter.patient_email',
  ),
  refusedCreate(
    'a filter on journey_type, which ecommerce_order_created does not carry, is refused',
    { webhookInterests: ['ecommerce_order_created'], filter: { $not: { journey_type: 'weight_loss' } } },
    'filter.journey_type',
  ),
  refusedCreate(
    'a filter on a key an attribution does not have is refused',
    { webhookInterests: ['ecommerce_order_created'], filter: { 'attribution.campaign': 'x' } },
    'filter.attribution.campaign',
  ),
];

const putCases: HttpCase[] = [
  {
    name: 'PUT merges headers: null removes one, a new name adds one, the others keep their value',
    request: put('whk_4', { headers: { 'X-Api-Key': null, 'X-Added': added } }),
    expect: shows({ ...whk4View, headers: { 'X-Tenant': masked, 'X-Added': masked } }),
    followUp: [
      {
        request: get('whk_4'),
        expect: shows({ ...whk4View, headers: { 'X-Tenant': masked, 'X-Added': masked } }),
      },
      {
        request: checkHealth('whk_4'),
        expect: {
          status: 200,
          check: () => {
            const sent = lastSentHeaders();
            expect(sent['X-Tenant']).toBe(tenant);
            expect(sent['X-Added']).toBe(added);
            assert(!Object.values(sent).includes(apiKey), 'a removed header was still sent');
          },
        },
      },
    ],
  },
  {
    name: 'PUT of a header under another case replaces its value and keeps the name as first given',
    request: put('whk_4', { headers: { 'x-api-key': added } }),
    expect: shows(whk4View),
    followUp: [
      {
        request: checkHealth('whk_4'),
        expect: { status: 200, check: () => expect(lastSentHeaders()['X-Api-Key']).toBe(added) },
      },
    ],
  },
  {
    name: 'PUT removing every header shows none',
    request: put('whk_4', { headers: { 'X-Api-Key': null, 'X-Tenant': null } }),
    expect: shows((({ headers: _headers, ...rest }) => rest)(whk4View)),
  },
  {
    name: 'PUT filter: null removes the filter',
    request: put('whk_4', { filter: null }),
    expect: shows((({ filter: _filter, ...rest }) => rest)(whk4View)),
    followUp: [{ request: get('whk_4'), expect: shows((({ filter: _filter, ...rest }) => rest)(whk4View)) }],
  },
  {
    name: 'PUT rateLimit: null removes the rate',
    request: put('whk_4', { rateLimit: null }),
    expect: shows((({ rateLimit: _rate, ...rest }) => rest)(whk4View)),
  },
  {
    name: 'PUT replaces the filter, the rate and the ordering',
    request: put('whk_4', {
      filter: { payment_status: { $in: ['paid'] }, 'attribution.last.params.utm_source': 'news' },
      rateLimit: 10_000,
      ordering: 'none',
    }),
    expect: shows(replacedView),
    followUp: [{ request: get('whk_4'), expect: shows(replacedView) }],
  },
  refusedPut(
    'PUT of a filter on product lines, which ecommerce_order_created does not carry, is refused',
    { filter: { 'products.quantity': { $gt: 1 } } },
    'filter.products.quantity',
  ),
  {
    name: 'PUT changing other fields keeps every control',
    request: put('whk_4', { name: 'Renamed' }),
    expect: shows({ ...whk4View, name: 'Renamed' }),
  },
  {
    name: 'PUT of the interests re-checks the kept filter; fields still carried pass',
    request: put('whk_4', { webhookInterests: ['ecommerce_order_created', 'ecommerce_order_paid'] }),
    expect: shows({ ...whk4View, webhookInterests: ['ecommerce_order_created', 'ecommerce_order_paid'] }),
  },
  refusedPut(
    'PUT of the interests that leaves the kept filter on a field no longer carried is refused',
    { webhookInterests: ['patient_enrolled'] },
    'filter.currency',
  ),
  refusedPut(
    'PUT of a filter naming a field the kept interests do not carry is refused',
    { filter: { journey_type: 'weight_loss' } },
    'filter.journey_type',
  ),
  refusedPut(
    'PUT of a reserved header is refused',
    { headers: { 'X-Webhook-Id': 'x' } },
    'headers.X-Webhook-Id',
  ),
  refusedPut(
    'PUT of a User-Agent header is refused',
    { headers: { 'User-Agent': 'x' } },
    'headers.User-Agent',
  ),
  refusedPut(
    'PUT of a header value with a line feed is refused',
    { headers: { 'X-Tenant': `${tenant}\nX-Injected: 1` } },
    'headers.X-Tenant',
  ),
  refusedPut(
    'PUT bringing the headers to 11 is refused',
    { headers: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`X-More-${i + 1}`, 'v'])) },
    'headers',
    'at most 10',
  ),
  refusedPut('PUT of rateLimit 0 is refused', { rateLimit: 0 }, 'rateLimit'),
  refusedPut('PUT of ordering "fifo" is refused', { ordering: 'fifo' }, 'ordering'),
  refusedPut(
    'PUT of 21 retries is refused',
    { retrySchedule: { exponential: { firstMs: 1_000, maxMs: 60_000, retries: 21 } } },
    'retrySchedule.exponential.retries',
  ),
  refusedPut(
    'PUT with a good header and a bad filter writes nothing',
    { name: 'Half', headers: { 'X-Api-Key': null, 'X-Added': added }, filter: { $or: [] } },
    'filter.$or',
  ),
  refusedPut(
    'PUT with a good filter and a bad header writes nothing',
    { filter: null, rateLimit: null, headers: { Connection: 'close' } },
    'headers.Connection',
  ),
  {
    name: "tenancy: another affiliate's webhook is 404 to a PUT of controls, and is left as it was",
    request: put('whk_3', { headers: { 'X-Api-Key': apiKey }, rateLimit: 5 }),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      {
        request: get('whk_3', testTokens.otherSuperAdmin),
        expect: {
          status: 200,
          check: (_response, json) => {
            const data = dataOf(json);
            assert(!('headers' in data) && !('rateLimit' in data), 'changed');
          },
        },
      },
      { request: get('whk_4', testTokens.otherSuperAdmin), expect: expectError(404, 'NOT_FOUND') },
    ],
  },
];

const wireCases: HttpCase[] = [
  {
    name: 'a health check of the saved URL sends the headers; one of an override URL does not',
    request: checkHealth('whk_4'),
    expect: {
      status: 200,
      check: () => {
        const sent = lastSentHeaders();
        expect(sent['X-Api-Key']).toBe(apiKey);
        expect(sent['X-Tenant']).toBe(tenant);
        expect(sent['Content-Type']).toBe('application/json');
      },
    },
    followUp: [
      {
        request: checkHealth('whk_4', { url: 'https://hooks.example.com/elsewhere' }),
        expect: {
          status: 200,
          check: () => {
            const sent = lastSentHeaders();
            expect(controlsHttp.requests.at(-1)?.url).toBe('https://hooks.example.com/elsewhere');
            assert(!('X-Api-Key' in sent) && !('X-Tenant' in sent), 'headers sent to an override URL');
            for (const value of secretValues)
              assert(!Object.values(sent).includes(value), 'a header value went to an override URL');
          },
        },
      },
      { request: get('whk_4'), expect: { status: 200 } },
    ],
  },
];

const eventCases: HttpCase[] = [
  {
    name: 'an event a filter held back names the webhook in filteredOut, with no delivery to it',
    request: eventDetail('evt_1'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json) as { deliveries: unknown[]; filteredOut: string[] };
        expect(data.filteredOut).toEqual(['whk_4']);
        expect(data.deliveries).toEqual([]);
      },
    },
  },
  {
    name: 'an event the filter matched is delivered, and filteredOut is empty',
    request: eventDetail('evt_2'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json) as { deliveries: { webhookId: string }[]; filteredOut: string[] };
        expect(data.filteredOut).toEqual([]);
        expect(data.deliveries.map((delivery) => delivery.webhookId)).toEqual(['whk_4']);
      },
    },
  },
];

/** Custom headers, payload filters, rate limits and ordering of webhook endpoints, on both adapters. */
export const endpointControlsHttpTable: HttpTable = {
  title: 'webhooks: endpoint controls (headers, filter, rateLimit, ordering)',
  service: { ...tableServiceOptions, http: controlsHttp },
  setup: seed,
  cases: guardAll([...createCases, ...putCases, ...wireCases, ...eventCases]),
};
