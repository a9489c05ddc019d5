import { fakeHttpClient, fakeResolver } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDestination, checkPort, checkUrl, guardedRequest } from './guarded-request';
import type { HttpOutcome, Resolver } from './http-client';

const answered: HttpOutcome = { ok: true, status: 204, headers: {}, bodyText: '', latencyMs: 3 };

function ports(
  options: { allowPrivateNetworks?: boolean; allowedPorts?: readonly number[]; resolver?: Resolver } = {},
) {
  const http = fakeHttpClient(() => answered);
  const resolver =
    options.resolver ??
    fakeResolver({
      'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'internal.example.com': ['10.0.0.7'],
      'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
      'v6internal.example.com': ['fd12:3456::1'],
      'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']],
      'empty.example.com': [],
    });
  return {
    http,
    resolver,
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    ...(options.allowedPorts ? { allowedPorts: options.allowedPorts } : {}),
  };
}

const send = (p: ReturnType<typeof ports>, url: string, timeoutMs = 5000) =>
  guardedRequest(p, {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    timeoutMs,
  });

describe('guardedRequest: SSRF protection (docs/api.md §12)', () => {
  it.each([
    ['https://127.0.0.1', 'loopback'],
    ['https://[::1]', 'loopback'],
    ['https://10.0.0.5', 'private (RFC 1918)'],
    ['https://169.254.169.254', 'cloud metadata'],
    ['https://[fd00::1]', 'unique-local'],
    ['https://[fe80::1]', 'link-local'],
    ['https://[::ffff:127.0.0.1]', 'loopback'],
    ['https://0.0.0.0', 'unspecified'],
    ['https://224.0.0.1', 'multicast'],
    ['https://100.64.1.1', 'carrier-grade NAT'],
    ['https://2130706433', 'loopback'],
    ['https://0x7f.1', 'loopback'],
    ['https://localhost:8443', 'loopback'],
    ['https://metadata.google.internal', 'cloud metadata'],
    ['https://168.63.129.16/machine?comp=goalstate', 'cloud metadata'],
    ['https://[fd20:ce::254]/computeMetadata/v1/', 'cloud metadata'],
    ['https://10.0.0.5:22', 'private (RFC 1918)'],
  ])('refuses %s (%s) without resolving or connecting', async (url, text) => {
    const p = ports();
    const outcome = await send(p, url);
    expect(outcome).toMatchObject({ ok: false, reason: 'blocked_address', latencyMs: 0 });
    expect(!outcome.ok && outcome.message).toContain(text);
    expect(p.http.requests).toEqual([]);
  });

  it('refuses a name that resolves to a private address', async () => {
    const p = ports();
    expect(await send(p, 'https://internal.example.com/hook')).toMatchObject({
      ok: false,
      reason: 'blocked_address',
      message: 'internal.example.com resolves to a private (RFC 1918) address',
    });
    expect(await send(p, 'https://v6internal.example.com/hook')).toMatchObject({ reason: 'blocked_address' });
    expect(p.http.requests).toEqual([]);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const p = ports();
    expect(await send(p, 'https://mixed.example.com/')).toMatchObject({ reason: 'blocked_address' });
    expect(p.http.requests).toEqual([]);
  });

  it.each([
    ['http://hooks.example.com/', 'scheme_not_allowed'],
    ['ftp://hooks.example.com/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['gopher://hooks.example.com/', 'scheme_not_allowed'],
    ['https://user:pass@hooks.example.com/', 'invalid_url'],
    ['/relative', 'invalid_url'],
    ['not a url', 'invalid_url'],
  ])('refuses %s (%s)', async (url, reason) => {
    const p = ports();
    expect(await send(p, url)).toMatchObject({ ok: false, reason });
    expect(p.http.requests).toEqual([]);
  });

  it('connects to the checked address (pinning): a second DNS answer cannot redirect the request', async () => {
    const p = ports();
    await send(p, 'https://rebind.example.com/a');
    await send(p, 'https://rebind.example.com/b');
    // The first lookup said public: that request is pinned to it. The second said loopback: refused.
    expect(p.http.requests.map((r) => [r.url, r.pinnedAddress.address])).toEqual([
      ['https://rebind.example.com/a', '93.184.216.34'],
    ]);
    expect((p.resolver as ReturnType<typeof fakeResolver>).lookups).toEqual([
      'rebind.example.com',
      'rebind.example.com',
    ]);
  });

  it('resolves once per request, pins the first address and passes the URL, method, headers and body on', async () => {
    const p = ports({ allowedPorts: [8443] });
    expect(await send(p, 'https://hooks.example.com:8443/x?y=1')).toEqual(answered);
    const [sent] = p.http.requests;
    expect(sent).toMatchObject({
      url: 'https://hooks.example.com:8443/x?y=1',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      pinnedAddress: { address: '93.184.216.34', family: 4 },
    });
    expect(sent!.timeoutMs).toBeGreaterThan(0);
    expect(sent!.timeoutMs).toBeLessThanOrEqual(5000);
  });

  it('a public IP literal is connected to as is, without DNS', async () => {
    const p = ports();
    await send(p, 'https://[2606:4700:4700::1111]/');
    expect(p.http.requests[0]!.pinnedAddress).toEqual({ address: '2606:4700:4700::1111', family: 6 });
    expect((p.resolver as ReturnType<typeof fakeResolver>).lookups).toEqual([]);
  });

  it('a name that does not resolve, or resolves to nothing, is dns_failed', async () => {
    const p = ports();
    expect(await send(p, 'https://nowhere.example.com/')).toMatchObject({ ok: false, reason: 'dns_failed' });
    expect(await send(p, 'https://empty.example.com/')).toMatchObject({ ok: false, reason: 'dns_failed' });
  });

  it('a DNS lookup that never answers ends at the deadline as a time-out', async () => {
    const p = ports({ resolver: { lookup: () => new Promise(() => {}) } });
    expect(await send(p, 'https://hooks.example.com/', 20)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(p.http.requests).toEqual([]);
  });

  it('allowPrivateNetworks (development) opens loopback, private and http:, but never metadata', async () => {
    const p = ports({ allowPrivateNetworks: true });
    expect(await send(p, 'http://127.0.0.1:3000/hook')).toEqual(answered);
    expect(await send(p, 'https://internal.example.com/')).toEqual(answered);
    expect(await send(p, 'https://[fd00::1]/')).toEqual(answered);
    expect(await send(p, 'https://169.254.169.254/')).toMatchObject({ reason: 'blocked_address' });
    expect(await send(p, 'https://metadata.google.internal/')).toMatchObject({ reason: 'blocked_address' });
    expect(await send(p, 'https://[fd00:ec2::254]/')).toMatchObject({ reason: 'blocked_address' });
    expect(await send(p, 'ftp://127.0.0.1/')).toMatchObject({ reason: 'scheme_not_allowed' });
    expect(p.http.requests.map((r) => r.pinnedAddress.address)).toEqual(['127.0.0.1', '10.0.0.7', 'fd00::1']);
  });

  it('checkUrl needs no DNS: it refuses literals and known names, and leaves other names to resolution', () => {
    const policy = { allowPrivateNetworks: false };
    expect(checkUrl('https://10.0.0.5/', policy)).toMatchObject({ ok: false, reason: 'blocked_address' });
    expect(checkUrl('https://internal.example.com/', policy)).toMatchObject({
      ok: true,
      hostname: 'internal.example.com',
    });
    expect(checkUrl('https://[::1]/', { allowPrivateNetworks: true })).toMatchObject({
      ok: true,
      literal: { address: '::1', family: 6 },
    });
  });
});

describe('checkDestination: the checks of guardedRequest, without the request', () => {
  const resolver = fakeResolver({
    'hooks.example.com': ['93.184.216.34'],
    'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  });
  const ports = { http: fakeHttpClient(), resolver, allowPrivateNetworks: false };

  it('a public name: the URL to send to and the checked address to pin; nothing is sent', async () => {
    expect(
      await checkDestination(ports, { url: 'https://hooks.example.com/in?x=1', timeoutMs: 1000 }),
    ).toEqual({
      ok: true,
      url: 'https://hooks.example.com/in?x=1',
      pinnedAddress: { address: '93.184.216.34', family: 4 },
    });
    expect(ports.http.requests).toEqual([]);
  });

  it('an IP literal needs no DNS; a refused literal, scheme or resolved address is the failure guardedRequest gives', async () => {
    const before = resolver.lookups.length;
    expect(await checkDestination(ports, { url: 'https://93.184.216.34/in', timeoutMs: 1000 })).toMatchObject(
      {
        ok: true,
        pinnedAddress: { address: '93.184.216.34', family: 4 },
      },
    );
    expect(resolver.lookups.length).toBe(before);
    expect(await checkDestination(ports, { url: 'https://10.0.0.5/in', timeoutMs: 1000 })).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
    expect(
      await checkDestination(ports, { url: 'http://hooks.example.com/in', timeoutMs: 1000 }),
    ).toMatchObject({
      ok: false,
      reason: 'scheme_not_allowed',
    });
    // One refused address among the answers refuses the name.
    expect(
      await checkDestination(ports, { url: 'https://mixed.example.com/in', timeoutMs: 1000 }),
    ).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
    expect(
      await checkDestination(ports, { url: 'https://nowhere.example.com/in', timeoutMs: 1000 }),
    ).toMatchObject({
      ok: false,
      reason: 'dns_failed',
    });
  });
});

describe('the port check: 443, the allowed ports, or any port in development', () => {
  it.each([
    ['https://hooks.example.com:22/', 22],
    ['https://hooks.example.com:8443/x', 8443],
    ['https://hooks.example.com:80/', 80],
    ['https://93.184.216.34:6379/', 6379],
    ['https://hooks.example.com:65535/', 65535],
  ])('refuses %s as blocked_port, without resolving or connecting', async (url, port) => {
    const p = ports();
    const outcome = await send(p, url);
    expect(outcome).toEqual({
      ok: false,
      reason: 'blocked_port',
      message: `port ${port} is not allowed (allowed: 443)`,
      latencyMs: 0,
    });
    expect(p.http.requests).toEqual([]);
    expect((p.resolver as ReturnType<typeof fakeResolver>).lookups).toEqual([]);
  });

  it('443 written out is the default port: allowed, and sent as the URL without it', async () => {
    const p = ports();
    expect(await send(p, 'https://hooks.example.com:443/in')).toEqual(answered);
    expect(p.http.requests[0]!.url).toBe('https://hooks.example.com/in');
  });

  it('allowedPorts opens exactly the ports it lists', async () => {
    const p = ports({ allowedPorts: [8443, 9443] });
    expect(await send(p, 'https://hooks.example.com:8443/')).toEqual(answered);
    expect(await send(p, 'https://hooks.example.com:9443/')).toEqual(answered);
    expect(await send(p, 'https://hooks.example.com:8444/')).toMatchObject({
      reason: 'blocked_port',
      message: 'port 8444 is not allowed (allowed: 443, 8443, 9443)',
    });
    expect(p.http.requests.map((r) => new URL(r.url).port)).toEqual(['8443', '9443']);
  });

  it('allowPrivateNetworks (development) allows any port, http or https, public or private', async () => {
    const p = ports({ allowPrivateNetworks: true });
    expect(await send(p, 'http://127.0.0.1:49152/hook')).toEqual(answered);
    expect(await send(p, 'https://hooks.example.com:22/')).toEqual(answered);
    expect(await send(p, 'http://hooks.example.com/')).toEqual(answered);
    expect(p.http.requests).toHaveLength(3);
  });

  it('checkDestination refuses the port before any DNS, so deliveries are refused too', async () => {
    const p = ports();
    expect(
      await checkDestination(p, { url: 'https://hooks.example.com:25/', timeoutMs: 1000 }),
    ).toMatchObject({
      ok: false,
      reason: 'blocked_port',
    });
    expect((p.resolver as ReturnType<typeof fakeResolver>).lookups).toEqual([]);
  });

  it('property: without allowPrivateNetworks a port passes exactly when it is 443 or listed', () => {
    const port = fc.integer({ min: 1, max: 65_535 });
    fc.assert(
      fc.property(port, fc.array(port, { maxLength: 4 }), (chosen, allowedPorts) => {
        const url = new URL(`https://hooks.example.com:${chosen}/`);
        const failure = checkPort(url, { allowPrivateNetworks: false, allowedPorts });
        const allowed = chosen === 443 || allowedPorts.includes(chosen);
        expect(failure === undefined).toBe(allowed);
        if (failure) expect(failure).toMatchObject({ ok: false, reason: 'blocked_port' });
        expect(checkPort(url, { allowPrivateNetworks: true, allowedPorts })).toBeUndefined();
      }),
    );
  });
});
