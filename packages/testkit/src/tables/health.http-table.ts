import type { Storage } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { expect } from 'vitest';
import type { HttpCase, HttpTable } from '../contracts/http-contract';
import type { TestService } from '../service/test-service';
import { tableNow } from './webhook-table-fixtures';

const live = { method: 'GET', path: '/health/live' };
const ready = { method: 'GET', path: '/health/ready' };
const okReport = {
  status: 'ok',
  checkedAt: tableNow,
  reasons: [],
  storage: { reachable: true, latencyMs: expect.any(Number) },
  migrations: { missing: [], unknown: [] },
  outbox: { pending: 0, due: 0 },
  workers: { running: 0, stale: 0 },
};

const cases: HttpCase[] = [
  {
    name: 'health: live is 200 with no token',
    request: live,
    expect: { status: 200, body: { success: true, data: { status: 'ok' } } },
  },
  {
    name: 'health: ready is 200 with the report, no token, never cached',
    request: ready,
    expect: {
      status: 200,
      check: (response, json) => {
        expect(json).toEqual({ success: true, data: okReport });
        expect(response.headers.get('cache-control')).toBe('no-store');
      },
    },
  },
  {
    name: 'health: a bad token changes nothing (public routes read no token)',
    request: { ...ready, token: 'tok_unknown' },
    expect: { status: 200 },
  },
];

/** `GET /health/live` and `/health/ready` on a healthy service. */
export const healthHttpTable: HttpTable = {
  title: 'health probes',
  setup: async () => {},
  cases,
};

/** A delivery due for ten minutes: the outbox is behind, so ready is `degraded` (still 200). */
async function behind(service: TestService): Promise<void> {
  const due = new Date(new Date(tableNow).getTime() - 10 * 60_000);
  await service.deps.storage.deliveries.insertEvent({
    event: { eventId: 'evt_h', eventType: 'order_created', affiliateId: 'aff_1', occurredAt: due, data: {} },
  });
  await service.deps.storage.deliveries.enqueue({
    deliveries: [
      {
        id: 'dlv_h',
        affiliateId: 'aff_1',
        webhookId: 'whk_h',
        eventId: 'evt_h',
        eventType: 'order_created',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: due,
        createdAt: due,
        updatedAt: due,
      },
    ],
  });
}

/** The outbox behind by ten minutes: ready answers 200 `degraded`, naming no tenant. */
export const healthBehindHttpTable: HttpTable = {
  title: 'health probes: outbox behind',
  service: { now: tableNow },
  setup: behind,
  cases: [
    {
      name: 'health: a due delivery waiting over 5 minutes is degraded, still 200',
      request: ready,
      expect: {
        status: 200,
        check: (_response, json) => {
          expect(json).toEqual({
            success: true,
            data: {
              ...okReport,
              status: 'degraded',
              reasons: ['a due delivery has waited longer than its threshold'],
              outbox: { pending: 1, due: 1, oldestDueAgeMs: 600_000 },
            },
          });
          expect(JSON.stringify(json)).not.toMatch(/aff_1|whk_h|dlv_h|evt_h/);
        },
      },
    },
  ],
};

/** Storage that cannot be reached: every storage call fails. */
function unreachable(): Storage {
  const storage = memoryStorage();
  return { ...storage, check: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')) };
}

/** Storage down: ready answers 503 with the report; live still 200. */
export const healthDownHttpTable: HttpTable = {
  title: 'health probes: storage down',
  service: { now: tableNow, storage: unreachable() },
  setup: async () => {},
  cases: [
    {
      name: 'health: storage unreachable is 503 in the error envelope, saying why without the cause',
      request: ready,
      expect: {
        status: 503,
        check: (_response, json) => {
          expect(json).toEqual({
            success: false,
            error: { code: 'NOT_READY', message: 'Not ready: storage is unreachable.' },
          });
          expect(JSON.stringify(json)).not.toContain('10.0.0.5');
        },
      },
    },
    {
      name: 'health: live does not touch storage (200 while storage is down)',
      request: live,
      expect: { status: 200, body: { success: true, data: { status: 'ok' } } },
    },
  ],
};
