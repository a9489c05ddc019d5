/**
 * The message log in Debian's Chromium against the demo app, with a receiver that fails on
 * demand: a failed delivery found by its status, opened, read (payload, headers, the receiver's
 * answer) and retried until it succeeds, all in the portal; the same from the keyboard; endpoint
 * health at a glance; hostile names and answers kept as text; axe-core (light and dark) and 390 px
 * on every screen.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorker, type Service, type Storage, silentLogger } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import { callApi } from '@affiliate-commerce/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import type { DeliveryDetail } from './app/message-types';
import {
  axeViolations,
  closeServers,
  cspViolations,
  portalContext,
  scrollsSideways,
} from './browser.test-support';

const hostileAnswer = '<img src=x onerror="window.__xss=1">receiver down';
const hostileName = '<img src=x onerror="window.__xss=2"> Orders hook';
const token = 'demo_super_admin';

describeInChromium('the message log in a real browser, against the demo', () => {
  let storage: Storage;
  let service: Service;
  let server: Server;
  let receiver: Server;
  let receiverUrl: string;
  /** What the receiver answers now. */
  let answer = { status: 200, body: 'ok' };
  let browser: Browser;
  let origin: string;
  let webhookId: string;
  const worker = new AbortController();
  let delivering: Promise<void> | undefined;
  const opened: BrowserContext[] = [];

  const api = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(origin, { method, path, token, body });

  /** Sends an example to the endpoint and waits until its one attempt is recorded. */
  async function example(eventType: string): Promise<DeliveryDetail> {
    const sent = await api<{ deliveryId: string }>('POST', `/v2/webhooks/${webhookId}/actions/sendExample`, {
      eventType,
    });
    expect(sent.status).toBe(202);
    // Polled by hand: this also runs in beforeAll, outside any test.
    for (const started = Date.now(); Date.now() - started < 20_000; ) {
      const detail = (await api<DeliveryDetail>('GET', `/v2/deliveries/${sent.data.deliveryId}`)).data;
      if (detail && detail.delivery.status !== 'pending') return detail;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`delivery ${sent.data.deliveryId} was not attempted in 20 s`);
  }

  beforeAll(async () => {
    storage = await openPglite();
    // One attempt a delivery: a failure is final at once, so it shows as failed.
    const demo = await createDemoApp({ storage, deliveries: { delays: [] }, logger: silentLogger() });
    service = demo.service;
    server = createServer((req, res) => demo.app(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    delivering = runWorker({ service, signal: worker.signal, onError: () => undefined });
    const created = await api<{ id: string }>('POST', '/v2/webhooks', {
      name: hostileName,
      url: receiverUrl,
      authentication: true,
      webhookInterests: ['journey_started', 'ecommerce_order_created'],
      headers: { 'X-Api-Key': 'k_never_shown' },
    });
    expect(created.status).toBe(201);
    webhookId = created.data.id;
    // One delivered, then one the receiver fails.
    expect((await example('journey_started')).delivery.status).toBe('succeeded');
    answer = { status: 500, body: hostileAnswer };
    expect((await example('ecommerce_order_created')).delivery.status).toBe('failed');
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of opened) await context.close().catch(() => undefined);
    await browser?.close();
    worker.abort();
    await delivering;
    await closeServers(server, receiver);
    await storage?.close();
  });

  /** The portal signed in as the super admin, on the Endpoints page. */
  async function open(viewport = { width: 1200, height: 900 }): Promise<Page> {
    const context = await portalContext(browser, viewport);
    opened.push(context);
    const page = await context.newPage();
    await page.goto(`${origin}/portal`);
    await page.getByLabel('Demo token').selectOption(token);
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Endpoints');
    return page;
  }

  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });

  /** Presses Tab until the focused element is named `name` (at most `limit` times). */
  async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
    for (let step = 0; step < limit; step += 1) {
      if ((await focused(page)) === name) return;
      await page.keyboard.press('Tab');
    }
    expect(await focused(page)).toBe(name);
  }

  /** axe-core's findings in the light scheme and then the dark one (every rule). */
  async function axeInBothSchemes(page: Page): Promise<string[]> {
    const light = await axeViolations(page, true);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await axeViolations(page, true);
    await page.emulateMedia({ colorScheme: 'light' });
    return [...light, ...dark.map((found) => `dark: ${found}`)];
  }

  const noScript = async (page: Page) => {
    expect(await page.locator('affiliate-portal img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await cspViolations(page)).toEqual([]);
  };

  it('a failed delivery: found by its status, opened, read, retried until it succeeds, without leaving the portal', async () => {
    const page = await open();
    await page.getByRole('button', { name: `Deliveries of endpoint ${hostileName}` }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Deliveries');
    expect(await page.getByLabel('Endpoint').inputValue()).toBe(webhookId);
    const rows = page.locator('table.ap-log tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await axeInBothSchemes(page)).toEqual([]);

    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => rows.count()).toBe(1);
    const listed = (
      await api<{ deliveries: { id: string; eventId: string }[] }>(
        'GET',
        `/v2/deliveries?status=failed&webhookId=${webhookId}`,
      )
    ).data.deliveries;
    expect(listed).toHaveLength(1);
    const failed = listed[0]!;
    const row = rows.first();
    expect(await row.getAttribute('data-delivery-id')).toBe(failed.id);
    expect(await row.locator('.ap-badge').textContent()).toBe('failed');
    expect(await row.textContent()).toContain('500');

    const name = `ecommerce_order_created ${failed.eventId}`;
    await row.getByRole('button', { name: `Open delivery of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery of ${name}` });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ap-delivery-title');
    const payload = dialog.getByLabel('Payload as sent');
    await payload.waitFor();
    const detail = (await api<DeliveryDetail>('GET', `/v2/deliveries/${failed.id}`)).data;
    expect(JSON.parse((await payload.textContent())!)).toEqual(detail.request?.payload);
    expect(await payload.textContent()).toBe(JSON.stringify(detail.request?.payload, null, 2));
    const headers = await dialog.getByRole('definition').allTextContents();
    expect(headers).toContain('********');
    expect(await dialog.textContent()).not.toContain('k_never_shown');
    const answered = dialog.getByLabel("Receiver's answer to attempt 1");
    expect(await answered.textContent()).toBe(hostileAnswer);
    expect(await dialog.textContent()).toContain('failed with status 500');
    expect(await axeInBothSchemes(page)).toEqual([]);
    await noScript(page);

    // The receiver is mended; Retry now sends it again and the answer comes back into the dialog.
    answer = { status: 200, body: 'thanks' };
    await dialog.getByRole('button', { name: `Retry now: delivery of ${name}` }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe(`Delivery of ${name} arrived: succeeded with status 200.`);
    expect(await page.locator('.ap-live').textContent()).toBe(
      `Delivery of ${name} arrived: succeeded with status 200.`,
    );
    expect(await dialog.getByLabel("Receiver's answer to attempt 2").textContent()).toBe('thanks');
    expect(await dialog.getByRole('button', { name: /Retry now/ }).count()).toBe(0);
    expect(await row.locator('.ap-badge').textContent()).toBe('succeeded');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await focused(page)).toBe(`Open delivery of ${name}`);
    expect(await row.textContent()).toContain('200');
    await noScript(page);
  });

  it('from the keyboard only: endpoint → deliveries → open → retry → close, focus where it should be', async () => {
    answer = { status: 500, body: hostileAnswer };
    const failed = await example('ecommerce_order_created');
    expect(failed.delivery.status).toBe('failed');
    answer = { status: 204, body: '' };
    const page = await open();
    const name = `ecommerce_order_created ${failed.delivery.eventId}`;

    await tabTo(page, `Deliveries of endpoint ${hostileName}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Deliveries');
    await page.locator(`tr[data-delivery-id="${failed.delivery.id}"]`).waitFor();
    await tabTo(page, `Open delivery of ${name}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ap-delivery-title');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Close delivery details');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(`Retry now: delivery of ${name}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Delivery of ${name}` });
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe(`Delivery of ${name} arrived: succeeded with status 204.`);
    // The retry button went with the failure: focus is on the dialog's heading, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ap-delivery-title');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await focused(page)).toBe(`Open delivery of ${name}`);
  });

  it('endpoint deletion asks in a dialog: focus moves in, Escape keeps the endpoint, focus returns to Delete', async () => {
    const spare = await api<{ id: string }>('POST', '/v2/webhooks', {
      name: 'Spare hook',
      url: receiverUrl,
      authentication: false,
      webhookInterests: ['journey_started'],
    });
    expect(spare.status).toBe(201);
    const page = await open();
    const remove = page.getByRole('button', { name: 'Delete endpoint Spare hook' });
    await remove.waitFor();
    await tabTo(page, 'Delete endpoint Spare hook');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete endpoint Spare hook?' });
    await dialog.waitFor();
    expect(await focused(page)).toBe('Keep it');
    expect(await axeViolations(page, true)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await focused(page)).toBe('Delete endpoint Spare hook');

    // Again, and this time delete: focus goes to the page's heading.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Yes, delete');
    await page.keyboard.press('Enter');
    await expect.poll(() => remove.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Endpoints');
    expect((await api('GET', `/v2/webhooks/${spare.data.id}`)).status).toBe(404);
  });

  it('health at a glance: a badge and the last 24 hours as bars with a text alternative; names as text; axe clean', async () => {
    const page = await open();
    const item = page.getByRole('listitem', { name: hostileName, exact: true });
    await item.locator('.ap-health .ap-badge').waitFor();
    const stats = (
      await api<{ succeeded: number; failed: number; health: { status: string } }>(
        'GET',
        `/v2/webhooks/${webhookId}/stats?hours=24`,
      )
    ).data;
    const total = stats.succeeded + stats.failed;
    expect(total).toBeGreaterThan(2);
    const sentence = `${Math.floor((stats.succeeded / total) * 100)}% of ${total} attempts succeeded in the last 24 hours.`;
    expect(await item.getByRole('img', { name: sentence }).count()).toBe(1);
    expect(await item.locator('.ap-health').textContent()).toContain(sentence);
    expect(await item.locator('svg rect').count()).toBeGreaterThan(0);
    expect(await page.locator('affiliate-portal [style]').count()).toBe(0);
    // Every button of the row says which endpoint it acts on.
    for (const label of [
      'Edit endpoint',
      'Delete endpoint',
      'Deliveries of endpoint',
      'Check health of endpoint',
    ])
      expect(
        await item.getByRole('button', { name: `${label} ${hostileName}`, exact: true }).count(),
        label,
      ).toBe(1);
    expect(await item.locator('h3').textContent()).toBe(hostileName);
    expect(await axeInBothSchemes(page)).toEqual([]);
    await noScript(page);
  });

  it('390 px: the endpoints, the log and the detail never scroll sideways, and stay axe clean', async () => {
    const page = await open({ width: 390, height: 844 });
    await page.locator('.ap-health .ap-badge').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, true)).toEqual([]);
    await page.getByRole('button', { name: `Deliveries of endpoint ${hostileName}` }).click();
    const first = page.locator('table.ap-log tbody tr').first();
    await first.waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, true)).toEqual([]);
    await first.getByRole('button', { name: /^Open delivery of / }).click();
    await page.getByLabel('Payload as sent').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(
      await page
        .getByRole('dialog')
        .evaluate((dialog) => dialog.getBoundingClientRect().right <= window.innerWidth),
    ).toBe(true);
    expect(await axeViolations(page, true)).toEqual([]);
    await noScript(page);
  });

  it('every endpoint from the menu: empty states that say what to do, an endpoint with no events sends an example, Newer and Older', async () => {
    answer = { status: 200, body: 'ok' };
    const quiet = await api<{ id: string }>('POST', '/v2/webhooks', {
      name: 'Quiet hook',
      url: receiverUrl,
      authentication: false,
      webhookInterests: [],
    });
    expect(quiet.status).toBe(201);
    const page = await open();
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('button', { name: 'Deliveries' })
      .click();
    const rows = page.locator('table.ap-log tbody tr');
    await rows.first().waitFor();
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('');
    expect(await page.getByRole('columnheader', { name: 'Endpoint' }).count()).toBe(1);

    // Nothing matches: the page says so and offers to clear the filters.
    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByText('No deliveries match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await rows.first().waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('');

    // An endpoint with no events: nothing yet, and an example of the first event type goes out.
    await page.getByLabel('Endpoint').selectOption(quiet.data.id);
    await page.getByText('No deliveries to this endpoint yet.').waitFor();
    expect(await page.getByLabel('Example event type').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Send example' }).click();
    await expect
      .poll(() => page.locator('.ap-live').textContent(), { timeout: 30_000 })
      .toMatch(/^Delivery of \S+ \S+ arrived: succeeded with status 200\.$/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await axeViolations(page, true)).toEqual([]);

    // More than a page of deliveries: Older shows the next page down, Newer comes back.
    for (let sent = 0; sent < 26; sent += 1) {
      const queued = await api('POST', `/v2/webhooks/${webhookId}/actions/sendExample`, {
        eventType: 'journey_started',
      });
      expect(queued.status).toBe(202);
    }
    await page.getByLabel('Endpoint').selectOption('');
    const ids = () => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-delivery-id')));
    const top = (
      await api<{ deliveries: { id: string }[]; hasMore: boolean }>('GET', '/v2/deliveries?limit=25')
    ).data;
    expect(top.hasMore).toBe(true);
    await expect.poll(ids).toEqual(top.deliveries.map((delivery) => delivery.id));
    const pager = page.getByRole('navigation', { name: 'Delivery pages' });
    expect(await pager.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Older' }).click();
    const next = (
      await api<{ deliveries: { id: string }[] }>(
        'GET',
        `/v2/deliveries?limit=25&startingAfter=${top.deliveries[24]!.id}`,
      )
    ).data;
    await expect.poll(ids).toEqual(next.deliveries.map((delivery) => delivery.id));
    await pager.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(ids).toEqual(top.deliveries.map((delivery) => delivery.id));
    await noScript(page);
  });
});
