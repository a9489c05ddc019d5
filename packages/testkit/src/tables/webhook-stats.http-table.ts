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

const stats = (id: string, query = '', token?: string) =>
  call('GET', `/v2/webhooks/${id}/stats${query}`, undefined, token);

/** `count` zero hours ending with the one of the tables' clock (10:00 UTC). */
const zeroHours = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    hour: new Date(Date.parse('2026-11-23T10:00:00.000Z') - (count - 1 - index) * 3_600_000).toISOString(),
    succeeded: 0,
    failed: 0,
  }));

const cases: HttpCase[] = [
  {
    name: '4.19: a webhook without attempts answers 24 zero hours, the current one last, idle',
    request: stats('whk_1'),
    expect: {
      status: 200,
      body: {
        success: true,
        data: {
          webhookId: 'whk_1',
          from: '2026-11-22T11:00:00.000Z',
          to: '2026-11-23T11:00:00.000Z',
          hours: zeroHours(24),
          succeeded: 0,
          failed: 0,
          successRate: null,
          health: { status: 'idle' },
        },
      },
    },
  },
  {
    name: '4.19: hours=168 covers a week; an admin may read it',
    request: stats('whk_1', '?hours=168', testTokens.admin),
    expect: {
      status: 200,
      check: (_response, json) => {
        const data = dataOf(json);
        assert(JSON.stringify(data.hours) === JSON.stringify(zeroHours(168)), 'not 168 zero hours');
        assert(data.from === '2026-11-16T11:00:00.000Z', `from ${String(data.from)}`);
      },
    },
  },
  {
    name: '4.19: a disabled webhook is disabled, with why and since when',
    request: call('PATCH', '/v2/webhooks/whk_2/status', { status: 'disabled' }),
    expect: { status: 200 },
    followUp: [
      {
        request: stats('whk_2', '?hours=1'),
        expect: {
          status: 200,
          check: (_response, json) => {
            const data = dataOf(json);
            assert(
              JSON.stringify(data.health) ===
                JSON.stringify({ status: 'disabled', since: '2026-11-23T10:00:00.000Z', reason: 'manual' }),
              `health ${JSON.stringify(data.health)}`,
            );
            assert(JSON.stringify(data.hours) === JSON.stringify(zeroHours(1)), 'not the current hour alone');
          },
        },
      },
    ],
  },
  {
    name: "tenancy: another affiliate's webhook is 404",
    request: stats('whk_3'),
    expect: expectError(404, 'NOT_FOUND'),
  },
  { name: 'an unknown webhook is 404', request: stats('whk_missing'), expect: expectError(404, 'NOT_FOUND') },
  {
    name: '5.3: an agent may not read stats (403)',
    request: stats('whk_1', '', testTokens.agent),
    expect: { status: 403 },
  },
  invalid('4.19: hours=0 is 422', stats('whk_1', '?hours=0'), 'hours', 'from 1 to 168'),
  invalid('4.19: hours=169 is 422', stats('whk_1', '?hours=169'), 'hours', 'from 1 to 168'),
  invalid('4.19: hours=day is 422', stats('whk_1', '?hours=day'), 'hours'),
  invalid('4.19: hours=2.5 is 422', stats('whk_1', '?hours=2.5'), 'hours'),
];

/** docs/api.md §4.19: endpoint stats and health at a glance. */
export const webhookStatsHttpTable: HttpTable = {
  title: 'webhooks: stats',
  service: tableServiceOptions,
  setup: seedTableWebhooks,
  cases,
};
