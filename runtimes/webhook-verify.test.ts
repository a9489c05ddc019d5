import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type EventRecord, webhookHeaders } from '@affiliate-commerce/core';
import { buildV1Payload, buildV2Payload } from '@affiliate-commerce/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bun, deno, type Runtime, startScript } from './runtime-process';
import { bundleForWorkers, startWorkerd, type Workerd } from './workerd';

const verifyWorker = fileURLToPath(new URL('./fixtures/verify-worker.ts', import.meta.url));
const callWorker = fileURLToPath(new URL('./fixtures/call-worker.ts', import.meta.url));

/** The receiver's secret; during a rotation overlap the sender signs with a newer one as well. */
const secret = 'whsec_b2xkLXNlY3JldC1ieXRlcy0zMi1ieXRlcy1sb25nISE';
const rotatedSecret = 'whsec_bmV3LXNlY3JldC1ieXRlcy0zMi1ieXRlcy1sb25nISE';

interface Delivery {
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Answer {
  readonly status: number;
  readonly body: { verified: boolean; code?: string; event?: { event_id?: string; event_type?: string } };
}

/** Deliveries as core's deliverer signs them (webhookHeaders), each with the answer a receiver owes. */
async function deliveries(): Promise<{ name: string; delivery: Delivery; expected: Answer }[]> {
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const event: EventRecord = {
    eventId: 'evt_runtime_1',
    eventType: 'order_created',
    affiliateId: 'aff_1',
    occurredAt: now,
    data: { order_id: 'ord_1', email: 'x@example.com' },
    patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true, isReturning: false },
  };
  const v2Body = JSON.stringify(buildV2Payload(event, { attemptAt: now }));
  const v1Body = JSON.stringify(buildV1Payload(event));
  const signed = async (
    version: 'v1' | 'v2',
    body: string,
    secrets: string[],
    at = timestamp,
  ): Promise<Delivery> => ({
    headers: await webhookHeaders({ version, eventId: event.eventId, secrets, timestamp: at, body }),
    body,
  });
  const verified = (eventType: string | undefined): Answer => ({
    status: 200,
    body: {
      verified: true,
      event: { event_id: 'evt_runtime_1', ...(eventType ? { event_type: eventType } : {}) },
    },
  });
  const refused = (code: string): Answer => ({ status: 400, body: { verified: false, code } });
  const v2 = await signed('v2', v2Body, [secret]);
  const tampered = v2Body.replace('"affiliate_id":"aff_1"', '"affiliate_id":"aff_2"');
  if (tampered === v2Body) throw new Error('the tampered body must differ from the signed one');
  return [
    { name: 'a v2 delivery', delivery: v2, expected: verified('order_created') },
    {
      name: 'a v2 delivery during a rotation overlap (receiver still on the old secret)',
      delivery: await signed('v2', v2Body, [rotatedSecret, secret]),
      expected: verified('order_created'),
    },
    { name: 'a v1 delivery', delivery: await signed('v1', v1Body, [secret]), expected: verified(undefined) },
    {
      name: 'a tampered body',
      delivery: { ...v2, body: tampered },
      expected: refused('NO_MATCHING_SIGNATURE'),
    },
    {
      name: 'a replay ten minutes late',
      delivery: await signed('v2', v2Body, [secret], timestamp - 600),
      expected: refused('TIMESTAMP_TOO_OLD'),
    },
  ];
}

/** The receiver's ed25519 key pair: the sender signs v1a with its private half, the receiver holds `whpk_` + its public half. */
const keyPair = generateKeyPairSync('ed25519');
const publicKey = `whpk_${Buffer.from(keyPair.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64')}`;

/** v1a deliveries as core's deliverer signs them with a key and no secret (authentication off). */
async function v1aDeliveries(): Promise<{ name: string; delivery: Delivery; expected: Answer }[]> {
  const now = new Date();
  const event: EventRecord = {
    eventId: 'evt_runtime_v1a',
    eventType: 'order_created',
    affiliateId: 'aff_1',
    occurredAt: now,
    data: { order_id: 'ord_1' },
    patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true, isReturning: false },
  };
  const body = JSON.stringify(buildV2Payload(event, { attemptAt: now }));
  const headers = await webhookHeaders({
    version: 'v2',
    eventId: event.eventId,
    secrets: [],
    timestamp: Math.floor(now.getTime() / 1000),
    body,
    keySignatures: async (content) => [
      { kid: 'whkey_runtime', signature: sign(null, content, keyPair.privateKey).toString('base64') },
    ],
  });
  return [
    {
      name: 'a v1a delivery',
      delivery: { headers, body },
      expected: { status: 200, body: { verified: true, event: { event_id: 'evt_runtime_v1a' } } },
    },
    {
      name: 'a v1a delivery with a tampered body',
      delivery: { headers, body: body.replace('"ord_1"', '"ord_2"') },
      expected: { status: 400, body: { verified: false, code: 'NO_MATCHING_SIGNATURE' } },
    },
  ];
}

function expectAnswers(answers: readonly Answer[], cases: Awaited<ReturnType<typeof deliveries>>): void {
  expect(answers).toHaveLength(cases.length);
  cases.forEach(({ name, expected }, i) => {
    expect(answers[i], name).toMatchObject(expected);
  });
}

let outDir = '';
let bundlePath = '';
let bundleInputs: string[] = [];
let bundleText = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'webhook-verify-worker-'));
  bundlePath = join(outDir, 'worker.mjs');
  const bundle = await bundleForWorkers(verifyWorker);
  bundleText = bundle.text;
  bundleInputs = [...bundle.inputs];
  writeFileSync(bundlePath, bundleText);
});

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('webhook-verify: the Worker bundle takes the WebCrypto build', () => {
  it('resolves the package to dist/browser.js through its exports, with no node: import', () => {
    expect(bundleInputs).toContain('packages/webhook-verify/dist/browser.js');
    expect(bundleInputs.filter((input) => input.includes('webhook-verify/dist/index'))).toEqual([]);
    expect(bundleText).not.toMatch(/from ["']node:|require\(|\bBuffer\b/);
  });
});

describe('webhook-verify on workerd (Miniflare), the WebCrypto build', () => {
  let workerd: Workerd | undefined;

  beforeAll(async () => {
    workerd = await startWorkerd({
      modules: true,
      script: bundleText,
      compatibilityDate: '2026-04-01',
      bindings: { WEBHOOK_SECRET: secret },
    });
  });

  afterAll(async () => {
    await workerd?.dispose();
  });

  it('verifies v1a deliveries with the public key alone (api.md: v1a signatures)', async () => {
    const keyed = await startWorkerd({
      modules: true,
      script: bundleText,
      compatibilityDate: '2026-04-01',
      bindings: { WEBHOOK_SECRET: secret, WEBHOOK_PUBLIC_KEY: publicKey },
    });
    try {
      const cases = await v1aDeliveries();
      const answers: Answer[] = [];
      for (const { delivery } of cases) {
        const response = await keyed.miniflare.dispatchFetch('https://receiver.example/webhooks', {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
        });
        answers.push({ status: response.status, body: (await response.json()) as Answer['body'] });
      }
      expectAnswers(answers, cases);
    } finally {
      await keyed.dispose();
    }
  });

  it('5.4 verifies deliveries signed by core and refuses tampered and replayed ones', async () => {
    const cases = await deliveries();
    const answers: Answer[] = [];
    for (const { delivery } of cases) {
      const response = await workerd!.miniflare.dispatchFetch('https://receiver.example/webhooks', {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      answers.push({ status: response.status, body: (await response.json()) as Answer['body'] });
    }
    expectAnswers(answers, cases);
  });
});

for (const runtime of [bun, deno] satisfies Runtime[]) {
  describe(`webhook-verify on ${runtime.name}`, () => {
    const callOn = async (workerModule: string, keyed = false) => {
      const cases = keyed ? await v1aDeliveries() : await deliveries();
      const script = await startScript<{ resolved: string; answers: Answer[] }>({
        runtime,
        script: callWorker,
        env: {
          WORKER_MODULE: workerModule,
          DELIVERIES: JSON.stringify(cases.map((c) => c.delivery)),
          WEBHOOK_SECRET: secret,
          ...(keyed ? { WEBHOOK_PUBLIC_KEY: publicKey } : {}),
        },
      });
      await script.stop();
      return { cases, ...script.info };
    };

    it('5.4 the WebCrypto build (the Worker bundle) verifies core deliveries, refuses tampered and replayed ones', async () => {
      const { cases, answers } = await callOn(pathToFileURL(bundlePath).href);
      expectAnswers(answers, cases);
    });

    it('the WebCrypto build verifies v1a deliveries with the public key alone (api.md: v1a signatures)', async () => {
      const { cases, answers } = await callOn(pathToFileURL(bundlePath).href, true);
      expectAnswers(answers, cases);
    });

    it(`the build ${runtime.name} resolves by itself verifies v1a the same way (api.md: v1a signatures)`, async () => {
      const { cases, answers } = await callOn(pathToFileURL(verifyWorker).href, true);
      expectAnswers(answers, cases);
    });

    it(`5.4 the build ${runtime.name} resolves by itself (the node condition) gives the same answers`, async () => {
      const { cases, answers, resolved } = await callOn(pathToFileURL(verifyWorker).href);
      expect(resolved).toMatch(/\/packages\/webhook-verify\/dist\/index\.js$/);
      expectAnswers(answers, cases);
    });
  });
}
