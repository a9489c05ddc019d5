import { createPublicKey, verify } from 'node:crypto';
import { fakeHttpClient, fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import {
  isWebhookVerificationError,
  jwksKeySet,
  verifyWebhook,
  verifyWebhookWithPublicKeyAsync,
} from '@affiliate-commerce/webhook-verify';
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../ports/net/http-client';
import { rotationOverlapMs } from './signing-secrets';

type Overrides = Parameters<typeof testService>[0];

async function setup(overrides: Overrides = {}) {
  const http = fakeHttpClient(() => ({ ok: true, status: 200, headers: {}, bodyText: '', latencyMs: 1 }));
  const svc = testService({
    http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    ...overrides,
  });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string | null = testTokens.superAdmin,
  ) => {
    const response = await svc.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as any };
  };
  const created = await call('POST', '/v2/webhooks', {
    name: 'Keys',
    url: 'https://hooks.example.com/in',
    webhookInterests: ['ecommerce_order_created'],
  });
  expect(created.status).toBe(201);
  const id: string = created.json.data.id;
  let orders = 0;
  /** Records an order (a real event through the outbox) and runs the worker: the requests it sent. */
  const order = async (): Promise<HttpRequest[]> => {
    orders += 1;
    const order = {
      id: `ord_${orders}`,
      status: 'pending' as const,
      totalCents: 4_900,
      currency: 'USD',
      products: [],
    };
    await svc.commerce.recordOrder({ affiliateId: 'aff_1', order });
    http.requests.length = 0;
    await svc.deliveries.runDue({ limit: 100 });
    return [...http.requests];
  };
  return { svc, id, secret: created.json.data.credentials.secret as string, call, order };
}

const v1aEntries = (request: HttpRequest) =>
  request.headers['webhook-signature']!.split(' ').filter((entry) => entry.startsWith('v1a,'));

/** node:crypto alone, as a receiver without this project's package checks a `v1a` entry. */
function nodeVerifies(publicKey: string, request: HttpRequest): boolean {
  const der = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(publicKey.slice(5), 'base64'),
  ]);
  const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  const text = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return v1aEntries(request).some((entry) =>
    verify(null, Buffer.from(text), key, Buffer.from(entry.slice(4), 'base64')),
  );
}

describe('ed25519 signing keys (api.md: v1a signatures)', () => {
  it('rotateSigningKey shows a whpk_ public key and never the private one; deliveries carry v1 and v1a', async () => {
    const { svc, id, secret, call, order } = await setup();
    const rotated = await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    expect(rotated.status).toBe(200);
    const [key] = rotated.json.data.signingKeys;
    expect(key).toEqual({
      kid: expect.any(String),
      publicKey: expect.stringMatching(/^whpk_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.any(String),
    });
    expect(rotated.json.data.standardWebhooks).toBe(true);
    expect(rotated.text).not.toMatch(/sealed|ciphertext|pkcs8|keyRef/);
    const read = await call('GET', `/v2/webhooks/${id}`);
    expect(read.json.data.signingKeys).toEqual([key]);

    const [request] = await order();
    expect(request!.headers['X-Webhook-Key-Id']).toBe(key.kid);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,\S+ v1a,\S+$/);
    const now = svc.clock.now();
    const headers = request!.headers;
    await expect(
      verifyWebhookWithPublicKeyAsync({ payload: request!.body!, headers, publicKey: key.publicKey, now }),
    ).resolves.toMatchObject({ event_type: 'ecommerce_order_created' });
    expect(nodeVerifies(key.publicKey, request!)).toBe(true);
    // HMAC stays: the same delivery verifies with the secret too.
    expect(verifyWebhook({ payload: request!.body!, headers, secret, now })).toBeDefined();
  });

  it('the message log shows the kids of a delivery with a key, its signatures elided', async () => {
    const { id, call, order } = await setup();
    const key = (await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`)).json.data.signingKeys[0];
    await order();
    const [attempt] = (await call('GET', `/v2/webhooks/${id}/deliveries`)).json.data.items;
    const detail = await call('GET', `/v2/deliveries/${attempt.deliveryId}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(`"X-Webhook-Key-Id":"${key.kid}"`);
    expect(detail.text).not.toContain('v1a,');
  });

  it('a wrong key fails with NO_MATCHING_SIGNATURE', async () => {
    const { svc, id, call, order } = await setup();
    await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    const [request] = await order();
    const other = 'whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=';
    const error = await verifyWebhookWithPublicKeyAsync({
      payload: request!.body!,
      headers: request!.headers,
      publicKey: other,
      now: svc.clock.now(),
    }).catch((e: unknown) => e);
    expect(isWebhookVerificationError(error) && error.code).toBe('NO_MATCHING_SIGNATURE');
  });

  it('rotation: both keys sign during the 24 h overlap, then only the new one', async () => {
    const { svc, id, call, order } = await setup();
    const first = (await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`)).json.data
      .signingKeys[0];
    const second = await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    const keys = second.json.data.signingKeys;
    expect(keys).toHaveLength(2);
    expect(keys[1]).toMatchObject({ kid: first.kid, expiresAt: expect.any(String) });
    const [during] = await order();
    expect(v1aEntries(during!)).toHaveLength(2);
    expect(during!.headers['X-Webhook-Key-Id']).toBe(`${keys[0].kid} ${first.kid}`);
    for (const key of keys) expect(nodeVerifies(key.publicKey, during!)).toBe(true);
    svc.clock.advance(rotationOverlapMs);
    const [after] = await order();
    expect(v1aEntries(after!)).toHaveLength(1);
    expect(nodeVerifies(first.publicKey, after!)).toBe(false);
    expect(nodeVerifies(keys[0].publicKey, after!)).toBe(true);
  });

  it('with authentication off, deliveries carry v1a alone', async () => {
    const { svc, id, call, order } = await setup();
    await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    const updated = await call('PUT', `/v2/webhooks/${id}`, { authentication: false });
    expect(updated.json.data).toMatchObject({ authentication: false, standardWebhooks: true });
    const [request] = await order();
    expect(request!.headers['X-Webhook-Signature']).toBeUndefined();
    expect(request!.headers['webhook-signature']).toMatch(/^v1a,\S+$/);
    const publicKey = updated.json.data.signingKeys[0].publicKey;
    await verifyWebhookWithPublicKeyAsync({
      payload: request!.body!,
      headers: request!.headers,
      publicKey,
      now: svc.clock.now(),
    });
  });

  it('DELETE signingKeys stops v1a at once and empties the JWKS document', async () => {
    const { id, call, order } = await setup();
    await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    const removed = await call('DELETE', `/v2/webhooks/${id}/signingKeys`);
    expect(removed.status).toBe(200);
    expect(removed.json.data.signingKeys).toBeUndefined();
    const [request] = await order();
    expect(request!.headers['webhook-signature']).not.toContain('v1a,');
    expect((await call('GET', '/v2/affiliates/aff_1/jwks.json', undefined, null)).json).toEqual({ keys: [] });
  });

  it('another tenant cannot add or remove keys of a webhook (404), and v1 webhooks are refused (422)', async () => {
    const { id, call } = await setup();
    for (const [method, path] of [
      ['POST', `/v2/webhooks/${id}/actions/rotateSigningKey`],
      ['DELETE', `/v2/webhooks/${id}/signingKeys`],
    ] as const) {
      const answer = await call(method, path, undefined, testTokens.otherSuperAdmin);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: expect.any(String) },
      });
    }
    expect(
      (await call('POST', `/v2/webhooks/${id}/actions/rollback`, undefined, testTokens.master)).status,
    ).toBe(200);
    const refused = await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'INVALID_FIELD', field: 'payloadVersion' });
  });
});

describe('service.webhooks: signing keys and OAuth from the host (api.md: v1a signatures)', () => {
  it('rotateSigningKey, removeSigningKeys, setOAuth and removeOAuth act as the routes; bad input and another tenant reject', async () => {
    const { svc, id } = await setup();
    const ref = { affiliateId: 'aff_1', id };
    const keyed = await svc.webhooks.rotateSigningKey(ref);
    expect(keyed.signingKeys?.[0]?.publicKey).toMatch(/^whpk_/);
    expect((await svc.webhooks.removeSigningKeys(ref)).signingKeys).toBeUndefined();
    const oauth = { tokenUrl: 'https://auth.example.com/token', clientId: 'c1', clientSecret: 's3cr3t' };
    const withOAuth = await svc.webhooks.setOAuth({ ...ref, ...oauth });
    expect(withOAuth.oauth).toEqual({ tokenUrl: oauth.tokenUrl, clientId: 'c1' });
    expect(JSON.stringify(withOAuth)).not.toContain('s3cr3t');
    expect((await svc.webhooks.removeOAuth(ref)).oauth).toBeUndefined();
    await expect(svc.webhooks.setOAuth({ ...ref, ...oauth, clientId: '' })).rejects.toMatchObject({
      status: 422,
      field: 'clientId',
    });
    await expect(svc.webhooks.rotateSigningKey({ affiliateId: 'aff_2', id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('JWKS document (api.md: v1a signatures)', () => {
  it('is public and cacheable, lists every key signing now, and verifies deliveries through jwksKeySet', async () => {
    const { svc, id, call, order } = await setup();
    const key = (await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`)).json.data.signingKeys[0];
    const jwks = await call('GET', '/v2/affiliates/aff_1/jwks.json', undefined, null);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.json).toEqual({
      keys: [{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: key.kid, alg: 'EdDSA', use: 'sig' }],
    });
    expect(Buffer.from(jwks.json.keys[0].x, 'base64url').toString('base64')).toBe(key.publicKey.slice(5));
    const keySet = jwksKeySet({
      url: 'http://api.test/v2/affiliates/aff_1/jwks.json',
      fetch: (url) => svc.handle(new Request(url)),
    });
    const [request] = await order();
    await expect(
      verifyWebhookWithPublicKeyAsync({
        payload: request!.body!,
        headers: request!.headers,
        keySet,
        now: svc.clock.now(),
      }),
    ).resolves.toMatchObject({ event_type: 'ecommerce_order_created' });
  });

  it('of another affiliate, or of no affiliate, holds none of these keys', async () => {
    const { id, call } = await setup();
    await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    expect((await call('GET', '/v2/affiliates/aff_2/jwks.json', undefined, null)).json).toEqual({ keys: [] });
    expect((await call('GET', '/v2/affiliates/nobody/jwks.json', undefined, null)).json).toEqual({
      keys: [],
    });
  });
});
