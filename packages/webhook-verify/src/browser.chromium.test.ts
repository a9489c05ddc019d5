import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import vectors from '../test-vectors.json';
import type * as WebBuild from './browser';
import { signStandardWebhook, signWebhook, signWebhookV1 } from './index';
import { runCase, runStandardCase, type StandardCase, type VectorCase } from './vectors.test-support';

declare global {
  interface Window {
    wv: typeof WebBuild;
    importKeyCalls: number;
  }
}

const entry = fileURLToPath(new URL('./browser.ts', import.meta.url));
let server: Server;
let browser: Browser;
let page: Page;
let bundle: string;

describeInChromium('5.4 the WebCrypto build in real Chromium', () => {
  beforeAll(async () => {
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
    });
    bundle = out.outputFiles[0]!.text;
    const html = `<!doctype html><script type="module">
      const importKey = crypto.subtle.importKey.bind(crypto.subtle);
      window.importKeyCalls = 0;
      crypto.subtle.importKey = (...args) => { window.importKeyCalls++; return importKey(...args); };
      window.wv = await import('./webhook-verify.js');
    </script>`;
    server = createServer((req, res) => {
      const js = req.url === '/webhook-verify.js';
      res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' }).end(js ? bundle : html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => window.wv !== undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('is a browser bundle: no node: imports, no Buffer', () => {
    expect(bundle).not.toMatch(/from ["']node:|require\(|\bBuffer\b/);
  });

  it('runs in a secure context with WebCrypto', async () => {
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle.sign])).toEqual([
      true,
      'function',
    ]);
  });

  it('gives the same answer as the Node build on every verification vector', async () => {
    const cases = vectors.verification as VectorCase[];
    const inChromium = await page.evaluate(async (list) => {
      const answers: string[] = [];
      for (const c of list) {
        const options = {
          payload: c.body,
          signature: c.header,
          secrets: c.secrets,
          ...(c.now === undefined ? {} : { now: new Date(c.now * 1000) }),
          ...(c.tolerance_seconds === undefined ? {} : { toleranceSeconds: c.tolerance_seconds }),
        };
        try {
          if (c.version === 2) await window.wv.verifyWebhookSignatureAsync(options);
          else await window.wv.verifyWebhookV1Async(options);
          answers.push('valid');
        } catch (error) {
          answers.push(window.wv.isWebhookVerificationError(error) ? error.code : `unexpected: ${error}`);
        }
      }
      return answers;
    }, cases);
    const inNode = await Promise.all(cases.map((c) => runCase(c, 'node')));
    expect(inChromium).toEqual(inNode);
    expect(inChromium).toEqual(cases.map((c) => c.expect));
  });

  it('signs every signing vector to the checked-in header, as the Node build does', async () => {
    const inChromium = await page.evaluate(
      (list) =>
        Promise.all(
          list.map((v) =>
            v.version === 2
              ? window.wv.signWebhookAsync({ payload: v.body, secret: v.secrets, timestamp: v.timestamp })
              : window.wv.signWebhookV1Async({ payload: v.body, secret: v.secrets }),
          ),
        ),
      vectors.signing,
    );
    expect(inChromium).toEqual(vectors.signing.map((v) => v.header));
    expect(inChromium).toEqual(
      vectors.signing.map((v) =>
        v.version === 2
          ? signWebhook({ payload: v.body, secret: v.secrets, timestamp: v.timestamp! })
          : signWebhookV1({ payload: v.body, secret: v.secrets }),
      ),
    );
  });

  it('gives the expected answer on every v1a case (ed25519 in WebCrypto), headers as Fetch Headers', async () => {
    const cases = vectors.v1a.verification;
    const inChromium = await page.evaluate(async (list) => {
      const answers: string[] = [];
      for (const c of list) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(c.headers))
          if (value !== undefined) headers.set(name, value as string);
        try {
          await window.wv.verifyWebhookWithPublicKeyAsync({
            payload: c.body,
            headers,
            publicKey: c.public_keys as WebBuild.WebhookPublicKey[],
            now: new Date(c.now * 1000),
            toleranceSeconds: c.tolerance_seconds,
            parse: false,
          });
          answers.push('valid');
        } catch (error) {
          answers.push(window.wv.isWebhookVerificationError(error) ? error.code : `unexpected: ${error}`);
        }
      }
      return answers;
    }, cases);
    expect(inChromium).toEqual(cases.map((c) => c.expect));
  });

  it('gives the same answer as the Node build on every Standard Webhooks case, headers as Fetch Headers', async () => {
    const cases = vectors.standard_webhooks.verification as StandardCase[];
    const inChromium = await page.evaluate(async (list) => {
      const answers: string[] = [];
      for (const c of list) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(c.headers))
          if (value !== undefined) headers.set(name, value);
        try {
          await window.wv.verifyWebhookSignatureAsync({
            payload: c.body,
            headers,
            secrets: c.secrets,
            now: new Date(c.now * 1000),
            toleranceSeconds: c.tolerance_seconds,
            ...(c.scheme === undefined ? {} : { scheme: c.scheme }),
          });
          answers.push('valid');
        } catch (error) {
          answers.push(window.wv.isWebhookVerificationError(error) ? error.code : `unexpected: ${error}`);
        }
      }
      return answers;
    }, cases);
    const inNode = await Promise.all(cases.map((c) => runStandardCase(c, 'node')));
    expect(inChromium).toEqual(inNode);
    expect(inChromium).toEqual(cases.map((c) => c.expect));
  });

  it('signs every Standard Webhooks vector to the checked-in headers, as the Node build does', async () => {
    const inChromium = await page.evaluate(
      (list) =>
        Promise.all(
          list.map((v) =>
            window.wv.signStandardWebhookAsync({
              id: v.id,
              payload: v.body,
              secret: v.secrets,
              timestamp: v.timestamp,
            }),
          ),
        ),
      vectors.standard_webhooks.signing,
    );
    const expected = vectors.standard_webhooks.signing.map((v) =>
      signStandardWebhook({ id: v.id, payload: v.body, secret: v.secrets, timestamp: v.timestamp }),
    );
    expect(inChromium).toEqual(expected);
    expect(expected.map((h) => h['webhook-signature'])).toEqual(
      vectors.standard_webhooks.signing.map((v) => v.headers['webhook-signature']),
    );
  });

  it('verifies and parses bytes, refuses a parsed object, and imports each secret once', async () => {
    const [v] = vectors.signing;
    const answer = await page.evaluate(
      async ({ body, header, secret, t }) => {
        const now = new Date(t * 1000);
        const before = window.importKeyCalls;
        const fresh = `${secret}-fresh`;
        const signature = await window.wv.signWebhookAsync({ payload: body, secret: fresh, timestamp: t });
        const bytes = new TextEncoder().encode(body);
        const events = [];
        for (let i = 0; i < 3; i++) {
          events.push(await window.wv.verifyWebhookAsync({ payload: bytes, signature, secret: fresh, now }));
        }
        const parsed = await window.wv.safeVerifyWebhookAsync({
          payload: JSON.parse(body),
          signature: header,
          secret,
          now,
        });
        return {
          sameEvents: events.every((e) => JSON.stringify(e) === body),
          imports: window.importKeyCalls - before,
          parsed: parsed.ok ? 'ok' : parsed.error.code,
        };
      },
      { body: v!.body, header: v!.header, secret: v!.secrets[0]!, t: v!.timestamp! },
    );
    expect(answer).toEqual({ sameEvents: true, imports: 1, parsed: 'INVALID_PAYLOAD' });
  });

  it('answers with the new calls as with the deprecated names they replace, on every vector', async () => {
    const answers = await page.evaluate(
      async ({ cases, signing, standard }) => {
        const settle = async (call: () => Promise<unknown>) => {
          try {
            return JSON.stringify({ value: await call() });
          } catch (error) {
            return window.wv.isWebhookVerificationError(error) ? error.code : `unexpected: ${error}`;
          }
        };
        const pairs: [string, string][] = [];
        for (const c of cases) {
          const options = {
            payload: c.body,
            signature: c.header,
            secrets: c.secrets,
            ...(c.now === undefined ? {} : { now: new Date(c.now * 1000) }),
            ...(c.tolerance_seconds === undefined ? {} : { toleranceSeconds: c.tolerance_seconds }),
          };
          if (c.version === 2) {
            pairs.push([
              await settle(() => window.wv.verifyWebhookSignatureAsync(options)),
              await settle(() => window.wv.verifyWebhookAsync({ ...options, parse: false })),
            ]);
            pairs.push([
              await settle(() => window.wv.safeVerifyWebhookAsync(options)),
              await settle(() => window.wv.verifyWebhookAsync({ ...options, throwOnError: false })),
            ]);
          } else {
            pairs.push([
              await settle(() => window.wv.verifyWebhookV1Async(options)),
              await settle(() => window.wv.verifyWebhookAsync({ ...options, version: 'v1' })),
            ]);
          }
        }
        for (const v of signing.filter((vector) => vector.version === 1)) {
          const options = { payload: v.body, secret: v.secrets };
          pairs.push([
            await window.wv.signWebhookV1Async(options),
            await window.wv.signWebhookAsync({ ...options, version: 'v1' }),
          ]);
        }
        for (const v of standard) {
          const options = { id: v.id, payload: v.body, secret: v.secrets, timestamp: v.timestamp };
          pairs.push([
            JSON.stringify(await window.wv.signStandardWebhookAsync(options)),
            JSON.stringify(await window.wv.signWebhookAsync({ ...options, scheme: 'standard-webhooks' })),
          ]);
        }
        return pairs;
      },
      {
        cases: vectors.verification as VectorCase[],
        signing: vectors.signing,
        standard: vectors.standard_webhooks.signing,
      },
    );
    expect(answers.length).toBeGreaterThan(vectors.verification.length);
    for (const [old, current] of answers) expect(current).toBe(old);
  });
});
