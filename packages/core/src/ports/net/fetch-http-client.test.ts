import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpClientContract, localRequest } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttpClient } from './fetch-http-client';

httpClientContract('fetchHttpClient', fetchHttpClient);

describe('fetchHttpClient, beyond the contract', () => {
  const seen: { method?: string; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, body });
      res.writeHead(200).end('thanks');
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const client = fetchHttpClient();

  it('a GET carries no body, even when one is given (fetch refuses one)', async () => {
    const outcome = await client.request(
      localRequest(`http://127.0.0.1:${port}/ok`, { method: 'GET', body: 'ignored' }),
    );
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(seen.at(-1)).toEqual({ method: 'GET', body: '' });
  });

  it('a URL that is not absolute is invalid_url, and nothing is sent', async () => {
    const before = seen.length;
    expect(await client.request(localRequest('/relative'))).toMatchObject({
      ok: false,
      reason: 'invalid_url',
    });
    expect(seen.length).toBe(before);
  });
});
