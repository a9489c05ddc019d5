import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { httpClientContract, selfSignedCertificate } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedRequest } from './guarded-request';
import type { HttpRequest } from './http-client';
import { nodeHttpClient } from './node-http-client';
import { nodeResolver } from './node-resolver';

interface Seen {
  method?: string;
  url?: string;
  host?: string;
  body: string;
  headers: IncomingMessage['headers'];
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function receiver(seen: Seen[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, host: req.headers.host, body, headers: req.headers });
      const path = req.url ?? '/';
      if (path.startsWith('/ok'))
        res.writeHead(200, { 'x-receiver': 'yes', 'set-cookie': ['a=1', 'b=2'] }).end('thanks');
      else res.writeHead(404).end();
    });
  };
}

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

httpClientContract('nodeHttpClient', () => nodeHttpClient());

describe('nodeHttpClient, beyond the contract: pinning, connection reuse, the SSRF guard', () => {
  const seen: Seen[] = [];
  const server = createServer(receiver(seen));
  let port = 0;
  beforeAll(async () => {
    port = await listen(server);
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const client = nodeHttpClient();

  it('connects to the pinned address whatever the URL host says; the host still goes in Host', async () => {
    const outcome = await client.request(request(`http://hooks.invalid:${port}/ok`));
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(seen.at(-1)!.host).toBe(`hooks.invalid:${port}`);
  });

  it('a kept-alive connection is reused only for the same origin and pinned address', async () => {
    // Linux routes all of 127.0.0.0/8 to the loopback; a server on 0.0.0.0 answers on 127.0.0.2 too.
    const peers: string[] = [];
    const any = createServer((req, res) => {
      peers.push(`${req.socket.localAddress}:${req.socket.remotePort}`);
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => any.listen(0, '0.0.0.0', resolve));
    const anyPort = (any.address() as AddressInfo).port;
    const fresh = nodeHttpClient();
    const to = (address: string) =>
      fresh.request(request(`http://hooks.test:${anyPort}/`, { pinnedAddress: { address, family: 4 } }));
    try {
      for (const address of ['127.0.0.1', '127.0.0.1', '127.0.0.2', '127.0.0.2', '127.0.0.1']) {
        expect(await to(address)).toMatchObject({ ok: true, status: 200 });
      }
      // Same name and port, two pinned addresses: two connections, each reused only for its own address.
      expect(peers.map((peer) => peer.split(':')[0])).toEqual([
        '127.0.0.1',
        '127.0.0.1',
        '127.0.0.2',
        '127.0.0.2',
        '127.0.0.1',
      ]);
      // The last request went back to 127.0.0.1 over a connection already open to it.
      expect(peers.slice(0, 2)).toContain(peers[4]);
    } finally {
      any.closeAllConnections();
      any.close();
    }
  });

  it('beyond maxDestinations, the least recently used destination’s pool is closed', async () => {
    const closedSockets: string[] = [];
    const any = createServer((req, res) => {
      const socket = req.socket;
      const key = `${socket.localAddress}`;
      socket.once('close', () => closedSockets.push(key));
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => any.listen(0, '0.0.0.0', resolve));
    const anyPort = (any.address() as AddressInfo).port;
    const small = nodeHttpClient({ maxDestinations: 2 });
    const to = (address: string) =>
      small.request(request(`http://hooks.test:${anyPort}/`, { pinnedAddress: { address, family: 4 } }));
    try {
      await to('127.0.0.1');
      await to('127.0.0.2');
      await to('127.0.0.1');
      // A third destination: 127.0.0.2 was used least recently, so its pool (and connection) closes.
      await to('127.0.0.3');
      for (let i = 0; i < 50 && closedSockets.length === 0; i += 1)
        await new Promise((r) => setTimeout(r, 10));
      expect(closedSockets).toEqual(['127.0.0.2']);
    } finally {
      any.closeAllConnections();
      any.close();
    }
  });

  it('through guardedRequest with the real resolver: localhost only with allowPrivateNetworks', async () => {
    const resolver = nodeResolver();
    const [first] = await resolver.lookup({ hostname: 'localhost' });
    // The guard pins the first address localhost resolves to; listen exactly there.
    const local = createServer(receiver(seen));
    await new Promise<void>((resolve) => local.listen(0, first!.address, resolve));
    const localPort = (local.address() as AddressInfo).port;
    try {
      const deps = { http: client, resolver, allowPrivateNetworks: true };
      const input = {
        url: `http://localhost:${localPort}/ok`,
        method: 'GET' as const,
        headers: {},
        timeoutMs: 5000,
      };
      expect(await guardedRequest(deps, input)).toMatchObject({ ok: true, status: 200, bodyText: 'thanks' });
      expect(await guardedRequest({ ...deps, allowPrivateNetworks: false }, input)).toMatchObject({
        ok: false,
        reason: 'scheme_not_allowed',
      });
      expect(
        await guardedRequest(
          { ...deps, allowPrivateNetworks: false },
          { ...input, url: `https://localhost:${localPort}/ok` },
        ),
      ).toMatchObject({ ok: false, reason: 'blocked_address' });
    } finally {
      local.close();
    }
  });
});

describe('nodeHttpClient over TLS: pinned address, hostname for SNI and certificate checks', () => {
  let server: ReturnType<typeof createTlsServer>;
  let port = 0;
  const { key, cert: ca } = selfSignedCertificate('hooks.test');
  const servernames: (string | false | null)[] = [];
  beforeAll(async () => {
    server = createTlsServer({ key, cert: ca }, (req, res) => {
      servernames.push((req.socket as import('node:tls').TLSSocket).servername);
      res.writeHead(204).end();
    });
    port = await listen(server as unknown as Server);
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('sends the URL hostname as SNI and verifies the certificate against it, while connecting to the pinned IP', async () => {
    const outcome = await nodeHttpClient({ ca }).request(request(`https://hooks.test:${port}/`));
    expect(outcome).toMatchObject({ ok: true, status: 204 });
    expect(servernames.at(-1)).toBe('hooks.test');
  });

  it('a certificate for another name is tls_failed', async () => {
    expect(await nodeHttpClient({ ca }).request(request(`https://other.test:${port}/`))).toMatchObject({
      ok: false,
      reason: 'tls_failed',
    });
  });

  it('an untrusted certificate is tls_failed', async () => {
    expect(await nodeHttpClient().request(request(`https://hooks.test:${port}/`))).toMatchObject({
      ok: false,
      reason: 'tls_failed',
    });
  });
});
