/**
 * Every screen of the portal (screens.test-support.ts) at a phone's width and a laptop's, and
 * in the dark scheme, in Debian's Chromium against the demo: the page never scrolls sideways,
 * axe-core finds nothing, nothing breaks the Content-Security-Policy; focus rings show for the
 * keyboard only.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorker, type Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import { axeViolations, closeServers, cspViolations, portalContext } from './browser.test-support';
import { portalScreens, screenWidths } from './screens.test-support';

describeInChromium('every screen at 390 and 1280 px, light and dark, in a real browser', () => {
  let storage: Storage;
  let server: Server;
  let origin: string;
  let browser: Browser;
  const worker = new AbortController();
  let delivering: Promise<void> | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    storage = await openPglite();
    const demo = await createDemoApp({ storage });
    server = await new Promise<Server>((resolve) => {
      const started = demo.app.listen(0, '127.0.0.1', () => resolve(started));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    delivering = runWorker({ service: demo.service, signal: worker.signal, onError: () => undefined });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    worker.abort();
    await delivering;
    await closeServers(server);
    await storage?.close();
  });

  const cases = [
    ...screenWidths.flatMap((width) =>
      portalScreens.map((screen) => ({ width, screen, scheme: 'light' as const })),
    ),
    // Dark (prefers-color-scheme) at the phone's width: axe's contrast checks on the dark colors.
    ...portalScreens.map((screen) => ({ width: screenWidths[0], screen, scheme: 'dark' as const })),
  ];

  it.each(cases)(
    '$screen.name at $width px, $scheme: no sideways scroll, no axe violation',
    async ({ width, screen, scheme }) => {
      const context = await portalContext(browser, { width, height: 844 }, scheme);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${origin}/portal`);
      const shown = await screen.open(page);
      expect(shown, `${screen.name} has something to show in the demo`).toBe(true);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], `${screen.name}: scrollWidth at ${width} px`).toBeLessThanOrEqual(width);
      expect(await axeViolations(page, true), `axe on ${screen.name} at ${width} px`).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    },
  );

  it('focus rings for the keyboard only: a heading focused after a click shows none, after Enter it shows one', async () => {
    const context = await portalContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${origin}/portal`);
    await portalScreens.find((screen) => screen.name === 'endpoints')!.open(page);
    const menu = page.getByRole('navigation', { name: 'Portal' });
    const ring = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        return `${focused.tagName} ${getComputedStyle(focused).outlineStyle}`;
      });
    await menu.getByRole('button', { name: 'Event catalog' }).click();
    await expect.poll(ring).toBe('H2 none');
    await menu.getByRole('button', { name: 'Endpoints' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(ring).toBe('H2 solid');
  });
});
