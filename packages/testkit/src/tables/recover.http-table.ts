import type { Delivery } from '@affiliate-commerce/core/storage';
import { expect } from 'vitest';
import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { type TestService, testTokens } from '../service/test-service';
import {
  call,
  expectError,
  invalid,
  seedTableWebhooks,
  tableNow,
  tableServiceOptions,
} from './webhook-table-fixtures';

const hour = 60 * 60 * 1000;
const ago = (ms: number) => new Date(new Date(tableNow).getTime() - ms).toISOString();

/** whk_1 has three failed deliveries (1, 2 and 20 days old), one succeeded; whk_3 (aff_2) one failed. */
async function seed(service: TestService): Promise<void> {
  await seedTableWebhooks(service);
  const at = (ms: number) => new Date(new Date(tableNow).getTime() - ms);
  const failed = (id: string, affiliateId: string, webhookId: string, age: number, status = 'failed') =>
    ({
      id,
      affiliateId,
      webhookId,
      eventId: 'evt_recover',
      eventType: 'order_created',
      status,
      attempts: 8,
      createdAt: at(age),
      updatedAt: at(age),
    }) as Delivery;
  await service.deps.storage.deliveries.insertEvent({
    event: {
      eventId: 'evt_recover',
      eventType: 'order_created',
      affiliateId: 'aff_1',
      occurredAt: at(20 * 24 * hour),
      data: {},
    },
  });
  await service.deps.storage.deliveries.enqueue({
    deliveries: [
      failed('dlv_r1', 'aff_1', 'whk_1', 1 * 24 * hour),
      failed('dlv_r2', 'aff_1', 'whk_1', 2 * 24 * hour),
      failed('dlv_r_old', 'aff_1', 'whk_1', 20 * 24 * hour),
      failed('dlv_r_ok', 'aff_1', 'whk_1', 1 * 24 * hour, 'succeeded'),
      failed('dlv_r3', 'aff_2', 'whk_3', 1 * 24 * hour),
    ],
  });
}

const recover = (id: string, body: unknown, token?: string) =>
  call('POST', `/v2/webhooks/${id}/actions/recover`, body, token);
const recovered = (count: number, hasMore = false) => ({
  status: 202,
  body: { success: true, data: { recovered: count, hasMore } },
});

const cases: HttpCase[] = [
  {
    name: 'recover: failed deliveries since `since` are due again; a second call recovers nothing new',
    request: recover('whk_1', { since: ago(3 * 24 * hour) }),
    expect: recovered(2),
    followUp: [
      { request: recover('whk_1', { since: ago(3 * 24 * hour) }), expect: recovered(0) },
      {
        // The manual retry of a recovered delivery answers it as it stands: pending, attempts 0, due now.
        request: call('POST', '/v2/webhooks/whk_1/deliveries/dlv_r1/actions/retry'),
        expect: {
          status: 202,
          check: (_response, json) =>
            expect((json as { data: unknown }).data).toMatchObject({
              status: 'pending',
              attempts: 0,
              nextAttemptAt: tableNow,
            }),
        },
      },
    ],
  },
  {
    name: 'recover: `until` closes the window (exclusive)',
    request: recover('whk_1', { since: ago(3 * 24 * hour), until: ago(36 * hour) }),
    expect: recovered(1),
  },
  {
    name: 'recover: a window with nothing failed recovers 0',
    request: recover('whk_2', { since: ago(3 * 24 * hour) }),
    expect: recovered(0),
  },
  invalid('recover: since missing is 422', recover('whk_1', {}), 'since'),
  invalid('recover: since not a date-time is 422', recover('whk_1', { since: 'yesterday' }), 'since'),
  invalid(
    'recover: since after until is 422',
    recover('whk_1', { since: ago(hour), until: ago(2 * hour) }),
    'since',
  ),
  invalid('recover: since in the future is 422', recover('whk_1', { since: ago(-hour) }), 'since'),
  invalid(
    'recover: since more than 14 days ago is 422',
    recover('whk_1', { since: ago(15 * 24 * hour) }),
    'since',
    '14 days',
  ),
  invalid('recover: unknown keys are 422', recover('whk_1', { since: ago(hour), limit: 5 }), 'body'),
  {
    name: 'recover: a disabled webhook is 409 WEBHOOK_DISABLED (enable it first); enabled again, it recovers',
    request: call('PATCH', '/v2/webhooks/whk_1/status', { status: 'disabled' }),
    expect: { status: 200 },
    followUp: [
      {
        request: recover('whk_1', { since: ago(3 * 24 * hour) }),
        expect: expectError(409, 'WEBHOOK_DISABLED'),
      },
      {
        request: call('PATCH', '/v2/webhooks/whk_1/status', { status: 'enabled' }),
        expect: { status: 200 },
      },
      { request: recover('whk_1', { since: ago(3 * 24 * hour) }), expect: recovered(2) },
    ],
  },
  {
    name: "recover: another affiliate's webhook is 404",
    request: recover('whk_3', { since: ago(3 * 24 * hour) }),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [
      {
        request: recover('whk_3', { since: ago(3 * 24 * hour) }, testTokens.otherSuperAdmin),
        expect: recovered(1),
      },
    ],
  },
  {
    name: 'recover: an unknown webhook is 404',
    request: recover('whk_none', { since: ago(hour) }),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: 'recover: an admin may not recover (403)',
    request: recover('whk_1', { since: ago(hour) }, testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: 'recover: no token is 401',
    request: { method: 'POST', path: '/v2/webhooks/whk_1/actions/recover', body: { since: ago(hour) } },
    expect: { status: 401 },
  },
];

/** `POST /v2/webhooks/{id}/actions/recover`: window, limits, roles and tenancy. */
export const recoverHttpTable: HttpTable = {
  title: 'webhook deliveries: recover',
  service: tableServiceOptions,
  setup: seed,
  cases,
};
