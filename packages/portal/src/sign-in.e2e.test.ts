/**
 * Sign-in and failures in Debian's Chromium, against the demo: a refused token sends the
 * stand-alone page back to its sign-in form saying why; the embedded element asks its host for
 * a fresh token and says what happened in a sentence; a token with no affiliate (the demo's
 * master token) is told apart from a broken one. The status and code stay in small print.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import express from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import { axeViolations, closeServers, cspViolations, portalContext } from './browser.test-support';
import { type PortalHandler, portalMiddleware } from './index';

/** A host page embedding the element with a token its server says is current, but the API refuses. */
const host: PortalHandler = async (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === '/host/token.js') {
    return new Response(
      `const portal = document.querySelector('affiliate-portal');
window.refusals = 0;
portal.addEventListener('affiliate-portal-unauthorized', () => { window.refusals += 1; });
portal.token = 'expired_token';`,
      { headers: { 'content-type': 'text/javascript' } },
    );
  }
  if (pathname !== '/host/') return undefined;
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="stylesheet" href="/portal/portal.css"><script type="module" src="/portal/portal.js"></script>
<script type="module" src="/host/token.js"></script></head>
<body><main><h1>Host</h1><affiliate-portal catalog-url="/portal/catalog.json"></affiliate-portal></main></body></html>`,
    {
      headers: {
        'content-type': 'text/html',
        'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'",
      },
    },
  );
};

describeInChromium('sign-in and failure sentences in a real browser, against the demo', () => {
  let storage: Storage;
  let server: Server;
  let origin: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    storage = await openPglite();
    const demo = await createDemoApp({ storage });
    const app = express();
    app.use(portalMiddleware(host));
    app.use(demo.app);
    server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await closeServers(server);
    await storage?.close();
  });

  async function newPage(path: string): Promise<Page> {
    const context = await portalContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    return page;
  }

  it('the page: a token the API refuses brings back the sign-in form, saying why, focus in the token field', async () => {
    const page = await newPage('/portal');
    await page.getByLabel('API token').fill('not_a_token');
    await page.getByRole('button', { name: 'Open the portal' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('Your token was refused or has expired. Sign in again.');
    expect(await page.locator('affiliate-portal').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ap-token');
    expect(await axeViolations(page, true)).toEqual([]);

    // A good token then opens the portal, and the message goes.
    await page.getByLabel('API token').fill('demo_super_admin');
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await page.getByRole('navigation', { name: 'Portal' }).waitFor();
    expect(await form.isVisible()).toBe(false);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('the element: a refused token asks the host for a fresh one and reads as a sentence, the code in small print', async () => {
    const page = await newPage('/host/');
    const alert = page.locator('affiliate-portal').getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.locator('p').first().textContent()).toBe(
      'Your token was refused or has expired. Sign in again with a current token.',
    );
    expect(await alert.locator('small').textContent()).toMatch(/^401 UNAUTHORIZED: /);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { refusals: number }).refusals))
      .toBeGreaterThan(0);
    expect(await axeViolations(page, true)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('a token with no affiliate (demo_master): a sentence says so and what to use instead', async () => {
    const page = await newPage('/portal');
    await page.getByLabel('Demo token').selectOption('demo_master');
    await page.getByRole('button', { name: 'Open the portal' }).click();
    const alert = page.locator('affiliate-portal').getByRole('alert').first();
    await alert.waitFor();
    const sentence = await alert.locator('p').first().textContent();
    expect(sentence).toContain('not tied to an affiliate');
    expect(sentence).toContain('Sign in with the token of an affiliate user');
    expect(await alert.locator('small').textContent()).toMatch(/^400 AFFILIATE_CONTEXT_REQUIRED: /);
    // Not a refused token: the portal stays open.
    expect(await page.locator('affiliate-portal').count()).toBe(1);
    expect(await axeViolations(page, true)).toEqual([]);
  });
});
