import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import {
  assert,
  call,
  dataOf,
  expectError,
  invalid,
  seedTableWebhooks,
  tableServiceOptions,
} from './webhook-table-fixtures';

const send = (id: string, body: unknown, token?: string) =>
  call('POST', `/v2/webhooks/${id}/actions/sendExample`, body, token);
const example = (type: string, token?: string) =>
  call('GET', `/v2/webhooks/eventTypes/${type}/example`, undefined, token);

/** 202 with the example's event id and its one delivery id. */
const queued = {
  status: 202,
  check: (_response: Response, json: unknown) => {
    const data = dataOf(json);
    assert(
      Object.keys(data).sort().join() === 'deliveryId,eventId',
      `unexpected data ${JSON.stringify(data)}`,
    );
    assert(/^evt_example_\w+$/.test(String(data.eventId)), `not an example event id: ${data.eventId}`);
    assert(/^dlv_\w+$/.test(String(data.deliveryId)), `not a delivery id: ${data.deliveryId}`);
  },
};

const sendCases: HttpCase[] = [
  {
    name: 'sendExample: 202 with the example event id and its delivery id (v2 webhook)',
    request: send('whk_1', { eventType: 'order_created' }),
    expect: { status: 202, body: { success: true, data: { eventId: 'evt_example_1', deliveryId: 'dlv_1' } } },
  },
  {
    name: 'sendExample: a v1 webhook gets one too',
    request: send('whk_2', { eventType: 'journey_abandoned' }),
    expect: queued,
  },
  {
    name: 'sendExample: any subscribable type, subscribed or not (the example is how a receiver is tried first)',
    request: send('whk_1', { eventType: 'payment_failed' }),
    expect: queued,
    followUp: [{ request: send('whk_1', { eventType: 'subscription_renewed' }), expect: queued }],
  },
  invalid(
    'sendExample: an unknown eventType is 422',
    send('whk_1', { eventType: 'nope' }),
    'eventType',
    "'nope'",
  ),
  invalid(
    '6.1 sendExample: an internal event is 422',
    send('whk_1', { eventType: 'internal_patient_merged' }),
    'eventType',
  ),
  invalid(
    '6.1 sendExample: the unimplemented pharmacy_rejected_prescription is 422',
    send('whk_1', { eventType: 'pharmacy_rejected_prescription' }),
    'eventType',
  ),
  invalid('sendExample: eventType missing is 422', send('whk_1', {}), 'eventType'),
  invalid('sendExample: eventType not a string is 422', send('whk_1', { eventType: 7 }), 'eventType'),
  invalid(
    'sendExample: no body is 422',
    { method: 'POST', path: '/v2/webhooks/whk_1/actions/sendExample', token: testTokens.superAdmin },
    'body',
  ),
  {
    name: 'sendExample: a disabled webhook is 409 WEBHOOK_DISABLED; enabled again, 202',
    request: call('PATCH', '/v2/webhooks/whk_1/status', { status: 'disabled' }),
    expect: { status: 200 },
    followUp: [
      {
        request: send('whk_1', { eventType: 'order_created' }),
        expect: expectError(409, 'WEBHOOK_DISABLED'),
      },
      { request: call('PATCH', '/v2/webhooks/whk_1/status', { status: 'enabled' }), expect: { status: 200 } },
      { request: send('whk_1', { eventType: 'order_created' }), expect: queued },
    ],
  },
  {
    name: "tenancy: sendExample to another affiliate's webhook is 404",
    request: send('whk_3', { eventType: 'order_created' }),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: 'sendExample to an unknown webhook is 404',
    request: send('whk_missing', { eventType: 'order_created' }),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: '5.3 sendExample is a webhook write, super admin only: admin 403',
    request: send('whk_1', { eventType: 'order_created' }, testTokens.admin),
    expect: expectError(403, 'FORBIDDEN'),
  },
  {
    name: '5.3 sendExample is a webhook write, super admin only: agent 403',
    request: send('whk_1', { eventType: 'order_created' }, testTokens.agent),
    expect: expectError(403, 'FORBIDDEN'),
  },
  {
    name: '5.1 sendExample without a token is 401',
    request: {
      method: 'POST',
      path: '/v2/webhooks/whk_1/actions/sendExample',
      body: { eventType: 'order_created' },
    },
    expect: expectError(401, 'UNAUTHORIZED'),
  },
  {
    name: '8 sendExample: 30 per minute per user, the 31st is 429 with Retry-After',
    request: send('whk_1', { eventType: 'order_created' }),
    expect: queued,
    followUp: [
      ...Array.from({ length: 29 }, () => ({
        request: send('whk_1', { eventType: 'order_created' }),
        expect: queued,
      })),
      {
        request: send('whk_1', { eventType: 'order_created' }),
        expect: {
          ...expectError(429, 'RATE_LIMITED'),
          check: async (response: Response, json: unknown) => {
            await expectError(429, 'RATE_LIMITED').check?.(response, json);
            assert(/^\d+$/.test(response.headers.get('retry-after') ?? ''), 'Retry-After missing');
          },
        },
      },
    ],
  },
];

const exampleCases: HttpCase[] = [
  {
    name: 'eventTypes example: the v2 envelope (marked, sanitized) and the v1 raw event, for any affiliate role',
    request: example('order_created', testTokens.agent),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json) as { eventType: string; category: string; v2: object; v1: object };
        assert(data.eventType === 'order_created' && data.category === 'ORDER', JSON.stringify(data));
        const v2 = data.v2 as Record<string, unknown>;
        assert(v2.example === true && v2.affiliate_id === 'aff_1', `v2 not marked: ${JSON.stringify(v2)}`);
        assert(v2.order_id === 'ord_example_1' && v2.total_value_cents === 4900, 'v2 fields missing');
        const v1 = data.v1 as Record<string, unknown>;
        assert(v1.example === true && typeof v1.data === 'object', `v1 not marked: ${JSON.stringify(v1)}`);
      },
    },
  },
  {
    name: 'eventTypes example: an unknown type is 404',
    request: example('nope'),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: '6.1 eventTypes example: an internal type is 404',
    request: example('internal_audit_recorded'),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

/** `sendExample` and the example payload of an event type, run by both adapters. */
export const webhookExamplesHttpTable: HttpTable = {
  title: 'webhooks: sendExample and event type examples',
  service: tableServiceOptions,
  setup: seedTableWebhooks,
  cases: [...sendCases, ...exampleCases],
};
