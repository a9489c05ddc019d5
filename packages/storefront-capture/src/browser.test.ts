/**
 * The `<script>` build in Debian's Chromium, driven by playwright-core: a storefront page on one
 * origin loads the IIFE configured by data- attributes and talks to the journey API on another.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import { type FakeJourneyApi, startFakeJourneyApi } from './fake-journey-api.test-support';

interface PageGlobal {
  AffiliateCapture: {
    capture?: { createJourney(body: object): Promise<string | undefined> };
    template?: Promise<unknown>;
  };
}

const bundleIife = async (): Promise<string> => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./iife.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]!.text;
};

/** Serves the storefront page (any path) and the snippet; `consent` becomes `data-consent`. */
const startStorefront = async (
  script: string,
  apiBaseUrl: string,
): Promise<{ origin: string; server: Server }> => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://storefront.invalid');
    if (url.pathname === '/affiliate-capture.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(script);
    }
    const consent = url.searchParams.get('consent');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Start</title><h1>Start</h1>
<script src="/affiliate-capture.js" data-base-url="${apiBaseUrl}" data-journey-slug="start"${
      consent ? ` data-consent="${consent}"` : ''
    }></script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

describeInChromium('storefront-capture in a real browser', () => {
  let browser: Browser;
  let api: FakeJourneyApi;
  let storefront: { origin: string; server: Server };

  beforeAll(async () => {
    api = await startFakeJourneyApi();
    storefront = await startStorefront(await bundleIife(), api.baseUrl);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await new Promise((resolve) => storefront?.server.close(resolve));
  });

  const visit = async (context: BrowserContext, path: string, referer?: string) => {
    const page = await context.newPage();
    await page.goto(storefront.origin + path, referer ? { referer } : {});
    const template = await page.evaluate(() => (window as unknown as PageGlobal).AffiliateCapture.template);
    return { page, template };
  };

  const setMetaCookies = (context: BrowserContext, fbp: string, fbc: string) =>
    context.addCookies([
      { name: '_fbp', value: fbp, domain: '127.0.0.1', path: '/' },
      { name: '_fbc', value: fbc, domain: '127.0.0.1', path: '/' },
    ]);

  it('4.9: two visits send the tags, cookies, visitor id and track with the template view and the journey', async () => {
    api.requests.length = 0;
    const context = await browser.newContext();
    await setMetaCookies(context, 'fb.1.1700000000000.111', 'fb.1.1700000000000.AbC');

    const first = await visit(context, '/store/start?utm_source=x&gclid=y&svc_utm_campaign=z#top');
    expect(first.template).toEqual({
      success: true,
      data: { slug: 'start', template_display_name: 'Start' },
    });
    await first.page.close();

    await setMetaCookies(context, 'fb.1.1700000000000.222', 'fb.1.1700000000000.DeF');
    const second = await visit(
      context,
      '/store/start?utm_source=newsletter&svc_utm_medium=email',
      'https://mail.example/inbox?user=ann#m1',
    );
    const journeyId = await second.page.evaluate(() =>
      (window as unknown as PageGlobal).AffiliateCapture.capture?.createJourney({ templateSlug: 'start' }),
    );
    expect(journeyId).toBe('journey-1');

    const [view1, view2, journey] = api.requests;
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v2/journeyTemplates/start/frontend',
      'GET /v2/journeyTemplates/start/frontend',
      'POST /journeys',
    ]);
    const visitorId = view1!.query.visitorId!;
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(view1!.query).toEqual({
      landing_url: `${storefront.origin}/store/start`,
      visitorId,
      track: 'first',
      attribution: JSON.stringify({
        track: 'first',
        visitorId,
        params: {
          fbp: 'fb.1.1700000000000.111',
          fbc: 'fb.1.1700000000000.AbC',
          utm_source: 'x',
          gclid: 'y',
          svc_utm_campaign: 'z',
        },
      }),
    });
    const secondCapture = {
      landing_url: `${storefront.origin}/store/start`,
      referrer_url: 'https://mail.example/inbox',
      visitorId,
      track: 'repeat',
    };
    const secondAttribution = {
      track: 'repeat',
      visitorId,
      params: {
        fbp: 'fb.1.1700000000000.222',
        fbc: 'fb.1.1700000000000.DeF',
        utm_source: 'newsletter',
        svc_utm_medium: 'email',
      },
    };
    expect(view2!.query).toEqual({ ...secondCapture, attribution: JSON.stringify(secondAttribution) });
    expect(journey!.body).toEqual({
      landing_url: secondCapture.landing_url,
      referrer_url: secondCapture.referrer_url,
      visitorId,
      attribution: secondAttribution,
      templateSlug: 'start',
    });
    expect(api.requests.every((request) => request.cookie === undefined)).toBe(true);

    const stored = await second.page.evaluate(() => localStorage.getItem('svc_vid'));
    const cookie = (await context.cookies()).find((entry) => entry.name === 'svc_vid');
    expect(stored).toBe(visitorId);
    expect(cookie?.value).toBe(visitorId);
    expect(cookie?.sameSite).toBe('Lax');
    await context.close();
  });

  it('2.8 rule 4, consent: Global Privacy Control and data-consent="false" keep click ids, Meta cookies and the stored id out', async () => {
    for (const setup of ['gpc', 'data-consent'] as const) {
      api.requests.length = 0;
      const context = await browser.newContext();
      await setMetaCookies(context, 'fb.1.1700000000000.111', 'fb.1.1700000000000.AbC');
      if (setup === 'gpc') {
        await context.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
        );
      }
      const query = setup === 'gpc' ? '' : '&consent=false';
      const { page } = await visit(context, `/store/start?utm_source=x&gclid=y&fbclid=f${query}`);
      const [view] = api.requests;
      expect(view?.query.track).toBeUndefined();
      expect(JSON.parse(view!.query.attribution!).params).toEqual({ utm_source: 'x' });
      expect(await page.evaluate(() => localStorage.getItem('svc_vid'))).toBeNull();
      expect((await context.cookies()).map((entry) => entry.name).sort()).toEqual(['_fbc', '_fbp']);
      await context.close();
    }
  });

  it('8: a host page never sees an error: the API down still loads the page and template is undefined', async () => {
    const down = await startStorefront(await bundleIife(), 'http://127.0.0.1:9');
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${down.origin}/store/start?utm_source=x`);
    expect(
      await page.evaluate(() => (window as unknown as PageGlobal).AffiliateCapture.template),
    ).toBeUndefined();
    expect(await page.locator('h1').textContent()).toBe('Start');
    expect(errors).toEqual([]);
    await context.close();
    await new Promise((resolve) => down.server.close(resolve));
  });
});
