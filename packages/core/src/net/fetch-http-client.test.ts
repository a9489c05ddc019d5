import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttpClient } from './fetch-http-client';
import { type HttpRequest, maxBodyBytes } from './http-client';

interface Seen {
  method?: string;
  url?: string;
  body: string;
  headers: IncomingMessage['headers'];
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function answer(path: string, res: ServerResponse): void {
  if (path.startsWith('/ok'))
    res.writeHead(200, { 'X-Receiver': 'Yes', 'Set-Cookie': ['a=1', 'b=2'] }).end('thanks');
  else if (path.startsWith('/fail')) res.writeHead(503).end('down for maintenance');
  else if (path.startsWith('/redirect')) res.writeHead(302, { location: '/ok' }).end();
  else if (path.startsWith('/size/')) res.writeHead(200).end('x'.repeat(Number(path.slice(6))));
  else if (path.startsWith('/utf8')) res.writeHead(200).end('é'.repeat(3000));
  else if (path.startsWith('/hang')) res.flushHeaders();
  else if (path.startsWith('/broken')) {
    res.writeHead(200, { 'content-length': '100' }).write('part');
    setTimeout(() => res.socket?.destroy(), 20);
  } else res.writeHead(404).end();
}

function receiver(seen: Seen[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, headers: req.headers });
      answer(req.url ?? '/', res);
    });
  };
}

// fetch cannot pin; the address is carried but the URL's host is what is connected to.
const pinned = { address: '127.0.0.1', family: 4 } as const;
const request = (url: string, extra: Partial<HttpRequest> = {}): HttpRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-webhook-id': 'evt_1' },
  body: '{"hello":"world"}',
  timeoutMs: 5000,
  pinnedAddress: pinned,
  ...extra,
});

describe('fetchHttpClient on a real local server', () => {
  const seen: Seen[] = [];
  const server = createServer(receiver(seen));
  const silent = createServer(() => {});
  let port = 0;
  let silentPort = 0;
  beforeAll(async () => {
    port = await listen(server);
    silentPort = await listen(silent);
  });
  afterAll(() => {
    server.closeAllConnections();
    silent.closeAllConnections();
    server.close();
    silent.close();
  });
  const client = fetchHttpClient();
  const get = (path: string, extra: Partial<HttpRequest> = {}) =>
    client.request(request(`http://127.0.0.1:${port}${path}`, { method: 'GET', body: undefined, ...extra }));

  it('a 2xx answer: status, lower-case headers, body text; the POST arrives whole', async () => {
    const outcome = await client.request(request(`http://127.0.0.1:${port}/ok?x=1`));
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      bodyText: 'thanks',
      headers: { 'x-receiver': 'Yes', 'set-cookie': 'a=1, b=2' },
    });
    expect(outcome.ok && Object.keys(outcome.headers).every((name) => name === name.toLowerCase())).toBe(
      true,
    );
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/ok?x=1', body: '{"hello":"world"}' });
    expect(seen.at(-1)!.headers['x-webhook-id']).toBe('evt_1');
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
  });

  it('a non-2xx answer is an answer with its status', async () => {
    expect(await client.request(request(`http://127.0.0.1:${port}/fail`))).toMatchObject({
      ok: true,
      status: 503,
      bodyText: 'down for maintenance',
    });
  });

  it('redirects are not followed: the 302 is the answer', async () => {
    const before = seen.length;
    expect(await client.request(request(`http://127.0.0.1:${port}/redirect`))).toMatchObject({
      ok: true,
      status: 302,
      headers: { location: '/ok' },
    });
    expect(seen.length).toBe(before + 1);
  });

  it('keeps exactly the first 4 KiB of a larger body', async () => {
    const outcome = await get('/size/100000');
    expect(outcome.ok && new TextEncoder().encode(outcome.bodyText).length).toBe(maxBodyBytes);
    expect(outcome.ok && outcome.bodyText).toBe('x'.repeat(maxBodyBytes));
  });

  it('keeps every body up to 4 KiB whole, and the first 4 KiB of any longer one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 * maxBodyBytes }), async (size) => {
        const outcome = await get(`/size/${size}`);
        expect(outcome.ok && outcome.bodyText.length).toBe(Math.min(size, maxBodyBytes));
      }),
      { numRuns: 25 },
    );
  });

  it('the 4 KiB cap counts bytes, not characters', async () => {
    const outcome = await get('/utf8');
    // 2048 two-byte characters fill the 4096 bytes.
    expect(outcome.ok && outcome.bodyText).toBe('é'.repeat(maxBodyBytes / 2));
  });

  it('a GET carries no body, even when one is given', async () => {
    expect(await get('/ok', { body: 'ignored' })).toMatchObject({ ok: true, status: 200 });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', body: '' });
  });

  it('a server that accepts but never answers ends in a time-out, not a hang', async () => {
    const outcome = await client.request(request(`http://127.0.0.1:${silentPort}/`, { timeoutMs: 200 }));
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(150);
  });

  it('a body that stops after the headers ends in a time-out', async () => {
    expect(await get('/hang', { timeoutMs: 200 })).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('a connection broken in the middle of the body is protocol_error', async () => {
    expect(await get('/broken')).toMatchObject({ ok: false, reason: 'protocol_error' });
  });

  it('a closed port is connect_failed', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await client.request(request(`http://127.0.0.1:${closedPort}/`));
    expect(outcome).toMatchObject({ ok: false, reason: 'connect_failed' });
    expect(!outcome.ok && outcome.message).toContain('ECONNREFUSED');
  });

  it('a URL that is not absolute is invalid_url, and nothing is sent', async () => {
    const before = seen.length;
    expect(await client.request(request('/relative'))).toMatchObject({ ok: false, reason: 'invalid_url' });
    expect(seen.length).toBe(before);
  });
});

describe('fetchHttpClient over TLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tls-'));
  let server: ReturnType<typeof createTlsServer>;
  let port = 0;
  beforeAll(async () => {
    // A throwaway self-signed certificate, which no platform trusts.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    server = createTlsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => res.writeHead(204).end(),
    );
    port = await listen(server as unknown as Server);
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an untrusted certificate is tls_failed', async () => {
    expect(await fetchHttpClient().request(request(`https://127.0.0.1:${port}/`))).toMatchObject({
      ok: false,
      reason: 'tls_failed',
    });
  });
});
