/**
 * The portal's screens, in one list: the responsive browser test opens each at 390 and 1280 px,
 * and `npm run portal-screenshots` saves each as docs/portal/<name>-<width>.png. Elements are
 * found by role and accessible name, so the screens may change under them.
 */
import type { Locator, Page } from 'playwright-core';

/** One screen of the portal, reached from the stand-alone page against the demo. */
export interface PortalScreen {
  /** The file name stem, e.g. `endpoints` for docs/portal/endpoints-1280.png. */
  readonly name: string;
  /** What the screen shows, for captions. */
  readonly title: string;
  /**
   * Brings a freshly loaded `/portal` page to the screen and waits until it shows. Resolves
   * false when the demo has nothing to show there (a screen that needs data it lacks).
   */
  readonly open: (page: Page) => Promise<boolean>;
}

/** The widths every screen is checked and pictured at: a phone and a laptop. */
export const screenWidths = [390, 1280] as const;

/** Signs in with a demo token picked from the list (its roles come with it). */
async function signIn(page: Page, token = 'demo_super_admin'): Promise<void> {
  await page.getByLabel('Demo token').selectOption(token);
  await page.getByRole('button', { name: 'Open the portal' }).click();
  await page.getByRole('navigation', { name: 'Portal' }).waitFor();
}

/** Opens a page from the portal's menu and waits for its heading. */
async function menu(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).first().waitFor();
}

/** The first of `candidates` that is on the page within `ms`, or undefined. */
async function firstOf(candidates: readonly Locator[], ms = 5_000): Promise<Locator | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    for (const candidate of candidates) if ((await candidate.count()) > 0) return candidate.first();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

const deliveriesName = /^(Deliveries|Message log)$/;

export const portalScreens: readonly PortalScreen[] = [
  {
    name: 'signin',
    title: 'Sign-in (demo)',
    open: async (page) => {
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
      return true;
    },
  },
  {
    name: 'endpoints',
    title: 'Endpoints',
    open: async (page) => {
      await signIn(page);
      await page.getByRole('heading', { level: 2, name: 'Endpoints' }).waitFor();
      await page.getByRole('listitem', { name: 'Order and journey events (v2)', exact: true }).waitFor();
      return true;
    },
  },
  {
    name: 'endpoint-form',
    title: 'New endpoint',
    open: async (page) => {
      await signIn(page);
      await page.getByRole('button', { name: 'New endpoint' }).click();
      const form = await firstOf([
        page.getByRole('form', { name: 'New endpoint' }),
        page.getByRole('dialog', { name: 'New endpoint' }),
      ]);
      await form?.getByRole('group').first().waitFor();
      return form !== undefined;
    },
  },
  {
    name: 'deliveries',
    title: 'Deliveries',
    open: async (page) => {
      await signIn(page);
      await menu(page, deliveriesName);
      await page.getByRole('table').first().waitFor();
      return true;
    },
  },
  {
    name: 'delivery',
    title: 'A delivery',
    open: async (page) => {
      await signIn(page);
      await menu(page, deliveriesName);
      const opener = await firstOf([
        page.getByRole('button', { name: /^Open delivery of / }),
        page.getByRole('button', { name: /^Open event / }),
      ]);
      if (!opener) return false;
      await opener.click();
      await firstOf([
        page.getByRole('dialog'),
        page.getByRole('heading', { level: 2, name: /^(Event|Delivery)/ }),
      ]);
      return true;
    },
  },
  {
    name: 'catalog',
    title: 'Event catalog',
    open: async (page) => {
      await signIn(page);
      await menu(page, /^Event catalog$/);
      await page.getByText('journey_started', { exact: true }).first().waitFor();
      return true;
    },
  },
  {
    name: 'coupons',
    title: 'Coupon report',
    open: async (page) => {
      await signIn(page);
      await menu(page, /^Coupon report$/);
      await page.getByRole('table').first().waitFor();
      return true;
    },
  },
];
