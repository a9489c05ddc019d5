/**
 * What the portal's browser tests and the screenshot script share: a browser context with
 * axe-core and a Content-Security-Policy violation log injected, axe's findings, and a Node
 * server for a fetch-style handler (the way a fetch runtime serves one).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A new browser context whose pages carry axe-core and record every CSP violation, both
 * injected by the browser itself, outside the page's CSP.
 */
export async function portalContext(
  browser: Browser,
  viewport: { readonly width: number; readonly height: number } = { width: 1280, height: 900 },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme });
  await context.addInitScript({ content: axeSource });
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = log;
    document.addEventListener('securitypolicyviolation', (event) =>
      log.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return context;
}

/** axe-core's violations on the page as it is now: serious and critical ones, or with `all` every one. */
export function axeViolations(page: Page, all = false): Promise<string[]> {
  return page.evaluate(async (all) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
        ) => Promise<{ violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const result = await axe.run(document);
    return result.violations
      .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }, all);
}

/** The CSP violations the page has met since it loaded. */
export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** Whether the page scrolls sideways at its current width. */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Serves a fetch-style handler on 127.0.0.1 (a free port), as a fetch runtime would: each
 * request becomes a WHATWG `Request` with the URL the client sent.
 */
export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
): Promise<{ readonly server: Server; readonly origin: string }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    const response = await handler(
      new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes servers, dropping kept-alive connections first. */
export async function closeServers(...servers: (Server | undefined)[]): Promise<void> {
  for (const server of servers) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
}
