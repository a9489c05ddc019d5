import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExpressRouter } from '@affiliate-commerce/adapters-express';
import { createFetchHandler } from '@affiliate-commerce/adapters-fetch';
import { testService, testTokens } from '@affiliate-commerce/testkit';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalHandler, portalMiddleware } from './index';
import { assetNames, writePortalAssets } from './server/build-assets';

const packageRoot = new URL('../', import.meta.url).pathname;

/** One way to reach the portal and the API together, as a host mounts them. */
interface Host {
  readonly name: string;
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>;
}

describe('createPortalHandler', () => {
  const api = testService();
  const handler = createPortalHandler({ basePath: '/portal', apiBaseUrl: 'https://api.example.com/api/' });
  let server: Server;
  const hosts: Host[] = [];

  beforeAll(async () => {
    // fetch runtimes: the portal first, the API for every other path.
    const apiFetch = createFetchHandler(api);
    const fetchHost = async (request: Request) => (await handler(request)) ?? apiFetch(request);
    hosts.push({
      name: 'fetch (portal ?? createFetchHandler)',
      fetch: (path, init) => fetchHost(new Request(`http://host.test${path}`, init)),
    });
    // Express: the API router first (it leaves other paths alone), the portal after it.
    const app = express();
    app.use(createExpressRouter(api));
    app.use(portalMiddleware(handler));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    hosts.push({
      name: 'Express (createExpressRouter + portalMiddleware)',
      fetch: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    });
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const through = (name: string, test: (host: Host) => Promise<void>) =>
    it.each([0, 1])(`${name} (host %#)`, (index) => test(hosts[index]!), 60_000);

  through(
    'serves the page with a strict CSP whose connect-src is the API origin, and no inline script or style',
    async (host) => {
      for (const path of ['/portal', '/portal/']) {
        const response = await host.fetch(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const csp = response.headers.get('content-security-policy')!;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("style-src 'self'");
        expect(csp).toContain("connect-src 'self' https://api.example.com");
        expect(csp).not.toContain('unsafe');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        const page = await response.text();
        expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
        expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
        // The API's path is kept (a trailing slash dropped): calls go to …/api/v2/….
        expect(page).toContain('data-base-url="https://api.example.com/api"');
      }
    },
  );

  through('serves each file with its content type, an ETag and 304 on If-None-Match', async (host) => {
    const types: Record<string, string> = {
      'portal.js': 'text/javascript; charset=utf-8',
      'signin.js': 'text/javascript; charset=utf-8',
      'portal.css': 'text/css; charset=utf-8',
      'catalog.json': 'application/json; charset=utf-8',
    };
    for (const name of assetNames) {
      const response = await host.fetch(`/portal/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(types[name]);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const again = await host.fetch(`/portal/${name}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
    const head = await host.fetch('/portal/portal.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  through('refuses traversal and unknown files under the base path, and other methods', async (host) => {
    for (const path of [
      '/portal/..%2fpackage.json',
      '/portal/%2e%2e/package.json',
      '/portal/%2e%2e%2fsrc%2fhandler.ts',
      '/portal/app/../../package.json'.replace('app/../../', '..%2f'),
      '/portal/handler.ts',
      '/portal/portal.js/',
    ]) {
      const response = await host.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('@affiliate-commerce');
    }
    const post = await host.fetch('/portal/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  through('leaves every other path to the API', async (host) => {
    const response = await host.fetch('/v2/webhooks', {
      headers: { authorization: `Bearer ${testTokens.admin}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: [] });
    expect((await host.fetch('/portalx')).status).toBe(404);
  });

  it('answers undefined for paths outside its base path', async () => {
    expect(await handler(new Request('http://host.test/'))).toBeUndefined();
    expect(await handler(new Request('http://host.test/portals/portal.js'))).toBeUndefined();
    expect(await handler(new Request('http://host.test/portal/../portal.js'))).toBeUndefined();
  });

  const pageOf = async (portal: ReturnType<typeof createPortalHandler>, url = 'http://host.test/portal') => {
    const response = (await portal(new Request(url)))!;
    return { csp: response.headers.get('content-security-policy')!, page: await response.text() };
  };

  it('apiBaseUrl: a path on the page origin is kept as given, and connect-src stays self', async () => {
    for (const [apiBaseUrl, shown] of [
      ['/api', '/api'],
      ['/api/', '/api'],
      ['/v/1/api', '/v/1/api'],
      ['/', ''],
    ] as const) {
      const { csp, page } = await pageOf(createPortalHandler({ basePath: '/portal', apiBaseUrl }));
      expect(page, apiBaseUrl).toContain(`data-base-url="${shown}"`);
      expect(csp, apiBaseUrl).toContain("connect-src 'self'; ");
    }
    const { csp, page } = await pageOf(createPortalHandler({ basePath: '/portal' }));
    expect(page).toContain('data-base-url=""');
    expect(csp).toContain("connect-src 'self'; ");
  });

  it('apiBaseUrl: an absolute URL keeps its path; its origin joins connect-src only when it is another', async () => {
    const portal = createPortalHandler({ basePath: '/portal', apiBaseUrl: 'http://127.0.0.1:3101/api' });
    const other = await pageOf(portal, 'http://host.test/portal');
    expect(other.page).toContain('data-base-url="http://127.0.0.1:3101/api"');
    expect(other.csp).toContain("connect-src 'self' http://127.0.0.1:3101; ");
    const same = await pageOf(portal, 'http://127.0.0.1:3101/portal');
    expect(same.csp).toContain("connect-src 'self'; ");
    const root = await pageOf(
      createPortalHandler({ basePath: '/portal', apiBaseUrl: 'https://API.example.com' }),
    );
    expect(root.page).toContain('data-base-url="https://api.example.com"');
    expect(root.csp).toContain("connect-src 'self' https://api.example.com; ");
  });

  it('apiBaseUrl: refused at creation with a TypeError naming the option and what it allows', () => {
    for (const [apiBaseUrl, why] of [
      ['api.example.com', 'not a URL or path'],
      ['api', 'not a URL or path'],
      ['', 'not a URL or path'],
      [' /api', 'not a URL or path'],
      ['//api.example.com/api', 'a path starts with a single /'],
      ['/api\\v2', 'it has a backslash'],
      ['ftp://api.example.com', 'ftp: is not http or https'],
      ['javascript:alert(1)', 'javascript: is not http or https'],
      ['https://user:pass@api.example.com', 'it has credentials'],
      ['https://api.example.com/api?x=1', 'it has a query'],
      ['/api?x=1', 'it has a query'],
      ['https://api.example.com/api#top', 'it has a fragment'],
      ['/api#', 'it has a fragment'],
    ] as const) {
      expect(() => createPortalHandler({ basePath: '/portal', apiBaseUrl }), apiBaseUrl).toThrow(
        new TypeError(
          `@affiliate-commerce/portal: apiBaseUrl must be an http(s) URL such as https://api.example.com/api or a path such as /api, with no query, fragment or credentials; got ${JSON.stringify(apiBaseUrl)} (${why})`,
        ),
      );
    }
    expect(() => createPortalHandler({ basePath: '/portal', apiBaseUrl: 42 as unknown as string })).toThrow(
      /apiBaseUrl must be/,
    );
  });

  it('refuses a base path that is not one', () => {
    for (const basePath of ['portal', '/', '/a/../b', '/a b']) {
      expect(() => createPortalHandler({ basePath })).toThrow(TypeError);
    }
  });

  it('serves the files of a build (assetsDir), byte for byte as the build wrote them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-build-'));
    try {
      await writePortalAssets(packageRoot, dir);
      const built = createPortalHandler({ basePath: '/p', assetsDir: dir });
      const { readFile } = await import('node:fs/promises');
      for (const name of assetNames) {
        const response = (await built(new Request(`http://host.test/p/${name}`)))!;
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(join(dir, name)))).toBe(true);
      }
      const catalog = JSON.parse(await readFile(join(dir, 'catalog.json'), 'utf8'));
      expect(catalog.categoryFields.JOURNEY).toContain('journey_id');
      expect(catalog.envelopeFields).toContain('event_id');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 503 with what to run when a build folder lacks the files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-empty-'));
    try {
      const empty = createPortalHandler({ basePath: '/portal', assetsDir: dir });
      const response = (await empty(new Request('http://host.test/portal/portal.js')))!;
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build -w @affiliate-commerce/portal');
      // The page itself needs no build.
      expect((await empty(new Request('http://host.test/portal')))!.status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
