/**
 * The CLI as a user runs it, against the demo as `npm start` starts it (its own port and data
 * folder): `listen` forwards what the demo records to a local receiver that verifies every
 * request with @affiliate-commerce/webhook-verify and the printed session secret, through a
 * receiver outage and an API restart; `trigger` and `events` work on the demo's webhooks; the
 * token appears in no output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from '../../../examples/demo-server/src/spawn-demo';
import { freePort, type Receiver, startReceiver } from './receiver.test-support';
import { waitFor } from './wait-for.test-support';

const root = new URL('../../../', import.meta.url).pathname;
const token = 'demo_super_admin';
/** The demo's webhook on its own receiver (answers 2xx) and the one whose path always fails. */
const okWebhook = 'whk_demo_receiver';
const failingWebhook = 'whk_demo_failing';

/**
 * The CLI as a user runs it in this repository: the `affiliate-commerce` bin npm links (what
 * `npx affiliate-commerce` runs), the built command when there is one, else its source.
 */
function spawnCli(args: readonly string[], env: Record<string, string> = {}) {
  const child = spawn(join(root, 'node_modules/.bin/affiliate-commerce'), args, {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** Runs a CLI command to its end. */
async function cli(args: readonly string[], env: Record<string, string> = {}) {
  const run = spawnCli(args, env);
  const code = await run.exited;
  transcripts.push(run.output());
  return { code, output: run.output() };
}

const running = new Set<ChildProcess>();
/** Everything every CLI run printed, checked for the token at the end. */
const transcripts: string[] = [];
let dataDir: string;
let demo: RunningDemo;
let api: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-e2e-'));
  demo = await startDemo(dataDir);
  api = `http://127.0.0.1:${new URL(demo.url).port}`;
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Records an event in the demo: an example sent to one of its webhooks. */
async function sendExample(eventType = 'order_created', webhookId = okWebhook): Promise<string> {
  const response = await fetch(`${api}/v2/webhooks/${webhookId}/actions/sendExample`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventType }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { data: { eventId: string } }).data.eventId;
}

/** Records an event in the demo as a storefront does: a journey started (`journey_started`). */
async function startJourney(): Promise<string> {
  const response = await fetch(`${api}/journeys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ templateSlug: 'start-your-plan' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The requests `receiver` got for one event id. */
const requestsFor = (receiver: Receiver, eventId: string) =>
  receiver.received.filter((request) => request.headers['x-webhook-id'] === eventId);

describe('listen, trigger and events against the demo (npm start)', () => {
  let receiver: Receiver;
  let session: ReturnType<typeof spawnCli>;

  it('listen forwards each new event within 2 s, once, oldest first, verified with the session secret (README: listen)', async () => {
    receiver = await startReceiver();
    session = spawnCli(['listen', '--api', api, '--token', token, '--forward-to', receiver.url]);
    await waitFor(() => /^Listening for new events/m.test(session.output()), 20_000, 'listen ready');
    receiver.secret = /^Session secret: (whsec_[A-Za-z0-9+/=]+)$/m.exec(session.output())![1];

    // Three events recorded back to back: they must arrive in that order, each within 2 s.
    const recorded: { at: number; find: () => Received | undefined }[] = [];
    type Received = Receiver['received'][number];
    for (const record of [sendExample, startJourney, () => sendExample('journey_completed')]) {
      const at = Date.now();
      const key = await record();
      // A journey's event id is the API's; its payload names the journey.
      const find = () =>
        receiver.received.find(
          (request) =>
            request.headers['x-webhook-id'] === key ||
            (JSON.parse(request.body) as { journey_id?: string }).journey_id === key,
        );
      recorded.push({ at, find });
    }
    await waitFor(() => recorded.every(({ find }) => find() !== undefined), 3000, 'the three events');
    const arrived = recorded.map(({ at, find }) => ({ latency: find()!.at - at, request: find()! }));
    for (const { latency, request } of arrived) {
      expect(latency).toBeLessThan(2000);
      expect(request).toMatchObject({ ours: true, standard: true });
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        'x-webhook-version': 'v2',
      });
      const body = JSON.parse(request.body) as { event_id: string };
      expect(request.headers['x-webhook-id']).toBe(body.event_id);
      expect(request.headers['webhook-id']).toBe(body.event_id);
    }
    const ids = arrived.map(({ request }) => request.headers['x-webhook-id'] as string);
    expect(JSON.parse(arrived[0]!.request.body)).toMatchObject({
      event_type: 'order_created',
      example: true,
    });
    expect(JSON.parse(arrived[1]!.request.body)).toMatchObject({ event_type: 'journey_started' });
    // Each once, however many polls pass, and one line each: time, type, id, status, latency.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const id of ids) {
      expect(requestsFor(receiver, id)).toHaveLength(1);
      expect(session.output()).toMatch(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d  \\w+  ${id}  → 200  \\d+ ms$`, 'm'),
      );
    }
    expect(receiver.received.map((request) => request.headers['x-webhook-id'])).toEqual(ids);
  }, 60_000);

  it('listen keeps running through an API restart and forwards what comes after (README: when things go down)', async () => {
    const port = new URL(demo.url).port;
    await demo.stop();
    await waitFor(
      () => /API unreachable \(.*\), retrying…/.test(session.output()),
      10_000,
      'the outage line',
    );
    demo = await startDemo(dataDir, { PORT: port });
    await waitFor(() => /API back after \d+ s/.test(session.output()), 15_000, 'the API back line');
    expect(session.child.exitCode).toBeNull();
    const at = Date.now();
    const id = await sendExample('ecommerce_order_paid');
    await waitFor(() => requestsFor(receiver, id).length === 1, 2000, 'the event after the restart');
    expect(requestsFor(receiver, id)[0]!.at - at).toBeLessThan(2000);
    expect(requestsFor(receiver, id)[0]).toMatchObject({ ours: true, standard: true });
    expect(session.output().match(/API unreachable/g)).toHaveLength(1);
  }, 60_000);

  it('Ctrl-C stops listen at once with exit code 0 (README: when things go down)', async () => {
    const started = Date.now();
    session.child.kill('SIGINT');
    expect(await session.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    transcripts.push(session.output());
  });

  it('a receiver that is down at first: that event is reported, the events after it is up arrive (README: when things go down)', async () => {
    const port = await freePort();
    const late = await startReceiver({ port, listening: false });
    // The token from the environment this time.
    const run = spawnCli(
      ['listen', '--api', api, '--forward-to', late.url, '--events', 'order_created,ecommerce_order_paid'],
      {
        AFFILIATE_COMMERCE_TOKEN: token,
      },
    );
    try {
      await waitFor(() => /^Listening for new events/m.test(run.output()), 20_000, 'listen ready');
      late.secret = /^Session secret: (\S+)$/m.exec(run.output())![1];
      const missed = await sendExample();
      await waitFor(
        () => run.output().includes(`${missed}  → connect ECONNREFUSED`),
        8000,
        'the refusal line',
      );
      await sendExample('journey_completed'); // not among --events: never forwarded
      await late.start();
      const at = Date.now();
      const next = await sendExample('ecommerce_order_paid');
      await waitFor(() => requestsFor(late, next).length === 1, 2000, 'the event after the receiver is up');
      expect(requestsFor(late, next)[0]!.at - at).toBeLessThan(2000);
      expect(requestsFor(late, next)[0]).toMatchObject({ ours: true, standard: true });
      expect(late.received).toHaveLength(1);
    } finally {
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      transcripts.push(run.output());
      await late.close();
    }
  }, 60_000);

  it('trigger prints the delivery outcome: delivered (exit 0) or failed (exit 1) (README: trigger)', async () => {
    const delivered = await cli([
      'trigger',
      'order_created',
      '--webhook',
      okWebhook,
      '--api',
      api,
      '--token',
      token,
    ]);
    expect(delivered.code).toBe(0);
    expect(delivered.output).toMatch(
      new RegExp(
        `^Sent an example order_created to ${okWebhook} \\(event evt_example_\\w+, delivery dlv_\\w+\\)`,
      ),
    );
    expect(delivered.output).toMatch(/^Delivered: 2\d\d in \d+ ms$/m);
    const failed = await cli(
      ['trigger', 'order_created', '--webhook', failingWebhook, '--api', api, '--verbose'],
      {
        AFFILIATE_COMMERCE_TOKEN: token,
      },
    );
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/^Delivery failed: 500 in \d+ ms: .*fails this path on purpose/m);
  }, 60_000);

  it('events list, get and resend on the demo (README: events)', async () => {
    const journey = await startJourney();
    const list = await cli([
      'events',
      'list',
      '--types',
      'journey_started',
      '--limit',
      '1',
      '--json',
      '--api',
      api,
      '--token',
      token,
    ]);
    expect(list.code).toBe(0);
    const page = JSON.parse(list.output) as { events: { event_id: string; journey_id: string }[] };
    expect(page.events[0]!.journey_id).toBe(journey);
    const eventId = page.events[0]!.event_id;
    const get = await cli(['events', 'get', eventId, '--api', api, '--token', token]);
    expect(get.code).toBe(0);
    expect(get.output).toContain(`${eventId}  journey_started`);
    expect(get.output).toContain(`  ${okWebhook}  dlv_`);
    const resend = await cli([
      'events',
      'resend',
      eventId,
      '--webhook',
      okWebhook,
      '--api',
      api,
      '--token',
      token,
    ]);
    expect(resend.code).toBe(0);
    expect(resend.output).toMatch(
      new RegExp(`^Delivery dlv_\\w+ of ${eventId} to ${okWebhook} is due again`),
    );
    // whk_demo_failing does not subscribe to journey_started: no delivery to retry.
    const none = await cli([
      'events',
      'resend',
      eventId,
      '--webhook',
      failingWebhook,
      '--api',
      api,
      '--token',
      token,
    ]);
    expect(none.code).toBe(1);
    expect(none.output).toMatch(
      new RegExp(
        `^error: event ${eventId} has no delivery to webhook ${failingWebhook}: it went to .*${okWebhook}`,
        'm',
      ),
    );
  }, 60_000);

  it('no output of any run shows the token (README: the token is never printed)', () => {
    expect(transcripts.length).toBeGreaterThanOrEqual(7);
    for (const transcript of transcripts) expect(transcript).not.toContain(token);
  });
});

describe('the README commands (README.md: Develop your receiver locally)', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('### Develop your receiver locally'),
    readme.indexOf('## Coupon report'),
  );
  const commands = [...section.matchAll(/^npx affiliate-commerce (.+)$/gm)].map((match) =>
    match[1]!.split(/\s+/),
  );

  it('listen and trigger run as written: the triggered event is delivered, and reaches the receiver through listen, signed both ways', async () => {
    expect(commands.map((args) => args[0])).toEqual(['listen', 'trigger']);
    const [listenArgs, triggerArgs] = commands as [string[], string[]];
    const receiver = await startReceiver();
    // Only where the demo and the receiver listen differs from the README's ports.
    const here = (args: readonly string[]) =>
      args.map((arg) =>
        arg.replace('http://127.0.0.1:3000', api).replace('http://127.0.0.1:4000/hooks', receiver.url),
      );
    const session = spawnCli(here(listenArgs));
    await waitFor(() => /^Listening for new events/m.test(session.output()), 20_000, 'listen ready');
    receiver.secret = /^Session secret: (whsec_[A-Za-z0-9+/=]+)$/m.exec(session.output())![1];
    const triggered = await cli(here(triggerArgs));
    expect(triggered.code, triggered.output).toBe(0);
    expect(triggered.output).toMatch(/Delivered: 2\d\d/);
    await waitFor(
      () => receiver.received.some((request) => request.ours && request.standard),
      5000,
      'the triggered event through listen',
    );
    session.child.kill('SIGINT');
    expect(await session.exited).toBe(0);
    transcripts.push(session.output());
  });
});
