import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeHttpClient, fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../../ports/net/node-http-client';
import { nodeResolver } from '../../ports/net/node-resolver';
import { probeEventType, probeTimeoutMs } from './check-health';
import { createWebhook } from './create-webhook';
import { rollbackWebhook } from './webhook-lifecycle';

const b64hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('4.7 health checks against a real local receiver (allowPrivateNetworks)', () => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(req.url === '/broken' ? 500 : 200).end();
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const service = () =>
    testService({ allowPrivateNetworks: true, http: nodeHttpClient(), resolver: nodeResolver() });
  const post = (s: ReturnType<typeof service>, path: string, body?: unknown) =>
    s.handle(
      new Request(`http://api.test${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  it('a reachable receiver gets a short v2-signed test request it can verify with the secret', async () => {
    const s = service();
    const { webhook, secret } = (
      await createWebhook(s.deps, { affiliateId: 'aff_1', input: { name: 'Local', url: `${base}/hook` } })
    )._unsafeUnwrap();
    const response = await post(s, `/v2/webhooks/${webhook.id}/actions/checkHealth`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      data: {
        reachable: true,
        statusCode: 200,
        url: `${base}/hook`,
        persisted: true,
        checkedAt: '2026-11-23T10:00:00.000Z',
      },
    });
    const probe = received.at(-1)!;
    expect(probe.path).toBe('/hook');
    expect(probe.headers['user-agent']).toMatch(/^affiliate-commerce-webhooks\//);
    expect(probe.headers['x-webhook-version']).toBe('v2');
    const t = Math.floor(Date.parse('2026-11-23T10:00:00.000Z') / 1000);
    expect(probe.headers['x-webhook-signature']).toBe(
      `t=${t},sha256=${b64hmac(secret!, `${t}.${probe.body}`)}`,
    );
    expect(JSON.parse(probe.body)).toMatchObject({
      event_type: probeEventType,
      event_id: probe.headers['x-webhook-id'],
      timestamp_epoch: t,
      affiliate_id: 'aff_1',
      webhook_id: webhook.id,
    });
  });

  it('a v1 webhook is probed with the v1 signature (over the body alone)', async () => {
    const s = service();
    const { webhook, secret } = (
      await createWebhook(s.deps, { affiliateId: 'aff_1', input: { name: 'Legacy', url: `${base}/legacy` } })
    )._unsafeUnwrap();
    await rollbackWebhook(s.deps, { id: webhook.id });
    await post(s, `/v2/webhooks/${webhook.id}/actions/checkHealth`);
    const probe = received.at(-1)!;
    expect(probe.headers['x-webhook-version']).toBe('v1');
    expect(probe.headers['x-webhook-signature']).toBe(`sha256=${b64hmac(secret!, probe.body)}`);
  });

  it('a non-2xx receiver is reachable: false with its status, recorded on the webhook', async () => {
    const s = service();
    const { webhook } = (
      await createWebhook(s.deps, { affiliateId: 'aff_1', input: { name: 'Broken', url: `${base}/broken` } })
    )._unsafeUnwrap();
    const json = (await (await post(s, `/v2/webhooks/${webhook.id}/actions/checkHealth`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(json.data).toMatchObject({
      reachable: false,
      statusCode: 500,
      reason: 'http_status',
      persisted: true,
    });
    const stored = await s.deps.storage.webhooks.get({ affiliateId: 'aff_1', id: webhook.id });
    expect(stored?.lastHealthCheck).toMatchObject({ reachable: false, statusCode: 500 });
    expect(stored?.updatedAt).toEqual(webhook.updatedAt);
  });

  it('without allowPrivateNetworks the same local URL cannot even be saved, and a probe of it is refused', async () => {
    const s = testService({ http: nodeHttpClient(), resolver: nodeResolver() });
    const created = await createWebhook(s.deps, {
      affiliateId: 'aff_1',
      input: { name: 'x', url: `https://127.0.0.1/` },
    });
    expect(created._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field: 'url' });
    const before = received.length;
    const response = await post(s, '/v2/webhooks/actions/checkHealth', {
      url: base.replace('http:', 'https:'),
    });
    expect(await response.json()).toMatchObject({
      data: { reachable: false, reason: 'blocked_address', persisted: false },
    });
    expect(received.length).toBe(before);
  });
});

describe('4.7 probe details', () => {
  it('the probe is a POST with a 5 s deadline, pinned to the resolved address', async () => {
    const http = fakeHttpClient(() => ({ ok: true, status: 202, headers: {}, bodyText: '', latencyMs: 8.6 }));
    const s = testService({ http, resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }) });
    const response = await s.handle(
      new Request('http://api.test/v2/webhooks/actions/checkHealth', {
        method: 'POST',
        headers: { authorization: `Bearer ${testTokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://hooks.example.com/new' }),
      }),
    );
    expect(await response.json()).toMatchObject({ data: { reachable: true, statusCode: 202, latencyMs: 9 } });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ method: 'POST', pinnedAddress: { address: '93.184.216.34' } });
    expect(http.requests[0]!.timeoutMs).toBeLessThanOrEqual(probeTimeoutMs);
    expect(probeTimeoutMs).toBe(5000);
  });
});
