import { startReceiver, testService, testTokens } from '@affiliate-commerce/testkit';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../../ports/net/node-http-client';
import { nodeResolver } from '../../ports/net/node-resolver';
import { runWorker } from '../../worker/run-worker';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

async function post(service: ReturnType<typeof testService>, path: string, body: unknown) {
  const response = await service.handle(
    new Request(`http://api.test${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
  return { status: response.status, data: ((await response.json()) as any).data };
}

describe('sendExample end to end: a real worker, real HTTP, a real receiver', () => {
  it('2.7 the example arrives once, verifies with webhook-verify and carries the marker', async () => {
    // The test clock stands still at 2026-11-23; the receiver checks the signature's timestamp against it.
    const service = testService({
      http: nodeHttpClient(),
      resolver: nodeResolver(),
      allowPrivateNetworks: true,
    });
    const created = await post(service, '/v2/webhooks', { name: 'Receiver', url: receiver.url });
    expect(created.status).toBe(201);
    const sent = await post(service, `/v2/webhooks/${created.data.id}/actions/sendExample`, {
      eventType: 'journey_completed',
    });
    expect(sent.status).toBe(202);

    const stop = new AbortController();
    const working = runWorker({ service, signal: stop.signal, batchSize: 10, concurrency: 2 });
    for (let i = 0; i < 400 && receiver.received.length < 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    stop.abort();
    await working;

    expect(receiver.received).toHaveLength(1);
    const [arrival] = receiver.received;
    const event = verifyWebhook({
      payload: arrival!.body,
      signature: String(arrival!.headers['x-webhook-signature']),
      secret: created.data.credentials.secret,
      now: service.clock.now(),
      schema: webhookEventSchema,
    });
    expect(event).toMatchObject({
      event_type: 'journey_completed',
      event_id: sent.data.eventId,
      example: true,
      journey_id: 'jrn_example_1',
    });
    expect(arrival!.headers['x-webhook-id']).toBe(sent.data.eventId);
  });
});
