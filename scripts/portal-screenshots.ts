/**
 * Regenerates docs/portal/<screen>-1280.png and <screen>-390.png for every screen of the portal
 * (packages/portal/src/screens.test-support.ts, the list the responsive browser test checks),
 * against the seeded demo in Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 * Usage: npm run portal-screenshots [-- signin endpoints …]
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorker } from '@affiliate-commerce/core';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import { createDemoApp } from '../examples/demo-server/src/demo-app';
import { portalContext } from '../packages/portal/src/browser.test-support';
import { portalScreens, screenWidths } from '../packages/portal/src/screens.test-support';
import { launchChromium } from '../test-support/chromium';

const out = new URL('../docs/portal/', import.meta.url).pathname;
const only = process.argv.slice(2);
const chosen = portalScreens.filter((screen) => only.length === 0 || only.includes(screen.name));
if (chosen.length === 0) {
  console.error(
    `No such screen: ${only.join(', ')}. Screens: ${portalScreens.map((s) => s.name).join(', ')}`,
  );
  process.exit(1);
}

const storage = await openPglite();
const demo = await createDemoApp({ storage, logger: { info() {}, warn() {}, error() {}, debug() {} } });
const server = await new Promise<Server>((resolve) => {
  const started = demo.app.listen(0, '127.0.0.1', () => resolve(started));
});
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const worker = new AbortController();
const delivering = runWorker({ service: demo.service, signal: worker.signal, onError: () => undefined });
const browser = await launchChromium();
let failed = false;
try {
  for (const width of screenWidths) {
    for (const screen of chosen) {
      const context = await portalContext(browser, { width, height: width < 600 ? 844 : 900 });
      const page = await context.newPage();
      await page.goto(`${origin}/portal`);
      if (await screen.open(page)) {
        const path = `${out}${screen.name}-${width}.png`;
        await page.screenshot({ path, fullPage: true });
        console.log(`wrote ${path}`);
      } else {
        failed = true;
        console.error(`${screen.name} at ${width} px: the demo has nothing to show there.`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  worker.abort();
  await delivering;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await storage.close();
}
process.exit(failed ? 1 : 0);
