import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, as every browser test launches it: never a downloaded browser (the machines
 * have no internet), no sandbox (tests run as root in a container), and nothing that phones home.
 *
 * @example
 * const browser = await launchChromium();
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
