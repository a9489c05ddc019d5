import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { fakeHttpClient, fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import { verifyWebhookWithPublicKeyAsync } from '@affiliate-commerce/webhook-verify';
import { describe, expect, it } from 'vitest';
import { type KeyService, keyServiceSigner } from './key-service-signer';

/** A key service in the test's memory, as a KMS would be: keys never leave it. */
function fakeKeyService() {
  const keys = new Map<string, KeyObject>();
  const calls = { createKey: 0, sign: 0 };
  let down = false;
  const service: KeyService = {
    async createKey({ name }) {
      calls.createKey += 1;
      if (down) throw new Error('key service unavailable');
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      keys.set(name, privateKey);
      const x = publicKey.export({ format: 'jwk' }).x!;
      return { keyRef: `kms://${name}`, publicKey: Buffer.from(x, 'base64url') };
    },
    async sign({ keyRef, message }) {
      calls.sign += 1;
      if (down) throw new Error('key service unavailable: token tok_kms_secret expired');
      return sign(null, message, keys.get(keyRef.slice('kms://'.length))!);
    },
  };
  return { service, calls, setDown: (next: boolean) => (down = next) };
}

async function setup() {
  const kms = fakeKeyService();
  const storage = memoryStorage();
  const http = fakeHttpClient(() => ({ ok: true, status: 200, headers: {}, bodyText: '', latencyMs: 1 }));
  const svc = testService({
    storage,
    http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    webhookSigner: keyServiceSigner(kms.service),
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await svc.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, json: (await response.json()) as any };
  };
  const created = await call('POST', '/v2/webhooks', {
    name: 'KMS',
    url: 'https://hooks.example.com/in',
    authentication: false,
    webhookInterests: ['ecommerce_order_created'],
  });
  const id: string = created.json.data.id;
  const order = async (n: number) => {
    const order = {
      id: `ord_${n}`,
      status: 'pending' as const,
      totalCents: 100,
      currency: 'USD',
      products: [],
    };
    await svc.commerce.recordOrder({ affiliateId: 'aff_1', order });
    http.requests.length = 0;
    await svc.deliveries.runDue({ limit: 100 });
    return [...http.requests];
  };
  return { svc, storage, kms, call, id, order };
}

describe('keyServiceSigner: v1a keys kept in a key service (api.md: v1a signatures)', () => {
  it('stores only the key reference and the public key; every attempt is signed by the key service', async () => {
    const { svc, storage, kms, call, id, order } = await setup();
    const rotated = await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    expect(rotated.status).toBe(200);
    const [key] = rotated.json.data.signingKeys;
    const stored = await storage.webhooks.get({ affiliateId: 'aff_1', id });
    expect(stored!.signingKeys).toEqual([
      {
        kid: key.kid,
        publicKey: key.publicKey.slice(5),
        keyRef: `kms://webhook-aff_1-${id}-${key.kid}`,
        createdAt: expect.any(Date),
      },
    ]);
    const [request] = await order(1);
    expect(kms.calls.sign).toBe(1);
    await expect(
      verifyWebhookWithPublicKeyAsync({
        payload: request!.body!,
        headers: request!.headers,
        publicKey: key.publicKey,
        now: svc.clock.now(),
      }),
    ).resolves.toMatchObject({ ecommerce_order_id: 'ord_1' });
  });

  it('a key service that cannot make a key answers 502 UPSTREAM_UNAVAILABLE, and nothing changes', async () => {
    const { kms, call, id } = await setup();
    kms.setDown(true);
    const refused = await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    expect(refused.status).toBe(502);
    expect(refused.json).toEqual({
      success: false,
      error: { code: 'UPSTREAM_UNAVAILABLE', message: expect.any(String) },
    });
    expect((await call('GET', `/v2/webhooks/${id}`)).json.data.signingKeys).toBeUndefined();
  });

  it('a key service that cannot sign fails the attempt as signing_failed: nothing is sent, and the log holds no secret', async () => {
    const { svc, kms, call, id, order } = await setup();
    await call('POST', `/v2/webhooks/${id}/actions/rotateSigningKey`);
    kms.setDown(true);
    expect(await order(1)).toEqual([]);
    const log = await call('GET', `/v2/webhooks/${id}/deliveries`);
    expect(log.json.data.items).toEqual([
      expect.objectContaining({
        attempt: 1,
        succeeded: false,
        error: expect.stringMatching(/^signing_failed: the signer could not sign with key whkey_/),
      }),
    ]);
    expect(JSON.stringify(log.json)).not.toContain('tok_kms_secret');
    kms.setDown(false);
    svc.clock.advance(60_000);
    await svc.deliveries.runDue({ limit: 100 });
    const next = await call('GET', `/v2/webhooks/${id}/deliveries`);
    expect(next.json.data.items[0]).toMatchObject({ attempt: 2, succeeded: true });
  });
});
