import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../impl/memory/memory-storage';
import type { Attribution } from '../rules/attribution/touches';
import type { NewJourney } from '../storage/journey-store';
import type { Order } from '../storage/order-store';
import type { Storage } from '../storage/storage';
import { resolveAttribution } from './resolve-attribution';

const t0 = new Date('2026-11-23T10:00:00.000Z');

const touched = (source: string): Attribution => ({
  first: { captured_at: t0.toISOString(), params: { utm_source: source, gclid: `g_${source}` } },
  last: { captured_at: t0.toISOString(), params: { utm_source: `${source}_again` } },
  touch_count: 2,
  visitor_id: `v_${source}`,
});

const journey = (id: string, attribution?: Attribution, affiliateId = 'aff_1'): NewJourney => ({
  id,
  affiliateId,
  templateId: 'jtp_1',
  templateSlug: 'start-your-plan',
  ...(attribution ? { attribution } : {}),
  status: 'started',
  startedAt: t0,
  updatedAt: t0,
});

const order = (id: string, overrides: Partial<Order> = {}): Order => ({
  id,
  affiliateId: 'aff_1',
  status: 'paid',
  createdAt: t0,
  updatedAt: t0,
  isRenewal: false,
  totalCents: 4_900,
  currency: 'USD',
  products: [],
  ...overrides,
});

async function seeded(): Promise<Storage> {
  const storage = memoryStorage();
  await storage.journeys.insert({ journey: journey('jrn_ad', touched('ad')) });
  await storage.journeys.insert({ journey: journey('jrn_mail', touched('mail')) });
  await storage.journeys.insert({ journey: journey('jrn_empty') });
  await storage.journeys.insert({ journey: journey('jrn_theirs', touched('theirs'), 'aff_2') });
  const save = (value: Order) => storage.orders.save({ order: value, couponRedemptions: [] });
  await save(order('ord_first', { journeyId: 'jrn_ad', subscriptionId: 'sub_1' }));
  await save(order('ord_renewal_2', { isRenewal: true, parentOrderId: 'ord_first', cycleNumber: 2 }));
  // A renewal that names only its subscription, whose parentOrderId names the first order.
  await save(order('ord_renewal_3', { isRenewal: true, subscriptionId: 'sub_1', cycleNumber: 3 }));
  await save(order('ord_no_journey'));
  await save(order('ord_loop_a', { parentOrderId: 'ord_loop_b' }));
  await save(order('ord_loop_b', { parentOrderId: 'ord_loop_a' }));
  await storage.subscriptions.upsert({
    subscription: {
      id: 'sub_1',
      affiliateId: 'aff_1',
      status: 'active',
      cadence: { interval: 'month', count: 1 },
      nextBillingDate: t0,
      parentOrderId: 'ord_first',
      createdAt: t0,
      updatedAt: t0,
    },
  });
  return storage;
}

describe('resolveAttribution', () => {
  it("2.8 rule 2: an order created from a journey takes the journey's attribution", async () => {
    const storage = await seeded();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_1', orderId: 'ord_first' })).toEqual(
      touched('ad'),
    );
  });

  it("2.8 rule 2: a renewal inherits the parent order's first and last blocks (through parentOrderId)", async () => {
    const storage = await seeded();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_1', orderId: 'ord_renewal_2' })).toEqual(
      touched('ad'),
    );
  });

  it("2.8 rule 2: a renewal naming only its subscription inherits from the subscription's parent order", async () => {
    const storage = await seeded();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_1', orderId: 'ord_renewal_3' })).toEqual(
      touched('ad'),
    );
  });

  it('2.8 rule 2: the order is the preferred source, over the journey named with the event', async () => {
    const storage = await seeded();
    expect(
      await resolveAttribution({
        storage,
        affiliateId: 'aff_1',
        orderId: 'ord_renewal_2',
        journeyId: 'jrn_mail',
      }),
    ).toEqual(touched('ad'));
  });

  it('2.8 rule 2: journey data is the fallback for events that fire before an order exists', async () => {
    const storage = await seeded();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_1', journeyId: 'jrn_mail' })).toEqual(
      touched('mail'),
    );
    expect(
      await resolveAttribution({
        storage,
        affiliateId: 'aff_1',
        orderId: 'ord_no_journey',
        journeyId: 'jrn_mail',
      }),
    ).toEqual(touched('mail'));
    expect(
      await resolveAttribution({
        storage,
        affiliateId: 'aff_1',
        orderId: 'ord_missing',
        journeyId: 'jrn_mail',
      }),
    ).toEqual(touched('mail'));
  });

  it('2.8 rule 1: undefined when nothing was captured, so the payload omits attribution', async () => {
    const storage = await seeded();
    expect(
      await resolveAttribution({ storage, affiliateId: 'aff_1', journeyId: 'jrn_empty' }),
    ).toBeUndefined();
    expect(
      await resolveAttribution({ storage, affiliateId: 'aff_1', orderId: 'ord_no_journey' }),
    ).toBeUndefined();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_1' })).toBeUndefined();
  });

  it("tenancy: another affiliate's journey or order is never read", async () => {
    const storage = await seeded();
    expect(
      await resolveAttribution({ storage, affiliateId: 'aff_1', journeyId: 'jrn_theirs' }),
    ).toBeUndefined();
    expect(await resolveAttribution({ storage, affiliateId: 'aff_2', orderId: 'ord_first' })).toBeUndefined();
  });

  it('a parentOrderId cycle ends instead of looping', async () => {
    const storage = await seeded();
    expect(
      await resolveAttribution({
        storage,
        affiliateId: 'aff_1',
        orderId: 'ord_loop_a',
        journeyId: 'jrn_mail',
      }),
    ).toEqual(touched('mail'));
  });
});
