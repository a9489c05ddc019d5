import { fakeHttpClient, fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpRequest } from '../../ports/net/http-client';
import { rotationOverlapMs } from './signing-secrets';

/** Stock Standard Webhooks verifiers, as a receiver in any language would use one. */
const libraries = [
  ['standardwebhooks', (secret: string) => new StandardWebhook(secret)],
  ['svix', (secret: string) => new SvixWebhook(secret)],
] as const;

/** A secret in the format issued before the standard headers: whsec_ and 32 bytes in base64url. */
const issuedBefore = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

async function setup() {
  let status = 200;
  const http = fakeHttpClient(() => ({ ok: true, status, headers: {}, bodyText: '', latencyMs: 1 }));
  const svc = testService({ http, resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }) });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string = testTokens.superAdmin,
  ) => {
    const response = await svc.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, data: ((await response.json()) as any).data };
  };
  const created = await call('POST', '/v2/webhooks', {
    name: 'Stock libraries',
    url: 'https://hooks.example.com/in',
    webhookInterests: ['ecommerce_order_created'],
  });
  expect(created.status).toBe(201);
  const id: string = created.data.id;
  /** Records an order (a real event through the outbox) and runs the worker: the requests it sent. */
  const order = async (orderId: string): Promise<HttpRequest[]> => {
    const order = {
      id: orderId,
      status: 'pending' as const,
      totalCents: 4_900,
      currency: 'USD',
      products: [],
    };
    await svc.commerce.recordOrder({ affiliateId: 'aff_1', order });
    return deliver();
  };
  const deliver = async (): Promise<HttpRequest[]> => {
    http.requests.length = 0;
    await svc.deliveries.runDue({ limit: 100 });
    return [...http.requests];
  };
  const answer = (next: number) => {
    status = next;
  };
  return { svc, id, secret: created.data.credentials.secret as string, call, order, deliver, answer };
}

/** Runs a stock library's check at the service's (standing) time: they read Date.now(). */
function atServiceTime<T>(svc: { clock: { now(): Date } }, check: () => T): T {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(svc.clock.now());
  try {
    return check();
  } finally {
    vi.useRealTimers();
  }
}

/** Whether a stock library accepts the request with this secret (its error means no). */
function stockVerifies(
  make: (secret: string) => { verify(body: string, headers: Record<string, string>): unknown },
) {
  return (svc: { clock: { now(): Date } }, request: HttpRequest, secret: string, body = request.body!) => {
    try {
      atServiceTime(svc, () => make(secret).verify(body, { ...request.headers }));
      return true;
    } catch {
      return false;
    }
  };
}

afterEach(() => vi.useRealTimers());

describe('5.4 Standard Webhooks headers on real deliveries, verified by stock libraries', () => {
  it.each(libraries)('%s verifies a delivery of a recorded order; a tampered body fails', async (_, make) => {
    const { svc, secret, order } = await setup();
    const [request] = await order('ord_1');
    const headers = request!.headers;
    const body = request!.body!;
    expect(JSON.parse(body)).toMatchObject({ event_type: 'ecommerce_order_created' });
    expect(headers['webhook-id']).toBe(headers['X-Webhook-Id']);
    expect(headers['webhook-id']).toBe(JSON.parse(body).event_id);
    expect(headers['X-Webhook-Signature']).toMatch(new RegExp(`^t=${headers['webhook-timestamp']},sha256=`));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    const verifies = stockVerifies(make);
    expect(atServiceTime(svc, () => make(secret).verify(body, { ...headers }))).toEqual(JSON.parse(body));
    expect(verifies(svc, request!, secret, body.replace('ord_1', 'ord_2'))).toBe(false);
    expect(verifies(svc, request!, secret, `${body} `)).toBe(false);
  });

  it('webhook-verify verifies the same delivery by either scheme, X-Webhook-Signature first', async () => {
    const { svc, secret, order } = await setup();
    const [request] = await order('ord_1');
    const { body, headers } = request!;
    const now = svc.clock.now();
    const event = verifyWebhook({ payload: body!, headers, secret, now });
    expect(verifyWebhook({ payload: body!, headers, secret, now, scheme: 'standard-webhooks' })).toEqual(
      event,
    );
    const { 'X-Webhook-Signature': _ours, ...standardOnly } = headers;
    expect(verifyWebhook({ payload: body!, headers: standardOnly, secret, now })).toEqual(event);
  });

  it.each(libraries)('%s verifies an example sent on request (sendExample)', async (_, make) => {
    const { svc, id, secret, call, deliver } = await setup();
    const sent = await call('POST', `/v2/webhooks/${id}/actions/sendExample`, {
      eventType: 'journey_completed',
    });
    expect(sent.status).toBe(202);
    const [request] = await deliver();
    expect(request!.headers['webhook-id']).toBe(sent.data.eventId);
    expect(stockVerifies(make)(svc, request!, secret)).toBe(true);
  });

  it.each(libraries)(
    '%s verifies a delivery signed during a rotation overlap with either secret',
    async (_, make) => {
      const { svc, id, secret: oldSecret, call, order } = await setup();
      const rotated = await call('POST', `/v2/webhooks/${id}/actions/rotateSecret`);
      const newSecret: string = rotated.data.credentials.secret;
      const [request] = await order('ord_1');
      const { headers } = request!;
      expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect(headers['X-Webhook-Signature']!.split(',')).toHaveLength(3);
      const verifies = stockVerifies(make);
      expect(verifies(svc, request!, newSecret)).toBe(true);
      expect(verifies(svc, request!, oldSecret)).toBe(true);
      expect(verifies(svc, request!, newSecret, request!.body!.replace('ord_1', 'ord_9'))).toBe(false);

      svc.clock.advance(rotationOverlapMs);
      const [after] = await order('ord_2');
      expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
      expect(verifies(svc, after!, newSecret)).toBe(true);
      expect(verifies(svc, after!, oldSecret)).toBe(false);
    },
  );

  it('a retry keeps webhook-id and signs a fresh webhook-timestamp, which svix verifies', async () => {
    const { svc, secret, order, deliver, answer } = await setup();
    answer(500);
    const [first] = await order('ord_1');
    answer(200);
    svc.clock.advance(11_000);
    const [retry] = await deliver();
    expect(retry!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(Number(retry!.headers['webhook-timestamp'])).toBe(
      Number(first!.headers['webhook-timestamp']) + 11,
    );
    expect(stockVerifies(libraries[1][1])(svc, retry!, secret)).toBe(true);
  });
});

describe('5.4 webhooks without the standard headers, and what their record says', () => {
  it('a secret issued before: X-Webhook-Signature alone, standardWebhooks false; rotating turns them on', async () => {
    const { svc, id, call, order } = await setup();
    const stored = (await svc.deps.storage.webhooks.get({ affiliateId: 'aff_1', id }))!;
    const sealed = await svc.deps.secretBox.seal({ plaintext: issuedBefore, webhookId: id });
    const replaced = await svc.deps.storage.webhooks.replace({
      webhook: {
        ...stored,
        secrets: [{ sealed, createdAt: stored.createdAt }],
        revision: stored.revision + 1,
      },
      expectedRevision: stored.revision,
    });
    expect(replaced).toBe(true);
    expect((await call('GET', `/v2/webhooks/${id}`)).data.standardWebhooks).toBe(false);

    const [before] = await order('ord_1');
    expect(Object.keys(before!.headers).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    const now = svc.clock.now();
    verifyWebhook({
      payload: before!.body!,
      headers: before!.headers,
      secret: issuedBefore,
      now,
      parse: false,
    });

    const rotated = await call('POST', `/v2/webhooks/${id}/actions/rotateSecret`);
    expect(rotated.data.standardWebhooks).toBe(true);
    expect((await call('GET', '/v2/webhooks')).data[0].standardWebhooks).toBe(true);
    const [overlap] = await order('ord_2');
    expect(overlap!.headers['X-Webhook-Signature']!.split(',')).toHaveLength(3);
    expect(overlap!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    for (const [, make] of libraries) {
      expect(stockVerifies(make)(svc, overlap!, rotated.data.credentials.secret)).toBe(true);
    }
    verifyWebhook({
      payload: overlap!.body!,
      headers: overlap!.headers,
      secret: issuedBefore,
      now,
      parse: false,
    });
  });

  it('v1 payloads and authentication off carry no standard headers, and say so', async () => {
    const { id, call, order } = await setup();
    expect((await call('GET', `/v2/webhooks/${id}`)).data.standardWebhooks).toBe(true);
    const rolledBack = await call(
      'POST',
      `/v2/webhooks/${id}/actions/rollback`,
      undefined,
      testTokens.master,
    );
    expect(rolledBack.data).toMatchObject({ payloadVersion: 'v1', standardWebhooks: false });
    const [v1] = await order('ord_1');
    expect(v1!.headers['X-Webhook-Signature']).toMatch(/^sha256=/);
    expect(v1!.headers).not.toHaveProperty('webhook-signature');

    await call('POST', `/v2/webhooks/${id}/actions/upgrade`);
    const off = await call('PUT', `/v2/webhooks/${id}`, { authentication: false });
    expect(off.data).toMatchObject({ authentication: false, standardWebhooks: false });
    const [unsigned] = await order('ord_2');
    expect(Object.keys(unsigned!.headers).filter((name) => /signature|^webhook-/i.test(name))).toEqual([]);
  });
});
