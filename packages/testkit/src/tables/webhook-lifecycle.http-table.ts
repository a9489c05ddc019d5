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

const status = (id: string, body: unknown, token?: string) =>
  call('PATCH', `/v2/webhooks/${id}/status`, body, token);
const action = (id: string, name: string, token?: string) =>
  call('POST', `/v2/webhooks/${id}/actions/${name}`, undefined, token);
const get = (id: string, token?: string) => call('GET', `/v2/webhooks/${id}`, undefined, token);
// Disabling by the status call records why and when; enabling again clears both.
const disabled = {
  ...whk1View,
  status: 'disabled',
  isEnabled: false,
  disabledReason: 'manual',
  disabledAt: '2026-11-23T10:00:00.000Z',
};

const statusCases: HttpCase[] = [
  {
    name: '3: PATCH status disables; status and isEnabled agree',
    request: status('whk_1', { status: 'disabled' }),
    expect: { status: 200, body: { success: true, data: disabled } },
    followUp: [
      { request: get('whk_1'), expect: { status: 200, body: { success: true, data: disabled } } },
      {
        request: status('whk_1', { status: 'enabled' }),
        expect: { status: 200, body: { success: true, data: whk1View } },
      },
    ],
  },
  {
    name: '3: PATCH status accepts isEnabled too',
    request: status('whk_1', { isEnabled: false }),
    expect: { status: 200, body: { success: true, data: disabled } },
  },
  {
    name: '3: PATCH status changes only the status (other fields in the body are ignored)',
    request: status('whk_1', { status: 'disabled', name: 'Ignored', authentication: false }),
    expect: { status: 200, body: { success: true, data: disabled } },
  },
  invalid('3: PATCH status without status is 422', status('whk_1', {}), 'status'),
  invalid('3: PATCH status with an unknown value is 422', status('whk_1', { status: 'paused' }), 'status'),
  invalid(
    '3: PATCH status with status and isEnabled disagreeing is 422',
    status('whk_1', { status: 'enabled', isEnabled: false }),
    'isEnabled',
  ),
  {
    name: '5.3: an admin may not change the status (403)',
    request: status('whk_1', { status: 'disabled' }, testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: "tenancy: PATCH status on another affiliate's webhook is 404",
    request: status('whk_3', { status: 'disabled' }),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

const deleteCases: HttpCase[] = [
  {
    name: '4.8: DELETE removes the webhook; a second DELETE is 404',
    request: call('DELETE', '/v2/webhooks/whk_1'),
    expect: { status: 200, body: { success: true, data: { id: 'whk_1', deleted: true } } },
    followUp: [
      { request: get('whk_1'), expect: { status: 404 } },
      { request: call('DELETE', '/v2/webhooks/whk_1'), expect: { status: 404 } },
      {
        request: call('GET', '/v2/webhooks'),
        expect: { status: 200, body: { success: true, data: [whk2View] } },
      },
    ],
  },
  {
    name: '5.3: an admin may not delete (403)',
    request: call('DELETE', '/v2/webhooks/whk_1', undefined, testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: "tenancy: DELETE of another affiliate's webhook is 404 and it survives",
    request: call('DELETE', '/v2/webhooks/whk_3'),
    expect: expectError(404, 'NOT_FOUND'),
    followUp: [{ request: get('whk_3', testTokens.otherSuperAdmin), expect: { status: 200 } }],
  },
];

const rotateCases: HttpCase[] = [
  {
    name: '5.4: rotateSecret returns a new secret once; reads never show it',
    request: action('whk_1', 'rotateSecret'),
    expect: {
      status: 200,
      check: (_response, json) => {
        const { credentials, ...rest } = dataOf(json) as { credentials: { secret: string } };
        assert(secretPattern.test(credentials.secret), 'no new secret');
        expect(rest).toEqual(whk1View);
      },
    },
    followUp: [{ request: get('whk_1'), expect: { status: 200, body: { success: true, data: whk1View } } }],
  },
  invalid(
    '5.4: rotating a webhook without authentication is 422',
    action('whk_2', 'rotateSecret'),
    'authentication',
  ),
  {
    name: '5.3: an admin may not rotate (403)',
    request: action('whk_1', 'rotateSecret', testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: '5.3: an agent may not rotate (403)',
    request: action('whk_1', 'rotateSecret', testTokens.agent),
    expect: { status: 403 },
  },
  {
    name: "tenancy: rotating another affiliate's webhook is 404",
    request: action('whk_3', 'rotateSecret'),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

const versionCases: HttpCase[] = [
  {
    name: '9.5: upgrade moves a v1 webhook to v2',
    request: action('whk_2', 'upgrade'),
    expect: { status: 200, body: { success: true, data: { ...whk2View, payloadVersion: 'v2' } } },
  },
  {
    name: '9.5: upgrading a v2 webhook is a no-op answering the record',
    request: action('whk_1', 'upgrade'),
    expect: { status: 200, body: { success: true, data: whk1View } },
  },
  {
    name: '5.3: an admin may not upgrade (403)',
    request: action('whk_2', 'upgrade', testTokens.admin),
    expect: { status: 403 },
  },
  {
    name: "tenancy: upgrading another affiliate's webhook is 404",
    request: action('whk_3', 'upgrade'),
    expect: expectError(404, 'NOT_FOUND'),
  },
  {
    name: '5.3 and 9.5: the master token rolls a webhook back to v1, naming it by id',
    request: action('whk_1', 'rollback', testTokens.master),
    expect: {
      status: 200,
      body: { success: true, data: { ...whk1View, payloadVersion: 'v1', standardWebhooks: false } },
    },
    followUp: [
      {
        request: get('whk_1'),
        expect: {
          status: 200,
          check: (_r, json) => assert(dataOf(json).payloadVersion === 'v1', 'not rolled back'),
        },
      },
    ],
  },
  {
    name: '5.3: rollback with a super admin token is 403 (master only)',
    request: action('whk_1', 'rollback'),
    expect: expectError(403, 'FORBIDDEN'),
  },
  {
    name: '5.1: rollback without a token is 401',
    request: { method: 'POST', path: '/v2/webhooks/whk_1/actions/rollback' },
    expect: { status: 401 },
  },
  {
    name: 'rollback of an unknown webhook is 404',
    request: action('whk_missing', 'rollback', testTokens.master),
    expect: expectError(404, 'NOT_FOUND'),
  },
];

/** docs/api.md §3.1, §4.8, §5 and §9.5 for status, delete, rotation, upgrade and rollback, run by both adapters. */
export const webhookLifecycleHttpTable: HttpTable = {
  title: 'webhooks: status, delete, rotateSecret, upgrade, rollback',
  service: tableServiceOptions,
  setup: seedTableWebhooks,
  cases: [...statusCases, ...deleteCases, ...rotateCases, ...versionCases],
};
