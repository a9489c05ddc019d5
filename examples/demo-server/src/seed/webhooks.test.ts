import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../demo-app';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('demo webhooks (README "Webhooks" section)', () => {
  let api = '';
  let receiverUrl = '';
  const servers: Server[] = [];
  beforeAll(async () => {
    const { app } = await createDemoApp({ storage: memoryStorage() });
    const apiServer = createServer(app);
    const receiver = createServer((_req, res) => res.writeHead(204).end());
    servers.push(apiServer, receiver);
    api = await listen(apiServer);
    receiverUrl = await listen(receiver);
  });
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: response.status,
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
      json: (await response.json()) as { data: any },
    };
  };

  it('seeds one v1 and one v2 webhook for aff_demo, and two v2 ones on its own receiver, without secrets in the list', async () => {
    const { status, json } = await call('GET', '/v2/webhooks', 'demo_admin');
    expect(status).toBe(200);
    expect(json.data.map((w: { payloadVersion: string }) => w.payloadVersion).sort()).toEqual([
      'v1',
      'v2',
      'v2',
      'v2',
    ]);
    const urls = Object.fromEntries(json.data.map((w: { id: string; url: string }) => [w.id, w.url]));
    expect(urls).toMatchObject({
      whk_demo_receiver: 'http://localhost:3000/demo-receiver',
      whk_demo_failing: 'http://localhost:3000/demo-receiver/fail',
    });
    expect(JSON.stringify(json)).not.toContain('whsec_');
    expect((await call('GET', '/v2/webhooks', 'demo_other_super_admin')).json.data).toEqual([]);
  });

  it('create, rotate and health-check as the README shows', async () => {
    const created = await call('POST', '/v2/webhooks', 'demo_super_admin', {
      name: 'Orders',
      url: `${receiverUrl}/hooks/orders`,
      webhookInterests: ['order_created', 'journey_completed'],
    });
    expect(created.status).toBe(201);
    const { id, credentials } = created.json.data as { id: string; credentials: { secret: string } };
    expect(credentials.secret).toMatch(/^whsec_/);
    const rotated = await call('POST', `/v2/webhooks/${id}/actions/rotateSecret`, 'demo_super_admin');
    expect((rotated.json.data.credentials as { secret: string }).secret).not.toBe(credentials.secret);
    const saved = await call('POST', `/v2/webhooks/${id}/actions/checkHealth`, 'demo_admin');
    expect(saved.json.data).toMatchObject({ reachable: true, statusCode: 204, persisted: true });
    const unsaved = await call('POST', '/v2/webhooks/actions/checkHealth', 'demo_admin', {
      url: `${receiverUrl}/new`,
    });
    expect(unsaved.json.data).toMatchObject({ reachable: true, persisted: false });
    const metadata = await call('POST', '/v2/webhooks/actions/checkHealth', 'demo_admin', {
      url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(metadata.json.data).toMatchObject({ reachable: false, reason: 'blocked_address' });
  });
});
