import type { EventRecord } from '@affiliate-commerce/core';
import { buildV2Payload } from '@affiliate-commerce/core/http';
import { expect } from 'vitest';
import type { HttpCase, HttpCaseRequest, HttpTable } from '../contracts/http-contract';
import { type TestService, testTokens } from '../service/test-service';
import {
  call,
  dataOf,
  expectError,
  invalid,
  seedTableWebhooks,
  tableNow,
  tableServiceOptions,
} from './webhook-table-fixtures';

const minute = 60_000;
const ago = (minutes: number) => new Date(new Date(tableNow).getTime() - minutes * minute);

const event = (
  eventId: string,
  eventType: string,
  minutesAgo: number,
  data: Record<string, unknown>,
  overrides: Partial<EventRecord> = {},
): EventRecord => ({
  eventId,
  eventType,
  affiliateId: 'aff_1',
  occurredAt: ago(minutesAgo),
  data,
  ...overrides,
});

/**
 * The events of aff_1, oldest first. `evt_c` and `evt_d` occurred in the same millisecond; the
 * internal one is stored like the others and never shown. `whk_1` takes order_created, `whk_2`
 * (v1) journey_abandoned.
 */
const seeded: readonly EventRecord[] = [
  event(
    'evt_a',
    'order_created',
    50,
    {
      order_id: 'ord_1',
      order_status: 'created',
      total_value_cents: 4900,
      currency: 'USD',
      patient_email: 'pat@example.com',
      diagnosis: 'private',
    },
    {
      patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true, isReturning: false },
      attribution: { touch_count: 2, visitor_id: 'vis_1' },
    },
  ),
  event('evt_b', 'journey_abandoned', 40, { journey_id: 'jrn_1', contact_email: 'pat@example.com' }),
  event('evt_c', 'payment_succeeded', 30, { order_id: 'ord_1', payment_status: 'succeeded' }),
  event('evt_d', 'payment_succeeded', 30, { order_id: 'ord_2', payment_status: 'succeeded' }),
  event('evt_internal', 'internal_audit_recorded', 20, { note: 'internal' }),
  event('evt_e', 'order_created', 10, { order_id: 'ord_2', order_status: 'created' }),
  event('evt_other', 'order_created', 5, { order_id: 'ord_9' }, { affiliateId: 'aff_2' }),
];

/**
 * The webhooks of the webhook tables, the events above published as emission does (deliveries
 * queued for subscribed webhooks), `evt_a`'s delivery sent once (200), and one event emitted now
 * through `service.commerce.emit` that no webhook subscribes to (`evt_1`).
 */
async function seed(service: TestService): Promise<void> {
  await seedTableWebhooks(service);
  const { deliveries } = service.deps.storage;
  await deliveries.publish({
    events: seeded.map((record) => ({
      event: record,
      deliver: record.eventType !== 'internal_audit_recorded',
      idPrefix: `dlv_${record.eventId.slice(4)}`,
    })),
  });
  const leaseToken = 'lease_table';
  const [claimed] = await deliveries.claimDue({
    now: new Date(tableNow),
    limit: 1,
    leaseMs: minute,
    leaseToken,
  });
  expect(claimed?.delivery.id).toBe('dlv_a_1');
  await deliveries.complete({
    affiliateId: 'aff_1',
    id: 'dlv_a_1',
    leaseToken,
    updatedAt: ago(49),
    outcome: {
      status: 'succeeded',
      attempt: {
        id: 'att_a_1',
        deliveryId: 'dlv_a_1',
        affiliateId: 'aff_1',
        webhookId: 'whk_1',
        eventId: 'evt_a',
        eventType: 'order_created',
        attempt: 1,
        attemptedAt: ago(49),
        payloadVersion: 'v2',
        succeeded: true,
        statusCode: 200,
        latencyMs: 12,
      },
    },
  });
  await service.commerce.emit({
    affiliateId: 'aff_1',
    eventType: 'payment_failed',
    data: { order_id: 'ord_3', payment_status: 'failed' },
  });
}

const list = (query = '', token?: string): HttpCaseRequest =>
  call('GET', `/v2/events${query ? `?${query}` : ''}`, undefined, token);
const detail = (eventId: string, token?: string) => call('GET', `/v2/events/${eventId}`, undefined, token);

/** A page: its events' ids, newest first, and `hasMore`; each event the payload v2 receivers get. */
const page = (ids: readonly string[], hasMore = false) => ({
  status: 200,
  check: (_response: Response, json: unknown) => {
    const data = dataOf(json) as { events: { event_id: string }[]; hasMore: boolean };
    expect({ ids: data.events.map((e) => e.event_id), hasMore: data.hasMore }).toEqual({ ids, hasMore });
    for (const listed of data.events) {
      const record = seeded.find((e) => e.eventId === listed.event_id);
      if (record) expect(listed).toEqual(buildV2Payload(record, { attemptAt: record.occurredAt }));
    }
  },
});

/** Every listed event of aff_1, newest first. */
const all = ['evt_1', 'evt_e', 'evt_d', 'evt_c', 'evt_b', 'evt_a'];

/** `evt_a` as a v2 receiver got it, stamped with when it occurred: no v1 field, no raw data. */
const evtA = {
  event_type: 'order_created',
  event_id: 'evt_a',
  api_version: '2026-08-17',
  timestamp: ago(50).toISOString(),
  timestamp_epoch: Math.floor(ago(50).getTime() / 1000),
  affiliate_id: 'aff_1',
  order_id: 'ord_1',
  order_status: 'created',
  total_value_cents: 4900,
  currency: 'USD',
  attribution: { touch_count: 2, visitor_id: 'vis_1' },
  patient_marketing_consent: true,
  is_returning_patient: false,
  patient_id: 'pat_1',
  patient_external_id: 'ext_1',
};

const cases: HttpCase[] = [
  {
    name: 'list: every public event of the affiliate, newest first, subscribed or not; same-millisecond events by id',
    request: list(),
    expect: page(all),
  },
  {
    name: 'list: each event is the v2 payload with its timestamp the moment it occurred, never the v1 data',
    request: list('types=order_created'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const { events } = dataOf(json) as { events: Record<string, unknown>[] };
        expect(events.map((e) => e.event_id)).toEqual(['evt_e', 'evt_a']);
        expect(events[1]).toEqual(evtA);
      },
    },
  },
  {
    name: 'list: an event sent only to a v1 webhook is still shown as its v2 payload',
    request: list('types=journey_abandoned'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const [abandoned] = (dataOf(json) as { events: Record<string, unknown>[] }).events;
        expect(abandoned).toMatchObject({ event_id: 'evt_b', journey_id: 'jrn_1' });
        expect(abandoned).not.toHaveProperty('contact_email');
        expect(abandoned).not.toHaveProperty('data');
      },
    },
  },
  {
    name: 'pagination: down by startingAfter and back up by endingBefore, with hasMore each way',
    request: list('limit=2'),
    expect: page(['evt_1', 'evt_e'], true),
    followUp: [
      { request: list('limit=2&startingAfter=evt_e'), expect: page(['evt_d', 'evt_c'], true) },
      { request: list('limit=2&startingAfter=evt_c'), expect: page(['evt_b', 'evt_a'], false) },
      // Up from the oldest: the two newer ones closest to it, still newest first; more above them.
      { request: list('limit=2&endingBefore=evt_a'), expect: page(['evt_c', 'evt_b'], true) },
      { request: list('limit=2&endingBefore=evt_c'), expect: page(['evt_e', 'evt_d'], true) },
      { request: list('limit=2&endingBefore=evt_e'), expect: page(['evt_1'], false) },
    ],
  },
  {
    name: 'pagination: a poller asking for what is newer than the newest it saw gets nothing until more happens',
    request: list('endingBefore=evt_1'),
    expect: page([], false),
  },
  {
    name: 'pagination: the page after the oldest event is empty',
    request: list('startingAfter=evt_a'),
    expect: page([], false),
  },
  {
    name: 'filters: types, a comma-separated list of public event types',
    request: list('types=order_created,%20journey_abandoned'),
    expect: page(['evt_e', 'evt_b', 'evt_a']),
  },
  {
    name: 'filters: createdGte includes its instant, createdLt excludes it',
    request: list(`createdGte=${ago(30).toISOString()}`),
    expect: page(['evt_1', 'evt_e', 'evt_d', 'evt_c']),
    followUp: [
      { request: list(`createdLt=${ago(30).toISOString()}`), expect: page(['evt_b', 'evt_a']) },
      {
        request: list(`createdGte=${ago(45).toISOString()}&createdLt=${ago(25).toISOString()}`),
        expect: page(['evt_d', 'evt_c', 'evt_b']),
      },
    ],
  },
  {
    name: 'filters: webhookId keeps the events with a delivery to that webhook',
    request: list('webhookId=whk_1'),
    expect: page(['evt_e', 'evt_a']),
    followUp: [{ request: list('webhookId=whk_2'), expect: page(['evt_b']) }],
  },
  {
    name: 'filters and cursors together: the cursor is a position, whatever the filter',
    request: list('types=order_created&startingAfter=evt_d'),
    expect: page(['evt_a']),
  },
  {
    name: 'detail: the payload and where each delivery stands (sent once, 200)',
    request: detail('evt_a'),
    expect: {
      status: 200,
      body: {
        success: true,
        data: {
          event: evtA,
          deliveries: [
            {
              webhookId: 'whk_1',
              deliveryId: 'dlv_a_1',
              status: 'succeeded',
              attempts: 1,
              lastAttemptAt: ago(49).toISOString(),
              lastStatusCode: 200,
            },
          ],
          filteredOut: [],
        },
      },
    },
  },
  {
    name: 'detail: a delivery still due shows when',
    request: detail('evt_e'),
    expect: {
      status: 200,
      check: (_response, json) =>
        expect((dataOf(json) as { deliveries: unknown }).deliveries).toEqual([
          {
            webhookId: 'whk_1',
            deliveryId: 'dlv_e_1',
            status: 'pending',
            attempts: 0,
            nextAttemptAt: ago(10).toISOString(),
          },
        ]),
    },
  },
  {
    name: 'detail: an event no webhook subscribed to has no deliveries',
    request: detail('evt_1'),
    expect: {
      status: 200,
      check: (_response, json) =>
        expect(dataOf(json)).toMatchObject({
          event: { event_id: 'evt_1', event_type: 'payment_failed', timestamp: tableNow },
          deliveries: [],
        }),
    },
  },
  {
    name: 'internal events: stored but never listed, read (404) or taken as a cursor (422)',
    request: detail('evt_internal'),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      {
        request: list('startingAfter=evt_internal'),
        expect: expectError(422, 'INVALID_FIELD', 'startingAfter'),
      },
      { request: list('types=internal_audit_recorded'), expect: expectError(422, 'INVALID_FIELD', 'types') },
    ],
  },
  {
    name: "tenancy: another affiliate's event is 404, as an unknown one is",
    request: detail('evt_other'),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      { request: detail('evt_none'), expect: expectError(404, 'NOT_FOUND') },
      { request: detail('evt_other', testTokens.otherSuperAdmin), expect: { status: 200 } },
      { request: list('', testTokens.otherSuperAdmin), expect: page(['evt_other']) },
    ],
  },
  invalid(
    "tenancy: another affiliate's event as startingAfter is 422",
    list('startingAfter=evt_other'),
    'startingAfter',
  ),
  invalid(
    "tenancy: another affiliate's event as endingBefore is 422",
    list('endingBefore=evt_other'),
    'endingBefore',
  ),
  invalid('cursor: an unknown event is 422', list('endingBefore=evt_none'), 'endingBefore'),
  invalid('cursor: an empty one is 422', list('startingAfter='), 'startingAfter'),
  invalid('cursor: both at once is 422', list('startingAfter=evt_c&endingBefore=evt_a'), 'endingBefore'),
  invalid("filters: another affiliate's webhook is 422", list('webhookId=whk_3'), 'webhookId'),
  invalid('filters: an unknown webhook is 422', list('webhookId=whk_none'), 'webhookId'),
  invalid(
    'filters: an unknown event type is 422 naming it',
    list('types=order_created,nope'),
    'types',
    "'nope'",
  ),
  invalid('filters: an empty types is 422', list('types='), 'types'),
  invalid('filters: createdGte not a date-time is 422', list('createdGte=yesterday'), 'createdGte'),
  invalid('filters: createdLt without a time is 422', list('createdLt=2026-11-23'), 'createdLt'),
  invalid('limit: 0 is 422', list('limit=0'), 'limit'),
  invalid('limit: 101 is 422', list('limit=101'), 'limit'),
  invalid('limit: not a number is 422', list('limit=ten'), 'limit'),
  { name: 'roles: an admin lists events', request: list('', testTokens.admin), expect: page(all) },
  {
    name: 'roles: an admin reads an event',
    request: detail('evt_a', testTokens.admin),
    expect: { status: 200 },
  },
  {
    name: 'roles: an agent may not list (403)',
    request: list('', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: 'roles: an agent may not read (403)',
    request: detail('evt_a', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: 'roles: the master token has no affiliate context (400)',
    request: list('', testTokens.master),
    expect: expectError(400, 'AFFILIATE_CONTEXT_REQUIRED'),
  },
  {
    name: 'roles: a token without an affiliate is 400',
    request: detail('evt_a', testTokens.noAffiliate),
    expect: expectError(400, 'AFFILIATE_CONTEXT_REQUIRED'),
  },
  { name: 'roles: no token is 401', request: { method: 'GET', path: '/v2/events' }, expect: { status: 401 } },
];

/** `GET /v2/events` and `GET /v2/events/{eventId}`: the payloads, paging, filters, roles and tenancy. */
export const eventsHttpTable: HttpTable = {
  title: 'events (docs/decisions/events.md)',
  service: tableServiceOptions,
  setup: seed,
  cases,
};
