import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpClient, HttpRequest } from '@affiliate-commerce/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../fakes/self-signed-certificate';

/** The body bytes an answer keeps (the `HttpClient` port's `maxBodyBytes`). */
const maxBodyBytes = 4 * 1024;

interface Seen {
  readonly method?: string;
  readonly url?: string;
  readonly body: string;
  readonly headers: IncomingMessage['headers'];
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

/** A request to the local receiver, pinned to 127.0.0.1 (where it listens). */
export function localRequest(url: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-id': 'evt_1' },
    body: '{"hello":"world"}',
    timeoutMs: 5000,
    pinnedAddress: { address: '127.0.0.1', family: 4 },
    ...extra,
  };
}

/**
 * What every `HttpClient` must do, against real local servers: answers of any status returned
 * as answers, redirects not followed, at most 4 KiB of body kept (bytes, not characters),
 * deadlines that end hangs, and each failure as an outcome with its reason, never a rejection.
 * Run it for an implementation of your own: `httpClientContract('mine', () => myClient())`.
 */
export function httpClientContract(name: string, makeClient: () => HttpClient): void {
  describe(`HttpClient contract: ${name}`, () => {
    const seen: Seen[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body, headers: req.headers });
        answer(req.url ?? '/', res);
      });
    });
    const silent = createServer(() => {});
    let port = 0;
    let silentPort = 0;
    const client = makeClient();
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
    const get = (path: string, extra: Partial<HttpRequest> = {}) =>
      client.request(
        localRequest(`http://127.0.0.1:${port}${path}`, { method: 'GET', body: undefined, ...extra }),
      );

    it('a 2xx answer: status, lower-case headers, body text; the POST arrives whole', async () => {
      const outcome = await client.request(localRequest(`http://127.0.0.1:${port}/ok?x=1`));
      expect(outcome).toMatchObject({
        ok: true,
        status: 200,
        bodyText: 'thanks',
        headers: { 'x-receiver': 'Yes', 'set-cookie': 'a=1, b=2' },
      });
      expect(outcome.ok && Object.keys(outcome.headers).every((key) => key === key.toLowerCase())).toBe(true);
      expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/ok?x=1', body: '{"hello":"world"}' });
      expect(seen.at(-1)!.headers['x-webhook-id']).toBe('evt_1');
      expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
      expect(seen.at(-1)!.headers['content-length']).toBe('17');
    });

    it('a non-2xx answer is an answer with its status', async () => {
      expect(await client.request(localRequest(`http://127.0.0.1:${port}/fail`))).toMatchObject({
        ok: true,
        status: 503,
        bodyText: 'down for maintenance',
      });
    });

    it('redirects are not followed: the 302 is the answer', async () => {
      const before = seen.length;
      expect(await client.request(localRequest(`http://127.0.0.1:${port}/redirect`))).toMatchObject({
        ok: true,
        status: 302,
        headers: { location: '/ok' },
      });
      expect(seen.length).toBe(before + 1);
    });

    it('keeps exactly the first 4 KiB of a larger body', async () => {
      const outcome = await get('/size/100000');
      expect(outcome.ok && outcome.bodyText).toBe('x'.repeat(maxBodyBytes));
    });

    it.each([0, 1, 100, maxBodyBytes - 1, maxBodyBytes, maxBodyBytes + 1, 3 * maxBodyBytes])(
      'keeps a body of %i bytes whole up to 4 KiB, and its first 4 KiB beyond',
      async (size) => {
        const outcome = await get(`/size/${size}`);
        expect(outcome.ok && outcome.bodyText.length).toBe(Math.min(size, maxBodyBytes));
      },
    );

    it('the 4 KiB cap counts bytes, not characters', async () => {
      // 2048 two-byte characters fill the 4096 bytes.
      expect(await get('/utf8')).toMatchObject({ ok: true, bodyText: 'é'.repeat(maxBodyBytes / 2) });
    });

    it('a server that accepts but never answers ends in a time-out, not a hang', async () => {
      const outcome = await client.request(
        localRequest(`http://127.0.0.1:${silentPort}/`, { timeoutMs: 200 }),
      );
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
      const outcome = await client.request(localRequest(`http://127.0.0.1:${closedPort}/`));
      expect(outcome).toMatchObject({ ok: false, reason: 'connect_failed' });
      expect(!outcome.ok && outcome.message).toContain('ECONNREFUSED');
    });

    describe('over TLS', () => {
      let tls: ReturnType<typeof createTlsServer> | undefined;
      let tlsPort = 0;
      beforeAll(async () => {
        tls = createTlsServer(selfSignedCertificate('localhost'), (_req, res) => res.writeHead(204).end());
        tlsPort = await listen(tls as unknown as Server);
      });
      afterAll(() => {
        tls?.closeAllConnections();
        tls?.close();
      });

      it('an untrusted certificate is tls_failed', async () => {
        expect(await client.request(localRequest(`https://127.0.0.1:${tlsPort}/`))).toMatchObject({
          ok: false,
          reason: 'tls_failed',
        });
      });
    });
  });
}
