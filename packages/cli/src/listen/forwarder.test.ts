import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../api/events-api';
import { freePort, type Receiver, startReceiver } from '../receiver.test-support';
import { forwarder } from './forwarder';
import { sessionSecret } from './session-secret';

const envelope = (id: string): EventEnvelope => ({
  event_type: 'order_created',
  event_id: id,
  api_version: '2026-08-17',
  timestamp: '2026-01-01T00:00:00.000Z',
  timestamp_epoch: 1767225600,
  affiliate_id: 'aff_1',
  data: { name: 'Zoë "Z" Ünal', amount: 12.5, tags: ['a', 'b'], nested: { empty: null } },
});

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(options?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(options);
  receivers.push(started);
  return started;
}

describe('sessionSecret', () => {
  it('is whsec_ and the standard base64 of 33 random bytes, like the service issues', () => {
    const secret = sessionSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{44}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(33);
    expect(sessionSecret()).not.toBe(secret);
  });
});

describe('forwarder', () => {
  it('POSTs the body and headers of a real v2 delivery; both signature schemes verify', async () => {
    const local = await receiver();
    local.secret = sessionSecret();
    const send = forwarder({
      url: local.url,
      secret: local.secret,
      userAgent: 'affiliate-commerce-cli/test',
    });
    const event = envelope('evt_1');
    const outcome = await send(event);
    expect(outcome).toMatchObject({ status: 200, tries: 1 });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = local.received;
    expect(request!.body).toBe(JSON.stringify(event));
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'affiliate-commerce-cli/test',
      'x-webhook-id': 'evt_1',
      'x-webhook-version': 'v2',
      'webhook-id': 'evt_1',
    });
    expect(request!.headers['x-webhook-signature']).toMatch(/^t=\d+,sha256=[A-Za-z0-9+/]+=*$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request!.headers['x-webhook-signature']).toContain(`t=${request!.headers['webhook-timestamp']},`);
    expect(request!.ours).toBe(true);
    expect(request!.standard).toBe(true);
  });

  it('reports a receiver that answers non-2xx with its status and answer, after one try', async () => {
    const local = await receiver();
    local.status = 401;
    const send = forwarder({ url: local.url, secret: sessionSecret(), userAgent: 'test' });
    expect(await send(envelope('evt_1'))).toMatchObject({ status: 401, answer: 'no\n  thanks', tries: 1 });
    expect(local.received).toHaveLength(1);
  });

  it('tries a refused connection twice more, then reports it; while the receiver stays down, once', async () => {
    const port = await freePort();
    const local = await receiver({ port, listening: false });
    const send = forwarder({
      url: local.url,
      secret: sessionSecret(),
      userAgent: 'test',
      reconnectDelaysMs: [20, 20],
    });
    const first = await send(envelope('evt_1'));
    expect(first).toMatchObject({ tries: 3, error: expect.stringContaining('ECONNREFUSED') });
    expect(first.status).toBeUndefined();
    expect(await send(envelope('evt_2'))).toMatchObject({
      tries: 1,
      error: expect.stringContaining('ECONNREFUSED'),
    });
    await local.start();
    expect(await send(envelope('evt_3'))).toMatchObject({ status: 200, tries: 1 });
    expect(local.received.map((request) => request.headers['x-webhook-id'])).toEqual(['evt_3']);
  });

  it('delivers to a receiver that comes back between tries (a restart in watch mode)', async () => {
    const port = await freePort();
    const local = await receiver({ port, listening: false });
    const send = forwarder({
      url: local.url,
      secret: sessionSecret(),
      userAgent: 'test',
      reconnectDelaysMs: [150, 150],
    });
    setTimeout(() => void local.start(), 50);
    expect(await send(envelope('evt_1'))).toMatchObject({ status: 200, tries: 2 });
  });

  it('gives up on a receiver that does not answer in time, without trying again', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`;
    const send = forwarder({ url, secret: sessionSecret(), userAgent: 'test', timeoutMs: 100 });
    expect(await send(envelope('evt_1'))).toMatchObject({ error: 'timed out', tries: 1 });
    hanging.closeAllConnections();
    hanging.close();
  });
});
