import type { EventRecord } from '@affiliate-commerce/core';
import { buildV1Payload, buildV2Payload } from '@affiliate-commerce/core/http';
import type { Delivery } from '@affiliate-commerce/core/storage';
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
  affiliateId = 'aff_1',
): EventRecord => ({
  eventId,
  eventType,
  affiliateId,
  occurredAt: ago(minutesAgo),
  data: { order_id: 'ord_1', journey_id: 'jrn_1', payment_status: 'succeeded' },
});

const events = [
  event('evt_m1', 'order_created', 50),
  event('evt_m2', 'journey_abandoned', 40),
  event('evt_m3', 'payment_succeeded', 30),
  event('evt_m5', 'order_created', 10),
  event('evt_x', 'order_created', 20, 'aff_2'),
];

function delivery(id: string, eventId: string, minutesAgo: number, fields: Partial<Delivery>): Delivery {
  const { eventType } = events.find((e) => e.eventId === eventId)!;
  return {
    id,
    affiliateId: 'aff_1',
    webhookId: 'whk_1',
    eventId,
    eventType,
    status: 'succeeded',
    attempts: 1,
    createdAt: ago(minutesAgo),
    updatedAt: ago(minutesAgo),
    ...fields,
  };
}

/**
 * The deliveries of aff_1, oldest first: `dlv_m3` and `dlv_m4` created in the same millisecond;
 * `dlv_m5` waits for its retry in an hour. `whk_1` is signed and on v2, `whk_2` unsigned on v1.
 */
async function seed(service: TestService): Promise<void> {
  await seedTableWebhooks(service);
  const { deliveries } = service.deps.storage;
  for (const record of events) await deliveries.insertEvent({ event: record });
  await deliveries.enqueue({
    deliveries: [
      delivery('dlv_m1', 'evt_m1', 50, { lastAttemptAt: ago(49), lastStatusCode: 200 }),
      delivery('dlv_m2', 'evt_m2', 40, { webhookId: 'whk_2', status: 'failed', attempts: 8 }),
      delivery('dlv_m3', 'evt_m3', 30, {}),
      delivery('dlv_m4', 'evt_m3', 30, { webhookId: 'whk_2', status: 'cancelled', attempts: 0 }),
      delivery('dlv_m5', 'evt_m5', 10, {
        status: 'pending',
        nextAttemptAt: new Date(new Date(tableNow).getTime() + 60 * minute),
        lastAttemptAt: ago(9),
        lastStatusCode: 500,
      }),
      delivery('dlv_x', 'evt_x', 20, { affiliateId: 'aff_2', webhookId: 'whk_3' }),
    ],
  });
}

const list = (query = '', token?: string): HttpCaseRequest =>
  call('GET', `/v2/deliveries${query ? `?${query}` : ''}`, undefined, token);
const detail = (id: string, token?: string) => call('GET', `/v2/deliveries/${id}`, undefined, token);

/** A page: its deliveries' ids, newest first, and `hasMore`. */
const page = (ids: readonly string[], hasMore = false) => ({
  status: 200,
  check: (_response: Response, json: unknown) => {
    const data = dataOf(json) as { deliveries: { id: string }[]; hasMore: boolean };
    expect({ ids: data.deliveries.map((d) => d.id), hasMore: data.hasMore }).toEqual({ ids, hasMore });
  },
});

const all = ['dlv_m5', 'dlv_m4', 'dlv_m3', 'dlv_m2', 'dlv_m1'];

const cases: HttpCase[] = [
  {
    name: 'list: one row per delivery of the affiliate, newest first; same-millisecond ones by id',
    request: list(),
    expect: {
      status: 200,
      check: (_response, json) => {
        const { deliveries } = dataOf(json) as { deliveries: Record<string, unknown>[] };
        expect(deliveries.map((d) => d.id)).toEqual(all);
        expect(deliveries[4]).toEqual({
          id: 'dlv_m1',
          webhookId: 'whk_1',
          eventId: 'evt_m1',
          eventType: 'order_created',
          status: 'succeeded',
          attempts: 1,
          lastAttemptAt: ago(49).toISOString(),
          lastStatusCode: 200,
          createdAt: ago(50).toISOString(),
        });
      },
    },
  },
  {
    name: 'pagination: down by startingAfter and back up by endingBefore, with hasMore each way',
    request: list('limit=2'),
    expect: page(['dlv_m5', 'dlv_m4'], true),
    followUp: [
      { request: list('limit=2&startingAfter=dlv_m4'), expect: page(['dlv_m3', 'dlv_m2'], true) },
      { request: list('limit=2&startingAfter=dlv_m2'), expect: page(['dlv_m1'], false) },
      { request: list('limit=2&endingBefore=dlv_m1'), expect: page(['dlv_m3', 'dlv_m2'], true) },
      { request: list('limit=2&endingBefore=dlv_m3'), expect: page(['dlv_m5', 'dlv_m4'], false) },
      { request: list('endingBefore=dlv_m5'), expect: page([], false) },
    ],
  },
  {
    name: 'filters: webhookId, status, types and creation time, alone or together',
    request: list('webhookId=whk_2'),
    expect: page(['dlv_m4', 'dlv_m2']),
    followUp: [
      { request: list('status=failed,%20pending'), expect: page(['dlv_m5', 'dlv_m2']) },
      { request: list('types=order_created'), expect: page(['dlv_m5', 'dlv_m1']) },
      { request: list(`createdGte=${ago(30).toISOString()}`), expect: page(['dlv_m5', 'dlv_m4', 'dlv_m3']) },
      { request: list(`createdLt=${ago(30).toISOString()}`), expect: page(['dlv_m2', 'dlv_m1']) },
      {
        request: list('webhookId=whk_1&status=succeeded&startingAfter=dlv_m4'),
        expect: page(['dlv_m3', 'dlv_m1']),
      },
    ],
  },
  {
    name: 'detail: the delivery, the request its signed v2 endpoint is sent (signatures elided), its attempts',
    request: detail('dlv_m1'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json) as {
          delivery: { id: string };
          request: { headers: Record<string, string>; payload: unknown };
          attempts: unknown[];
        };
        expect(data.delivery.id).toBe('dlv_m1');
        expect(data.attempts).toEqual([]);
        expect(data.request).toMatchObject({
          url: 'https://hooks.example.com/orders',
          method: 'POST',
          payloadVersion: 'v2',
          // Built for the last attempt's time.
          payload: buildV2Payload(events[0]!, { attemptAt: ago(49) }),
        });
        expect(data.request.headers).toMatchObject({
          'Content-Type': 'application/json',
          'X-Webhook-Id': 'evt_m1',
          'X-Webhook-Version': 'v2',
          'X-Webhook-Signature': '(elided)',
          'webhook-signature': '(elided)',
          'webhook-timestamp': String(Math.floor(ago(49).getTime() / 1000)),
        });
      },
    },
  },
  {
    name: 'detail: a v1 endpoint without a secret is sent the v1 payload, unsigned, stamped now when no attempt was made',
    request: detail('dlv_m4'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const { request } = dataOf(json) as {
          request: { headers: Record<string, string>; payload: unknown };
        };
        expect(request).toMatchObject({ payloadVersion: 'v1', payload: buildV1Payload(events[2]!) });
        expect(request.headers).not.toHaveProperty('X-Webhook-Signature');
      },
    },
  },
  {
    name: 'retry now: a pending delivery waiting for its retry is due now',
    request: call('POST', '/v2/webhooks/whk_1/deliveries/dlv_m5/actions/retry'),
    expect: {
      status: 202,
      check: (_response, json) =>
        expect(dataOf(json)).toMatchObject({ id: 'dlv_m5', status: 'pending', nextAttemptAt: tableNow }),
    },
    followUp: [
      {
        request: call('POST', '/v2/webhooks/whk_2/deliveries/dlv_m2/actions/retry'),
        expect: {
          status: 202,
          check: (_response, json) =>
            expect(dataOf(json)).toMatchObject({ status: 'pending', attempts: 8, nextAttemptAt: tableNow }),
        },
      },
      { request: list('status=pending'), expect: page(['dlv_m5', 'dlv_m2']) },
    ],
  },
  {
    name: "tenancy: another affiliate's delivery is 404, as an unknown one is",
    request: detail('dlv_x'),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      { request: detail('dlv_none'), expect: expectError(404, 'NOT_FOUND') },
      { request: detail('dlv_x', testTokens.otherSuperAdmin), expect: { status: 200 } },
      { request: list('', testTokens.otherSuperAdmin), expect: page(['dlv_x']) },
      { request: detail('dlv_m1', testTokens.otherSuperAdmin), expect: expectError(404, 'NOT_FOUND') },
    ],
  },
  invalid(
    "tenancy: another affiliate's delivery as startingAfter is 422",
    list('startingAfter=dlv_x'),
    'startingAfter',
  ),
  invalid(
    "tenancy: another affiliate's delivery as endingBefore is 422",
    list('endingBefore=dlv_x'),
    'endingBefore',
  ),
  invalid('cursor: an unknown delivery is 422', list('startingAfter=dlv_none'), 'startingAfter'),
  invalid('cursor: both at once is 422', list('startingAfter=dlv_m3&endingBefore=dlv_m1'), 'endingBefore'),
  invalid("filters: another affiliate's webhook is 422", list('webhookId=whk_3'), 'webhookId'),
  invalid('filters: an unknown webhook is 422', list('webhookId=whk_none'), 'webhookId'),
  invalid('filters: an unknown state is 422 naming it', list('status=failed,lost'), 'status', "'lost'"),
  invalid('filters: an empty state is 422', list('status='), 'status'),
  invalid(
    'filters: an unknown event type is 422 naming it',
    list('types=order_created,nope'),
    'types',
    "'nope'",
  ),
  invalid('filters: an internal event type is 422', list('types=internal_audit_recorded'), 'types'),
  invalid('filters: createdGte not a date-time is 422', list('createdGte=yesterday'), 'createdGte'),
  invalid('filters: createdLt without a zone is 422', list('createdLt=2026-11-23T10:00:00'), 'createdLt'),
  invalid('limit: 0 is 422', list('limit=0'), 'limit'),
  invalid('limit: 101 is 422', list('limit=101'), 'limit'),
  invalid('detail: an id with a control character is 422', detail('dlv%01'), 'deliveryId'),
  { name: 'roles: an admin lists deliveries', request: list('', testTokens.admin), expect: page(all) },
  {
    name: 'roles: an admin reads a delivery',
    request: detail('dlv_m1', testTokens.admin),
    expect: { status: 200 },
  },
  {
    name: 'roles: an agent may not list (403)',
    request: list('', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: 'roles: an agent may not read (403)',
    request: detail('dlv_m1', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: 'roles: the master token has no affiliate context (400)',
    request: list('', testTokens.master),
    expect: expectError(400, 'AFFILIATE_CONTEXT_REQUIRED'),
  },
  {
    name: 'roles: no token is 401',
    request: { method: 'GET', path: '/v2/deliveries' },
    expect: { status: 401 },
  },
];

/** `GET /v2/deliveries` and `GET /v2/deliveries/{deliveryId}`, and retry now: paging, filters, the rebuilt request, roles and tenancy. */
export const messageLogHttpTable: HttpTable = {
  title: 'message log (docs/decisions/message-log.md)',
  service: tableServiceOptions,
  setup: seed,
  cases,
};
