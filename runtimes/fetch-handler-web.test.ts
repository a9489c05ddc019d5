import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChecks } from './api-checks';
import { bundleForWorkers, startWorkerd, type Workerd } from './workerd';

const apiWorker = fileURLToPath(new URL('./fixtures/api-worker-web.ts', import.meta.url));
const superAdmin = { authorization: 'Bearer rt_super' };

interface Received {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

describe('the fetch handler on workerd without nodejs_compat, bundled as Wrangler resolves a Worker, on memory storage', () => {
  let bundleInputs: string[] = [];
  let bundleText = '';
  let workerd: Workerd | undefined;
  let receiver: Server | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    const bundle = await bundleForWorkers(apiWorker);
    bundleInputs = [...bundle.inputs];
    bundleText = bundle.text;
    workerd = await startWorkerd({
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: bundleText }],
      compatibilityDate: '2026-04-01',
    });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await workerd?.dispose();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const send = async (path: string, init?: RequestInit): Promise<Response> =>
    (await workerd!.miniflare.dispatchFetch(
      `https://api.example/${path}`,
      init as Parameters<Miniflare['dispatchFetch']>[1],
    )) as unknown as Response;

  it("bundles core's web build from dist, with no Node built-in, undici or node:crypto signer", () => {
    expect(bundleInputs).toContain('packages/core/dist/platform-web.js');
    expect(bundleInputs).toContain('packages/webhook-verify/dist/browser.js');
    expect(bundleInputs.filter((input) => /platform-node|node-http-client|undici/.test(input))).toEqual([]);
    expect(bundleInputs.filter((input) => input.startsWith('packages/') && input.includes('/src/'))).toEqual(
      [],
    );
    expect(bundleText).not.toMatch(/from\s*["']node:|require\(["']node:/);
  });

  apiChecks(() => (path, init) => send(`api/${path}`, init));

  it('creates a signed webhook, delivers an event to it from the Worker, and the receiver verifies it', async () => {
    const url = `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/hooks`;
    const created = await send('api/v2/webhooks', {
      method: 'POST',
      headers: { ...superAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'On workerd',
        url,
        authentication: true,
        webhookInterests: ['order_created'],
      }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string; credentials: { secret: string } } };

    const example = await send(`api/v2/webhooks/${data.id}/actions/sendExample`, {
      method: 'POST',
      headers: { ...superAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'order_created' }),
    });
    expect(example.status).toBe(202);
    const run = await send('__run-due');
    expect(await run.json()).toMatchObject({ succeeded: 1 });

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const event = verifyWebhook({
      payload: delivery!.body,
      signature: String(delivery!.headers['x-webhook-signature']),
      secret: data.credentials.secret,
    });
    expect(event).toMatchObject({ event_type: 'order_created', example: true });
  });
});
