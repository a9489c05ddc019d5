import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dohResolver } from './doh-resolver';
import { fetchHttpClient } from './fetch-http-client';
import { guardedRequest } from './guarded-request';

const cloudflare = 'https://cloudflare-dns.com/dns-query';

/** A record as the DNS JSON API writes it. */
interface DnsRecord {
  name: string;
  type: number;
  TTL: number;
  data: string;
}

const a = (name: string, data: string): DnsRecord => ({ name, type: 1, TTL: 300, data });
const aaaa = (name: string, data: string): DnsRecord => ({ name, type: 28, TTL: 300, data });
const cname = (name: string, data: string): DnsRecord => ({ name, type: 5, TTL: 300, data });

/** Answers per `name type` key, as cloudflare-dns.com would give them. */
type Zone = Record<string, { status: number; answer?: DnsRecord[] } | 'http500'>;

const seen: Request[] = [];
const server = setupServer();
server.events.on('request:start', ({ request }) => {
  seen.push(request.clone());
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

/** Serves `zone` at `endpoint` the way the DNS JSON API does. */
function serve(zone: Zone, endpoint = cloudflare): void {
  server.use(
    http.get(endpoint, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const name = params.get('name') ?? '';
      const type = params.get('type') ?? '';
      const entry = zone[`${name} ${type}`] ?? { status: 3 };
      if (entry === 'http500') return new HttpResponse('upstream failure', { status: 500 });
      const question = [{ name, type: type === 'A' ? 1 : 28 }];
      return HttpResponse.json(
        { Status: entry.status, TC: false, RD: true, RA: true, Question: question, Answer: entry.answer },
        { headers: { 'content-type': 'application/dns-json' } },
      );
    }),
  );
}

describe('dohResolver against a DNS JSON endpoint', () => {
  it('returns every A and AAAA address, IPv4 first', async () => {
    serve({
      'hooks.example.com A': { status: 0, answer: [a('hooks.example.com', '93.184.216.34')] },
      'hooks.example.com AAAA': {
        status: 0,
        answer: [aaaa('hooks.example.com', '2606:2800:220:1:248:1893:25c8:1946')],
      },
    });
    expect(await dohResolver().lookup({ hostname: 'hooks.example.com' })).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('sends name and type as query parameters, A and AAAA, with accept: application/dns-json', async () => {
    serve({ 'hooks.example.com A': { status: 0, answer: [a('hooks.example.com', '93.184.216.34')] } });
    await dohResolver().lookup({ hostname: 'hooks.example.com' });
    const queries = seen.map((request) => {
      const url = new URL(request.url);
      return {
        endpoint: `${url.origin}${url.pathname}`,
        method: request.method,
        name: url.searchParams.get('name'),
        type: url.searchParams.get('type'),
        accept: request.headers.get('accept'),
      };
    });
    const common = {
      endpoint: cloudflare,
      method: 'GET',
      name: 'hooks.example.com',
      accept: 'application/dns-json',
    };
    expect(queries).toHaveLength(2);
    expect(queries).toEqual(
      expect.arrayContaining([
        { ...common, type: 'A' },
        { ...common, type: 'AAAA' },
      ]),
    );
  });

  it('skips the CNAME records of a chain and keeps the addresses at its end', async () => {
    const chain = [
      cname('www.shop.example', 'shop.cdn.example'),
      cname('shop.cdn.example', 'edge.cdn.example'),
    ];
    serve({
      'www.shop.example A': {
        status: 0,
        answer: [...chain, a('edge.cdn.example', '203.0.113.10'), a('edge.cdn.example', '203.0.113.11')],
      },
      'www.shop.example AAAA': { status: 0, answer: chain },
    });
    expect(await dohResolver().lookup({ hostname: 'www.shop.example' })).toEqual([
      { address: '203.0.113.10', family: 4 },
      { address: '203.0.113.11', family: 4 },
    ]);
  });

  it('a name with only A records gives only IPv4 addresses', async () => {
    serve({
      'v4only.example.com A': { status: 0, answer: [a('v4only.example.com', '198.51.100.7')] },
      'v4only.example.com AAAA': { status: 0 },
    });
    expect(await dohResolver().lookup({ hostname: 'v4only.example.com' })).toEqual([
      { address: '198.51.100.7', family: 4 },
    ]);
  });

  it('NXDOMAIN rejects, saying the name does not exist', async () => {
    serve({});
    await expect(dohResolver().lookup({ hostname: 'nowhere.example.com' })).rejects.toThrow(
      'nowhere.example.com does not exist (NXDOMAIN)',
    );
  });

  it('another DNS status rejects with its name', async () => {
    serve({ 'broken.example.com A': { status: 2 }, 'broken.example.com AAAA': { status: 2 } });
    await expect(dohResolver().lookup({ hostname: 'broken.example.com' })).rejects.toThrow(
      'DNS lookup of broken.example.com failed (SERVFAIL)',
    );
  });

  it('an endpoint answering 500 to both queries rejects, naming the hostname', async () => {
    serve({ 'hooks.example.com A': 'http500', 'hooks.example.com AAAA': 'http500' });
    await expect(dohResolver().lookup({ hostname: 'hooks.example.com' })).rejects.toThrow(
      'DNS lookup of hooks.example.com failed (DoH endpoint answered HTTP 500)',
    );
  });

  it('one failed query is tolerated when the other finds addresses', async () => {
    serve({
      'hooks.example.com A': { status: 0, answer: [a('hooks.example.com', '93.184.216.34')] },
      'hooks.example.com AAAA': 'http500',
    });
    expect(await dohResolver().lookup({ hostname: 'hooks.example.com' })).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('a name that exists without any address rejects', async () => {
    serve({ 'empty.example.com A': { status: 0 }, 'empty.example.com AAAA': { status: 0 } });
    await expect(dohResolver().lookup({ hostname: 'empty.example.com' })).rejects.toThrow(
      'empty.example.com has no A or AAAA record',
    );
  });

  it('a custom endpoint keeps its own query parameters, and the fetch option sends the queries', async () => {
    const endpoint = 'https://dns.example.net/resolve';
    serve(
      { 'hooks.example.com A': { status: 0, answer: [a('hooks.example.com', '93.184.216.34')] } },
      endpoint,
    );
    const sent: string[] = [];
    const send: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const resolver = dohResolver({ endpoint: `${endpoint}?ct=application/dns-json`, fetch: send });
    expect(await resolver.lookup({ hostname: 'hooks.example.com' })).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    expect(sent.map((url) => new URL(url).searchParams.toString()).sort()).toEqual([
      'ct=application%2Fdns-json&name=hooks.example.com&type=A',
      'ct=application%2Fdns-json&name=hooks.example.com&type=AAAA',
    ]);
    expect(seen.every((request) => request.url.startsWith(endpoint))).toBe(true);
  });

  it('returns exactly the A then the AAAA addresses of any answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.ipV4(), { maxLength: 4 }),
        fc.array(fc.ipV6(), { maxLength: 4 }),
        async (v4, v6) => {
          fc.pre(v4.length + v6.length > 0);
          server.resetHandlers();
          serve({
            'any.example.com A': { status: 0, answer: v4.map((ip) => a('any.example.com', ip)) },
            'any.example.com AAAA': { status: 0, answer: v6.map((ip) => aaaa('any.example.com', ip)) },
          });
          expect(await dohResolver().lookup({ hostname: 'any.example.com' })).toEqual([
            ...v4.map((address) => ({ address, family: 4 })),
            ...v6.map((address) => ({ address, family: 6 })),
          ]);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('dohResolver with fetchHttpClient through guardedRequest', () => {
  const ports = { http: fetchHttpClient(), resolver: dohResolver(), allowPrivateNetworks: false };
  const send = (url: string) =>
    guardedRequest(ports, { url, method: 'POST', headers: {}, body: '{}', timeoutMs: 5000 });

  it('a DoH answer of 127.0.0.1 is blocked_address, and only the DNS queries are sent', async () => {
    serve({ 'rebind.example.com A': { status: 0, answer: [a('rebind.example.com', '127.0.0.1')] } });
    expect(await send('https://rebind.example.com/hook')).toMatchObject({
      ok: false,
      reason: 'blocked_address',
      message: 'rebind.example.com resolves to a loopback address',
    });
    expect(seen.map((request) => new URL(request.url).origin)).toEqual([
      'https://cloudflare-dns.com',
      'https://cloudflare-dns.com',
    ]);
  });

  it('a rejection of the resolver is dns_failed, with its message', async () => {
    serve({});
    const outcome = await send('https://nowhere.example.com/hook');
    expect(outcome).toMatchObject({ ok: false, reason: 'dns_failed' });
    expect(!outcome.ok && outcome.message).toContain('nowhere.example.com does not exist (NXDOMAIN)');
  });
});
