/**
 * The portal in Debian's Chromium against the demo app (seeded data, the demo tokens), started
 * in-process with its webhook worker: every page clicked through, axe-core on every page, and no
 * Content-Security-Policy violation anywhere. UPDATE_SCREENSHOTS=1 writes docs/portal/*.png.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { runWorker, type Service, type Storage } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import { callApi } from '@affiliate-commerce/testkit';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoApp } from '../../../examples/demo-server/src/demo-app';
import { describeInChromium, launchChromium } from '../../../test-support/chromium';
import type { EventAnswer, EventPayload } from './app/types';
import { axeViolations, cspViolations } from './browser.test-support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const screenshots = new URL('../../../docs/portal/', import.meta.url).pathname;
const hostile = '<img src=x onerror="window.__xss=1">';
/** The moments between screens kept as screenshots in docs/portal. */
const moments = new Set(['secret', 'event', 'forbidden']);

interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** The host page: its own CSP, the portal's files from /portal, nothing inline. */
const hostPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My app</title>
<link rel="stylesheet" href="/portal/portal.css">
<script type="module" src="/portal/portal.js"></script>
<script type="module" src="/my-app/token.js"></script>
</head><body><main><h1>My app</h1>
<affiliate-portal roles="affiliate_super_admin" catalog-url="/portal/catalog.json"></affiliate-portal>
</main></body></html>`;

/** The host's script: a short-lived token from its own server, set as the element's property. */
const hostScript = `const portal = document.querySelector('affiliate-portal');
const mint = async () => (await (await fetch('/my-app/token', { method: 'POST' })).json()).token;
portal.addEventListener('affiliate-portal-unauthorized', async () => { portal.token = await mint(); });
portal.token = await mint();`;

function hostApp(url: string, res: ServerResponse): void {
  const csp = "default-src 'self'; script-src 'self'; style-src 'self'";
  if (url === '/my-app/')
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(hostPage);
  else if (url === '/my-app/token.js')
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(hostScript);
  // A real host mints a token for its logged-in user that expires in minutes; the demo has static ones.
  else if (url === '/my-app/token')
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"demo_super_admin"}');
  else res.writeHead(404).end();
}

describeInChromium('the affiliate portal in a real browser, against the demo', () => {
  let storage: Storage;
  let service: Service;
  let server: Server;
  let receiver: Server;
  let receiverUrl: string;
  /** `X-Api-Key` headers the receiver was sent. */
  const apiKeysSeen: string[] = [];
  let browser: Browser;
  let origin: string;
  const worker = new AbortController();
  let delivering: Promise<void> | undefined;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    storage = await openPglite();
    const demo = await createDemoApp({ storage });
    service = demo.service;
    // The demo app, plus a host's own page under /my-app that embeds <affiliate-portal> and hands
    // it a token from its server (the short-lived token pattern of the README).
    server = createServer((req, res) =>
      req.url?.startsWith('/my-app/') ? hostApp(req.url, res) : demo.app(req, res),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A receiver whose every answer (status 200) is markup an attacker would send back.
    receiver = createServer((req, res) => {
      const key = req.headers['x-api-key'];
      if (typeof key === 'string') apiKeysSeen.push(key);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/html' }).end(hostile));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    delivering = runWorker({ service, signal: worker.signal, onError: () => undefined });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of opened) await context.close().catch(() => undefined);
    await browser?.close();
    worker.abort();
    await delivering;
    for (const s of [server, receiver]) {
      s?.closeAllConnections();
      await new Promise((resolve) => s?.close(resolve));
    }
    await storage?.close();
  });

  /** Opens /portal and signs in with a demo token, picked (with its roles) or pasted (without). */
  async function open(token: string, how: 'picked' | 'pasted' = 'picked'): Promise<Opened> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    opened.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Injected by the browser itself, outside the page's CSP: axe-core and a violation log.
    await context.addInitScript({ content: axeSource });
    await context.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = log;
      document.addEventListener('securitypolicyviolation', (event) =>
        log.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const response = await page.goto(`${origin}/portal`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    if (how === 'picked') await page.getByLabel('Demo token').selectOption(token);
    else await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await page.getByRole('navigation', { name: 'Portal' }).waitFor();
    return { context, page };
  }

  /**
   * Checks the page with axe; with UPDATE_SCREENSHOTS=1 saves the moments between screens (the
   * screens themselves are `npm run portal-screenshots`'s).
   */
  async function checkpoint(page: Page, name: string): Promise<void> {
    expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
    if (process.env.UPDATE_SCREENSHOTS === '1' && moments.has(name)) {
      await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });
    }
  }

  const api = <T>(method: string, path: string, token: string, body?: unknown) =>
    callApi<T>(origin, { method, path, token, body });

  const endpoint = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

  it('the sign-in page: demo token picker, nothing inline, axe clean', async () => {
    const context = await browser.newContext();
    opened.push(context);
    await context.addInitScript({ content: axeSource });
    const page = await context.newPage();
    await page.goto(`${origin}/portal`);
    const choices = await page.getByLabel('Demo token').locator('option').allTextContents();
    expect(choices).toContain('demo_super_admin (affiliate_super_admin of aff_demo)');
    expect(choices).toContain('demo_agent (affiliate_agent of aff_demo)');
    expect(await page.locator('script:not([src]), style, [style]').count()).toBe(0);
    await checkpoint(page, 'signin');
  });

  let secret = '';

  it('Endpoints (super admin): create with interests from the dictionary, secret shown once, edit, disable/enable, upgrade, health check, rotate, delete', async () => {
    const { page } = await open('demo_super_admin');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Endpoints');
    await endpoint(page, 'Order and journey events (v2)').waitFor();
    await endpoint(page, 'Legacy order feed (v1)').waitFor();
    await checkpoint(page, 'endpoints');

    // Create: the interests come from the dictionary, grouped; the unsubscribable ones are not shown.
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ap-endpoint-name');
    await form.getByLabel('Name').fill('Portal receiver');
    await form.getByLabel('URL').fill(receiverUrl);
    await form.getByRole('button', { name: 'Check this URL' }).click();
    await expect.poll(() => form.textContent()).toContain('Reachable: status 200');
    await form.getByRole('group', { name: 'JOURNEY' }).getByLabel('journey_started').check();
    expect(await form.locator('input[value="pharmacy_rejected_prescription"]').count()).toBe(0);
    expect(await form.locator('input[value="internal_audit_recorded"]').count()).toBe(0);
    await checkpoint(page, 'endpoint-form');
    await form.getByRole('button', { name: 'Create endpoint' }).click();

    const shown = page.getByRole('region', { name: 'Signing secret' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('you will not see this again');
    secret = (await shown.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await checkpoint(page, 'secret');
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    expect(await shown.count()).toBe(0);

    const created = (
      await api<{ id: string; name: string; webhookInterests: string[] }[]>(
        'GET',
        '/v2/webhooks',
        'demo_super_admin',
      )
    ).data.find((webhook) => webhook.name === 'Portal receiver')!;
    expect(created.webhookInterests).toEqual(['journey_started']);

    // Edit: rename, keep the interests.
    await endpoint(page, 'Portal receiver').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Portal receiver' });
    await edit.getByLabel('Name').fill('Portal receiver (edited)');
    expect(await edit.getByLabel('journey_started').isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const row = endpoint(page, 'Portal receiver (edited)');
    await row.waitFor();
    expect(await row.textContent()).toContain(
      'Signedyes: X-Webhook-Signature and the Standard Webhooks headers',
    );

    // Disable, enable.
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.textContent()).toContain('Statusdisabled');
    expect(await page.getByRole('status').first().textContent()).toContain('is disabled');
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => row.textContent()).toContain('Statusenabled');

    // Upgrade the v1 endpoint.
    const legacy = endpoint(page, 'Legacy order feed (v1)');
    await legacy.getByRole('button', { name: 'Upgrade to v2' }).click();
    await expect.poll(() => legacy.textContent()).toContain('Payload versionv2');
    expect(await legacy.getByRole('button', { name: 'Upgrade to v2' }).count()).toBe(0);

    // Health check: the receiver answers 200.
    await row.getByRole('button', { name: 'Check health' }).click();
    await expect.poll(() => row.textContent()).toContain('Reachable: status 200');
    expect(await page.locator('.ap-live').textContent()).toContain(
      'Health check of Portal receiver (edited)',
    );

    // Rotate: a new secret, shown once.
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    await shown.waitFor();
    const rotated = (await shown.locator('code').textContent())!;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    secret = rotated;
    await shown.getByRole('button', { name: 'I have stored it' }).click();

    // Delete, after confirming.
    await legacy.getByRole('button', { name: 'Delete' }).click();
    await legacy.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => legacy.count()).toBe(0);
    const names = (await api<{ name: string }[]>('GET', '/v2/webhooks', 'demo_super_admin')).data.map(
      (w) => w.name,
    );
    expect(names).not.toContain('Legacy order feed (v1)');
    expect(names).toContain('Portal receiver (edited)');

    expect(await cspViolations(page)).toEqual([]);
  });

  it('Endpoints (super admin): delivery options — ordering, rate limit, filter and a custom header whose value is never shown', async () => {
    const { page } = await open('demo_super_admin');
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('Name').fill('Gateway receiver');
    await form.getByLabel('URL').fill(receiverUrl);
    await form.getByRole('group', { name: 'COMMERCE' }).getByLabel('ecommerce_order_created').check();
    const options = form.getByRole('group', { name: 'Delivery options' });
    await options.getByLabel('Ordering').selectOption('entity');
    await options.getByLabel('Rate limit (deliveries a second, empty for none)').fill('20');
    // A filter that is not JSON is said in the form, and nothing is sent.
    await options.getByLabel('Payload filter (JSON, empty for every event)').fill('{ total_value_cents');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('not valid JSON');
    await options
      .getByLabel('Payload filter (JSON, empty for every event)')
      .fill('{ "total_value_cents": { "$gte": 10000 } }');
    await options.getByRole('button', { name: 'Add header' }).click();
    await options.getByLabel('Header 1 name').fill('X-Api-Key');
    await options.getByLabel('Header 1 value').fill('k_portal_secret');
    await checkpoint(page, 'endpoint-options');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    const shown = page.getByRole('region', { name: 'Signing secret' });
    await shown.waitFor();
    await shown.getByRole('button', { name: 'I have stored it' }).click();

    const row = endpoint(page, 'Gateway receiver');
    await row.waitFor();
    const facts = (await row.textContent()) ?? '';
    expect(facts).toContain('Orderingone at a time per entity');
    expect(facts).toContain('Rate limit20 a second');
    expect(facts).toContain('total_value_cents');
    expect(facts).toContain('Custom headersX-Api-Key');
    expect(await page.content()).not.toContain('k_portal_secret');
    const [saved] = (
      await api<
        { id: string; name: string; headers?: Record<string, string>; ordering: string; rateLimit?: number }[]
      >('GET', '/v2/webhooks', 'demo_super_admin')
    ).data.filter((webhook) => webhook.name === 'Gateway receiver');
    expect(saved).toMatchObject({ headers: { 'X-Api-Key': '********' }, ordering: 'entity', rateLimit: 20 });

    // The header goes out with deliveries: an example reaches the receiver with it.
    const example = await api('POST', `/v2/webhooks/${saved!.id}/actions/sendExample`, 'demo_super_admin', {
      eventType: 'ecommerce_order_created',
    });
    expect(example.status).toBe(202);
    await expect.poll(() => apiKeysSeen.includes('k_portal_secret'), { timeout: 15_000 }).toBe(true);

    // Edit: the saved header shows by name only; removing it and clearing the filter saves both.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Gateway receiver' });
    expect(await edit.getByLabel('Header 1 value').inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Remove header X-Api-Key' }).click();
    await edit.getByLabel('Payload filter (JSON, empty for every event)').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => row.textContent()).toContain('Custom headersnone');
    expect(await row.textContent()).toContain('Filternone');
    const after = await api<{ headers?: unknown; filter?: unknown; rateLimit?: number }>(
      'GET',
      `/v2/webhooks/${saved!.id}`,
      'demo_super_admin',
    );
    expect(after.data.headers).toBeUndefined();
    expect(after.data.filter).toBeUndefined();
    expect(after.data.rateLimit).toBe(20);
    expect(await cspViolations(page)).toEqual([]);
  });

  it("Endpoints (super admin): a retry schedule the API refuses is named in the form; an endpoint's recent operational events", async () => {
    const { page } = await open('demo_super_admin');
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('Name').fill('Scheduled receiver');
    await form.getByLabel('URL').fill(receiverUrl);
    await form.getByRole('group', { name: 'COMMERCE' }).getByLabel('ecommerce_order_created').check();
    const schedule = form.getByLabel('Retry schedule (JSON, empty for the default)');
    // Not JSON: said in the form, nothing sent. A delay under 1 s: the API's 422 names the field.
    await schedule.fill('{ "delaysMs": [5000');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain('retry schedule is not valid JSON');
    await schedule.fill('{ "delaysMs": [500] }');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toContain('retrySchedule');
    await schedule.fill('{ "delaysMs": [5000, 60000] }');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    const shown = page.getByRole('region', { name: 'Signing secret' });
    await shown.waitFor();
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    const row = endpoint(page, 'Scheduled receiver');
    await row.waitFor();
    expect(await row.textContent()).toContain('Retry schedule5 s, 1 min');
    const recent = row.getByRole('region', { name: 'Recent events of endpoint Scheduled receiver' });
    await expect.poll(() => recent.textContent()).toContain('None');

    // Disabled and enabled again, its secret rotated: the row lists them, newest first.
    const [saved] = (
      await api<{ id: string; name: string }[]>('GET', '/v2/webhooks', 'demo_super_admin')
    ).data.filter((webhook) => webhook.name === 'Scheduled receiver');
    const path = `/v2/webhooks/${saved!.id}`;
    await api('PATCH', `${path}/status`, 'demo_super_admin', { status: 'disabled' });
    await api('PATCH', `${path}/status`, 'demo_super_admin', { status: 'enabled' });
    await api('POST', `${path}/actions/rotateSecret`, 'demo_super_admin');
    await expect
      .poll(
        async () =>
          (await api<{ items: unknown[] }>('GET', `${path}/operationalEvents`, 'demo_admin')).data.items
            .length,
      )
      .toBe(2);
    // Another affiliate's token cannot read them.
    expect((await api('GET', `${path}/operationalEvents`, 'demo_other_super_admin')).status).toBe(404);
    const again = (await open('demo_admin')).page;
    const list = endpoint(again, 'Scheduled receiver').getByRole('region', {
      name: 'Recent events of endpoint Scheduled receiver',
    });
    await expect
      .poll(() => list.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('Signing secret rotated; the old one signs until'),
        expect.stringContaining('Enabled again'),
      ]);
    await checkpoint(again, 'endpoint-recent-events');
    expect(await cspViolations(again)).toEqual([]);
  });

  it('Deliveries (super admin): the message log, the detail escapes the answer, send example, recover', async () => {
    const { page } = await open('demo_super_admin');
    // journey_started is emitted by the storefront's public call; the worker delivers it.
    const journey = await api<{ id: string }>('POST', '/journeys', 'none', {
      templateSlug: 'start-your-plan',
      visitorId: 'portal-e2e',
    });
    expect(journey.status).toBe(201);
    await endpoint(page, 'Portal receiver (edited)').getByRole('button', { name: 'Deliveries' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Deliveries');
    expect(await page.getByLabel('Endpoint').inputValue()).toMatch(/^whk_/);

    const rows = page.locator('table.ap-log tbody tr');
    const first = rows.first();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return (await rows.count()) > 0 ? first.locator('.ap-badge').textContent() : undefined;
        },
        { timeout: 30_000 },
      )
      .toBe('succeeded');
    expect(await first.textContent()).toContain('journey_started');
    expect(await first.textContent()).toContain('200');
    // A delivered one offers no retry (message-log.e2e.test.ts retries a failed one).
    expect(await first.getByRole('button', { name: /^Retry now/ }).count()).toBe(0);
    // The receiver's markup is text in the delivery's detail, never markup.
    await first.getByRole('button', { name: /^Open delivery of journey_started / }).click();
    const detail = page.getByRole('dialog');
    await expect.poll(() => detail.getByLabel("Receiver's answer to attempt 1").textContent()).toBe(hostile);
    expect(await page.locator('affiliate-portal img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);

    // Send an example event and watch it arrive.
    await page.getByLabel('Example event type').selectOption('journey_started');
    await page.getByRole('button', { name: 'Send example' }).click();
    await expect
      .poll(() => page.locator('.ap-live').textContent(), { timeout: 40_000 })
      .toMatch(/Delivery of journey_started \S+ arrived: succeeded with status 200/);

    // Recover everything since an hour ago.
    const since = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await page.getByLabel('Since').fill(since);
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect
      .poll(() => page.locator('.ap-live').textContent())
      .toMatch(/Recovery started: \d+ failed delivery\(ies\) queued again/);

    await checkpoint(page, 'deliveries');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('Event view (super admin): an event id in the attempt log opens the event, its deliveries and its payload as text; Back returns to the log', async () => {
    // A journey whose campaign tag is markup: the event's payload carries it, and it must stay text.
    const journey = await api<{ id: string }>('POST', '/journeys', 'none', {
      templateSlug: 'start-your-plan',
      visitorId: 'portal-e2e-event',
      attribution: { params: { utm_campaign: hostile } },
    });
    expect(journey.status).toBe(201);
    const listed = await api<{ events: EventPayload[] }>(
      'GET',
      '/v2/events?types=journey_started&limit=100',
      'demo_super_admin',
    );
    const eventId = listed.data.events.find((event) => event.journey_id === journey.data.id)!.event_id;

    const { page } = await open('demo_super_admin');
    await endpoint(page, 'Portal receiver (edited)').getByRole('button', { name: 'Deliveries' }).click();
    const link = page.getByRole('button', { name: `Open event ${eventId}`, exact: true });
    // The log lists the delivery as soon as it is queued: wait until the worker has delivered it.
    const row = page.locator('table.ap-log tbody tr').filter({ has: link });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return (await row.count()) > 0 ? row.first().locator('.ap-badge').textContent() : undefined;
        },
        { timeout: 30_000 },
      )
      .toBe('succeeded');
    const detail = await api<EventAnswer>('GET', `/v2/events/${eventId}`, 'demo_super_admin');
    expect(detail.status).toBe(200);

    // Opened from the keyboard: the heading names the event and takes focus.
    await link.first().focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2 });
    await expect.poll(() => heading.textContent()).toBe(`Event ${eventId}`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Event ${eventId}`);

    // The payload: the API's, pretty-printed, in a focusable <pre>, the markup in it as text.
    const payload = page.getByLabel(`Payload of event ${eventId}`);
    await payload.waitFor();
    expect(await payload.getAttribute('tabindex')).toBe('0');
    // From the heading, Tab reaches Back, then the payload.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back to deliveries');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Payload of event ${eventId}`,
    );
    const shown = (await payload.textContent())!;
    expect(JSON.parse(shown)).toEqual(detail.data.event);
    expect(shown).toBe(JSON.stringify(detail.data.event, null, 2));
    expect(shown).toContain(`"utm_campaign": ${JSON.stringify(hostile)}`);
    expect(await page.locator('.ap-event-view img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // One item per endpoint the event went to, as the API says; the portal receiver's delivered.
    const deliveries = page.getByRole('list', { name: `Deliveries of event ${eventId}, one per endpoint` });
    expect(await deliveries.getByRole('listitem').count()).toBe(detail.data.deliveries.length);
    expect(detail.data.deliveries.length).toBeGreaterThan(1);
    const facts = async (item: Locator) => {
      const values = await item.locator('dd').allTextContents();
      return Object.fromEntries(
        (await item.locator('dt').allTextContents()).map((term, k) => [term, values[k]]),
      );
    };
    for (const delivery of detail.data.deliveries) {
      expect(await facts(deliveries.getByRole('listitem').filter({ hasText: delivery.deliveryId }))).toEqual({
        Status: delivery.status,
        Attempts: String(delivery.attempts),
        'Next attempt': expect.any(String),
        'Last status code': delivery.lastStatusCode === undefined ? 'none' : String(delivery.lastStatusCode),
        'Endpoint id': delivery.webhookId,
        'Delivery id': delivery.deliveryId,
      });
    }
    const ours = deliveries.getByRole('listitem', {
      name: `Delivery of event ${eventId} to Portal receiver (edited)`,
    });
    expect(await facts(ours)).toMatchObject({
      Status: 'succeeded',
      Attempts: '1',
      'Next attempt': 'none',
      'Last status code': '200',
    });
    expect(await axeViolations(page, true)).toEqual([]);
    await checkpoint(page, 'event');

    // At 390 px the screen reflows: nothing scrolls sideways (the payload wraps inside its box).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    expect(await axeViolations(page, true)).toEqual([]);
    await page.setViewportSize({ width: 1200, height: 900 });

    // Back, from the keyboard: the attempt log again, focus on the link that opened the event.
    await page.getByRole('button', { name: 'Back to deliveries' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe('Deliveries');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Open event ${eventId}`);
    const receiver = (
      await api<{ id: string; name: string }[]>('GET', '/v2/webhooks', 'demo_super_admin')
    ).data.find((webhook) => webhook.name === 'Portal receiver (edited)')!;
    expect(await page.getByLabel('Endpoint').inputValue()).toBe(receiver.id);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('Event catalog (agent): only the pages an agent may use; every public event with category, subscribability, v2 fields, example and the verify sample', async () => {
    const { page } = await open('demo_agent');
    const menu = await page.getByRole('navigation', { name: 'Portal' }).getByRole('button').allTextContents();
    expect(menu).toEqual(['Event catalog']);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Event catalog');
    await page.locator('#ap-event-journey_started').waitFor();
    const dictionary = (
      await api<{ name: string; visibility: string }[]>(
        'GET',
        '/webhooks/actions/getDictionary',
        'demo_agent',
      )
    ).data;
    const publicEvents = dictionary
      .filter((entry) => entry.visibility === 'public')
      .map((entry) => entry.name);
    expect(await page.locator('.ap-event .ap-event-name').allTextContents()).toEqual(publicEvents);
    expect(await page.locator('#ap-event-internal_audit_recorded').count()).toBe(0);
    expect(await page.locator('#ap-event-pharmacy_rejected_prescription').textContent()).toContain(
      'Not subscribable: defined, but not emitted yet',
    );
    const journeyStarted = page.locator('#ap-event-journey_started');
    expect(await journeyStarted.textContent()).toContain('Category JOURNEY');
    await journeyStarted.locator('summary').click();
    const fields = await journeyStarted.locator('.ap-event-fields code').allTextContents();
    expect(fields).toEqual(expect.arrayContaining(['journey_id', 'started_at', 'attribution']));
    expect(fields).not.toContain('order_status');
    expect(fields).not.toContain('completed_at');
    const example = JSON.parse((await page.getByLabel('Example payload of journey_started').textContent())!);
    const served = await api<{ v2: { journey_id: string } }>(
      'GET',
      '/v2/webhooks/eventTypes/journey_started/example',
      'demo_agent',
    );
    expect(example).toEqual(served.data.v2);
    expect(example.event_type).toBe('journey_started');
    expect(await page.getByLabel('Verification code sample').textContent()).toContain('verifyWebhookAsync');
    await checkpoint(page, 'catalog');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('Coupon report (admin): no write buttons; presets, sorting, pagination, custom range, chart and the CSV form', async () => {
    const { page } = await open('demo_admin');
    const menu = await page.getByRole('navigation', { name: 'Portal' }).getByRole('button').allTextContents();
    expect(menu).toEqual(['Endpoints', 'Deliveries', 'Event catalog', 'Coupon report']);
    const row = endpoint(page, 'Portal receiver (edited)');
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Check health' }).count()).toBe(1);
    for (const name of ['Edit', 'Disable', 'Rotate secret', 'Delete']) {
      // Anchored: every button of the row names the endpoint, "(edited)" included.
      expect(await row.getByRole('button', { name: new RegExp(`^${name}`) }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'New endpoint' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Coupon report' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Coupon report');
    await page.getByLabel('Date range').selectOption('last_90_days');
    await page.getByLabel('Sort by').selectOption('revenueImpact');
    await page.getByLabel('Order', { exact: true }).selectOption('asc');
    await page.getByLabel('Rows per page').selectOption('3');
    await page.getByRole('button', { name: 'Show report' }).click();
    const query = 'dateRange=last_90_days&sortBy=revenueImpact&sortOrder=asc';
    const expected = await api<{ items: { coupon: string }[]; pagination: { totalPages: number } }>(
      'GET',
      `/v2/ecommerceReports/coupons/used-on-orders?${query}&limit=3&page=1`,
      'demo_admin',
    );
    const coupons = () => page.locator('table.ap-table tbody th').allTextContents();
    await expect.poll(coupons).toEqual(expected.data.items.map((item) => item.coupon));
    expect(await page.locator('.ap-chart svg rect.ap-bar-uses').count()).toBe(expected.data.items.length);
    expect(await page.getByRole('figure', { name: 'Uses and revenue impact per coupon' }).count()).toBe(1);
    expect(expected.data.pagination.totalPages).toBeGreaterThan(1);
    expect(await page.getByRole('navigation', { name: 'Report pages' }).textContent()).toContain(
      `Page 1 of ${expected.data.pagination.totalPages}`,
    );
    await checkpoint(page, 'coupons');
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = await api<{ items: { coupon: string }[] }>(
      'GET',
      `/v2/ecommerceReports/coupons/used-on-orders?${query}&limit=3&page=2`,
      'demo_admin',
    );
    await expect.poll(coupons).toEqual(second.data.items.map((item) => item.coupon));

    // CSV: the route's own CSV form, every row of the range.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = await api(
      'GET',
      `/v2/ecommerceReports/coupons/used-on-orders?${query}&export=true`,
      'demo_admin',
    );
    expect(await readFile(file, 'utf8')).toBe(csv.text);
    expect(csv.text.split('\n').length).toBeGreaterThan(3);

    // Custom range.
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await page.getByRole('button', { name: 'Show report' }).click();
    const custom = await api<{ items: { coupon: string }[] }>(
      'GET',
      `/v2/ecommerceReports/coupons/used-on-orders?dateRange=custom&startDate=${start}&endDate=${end}&sortBy=revenueImpact&sortOrder=asc&limit=3&page=1`,
      'demo_admin',
    );
    await expect.poll(coupons).toEqual(custom.data.items.map((item) => item.coupon));
    expect(await cspViolations(page)).toEqual([]);
  });

  it('roles learned from the API: a pasted agent token sees the 403s, a pasted admin token loses a button the API refuses', async () => {
    const agent = await open('demo_agent', 'pasted');
    await agent.page.getByRole('alert').waitFor();
    expect(await agent.page.getByRole('alert').textContent()).toContain('403 FORBIDDEN');
    await agent.page.getByRole('button', { name: 'Coupon report' }).click();
    await expect.poll(() => agent.page.getByRole('alert').textContent()).toContain('403 FORBIDDEN');
    await checkpoint(agent.page, 'forbidden');

    const admin = await open('demo_admin', 'pasted');
    const row = endpoint(admin.page, 'Portal receiver (edited)');
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.getByRole('alert').textContent()).toContain('403 FORBIDDEN');
    expect(await row.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: 'New endpoint' }).count()).toBe(0);
    expect((await api<{ status: string }>('GET', '/v2/webhooks', 'demo_admin')).status).toBe(200);
  });

  it('keyboard: Enter on a menu button opens the page, focus moves to its heading, Tab goes on into its form', async () => {
    const { page } = await open('demo_admin');
    await endpoint(page, 'Portal receiver (edited)').waitFor();
    const menu = page.getByRole('navigation', { name: 'Portal' });
    await menu.getByRole('button', { name: 'Coupon report' }).focus();
    await page.keyboard.press('Enter');
    // The menu button has the same text: wait for the page's heading itself to take the focus.
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe('H2 Coupon report');
    // From the heading, Tab walks into the report's form: the first control is the date range.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ap-report-range');
    expect(await menu.getByRole('button', { name: 'Coupon report' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('a token the API refuses: the page goes back to its sign-in form, saying why (sign-in.e2e.test.ts: the element)', async () => {
    const context = await browser.newContext();
    opened.push(context);
    const page = await context.newPage();
    await page.goto(`${origin}/portal`);
    await page.getByLabel('API token').fill('not_a_token');
    await page.getByRole('button', { name: 'Open the portal' }).click();
    await expect
      .poll(() => page.getByRole('form', { name: 'Sign in' }).getByRole('alert').textContent())
      .toContain('Sign in again');
    expect(await page.locator('affiliate-portal').count()).toBe(0);
  });

  it('<affiliate-portal> in a host page of its own (its CSP, a token from its server): the portal works, nothing stored', async () => {
    const context = await browser.newContext();
    opened.push(context);
    await context.addInitScript({ content: axeSource });
    await context.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = log;
      document.addEventListener('securitypolicyviolation', (event) => log.push(event.violatedDirective));
    });
    const page = await context.newPage();
    await page.goto(`${origin}/my-app/`);
    await endpoint(page, 'Portal receiver (edited)').waitFor();
    expect(await page.getByRole('button', { name: 'New endpoint' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Event catalog' }).click();
    await page.locator('#ap-event-journey_started').waitFor();
    expect(await page.locator('affiliate-portal').getAttribute('token')).toBeNull();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
      0,
      0,
      '',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('the token stays in memory: no storage, no cookie; signing out drops the portal', async () => {
    const { context, page } = await open('demo_super_admin');
    await endpoint(page, 'Portal receiver (edited)').waitFor();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
      0,
      0,
      '',
    ]);
    expect(await context.cookies()).toEqual([]);
    // The token went in as a property: no attribute shows it to the page's DOM.
    expect(await page.locator('affiliate-portal').getAttribute('token')).toBeNull();
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await page.locator('affiliate-portal').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ap-token');
  });
});
