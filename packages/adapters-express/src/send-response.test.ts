import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { jsonResponse } from '@affiliate-commerce/core/http';
import { testService, testTokens } from '@affiliate-commerce/testkit';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressRouter } from './router';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/**
 * Records what node:http hands each server socket, one entry a `write`. The empty write
 * node:http adds at `end()` (to learn when the answer has left) carries no bytes and is skipped.
 */
async function countingServer(app: express.Express) {
  const writes: string[] = [];
  const server = app.listen(0, '127.0.0.1');
  server.on('connection', (socket: Socket) => {
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (String(chunk) !== '') writes.push(String(chunk));
      return write(chunk, ...rest);
    }) as Socket['write'];
    socket._writev = undefined;
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, writes };
}

function get(port: number, path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; length: string | undefined; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, length: res.headers['content-length'], text }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('express adapter: one write per JSON answer', () => {
  it('sends status line, headers and body of a kernel answer in a single socket write', async () => {
    const service = testService();
    const app = express().use('/api', createExpressRouter(service));
    const { port, writes } = await countingServer(app);
    const answer = await get(port, '/api/v2/webhooks', 'GET', {
      authorization: `Bearer ${testTokens.admin}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.length).toBe(String(Buffer.byteLength(answer.text)));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{/);
    expect(writes[0]!.endsWith(answer.text)).toBe(true);
  });

  it('answers HEAD with the length of the body it leaves out, in one write', async () => {
    const handle = async () => jsonResponse(200, { success: true, data: { id: 'x' } });
    const service = testService();
    const app = express().use('/api', createExpressRouter({ routes: service.routes, handle }));
    const { port, writes } = await countingServer(app);
    const answer = await get(port, '/api/v2/webhooks', 'HEAD');
    expect(answer.text).toBe('');
    expect(answer.length).toBe(
      String(Buffer.byteLength(JSON.stringify({ success: true, data: { id: 'x' } }))),
    );
    expect(writes).toHaveLength(1);
  });
});
