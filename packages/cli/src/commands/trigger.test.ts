import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, fakeToken, startFakeApi } from '../fake-api.test-support';
import { runCli } from '../run-cli.test-support';
import { terminalControl } from '../terminal-control.test-support';

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFakeApi();
});
afterAll(() => fake.close());

const trigger = (...extra: string[]) =>
  runCli([
    'trigger',
    'order_created',
    '--webhook',
    'whk_t',
    '--api',
    fake.url,
    '--token',
    fakeToken,
    ...extra,
  ]);

describe('trigger', () => {
  it('sends the example, waits for its attempt in the delivery log, prints status and latency', async () => {
    fake.exampleOutcome = { afterPolls: 2, attempt: { statusCode: 204, latencyMs: 31 } };
    const { code, stdout } = await trigger();
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^Sent an example order_created to whk_t \(event evt_example_\d+, delivery dlv_example_\d+\); waiting for the delivery…$/,
    );
    expect(lines[1]).toBe('Delivered: 204 in 31 ms');
    const send = fake.requests.find((request) => request.method === 'POST')!;
    expect(send.url.pathname).toBe('/v2/webhooks/whk_t/actions/sendExample');
    expect(JSON.parse(send.body)).toEqual({ eventType: 'order_created' });
  });

  it('a failed attempt: its status, latency and answer, exit code 1', async () => {
    fake.exampleOutcome = {
      afterPolls: 0,
      attempt: { succeeded: false, statusCode: 500, latencyMs: 3, responseBody: '{"error":\n "down"}' },
    };
    const { code, stdout } = await trigger();
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Delivery failed: 500 in 3 ms: {"error": "down"} (the service retries it on its schedule)',
    );
  });

  it('an attempt with no answer: why', async () => {
    fake.exampleOutcome = {
      afterPolls: 0,
      attempt: { succeeded: false, statusCode: undefined, error: 'connect ECONNREFUSED 10.0.0.1:443' },
    };
    const { stdout } = await trigger();
    expect(stdout).toContain('Delivery failed: connect ECONNREFUSED 10.0.0.1:443');
  });

  it('no attempt within --timeout: says the delivery is still queued, exit code 1', async () => {
    fake.exampleOutcome = { afterPolls: 1000, attempt: {} };
    const started = Date.now();
    const { code, stdout } = await trigger('--timeout', '1');
    expect(code).toBe(1);
    expect(stdout).toContain('No attempt within 1 s: the delivery is still queued');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('--json: a line when sent, a line with the outcome', async () => {
    fake.exampleOutcome = { afterPolls: 0, attempt: { statusCode: 200, latencyMs: 7 } };
    const { stdout } = await trigger('--json');
    const [sent, outcome] = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(sent).toMatchObject({ type: 'sent', eventType: 'order_created', webhookId: 'whk_t' });
    expect(outcome).toMatchObject({
      type: 'outcome',
      outcome: 'delivered',
      statusCode: 200,
      latencyMs: 7,
      eventId: sent.eventId,
      deliveryId: sent.deliveryId,
    });
  });

  it("the attempt's answer and error reach the terminal with control and bidi characters escaped", async () => {
    const responseBody = 'down\u001b[2J\u001b]0;pwned\u0007 \u009b31m\u202eevil';
    const error = 'refused\r\u001b[1Aok\u2066';
    for (const attempt of [
      { succeeded: false, statusCode: 500, latencyMs: 3, responseBody },
      { succeeded: false, statusCode: undefined, error },
    ]) {
      fake.exampleOutcome = { afterPolls: 0, attempt };
      const { stdout } = await trigger();
      for (const line of stdout.split('\n')) expect(line).not.toMatch(terminalControl);
      const json = await trigger('--json');
      const outcome = JSON.parse(json.stdout.trimEnd().split('\n')[1]!);
      expect(outcome).toMatchObject(attempt.error ? { error } : { responseBody });
      for (const line of json.stdout.split('\n')) expect(line).not.toMatch(terminalControl);
    }
    fake.exampleOutcome = {
      afterPolls: 0,
      attempt: { succeeded: false, statusCode: 500, latencyMs: 3, responseBody },
    };
    expect((await trigger()).stdout).toContain(
      'Delivery failed: 500 in 3 ms: down\\u001b[2J\\u001b]0;pwned\\u0007 \\u009b31m\\u202eevil (the service',
    );
  });

  it('an API error of sendExample (a disabled webhook) is printed with its code', async () => {
    fake.failWith({
      status: 409,
      code: 'WEBHOOK_DISABLED',
      message: 'the webhook is disabled; enable it first',
    });
    const { code, stderr } = await trigger();
    fake.failWith(undefined);
    expect(code).toBe(1);
    expect(stderr).toBe('error: 409 WEBHOOK_DISABLED: the webhook is disabled; enable it first\n');
  });
});
