import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import vectors from '../test-vectors.json';
import * as browser from './browser';
import { isWebhookVerificationError } from './errors';
import * as node from './index';
import type { WebhookPublicKey } from './public-key';

const { v1a } = vectors;
const keys = Object.values(v1a.keys);
const keyOf = (kid: string) => keys.find((key) => key.kid === kid)!;

/** The public key as a PEM file for the openssl command line, as a receiver in a shell would hold it. */
function pemFile(publicKey: string): string {
  const der = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(publicKey.slice(5), 'base64'),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'v1a-')), 'key.pem');
  writeFileSync(
    path,
    createPublicKey({ key: der, format: 'der', type: 'spki' }).export({ format: 'pem', type: 'spki' }),
  );
  return path;
}

function opensslVerifies(publicKey: string, text: string, signature: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'v1a-'));
  writeFileSync(join(dir, 'text'), text);
  writeFileSync(join(dir, 'sig'), Buffer.from(signature, 'base64'));
  const out = execFileSync('openssl', [
    'pkeyutl',
    '-verify',
    '-rawin',
    '-pubin',
    '-inkey',
    pemFile(publicKey),
    '-in',
    join(dir, 'text'),
    '-sigfile',
    join(dir, 'sig'),
  ]).toString();
  return out.includes('Signature Verified Successfully');
}

const entries = (header: string) => header.split(' ').map((entry) => entry.slice(4));

describe('v1a signing vectors (test-vectors.json; api.md: v1a signatures)', () => {
  it.each(v1a.signing)('$name: node:crypto and openssl verify each entry with its key', (v) => {
    expect(v.signed_text).toBe(`${v.id}.${v.timestamp}.${v.body}`);
    const signatures = entries(v.headers['webhook-signature']);
    expect(v.headers['x-webhook-key-id']).toBe(v.keys.join(' '));
    v.keys.forEach((kid, i) => {
      const key = createPublicKey({ key: keyOf(kid).jwk, format: 'jwk' });
      expect(verify(null, Buffer.from(v.signed_text), key, Buffer.from(signatures[i]!, 'base64'))).toBe(true);
      expect(opensslVerifies(keyOf(kid).public_key, v.signed_text, signatures[i]!)).toBe(true);
    });
  });
});

type V1aCase = (typeof v1a.verification)[number];

async function runV1aCase(c: V1aCase, build: 'node' | 'web'): Promise<string> {
  const verifyWith =
    build === 'node' ? node.verifyWebhookWithPublicKeyAsync : browser.verifyWebhookWithPublicKeyAsync;
  try {
    await verifyWith({
      payload: c.body,
      headers: c.headers as Record<string, string>,
      publicKey: c.public_keys as WebhookPublicKey[],
      now: new Date(c.now * 1000),
      toleranceSeconds: c.tolerance_seconds,
      parse: false,
    });
    return 'valid';
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.code;
    throw error;
  }
}

describe('v1a verification vectors through both builds (api.md: v1a signatures)', () => {
  it.each(v1a.verification)('$name: $expect (node:crypto)', async (c) => {
    expect(await runV1aCase(c, 'node')).toBe(c.expect);
  });
  it.each(v1a.verification)('$name: $expect (WebCrypto)', async (c) => {
    expect(await runV1aCase(c, 'web')).toBe(c.expect);
  });
});

/** A JWKS server that counts its fetches and serves what `document` holds now. */
function jwksServer(document: { keys: unknown[] }) {
  const fetched: string[] = [];
  let failing = false;
  const fetch = async (url: string) => {
    fetched.push(url);
    if (failing) return { ok: false, status: 503, json: async () => ({}) };
    return { ok: true, status: 200, json: async () => structuredClone(document) };
  };
  return { fetch, fetched, fail: (next: boolean) => (failing = next) };
}

const signedOnce = v1a.signing[0]!;
const rotated = v1a.signing.find((v) => v.keys.length === 2)!;
const at = (v: { timestamp: number }) => new Date(v.timestamp * 1000);
const url = 'https://api.example.com/v2/affiliates/aff_1/jwks.json';

describe('jwksKeySet (api.md: v1a signatures)', () => {
  it.each(['node', 'web'] as const)(
    'verifies with keys fetched once and cached (%s build)',
    async (build) => {
      const verifyWith =
        build === 'node' ? node.verifyWebhookWithPublicKeyAsync : browser.verifyWebhookWithPublicKeyAsync;
      const server = jwksServer({ keys: [v1a.keys.P1.jwk] });
      const keySet = node.jwksKeySet({ url, fetch: server.fetch });
      const options = { payload: signedOnce.body, headers: signedOnce.headers, keySet, now: at(signedOnce) };
      await expect(verifyWith(options)).resolves.toMatchObject({ event_id: signedOnce.id });
      await verifyWith(options);
      expect(server.fetched).toEqual([url]);
    },
  );

  it('fetches again at once for a kid it lacks (a rotation), then verifies', async () => {
    const document = { keys: [v1a.keys.P1.jwk] as unknown[] };
    const server = jwksServer(document);
    const keySet = node.jwksKeySet({ url, fetch: server.fetch, minRefreshSeconds: 0 });
    await node.verifyWebhookWithPublicKeyAsync({
      payload: signedOnce.body,
      headers: signedOnce.headers,
      keySet,
      now: at(signedOnce),
    });
    document.keys.unshift(v1a.keys.P2.jwk);
    const headers = { ...rotated.headers, 'x-webhook-key-id': 'whkey_p2' };
    const withNewKeyOnly = {
      ...headers,
      'webhook-signature': rotated.headers['webhook-signature'].split(' ')[0]!,
    };
    await node.verifyWebhookWithPublicKeyAsync({
      payload: rotated.body,
      headers: withNewKeyOnly,
      keySet,
      now: at(rotated),
    });
    expect(server.fetched).toHaveLength(2);
  });

  it('fetches at most once per minRefreshSeconds however many unknown kids arrive', async () => {
    const server = jwksServer({ keys: [v1a.keys.P1.jwk] });
    const keySet = node.jwksKeySet({ url, fetch: server.fetch });
    const forged = { ...signedOnce.headers, 'x-webhook-key-id': 'whkey_forged' };
    for (let i = 0; i < 5; i++) {
      const error = await node
        .verifyWebhookWithPublicKeyAsync({
          payload: signedOnce.body,
          headers: forged,
          keySet,
          now: at(signedOnce),
        })
        .catch((e: unknown) => e);
      expect(isWebhookVerificationError(error) && error.code).toBe('NO_MATCHING_SIGNATURE');
    }
    expect(server.fetched).toHaveLength(1);
  });

  it('keeps the keys it has when a later fetch fails, and rejects when it never had any', async () => {
    const server = jwksServer({ keys: [v1a.keys.P1.jwk] });
    const keySet = node.jwksKeySet({ url, fetch: server.fetch, maxAgeSeconds: 0 });
    const options = { payload: signedOnce.body, headers: signedOnce.headers, keySet, now: at(signedOnce) };
    await node.verifyWebhookWithPublicKeyAsync(options);
    server.fail(true);
    await expect(node.verifyWebhookWithPublicKeyAsync(options)).resolves.toBeDefined();
    const fresh = node.jwksKeySet({ url, fetch: server.fetch });
    const error = await node
      .verifyWebhookWithPublicKeyAsync({ ...options, keySet: fresh })
      .catch((e: unknown) => e);
    expect(isWebhookVerificationError(error)).toBe(false);
    expect(String(error)).toContain('JWKS answered 503');
  });

  it('takes the key as a JWK of the JWKS document too', async () => {
    await expect(
      browser.verifyWebhookWithPublicKeyAsync({
        payload: signedOnce.body,
        headers: signedOnce.headers,
        publicKey: v1a.keys.P1.jwk as WebhookPublicKey,
        now: at(signedOnce),
      }),
    ).resolves.toMatchObject({ event_id: signedOnce.id });
  });

  it('refuses a publicKey that is not whpk_ and 32 bytes, as misuse', async () => {
    await expect(
      node.verifyWebhookWithPublicKeyAsync({
        payload: signedOnce.body,
        headers: signedOnce.headers,
        publicKey: 'whsec_AAAA',
        now: at(signedOnce),
      }),
    ).rejects.toThrow(TypeError);
  });
});
