import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../demo-app';

describe('demo support cases (README "Support cases" section)', () => {
  let api = '';
  let server: Server;
  const storage = memoryStorage();
  beforeAll(async () => {
    const { app } = await createDemoApp({ storage });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const json = async (path: string, token: string, body?: unknown) => {
    const response = await fetch(`${api}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, body: (await response.json()) as any };
  };
  const reply = (token: string, message: string, file?: Blob) => {
    const form = new FormData();
    form.append('message', message);
    if (file) form.append('file', file, 'README.md');
    return fetch(`${api}/v2/cases/case_demo/actions/respond`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('lists the two request types, 20 synced and 21 not', async () => {
    const { status, body } = await json('/v2/tracker-apis/request-types', 'demo_agent');
    expect(status).toBe(200);
    expect(
      body.data.map((type: { externalCaseTypeIdentifier: string; synced: boolean }) => [
        type.externalCaseTypeIdentifier,
        type.synced,
      ]),
    ).toEqual([
      ['20', true],
      ['21', false],
    ]);
  });

  it('create-ticket answers 201, and 422 for the request type that was never synced', async () => {
    const created = await json('/v2/cases/actions/create-ticket', 'demo_agent', {
      requestTypeId: '20',
      fields: { summary: 'How do refunds work?' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      missingRequiredFields: [],
      data: { externalCaseIdentifier: 'DEMO-2' },
    });
    const refused = await json('/v2/cases/actions/create-ticket', 'demo_agent', {
      requestTypeId: '21',
      fields: { summary: 'Parcel damaged' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_FIELD', field: 'requestTypeId' });
  });

  it('a case about an order; the other affiliate cannot read it', async () => {
    const created = await json('/v2/cases', 'demo_agent', {
      orderId: 'ord_demo_0001',
      requestTypeId: '21',
      fields: { summary: 'Parcel damaged' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.orderId).toBe('ord_demo_0001');
    expect((await json(`/v2/cases/${created.body.data.id}`, 'demo_other_super_admin')).status).toBe(404);
  });

  it('a reply with a file moves the seeded case back to support; the 11th write in a minute is 429', async () => {
    const first = await reply(
      'demo_agent',
      'Photo of the label',
      new Blob(['# readme'], { type: 'text/markdown' }),
    );
    expect(first.status).toBe(200);
    const body = (await first.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      comment: { body: 'Photo of the label' },
      attachments: [{ filename: 'README.md', mimeType: 'text/markdown' }],
      transition: {
        name: 'Respond to support',
        fromStatus: 'Waiting for customer',
        toStatus: 'Waiting for support',
      },
    });
    expect(body).not.toHaveProperty('commentId');
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1) statuses.push((await reply('demo_admin', `ping ${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('a restart points case_demo at a fresh sandbox request', async () => {
    const before = await storage.cases.getCase({ affiliateId: 'aff_demo', id: 'case_demo' });
    const again = await createDemoApp({ storage });
    const after = await again.service.deps.storage.cases.getCase({
      affiliateId: 'aff_demo',
      id: 'case_demo',
    });
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after?.externalIssueKey).toBe('DEMO-1');
    expect(after?.status).toBe('Waiting for customer');
  });
});
