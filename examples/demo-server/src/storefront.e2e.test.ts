/**
 * docs/api.md §2.8 and §4.9 end to end: Debian's Chromium, driven by playwright-core, visits the demo
 * storefront page, whose capture snippet calls the demo API on another origin (CORS, with the
 * preflight of the JSON POST); the journey the API stores carries both visits' touches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import { createDemoApp } from './demo-app';

interface JourneyView {
  id: string;
  template_slug: string;
  attribution: {
    first: {
      captured_at: string;
      landing_url?: string;
      referrer_url?: string;
      params: Record<string, string>;
    };
    last: {
      captured_at: string;
      landing_url?: string;
      referrer_url?: string;
      params: Record<string, string>;
    };
    touch_count: number;
    visitor_id: string;
  };
}

describeInChromium('storefront capture against the demo server, in a real browser', () => {
  let storage: Storage;
  let server: Server;
  let browser: Browser;
  let apiOrigin: string;
  let pageOrigin: string;
  // Chromium answers preflights inside its network service, unseen by the page: count them here.
  const preflights: string[] = [];

  beforeAll(async () => {
    storage = await openPglite();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // One server, two origins: the page on localhost, the API on 127.0.0.1, so every call is
    // cross-origin as on a real storefront.
    apiOrigin = `http://127.0.0.1:${port}`;
    pageOrigin = `http://localhost:${port}`;
    const { app } = await createDemoApp({ storage, storefrontApiBaseUrl: apiOrigin });
    server.on('request', (request) => {
      if (request.method === 'OPTIONS') preflights.push(request.url ?? '');
    });
    server.on('request', app);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await storage?.close();
  });

  it('4.9 two visits with tags and _fbp/_fbc cookies: the journey has first and last touches, touch_count 2, one visitor id', async () => {
    const context = await browser.newContext();
    try {
      await context.addCookies([
        { name: '_fbp', value: 'fb.1.1700000000000.111', url: pageOrigin },
        { name: '_fbc', value: 'fb.1.1700000000000.ClickOne', url: pageOrigin },
      ]);
      const page = await context.newPage();
      const landing = `${pageOrigin}/storefront/start-your-plan`;

      // Visit 1: from a search result, with campaign tags, a click id and an svc_ tag.
      await page.goto(`${landing}?utm_source=x&gclid=y&svc_utm_campaign=z`, {
        referer: 'https://www.google.com/',
      });
      await expect.poll(() => page.textContent('#title')).toBe('Start your plan');

      // Visit 2: from a newsletter, other tags, no click id; the ad pixel refreshed _fbc.
      await context.addCookies([{ name: '_fbc', value: 'fb.1.1700000000000.ClickTwo', url: pageOrigin }]);
      await page.goto(`${landing}?utm_source=newsletter&utm_medium=email`);
      await expect.poll(() => page.textContent('#title')).toBe('Start your plan');
      await page.click('#start');
      await page.waitForSelector('#journey[data-journey-id]');
      const journeyId = await page.getAttribute('#journey', 'data-journey-id');
      expect(journeyId).toMatch(/^jrn_/);

      const response = await fetch(`${apiOrigin}/v2/journeys/${journeyId}`, {
        headers: { authorization: 'Bearer demo_admin' },
      });
      expect(response.status).toBe(200);
      const journey = ((await response.json()) as { data: JourneyView }).data;
      const visitorId = (await context.cookies(pageOrigin)).find(
        (cookie) => cookie.name === 'svc_vid',
      )?.value;
      expect(visitorId).toBeTruthy();

      expect(journey.template_slug).toBe('start-your-plan');
      expect(journey.attribution).toEqual({
        first: {
          captured_at: expect.any(String),
          landing_url: landing,
          referrer_url: 'https://www.google.com/',
          params: {
            fbp: 'fb.1.1700000000000.111',
            fbc: 'fb.1.1700000000000.ClickOne',
            utm_source: 'x',
            gclid: 'y',
            svc_utm_campaign: 'z',
          },
        },
        last: {
          captured_at: expect.any(String),
          landing_url: landing,
          params: {
            fbp: 'fb.1.1700000000000.111',
            fbc: 'fb.1.1700000000000.ClickTwo',
            utm_source: 'newsletter',
            utm_medium: 'email',
          },
        },
        touch_count: 2,
        visitor_id: visitorId,
      });
      expect(Date.parse(journey.attribution.last.captured_at)).toBeGreaterThanOrEqual(
        Date.parse(journey.attribution.first.captured_at),
      );
      // The JSON POST crossed origins, so the browser asked first and the kernel answered.
      expect(preflights).toContain('/journeys');
    } finally {
      await context.close();
    }
  });

  it('the demo storefront page refuses a slug that is not one, and serves the snippet', async () => {
    expect((await fetch(`${apiOrigin}/storefront/%3Cscript%3E`)).status).toBe(404);
    const snippet = await fetch(`${apiOrigin}/storefront/affiliate-capture.js`);
    expect(snippet.status).toBe(200);
    expect(snippet.headers.get('content-type')).toMatch(/javascript/);
    expect(await snippet.text()).toContain('AffiliateCapture');
  });
});
