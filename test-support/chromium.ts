import { type Browser, chromium } from 'playwright-core';
import { describe } from 'vitest';
import { chromiumPath, skipWithout } from './services';

/**
 * Debian's Chromium (`CHROMIUM_PATH`, default `/usr/bin/chromium`), as every browser test launches
 * it: never a downloaded browser (the machines have no internet), no sandbox (tests run as root in
 * a container), and nothing that phones home.
 *
 * @example
 * const browser = await launchChromium();
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * `describe` for tests that launch Chromium: on a machine without it the suite skips and the run
 * ends with one line naming it and how to install the browser. Under `CI=true` it never skips.
 *
 * @example
 * describeInChromium('the snippet in a real browser', () => {
 *   beforeAll(async () => { browser = await launchChromium(); });
 * });
 */
export function describeInChromium(name: string, suite: () => void): void {
  describe.skipIf(skipWithout('chromium', name))(name, suite);
}
