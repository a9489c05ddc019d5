/**
 * The portal wherever the API is mounted, in Debian's Chromium: the page served by
 * createPortalHandler and <affiliate-portal> in a host page, each against the demo's data with
 * the API at the root, under /api and on another origin (CORS answered by the host), through
 * both adapters (createExpressRouter mounted with app.use, createFetchHandler with basePath).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExpressRouter } from '@affiliate-commerce/adapters-express';
import { createFetchHandler } from '@affiliate-commerce/adapters-fetch';
import type { Service, Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import express, { type RequestHandler } from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import { closeServers, cspViolations, portalContext, serveFetch } from './browser.test-support';
import { createPortalHandler, type PortalHandler, portalMiddleware } from './index';

type Adapter = 'express' | 'fetch';
type Mount = 'root' | 'api' | 'other origin';

/** One host as built for a test: where its page is, and where the portal's calls must go. */
interface Layout {
  readonly pageOrigin: string;
  /** What the host passes as `apiBaseUrl` and as the element's `base-url`. */
  readonly apiBase: string | undefined;
  /** Every call of the portal starts with this. */
  readonly callsTo: string;
}

const hostCsp = (connect: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'${connect ? ` ${connect}` : ''}`;

/** A host's own page embedding the element (nothing inline), and its script handing a token over. */
function hostPage(base: () => string | undefined, connect: () => string): PortalHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/host/token.js') {
      return new Response("document.querySelector('affiliate-portal').token = 'demo_super_admin';", {
        headers: { 'content-type': 'text/javascript' },
      });
    }
    if (pathname !== '/host/') return undefined;
    const attribute = base() === undefined ? '' : ` base-url="${base()}"`;
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="stylesheet" href="/portal/portal.css"><script type="module" src="/portal/portal.js"></script>
<script type="module" src="/host/token.js"></script></head>
<body><main><h1>Host</h1><affiliate-portal${attribute} catalog-url="/portal/catalog.json"></affiliate-portal></main></body></html>`,
      { headers: { 'content-type': 'text/html', 'content-security-policy': hostCsp(connect()) } },
    );
  };
}

/**
 * CORS for the portal's origin, as a host serving the API on its own origin adds it: the
 * service answers CORS on its public storefront routes only, never on token-bearing ones.
 */
function withCors(allowed: () => string, api: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const origin = request.headers.get('origin');
    if (origin !== allowed()) return api(request);
    const headers = new Headers({ 'access-control-allow-origin': origin, vary: 'Origin' });
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      headers.set('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      headers.set('access-control-allow-headers', 'authorization, content-type');
      headers.set('access-control-max-age', '600');
      return new Response(null, { status: 204, headers });
    }
    const response = await api(request);
    const answered = new Headers(response.headers);
    for (const [key, value] of headers) answered.set(key, value);
    return new Response(response.body, { status: response.status, headers: answered });
  };
}

/** The same CORS as Express middleware. */
function corsMiddleware(allowed: () => string): RequestHandler {
  return (req, res, next) => {
    if (req.headers.origin !== allowed()) return next();
    res.set({ 'access-control-allow-origin': req.headers.origin, vary: 'Origin' });
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return next();
    res
      .status(204)
      .set({
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      })
      .end();
  };
}

describeInChromium('the portal wherever the API is mounted, in a real browser', () => {
  let storage: Storage;
  let service: Service;
  let browser: Browser;
  const servers: Server[] = [];
  const contexts: BrowserContext[] = [];
  const layouts = new Map<string, Layout>();

  async function listen(app: express.Express): Promise<string> {
    const server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** Express: the API router mounted with app.use at the root or /api, the portal beside it. */
  async function expressHost(mount: Mount): Promise<Layout> {
    let apiOrigin = '';
    let pageOrigin = '';
    if (mount === 'other origin') {
      const api = express();
      api.use(corsMiddleware(() => pageOrigin));
      api.use('/api', createExpressRouter(service));
      apiOrigin = await listen(api);
    }
    const apiBase = { root: undefined, api: '/api', 'other origin': `${apiOrigin}/api` }[mount];
    const app = express();
    app.use(
      portalMiddleware(
        hostPage(
          () => apiBase,
          () => apiOrigin,
        ),
      ),
    );
    app.use(portalMiddleware(createPortalHandler({ basePath: '/portal', apiBaseUrl: apiBase })));
    if (mount === 'root') app.use(createExpressRouter(service));
    if (mount === 'api') app.use('/api', createExpressRouter(service));
    pageOrigin = await listen(app);
    const callsTo = { root: pageOrigin, api: `${pageOrigin}/api`, 'other origin': `${apiOrigin}/api` }[mount];
    return { pageOrigin, apiBase, callsTo: `${callsTo}/v2/` };
  }

  /** fetch runtimes: createFetchHandler with basePath /api when mounted there, the portal first. */
  async function fetchHost(mount: Mount): Promise<Layout> {
    let apiOrigin = '';
    let pageOrigin = '';
    const underApi = createFetchHandler(service, { basePath: '/api' });
    if (mount === 'other origin') {
      const api = await serveFetch(withCors(() => pageOrigin, underApi));
      servers.push(api.server);
      apiOrigin = api.origin;
    }
    const apiBase = { root: undefined, api: '/api', 'other origin': `${apiOrigin}/api` }[mount];
    const api = mount === 'root' ? createFetchHandler(service) : underApi;
    const host = hostPage(
      () => apiBase,
      () => apiOrigin,
    );
    const portal = createPortalHandler({ basePath: '/portal', apiBaseUrl: apiBase });
    const page = await serveFetch(
      async (request) => (await host(request)) ?? (await portal(request)) ?? api(request),
    );
    servers.push(page.server);
    pageOrigin = page.origin;
    const callsTo = { root: pageOrigin, api: `${pageOrigin}/api`, 'other origin': `${apiOrigin}/api` }[mount];
    return { pageOrigin, apiBase, callsTo: `${callsTo}/v2/` };
  }

  beforeAll(async () => {
    storage = await openPglite();
    service = (await createDemoApp({ storage })).service;
    for (const mount of ['root', 'api', 'other origin'] as const) {
      layouts.set(`express ${mount}`, await expressHost(mount));
      layouts.set(`fetch ${mount}`, await fetchHost(mount));
    }
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await closeServers(...servers);
    await storage?.close();
  });

  /** A page that records the URL of every API call it makes. */
  async function recordingPage(): Promise<{ page: Page; calls: string[] }> {
    const context = await portalContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (/\/v2\/|\/webhooks\//.test(request.url())) calls.push(request.url());
    });
    return { page, calls };
  }

  /** The demo's seeded endpoints are listed, every call went to the API's base, nothing was blocked. */
  async function showsTheDemo(page: Page, calls: string[], layout: Layout): Promise<void> {
    await page.getByRole('listitem', { name: 'Order and journey events (v2)', exact: true }).waitFor();
    await page.getByRole('listitem', { name: 'Legacy order feed (v1)', exact: true }).waitFor();
    const webhooks = calls.filter((url) => url.includes('/v2/webhooks'));
    expect(webhooks.length).toBeGreaterThan(0);
    for (const url of webhooks) expect(url.startsWith(layout.callsTo), url).toBe(true);
    expect(await cspViolations(page)).toEqual([]);
  }

  const cases = (['express', 'fetch'] as const).flatMap((adapter: Adapter) =>
    (['root', 'api', 'other origin'] as const).map((mount: Mount) => ({ adapter, mount })),
  );

  it.each(cases)('the portal page, $adapter, API at $mount', async ({ adapter, mount }) => {
    const layout = layouts.get(`${adapter} ${mount}`)!;
    const { page, calls } = await recordingPage();
    const response = await page.goto(`${layout.pageOrigin}/portal`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    if (mount === 'other origin')
      expect(csp).toContain(`connect-src 'self' ${new URL(layout.callsTo).origin};`);
    else expect(csp).toContain("connect-src 'self';");
    await page.getByLabel('API token').fill('demo_super_admin');
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await showsTheDemo(page, calls, layout);
  });

  it.each(cases)('<affiliate-portal> in a host page, $adapter, API at $mount', async ({ adapter, mount }) => {
    const layout = layouts.get(`${adapter} ${mount}`)!;
    const { page, calls } = await recordingPage();
    await page.goto(`${layout.pageOrigin}/host/`);
    await showsTheDemo(page, calls, layout);
  });
});
