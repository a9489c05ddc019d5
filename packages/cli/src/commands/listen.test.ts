import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeToken, startFakeApi } from '../fake-api.test-support';
import { freePort, type Receiver, startReceiver } from '../receiver.test-support';
import { runCli } from '../run-cli.test-support';
import { terminalControl } from '../terminal-control.test-support';
import { waitFor } from '../wait-for.test-support';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((step) => step()));
});

/** `listen` running in this process until stopped, its output lines collected as they come. */
function listen(fake: FakeApi, receiver: Receiver, extra: string[] = []) {
  const controller = new AbortController();
  let stdout = '';
  const argv = ['listen', '--api', fake.url, '--token', fakeToken, '--forward-to', receiver.url, ...extra];
  const done = runCli(argv, { signal: controller.signal, onStdout: (text) => (stdout += text) });
  const stop = async () => {
    controller.abort();
    return done;
  };
  cleanup.push(stop);
  return { lines: () => stdout.split('\n').filter(Boolean), stop, done };
}

async function setUp(options: { receiverUp?: boolean } = {}) {
  const fake = await startFakeApi();
  cleanup.push(() => fake.close());
  const receiver =
    options.receiverUp === false
      ? await startReceiver({ port: await freePort(), listening: false })
      : await startReceiver();
  cleanup.push(() => receiver.close());
  return { fake, receiver };
}

describe('listen', () => {
  it('prints a session secret that verifies every forwarded request, and one line per event', async () => {
    const { fake, receiver } = await setUp();
    fake.addEvent('order_created');
    const session = listen(fake, receiver);
    await waitFor(() => session.lines().some((line) => line.startsWith('Listening for new events')));
    const [secretLine, , forwarding] = session.lines();
    receiver.secret = /^Session secret: (whsec_\S+)$/.exec(secretLine!)![1];
    expect(forwarding).toBe(`Forwarding events from ${fake.url} to ${receiver.url}`);
    const event = fake.addEvent('journey_started');
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]).toMatchObject({ ours: true, standard: true, body: JSON.stringify(event) });
    await waitFor(() => session.lines().length === 5);
    expect(session.lines()[4]).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d  journey_started  ${event.event_id}  → 200  \\d+ ms$`),
    );
    const stopped = Date.now();
    expect((await session.stop()).code).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(200);
  });

  it('--json: the session, each forward, the outage and its end, one object per line', async () => {
    const { fake, receiver } = await setUp();
    const session = listen(fake, receiver, ['--json', '--events', 'order_created', '--webhook', 'whk_a']);
    const records = () => session.lines().map((line) => JSON.parse(line));
    await waitFor(() => records().some((record) => record.type === 'listening'));
    const [start] = records();
    expect(start).toMatchObject({
      type: 'session',
      secret: expect.stringMatching(/^whsec_/),
      forwardTo: receiver.url,
      types: ['order_created'],
      webhookId: 'whk_a',
    });
    receiver.secret = start.secret;
    fake.failWith({ status: 503, code: 'STORAGE_UNAVAILABLE', message: 'storage is unavailable' });
    await waitFor(() => records().some((record) => record.type === 'api_unreachable'), 5000);
    // Several failed polls, still one line.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const event = fake.addEvent('order_created', { webhookIds: ['whk_a'] });
    fake.failWith(undefined);
    await waitFor(() => records().some((record) => record.type === 'forward'), 10_000);
    expect(records().map((record) => record.type)).toEqual([
      'session',
      'listening',
      'api_unreachable',
      'api_back',
      'forward',
    ]);
    expect(records()[2]).toMatchObject({ status: 503, code: 'STORAGE_UNAVAILABLE' });
    expect(records()[4]).toMatchObject({
      eventId: event.event_id,
      eventType: 'order_created',
      status: 200,
      tries: 1,
      latencyMs: expect.any(Number),
    });
    expect(receiver.received[0]).toMatchObject({ ours: true, standard: true });
  });

  it('a receiver that is down: the error for that event, then the next events once it is up', async () => {
    const { fake, receiver } = await setUp({ receiverUp: false });
    fake.addEvent('order_created');
    const session = listen(fake, receiver);
    await waitFor(() => session.lines().some((line) => line.startsWith('Listening')));
    const missed = fake.addEvent('order_created');
    await waitFor(() => session.lines().some((line) => line.includes(missed.event_id)), 8000);
    expect(session.lines().at(-1)).toMatch(
      new RegExp(`${missed.event_id}  → connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+ \\(tried 3 times\\)$`),
    );
    await receiver.start();
    const next = fake.addEvent('order_paid');
    await waitFor(() => receiver.received.length === 1, 5000);
    expect(receiver.received[0]!.headers['x-webhook-id']).toBe(next.event_id);
  });

  it.each([302, 307])(
    'a %i of the receiver is its answer, shown with its Location and not followed',
    async (status) => {
      const { fake, receiver } = await setUp();
      const elsewhere = await startReceiver();
      cleanup.push(() => elsewhere.close());
      receiver.status = status;
      receiver.headers = { location: elsewhere.url };
      receiver.body = 'moved';
      fake.addEvent('order_created');
      const session = listen(fake, receiver);
      await waitFor(() => session.lines().some((line) => line.startsWith('Listening')));
      const event = fake.addEvent('order_paid');
      await waitFor(() => session.lines().length === 5);
      expect(session.lines()[4]).toMatch(
        new RegExp(
          `  ${event.event_id}  → ${status}  \\d+ ms  redirect to ${elsewhere.url.replaceAll('.', '\\.')} not followed  moved$`,
        ),
      );
      expect(receiver.received).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
    },
  );

  it("the event's fields and the receiver's answer and headers reach the terminal escaped; --json keeps them", async () => {
    const { fake, receiver } = await setUp();
    receiver.status = 302;
    // A header value carries bytes 0x80-0xff: C1 controls once read as Latin-1.
    receiver.headers = { location: 'http://x/\u009b2J' };
    receiver.body = 'no\u001b[2J\u001b]0;pwned\u0007 \u202eevil\u0085';
    fake.addEvent('order_created');
    const human = listen(fake, receiver);
    const json = listen(fake, receiver, ['--json']);
    const started = (lines: string[]) => lines.some((line) => line.includes('istening'));
    await waitFor(() => started(human.lines()) && started(json.lines()));
    // The id travels in X-Webhook-Id too, where only Latin-1 fits.
    const event = fake.addEvent('order_\u001b[31mpaid\u202e', { fields: { event_id: 'evt_\u0085x' } });
    await waitFor(() => human.lines().length === 5 && json.lines().length === 3);
    for (const line of [...human.lines(), ...json.lines()]) expect(line).not.toMatch(terminalControl);
    expect(human.lines()[4]).toContain('  order_\\u001b[31mpaid\\u202e  evt_\\u0085x  → 302  ');
    expect(human.lines()[4]).toMatch(
      /redirect to http:\/\/x\/\\u009b2J not followed {2}no\\u001b\[2J\\u001b\]0;pwned\\u0007 \\u202eevil\\u0085$/,
    );
    expect(JSON.parse(json.lines()[2]!)).toMatchObject({
      type: 'forward',
      eventId: event.event_id,
      eventType: event.event_type,
      status: 302,
      location: 'http://x/\u009b2J',
      answer: receiver.body,
    });
  });

  it('a bad token: exit code 1 with the API error, and never the token', async () => {
    const { fake, receiver } = await setUp();
    const argv = ['listen', '--api', fake.url, '--token', 'tok_not_it_42', '--forward-to', receiver.url];
    const { code, stdout, stderr } = await runCli(argv);
    expect(code).toBe(1);
    expect(stderr).toBe('error: 401 UNAUTHORIZED: bad credentials: Bearer ***\n');
    expect(stdout + stderr).not.toContain('tok_not_it_42');
  });
});
