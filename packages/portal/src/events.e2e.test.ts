/**
 * The event screens in Debian's Chromium against the demo app: the endpoint form's event picker
 * (search, groups, keyboard), the event catalog (search, one line an event, examples with their
 * event's fields only) and the coupon report on a 390 px phone with a hostile coupon code.
 * axe-core finds nothing on any of them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Service, Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** 80 characters, no space to wrap at, markup an attacker would hope to see run. */
const hostileCoupon = `<img/src=x/onerror=window.__xss=1>${'W'.repeat(46)}`;

interface DictionaryRow {
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly visibility: string;
  readonly subscribable: boolean;
}

describeInChromium('the event screens in a real browser, against the demo', () => {
  let storage: Storage;
  let service: Service;
  let server: Server;
  let browser: Browser;
  let origin: string;
  let dictionary: readonly DictionaryRow[];
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    storage = await openPglite();
    const demo = await createDemoApp({ storage });
    service = demo.service;
    server = createServer((req, res) => demo.app(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The hostile code on enough of today's orders to lead the report by uses.
    for (let index = 1; index <= 60; index += 1) {
      await service.commerce.recordOrder({
        affiliateId: 'aff_demo',
        order: {
          id: `ord_hostile_${index}`,
          status: 'paid',
          totalCents: 4_000,
          currency: 'USD',
          couponRedemptions: [
            {
              code: hostileCoupon,
              discountType: 'fixed',
              discountAmount: 10,
              discountCents: 1_000,
              redeemedAt: new Date(),
            },
          ],
        },
      });
    }
    dictionary = (await api<DictionaryRow[]>('/webhooks/actions/getDictionary', 'demo_agent')).data;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of opened) await context.close().catch(() => undefined);
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await storage?.close();
  });

  async function api<T>(path: string, token: string, method = 'GET') {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as { data: T };
  }

  /** Opens /portal with a demo token, at a width. */
  async function open(token: string, width = 1200): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    opened.push(context);
    await context.addInitScript({ content: axeSource });
    await context.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = log;
      document.addEventListener('securitypolicyviolation', (event) => log.push(event.violatedDirective));
    });
    const page = await context.newPage();
    await page.goto(`${origin}/portal`);
    await page.getByLabel('Demo token').selectOption(token);
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await page.getByRole('navigation', { name: 'Portal' }).waitFor();
    return page;
  }

  /** Every axe-core violation on the page as it is now, whatever its impact. */
  const violations = (page: Page) =>
    page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      };
      const result = await axe.run(document);
      return result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    });

  const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

  const subscribable = () => dictionary.filter((entry) => entry.subscribable);
  const publicEvents = () => dictionary.filter((entry) => entry.visibility === 'public');

  it('the endpoint form: subscribable events only, grouped, described; search, group select and the keyboard', async () => {
    const page = await open('demo_super_admin');
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    const boxes = form.locator('input[name="webhookInterests"]');
    await expect.poll(() => boxes.count()).toBe(subscribable().length);
    // Internal and unimplemented events are not shown at all, not even disabled.
    for (const name of [
      'internal_audit_recorded',
      'internal_patient_merged',
      'pharmacy_rejected_prescription',
    ])
      expect(await form.locator(`input[value="${name}"]`).count(), name).toBe(0);
    expect(await form.getByRole('group', { name: 'INTERNAL' }).count()).toBe(0);
    const categories = [...new Set(subscribable().map((entry) => entry.category))];
    expect(await form.locator('fieldset.ap-interest-group legend').allTextContents()).toEqual(categories);
    const started = form.getByLabel('journey_started', { exact: true });
    expect(await started.getAttribute('aria-describedby')).toBe('ap-interest-journey_started-about');
    expect(await form.locator('#ap-interest-journey_started-about').textContent()).toBe(
      dictionary.find((entry) => entry.name === 'journey_started')!.description,
    );
    const count = form.getByRole('status');
    expect(await count.textContent()).toContain(
      `${subscribable().length} of ${subscribable().length} events`,
    );
    expect(await violations(page)).toEqual([]);

    // Keyboard: type in the search, Enter does not submit, Tab reaches the group's button, then its events.
    const search = form.getByLabel('Search events');
    await search.focus();
    await page.keyboard.type('abandon');
    const matching = subscribable().filter((entry) =>
      `${entry.name} ${entry.description}`.toLowerCase().includes('abandon'),
    );
    await expect
      .poll(() => count.textContent())
      .toContain(`${matching.length} of ${subscribable().length} events`);
    expect(await boxes.count()).toBe(matching.length);
    await page.keyboard.press('Enter');
    expect(await form.count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Select all in JOURNEY',
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'journey_abandoned',
    );
    await page.keyboard.press('Space');
    expect(await form.getByLabel('journey_abandoned').isChecked()).toBe(true);
    expect(await violations(page)).toEqual([]);

    // A checked event the search hides stays checked, and the count says so.
    await search.fill('payment');
    await expect.poll(() => count.textContent()).toContain('1 hidden by the search');
    await search.fill('');
    await expect.poll(() => boxes.count()).toBe(subscribable().length);
    expect(await form.getByLabel('journey_abandoned').isChecked()).toBe(true);

    // Select all in a group, then create: the interests are every JOURNEY event.
    const journey = subscribable()
      .filter((entry) => entry.category === 'JOURNEY')
      .map((entry) => entry.name);
    await form.getByRole('button', { name: 'Select all in JOURNEY' }).click();
    await expect
      .poll(() => form.getByRole('group', { name: 'JOURNEY' }).locator('input:checked').count())
      .toBe(journey.length);
    expect(await form.getByRole('button', { name: 'Clear all in JOURNEY' }).count()).toBe(1);
    await form.getByLabel('Name').fill('Journey receiver');
    await form.getByLabel('URL').fill('https://example.com/hooks/journeys');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const created = (
      await api<{ name: string; webhookInterests: string[] }[]>('/v2/webhooks', 'demo_super_admin')
    ).data.find((webhook) => webhook.name === 'Journey receiver')!;
    expect([...created.webhookInterests].sort()).toEqual([...journey].sort());
    expect(await cspViolations(page)).toEqual([]);
  });

  it('the catalog: public events only, one line each until opened, a search over types, categories, descriptions and fields', async () => {
    const page = await open('demo_agent');
    await page.locator('#ap-event-journey_started').waitFor();
    const names = page.locator('.ap-event summary .ap-event-name');
    expect(await names.allTextContents()).toEqual(publicEvents().map((entry) => entry.name));
    expect(await page.locator('#ap-event-internal_audit_recorded').count()).toBe(0);
    expect(await page.locator('.ap-event details[open]').count()).toBe(0);
    // Compact: the whole page, 58 events and the verify section, fits a few screens.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4_500);
    expect(await violations(page)).toEqual([]);

    const search = page.getByLabel('Search events');
    const count = page.locator('#ap-catalog-count');
    // A field name: only the event that carries it.
    await search.fill('abandoned_at');
    await expect.poll(() => names.allTextContents()).toEqual(['journey_abandoned']);
    expect(await count.textContent()).toBe(`1 of ${publicEvents().length} events`);
    // A category.
    await search.fill('support');
    await expect
      .poll(() => names.allTextContents())
      .toEqual(
        publicEvents()
          .filter((entry) => entry.category === 'SUPPORT')
          .map((entry) => entry.name),
      );
    // A description.
    await search.fill('carrier reported');
    await expect.poll(() => names.allTextContents()).toEqual(['shipment_exception']);
    await search.fill('no such event anywhere');
    await expect.poll(() => page.getByText('No event matches the search.').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => names.count()).toBe(publicEvents().length);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('the catalog: an example shows only the fields its event carries, the ones listed beside it', async () => {
    const page = await open('demo_agent');
    const started = page.locator('#ap-event-journey_started');
    await started.locator('summary').click();
    const example = page.getByLabel('Example payload of journey_started');
    await example.waitFor();
    const payload = JSON.parse((await example.textContent())!) as Record<string, unknown>;
    const listed = await started.locator('.ap-event-fields code').allTextContents();
    expect(listed).not.toContain('completed_at');
    expect(listed).not.toContain('abandoned_at');
    const outside = new Set([
      ...(await page.locator('.ap-catalog > p.ap-muted code').allTextContents()),
      'example',
    ]);
    const own = Object.keys(payload).filter((key) => !outside.has(key));
    expect(own.sort()).toEqual([...listed].sort());
    expect(payload).not.toHaveProperty('completed_at');
    expect(payload).not.toHaveProperty('abandoned_at');
    expect(await violations(page)).toEqual([]);
  });

  it('the coupon report at 390 px: a hostile 80-character code wraps above its bars, shown as text, nothing wider than the screen', async () => {
    const page = await open('demo_admin', 390);
    await page.getByRole('button', { name: 'Coupon report' }).click();
    await page.getByLabel('Date range').selectOption('last_30_days');
    await page.getByRole('button', { name: 'Show report' }).click();
    const chart = page.getByRole('figure', { name: 'Uses and revenue impact per coupon' });
    const label = chart.locator('.ap-chart-label').first();
    await expect.poll(() => label.textContent()).toBe(hostileCoupon);
    expect(hostileCoupon).toHaveLength(80);
    expect(await page.locator('table.ap-table tbody th').first().textContent()).toBe(hostileCoupon);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('.ap-chart img, .ap-table img').count()).toBe(0);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Readable: chart text at the stylesheet's small size, not scaled down with a drawing.
    const sizes = await chart
      .locator('.ap-chart-label, .ap-chart-value')
      .evaluateAll((nodes) => nodes.map((node) => Number.parseFloat(getComputedStyle(node).fontSize)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    // No label's box meets a bar's box.
    const overlaps = await chart.evaluate((figure) => {
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const labels = [...figure.querySelectorAll('.ap-chart-label')].map((node) =>
        node.getBoundingClientRect(),
      );
      const bars = [...figure.querySelectorAll('rect')].map((node) => node.getBoundingClientRect());
      return labels.flatMap((a, i) =>
        bars.flatMap((b, j) => (meet(a, b) ? [`label ${i} meets bar ${j}`] : [])),
      );
    });
    expect(overlaps).toEqual([]);
    const box = await label.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
