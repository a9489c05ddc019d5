import type { HttpOutcome, HttpRequest } from '@affiliate-commerce/core';
import { createWebhook, rollbackWebhook } from '@affiliate-commerce/core/http';
import type { HttpCase, HttpCaseExpectation, HttpCaseRequest, HttpTable } from '../contracts/http-contract';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { fakeResolver } from '../fakes/fake-resolver';
import { type TestService, testTokens } from '../service/test-service';

/** When the test services stand (their clock does not move). */
export const tableNow = '2026-11-23T10:00:00.000Z';

/** A `whsec_` secret as issued: 33 bytes in standard base64 (44 characters, no padding). */
export const secretPattern = /^whsec_[A-Za-z0-9+/]{44}$/;

const answer = (status: number, latencyMs = 12): HttpOutcome => ({
  ok: true,
  status,
  headers: {},
  bodyText: '',
  latencyMs,
});

/** The receivers of the tables: one per hostname, behind a fake DNS and HTTP client. */
export const tableHttp = fakeHttpClient((request: HttpRequest): HttpOutcome => {
  const host = new URL(request.url).hostname;
  if (host === 'down.example.com') return answer(503, 30);
  if (host === 'moved.example.com') return answer(301, 9);
  if (host === 'slow.example.com') {
    return { ok: false, reason: 'timeout', message: 'no complete answer within 5000 ms', latencyMs: 5000 };
  }
  return answer(200);
});

/** Service options of the webhook tables. */
export const tableServiceOptions: HttpTable['service'] = {
  now: tableNow,
  http: tableHttp,
  resolver: fakeResolver({
    'hooks.example.com': ['93.184.216.34'],
    'down.example.com': ['93.184.216.35'],
    'moved.example.com': ['93.184.216.36'],
    'slow.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example.com': ['10.0.0.7'],
    'mixed.example.com': ['93.184.216.34', '192.168.1.20'],
  }),
};

function unwrap<T>(result: { isErr(): boolean; _unsafeUnwrap(): T }): T {
  if (result.isErr()) throw new Error('webhook table setup failed');
  return result._unsafeUnwrap();
}

/**
 * The data every case starts from: `whk_1` (aff_1, signed, v2), `whk_2` (aff_1, unsigned,
 * rolled back to v1) and `whk_3` (aff_2).
 */
export async function seedTableWebhooks(service: TestService): Promise<void> {
  await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
  await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
  const create = (affiliateId: string, input: Parameters<typeof createWebhook>[1]['input']) =>
    createWebhook(service.deps, { affiliateId, input });
  unwrap(
    await create('aff_1', {
      name: 'Orders',
      url: 'https://hooks.example.com/orders',
      webhookInterests: ['order_created', 'journey_completed'],
    }),
  );
  unwrap(
    await create('aff_1', {
      name: 'Journeys',
      url: 'https://hooks.example.com/journeys',
      authentication: false,
      webhookInterests: ['journey_abandoned'],
    }),
  );
  unwrap(await create('aff_2', { name: 'Other', url: 'https://hooks.example.com/other' }));
  unwrap(await rollbackWebhook(service.deps, { id: 'whk_2' }));
}

/** The record of `whk_1` as the API shows it before any change. */
export const whk1View = {
  id: 'whk_1',
  name: 'Orders',
  url: 'https://hooks.example.com/orders',
  authentication: true,
  webhookInterests: ['order_created', 'journey_completed'],
  status: 'enabled',
  isEnabled: true,
  payloadVersion: 'v2',
  standardWebhooks: true,
  ordering: 'none',
  createdAt: tableNow,
  updatedAt: tableNow,
};

/** The record of `whk_2` as the API shows it before any change. */
export const whk2View = {
  ...whk1View,
  id: 'whk_2',
  name: 'Journeys',
  url: 'https://hooks.example.com/journeys',
  authentication: false,
  webhookInterests: ['journey_abandoned'],
  payloadVersion: 'v1',
  standardWebhooks: false,
};

/** A request with a bearer token (super admin unless told). */
export function call(
  method: string,
  path: string,
  body?: unknown,
  token: string = testTokens.superAdmin,
): HttpCaseRequest {
  return { method, path, token, ...(body === undefined ? {} : { body }) };
}

/** The JSON `data` of an answer. */
export const dataOf = (json: unknown) => (json as { data: Record<string, unknown> }).data;

/** Expects one error code, and the field and a message fragment when given. */
export function expectError(
  status: number,
  code: string,
  field?: string,
  messagePart?: string,
): HttpCaseExpectation {
  return {
    status,
    check: (_response, json) => {
      const error = (json as { error: { code: string; field?: string; message: string } }).error;
      const ok =
        error.code === code &&
        (field === undefined || error.field === field) &&
        (messagePart === undefined || error.message.includes(messagePart));
      if (!ok)
        throw new Error(
          `expected ${code} ${field ?? ''} "${messagePart ?? ''}", got ${JSON.stringify(error)}`,
        );
    },
  };
}

/** Throws unless `condition` holds: checks inside table cases. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A case expecting 422 INVALID_FIELD on `field`. */
export function invalid(
  name: string,
  request: HttpCaseRequest,
  field: string,
  messagePart?: string,
): HttpCase {
  return { name, request, expect: expectError(422, 'INVALID_FIELD', field, messagePart) };
}
