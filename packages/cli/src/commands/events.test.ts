import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, fakeToken, startFakeApi } from '../fake-api.test-support';
import { runCli } from '../run-cli.test-support';
import { hostileText, terminalControl } from '../terminal-control.test-support';

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFakeApi();
  for (let i = 0; i < 5; i++)
    fake.addEvent(i % 2 ? 'journey_started' : 'order_created', { webhookIds: ['whk_a'] });
});
afterAll(() => fake.close());

const api = () => ['--api', fake.url, '--token', fakeToken];
const lastQuery = () => Object.fromEntries(fake.requests.at(-1)!.url.searchParams);

describe('events list', () => {
  it('prints one line per event, newest first, and how to page on', async () => {
    const { code, stdout, stderr } = await runCli(['events', 'list', '--limit', '2', ...api()]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '2026-01-01T00:00:05.000Z  order_created    evt_000005',
        '2026-01-01T00:00:04.000Z  journey_started  evt_000004',
        '',
      ].join('\n'),
    );
    expect(stderr).toBe('More: --starting-after evt_000004\n');
    expect(lastQuery()).toEqual({ limit: '2' });
  });

  it('passes every filter and cursor as the API names them', async () => {
    await runCli([
      'events',
      'list',
      '--limit=3',
      '--types',
      'order_created, journey_started',
      '--created-gte',
      '2026-01-01T00:00:00Z',
      '--created-lt',
      '2027-01-01T00:00:00Z',
      '--webhook',
      'whk_a',
      '--starting-after',
      'evt_000005',
      ...api(),
    ]);
    expect(lastQuery()).toEqual({
      limit: '3',
      types: 'order_created,journey_started',
      createdGte: '2026-01-01T00:00:00Z',
      createdLt: '2027-01-01T00:00:00Z',
      webhookId: 'whk_a',
      startingAfter: 'evt_000005',
    });
    const newer = await runCli(['events', 'list', '--ending-before', 'evt_000001', '--limit', '2', ...api()]);
    expect(newer.stdout).toMatch(/evt_000003\n.*evt_000002\n$/);
    expect(newer.stderr).toBe('More: --ending-before evt_000003\n');
  });

  it('--json prints the page as one line', async () => {
    const { stdout, stderr } = await runCli(['events', 'list', '--limit', '1', '--json', ...api()]);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toHaveLength(2);
    const page = JSON.parse(stdout);
    expect(page).toMatchObject({ hasMore: true, events: [{ event_id: 'evt_000005', data: { n: 5 } }] });
  });

  it('an empty page says so', async () => {
    const { stdout } = await runCli(['events', 'list', '--types', 'order_paid', ...api()]);
    expect(stdout).toBe('No events.\n');
  });
});

describe('events get', () => {
  it('prints the event, its deliveries and its payload', async () => {
    const { code, stdout } = await runCli(['events', 'get', 'evt_000003', ...api()]);
    expect(code).toBe(0);
    expect(stdout).toContain('evt_000003  order_created  2026-01-01T00:00:03.000Z\n');
    expect(stdout).toContain(
      '  whk_a  dlv_evt_000003_whk_a  succeeded  1 attempt  last 200 at 2026-01-01T00:00:03.000Z',
    );
    expect(stdout).toContain('Payload:\n{\n  "event_type": "order_created",');
  });

  it('--json prints {event, deliveries} on one line', async () => {
    const { stdout } = await runCli(['events', 'get', 'evt_000003', '--json', ...api()]);
    expect(JSON.parse(stdout)).toMatchObject({
      event: { event_id: 'evt_000003' },
      deliveries: [{ webhookId: 'whk_a', deliveryId: 'dlv_evt_000003_whk_a' }],
    });
  });
});

describe('events resend', () => {
  it("retries the event's delivery to that webhook", async () => {
    const { code, stdout } = await runCli(['events', 'resend', 'evt_000002', '--webhook', 'whk_a', ...api()]);
    expect(code).toBe(0);
    expect(fake.retried.at(-1)).toBe('dlv_evt_000002_whk_a');
    expect(fake.requests.at(-1)!.url.pathname).toBe(
      '/v2/webhooks/whk_a/deliveries/dlv_evt_000002_whk_a/actions/retry',
    );
    expect(stdout).toBe(
      'Delivery dlv_evt_000002_whk_a of evt_000002 to whk_a is due again (pending); the worker sends it within seconds\n',
    );
  });

  it('says clearly when the event has no delivery to that webhook, and retries nothing', async () => {
    const retried = fake.retried.length;
    const { code, stdout, stderr } = await runCli([
      'events',
      'resend',
      'evt_000002',
      '--webhook',
      'whk_b',
      ...api(),
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: event evt_000002 has no delivery to webhook whk_b: it went to whk_a\n');
    const none = fake.addEvent('order_paid');
    const json = await runCli(['events', 'resend', none.event_id, '--webhook', 'whk_b', '--json', ...api()]);
    expect(JSON.parse(json.stderr)).toMatchObject({
      type: 'error',
      code: 'NO_DELIVERY',
      message: `event ${none.event_id} has no delivery to webhook whk_b: no webhook was sent it`,
      deliveredTo: [],
    });
    expect(fake.retried.length).toBe(retried);
  });
});

describe('events on a terminal', () => {
  it('no output line of list or get shows a control or bidi character of an event; --json keeps it exact', async () => {
    const hostile = await startFakeApi();
    const args = ['--api', hostile.url, '--token', fakeToken];
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          hostileText,
          hostileText,
          hostileText,
          hostileText,
          async (eventType, id, timestamp, note) => {
            n += 1;
            const event = hostile.addEvent(eventType, {
              webhookIds: [`whk_${note}`],
              fields: { event_id: `evt_${n}_${id}`, timestamp, data: { note, [note]: [note] } },
            });
            const runs = [
              await runCli(['events', 'list', '--limit', '1', ...args]),
              await runCli(['events', 'get', event.event_id, ...args]),
            ];
            const list = await runCli(['events', 'list', '--limit', '1', '--json', ...args]);
            const get = await runCli(['events', 'get', event.event_id, '--json', ...args]);
            for (const run of [...runs, list, get]) {
              expect(run.code).toBe(0);
              for (const line of `${run.stdout}${run.stderr}`.split('\n'))
                expect(line).not.toMatch(terminalControl);
            }
            expect(JSON.parse(list.stdout).events).toEqual([event]);
            expect(JSON.parse(get.stdout).event).toEqual(event);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await hostile.close();
    }
  });
});
