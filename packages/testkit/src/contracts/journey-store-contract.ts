import type { Attribution, JourneyTemplate, Order, Storage } from '@affiliate-commerce/core';
import type { NewJourney } from '@affiliate-commerce/core/storage';
import { describe, expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.123Z');
const t1 = new Date('2026-11-24T08:30:00.456Z');

function template(overrides: Partial<JourneyTemplate> = {}): JourneyTemplate {
  return {
    id: 'jtp_1',
    affiliateId: 'aff_jrn',
    slug: 'start-your-plan',
    templateDisplayName: 'Start your plan',
    landingUrl: 'https://shop.example/start',
    journeyType: 'ecommerce',
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

/** Params in an order that is not sorted, so a store that reorders keys shows it. */
const attribution = (touchCount: number, visitorId = 'v_1'): Attribution => ({
  first: {
    captured_at: '2026-11-23T10:00:00.000Z',
    landing_url: 'https://shop.example/start',
    referrer_url: 'https://www.google.com/',
    params: { utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z', fbp: 'fb.1.1.1' },
  },
  last: { captured_at: '2026-11-24T10:00:00.000Z', params: { UTM_Source: 'mail', fbc: 'fb.1.2.3' } },
  touch_count: touchCount,
  visitor_id: visitorId,
});

function journey(overrides: Partial<NewJourney> = {}): NewJourney {
  return {
    id: 'jrn_1',
    affiliateId: 'aff_jrn',
    templateId: 'jtp_1',
    templateSlug: 'start-your-plan',
    status: 'started',
    startedAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

function order(overrides: Partial<Order>): Order {
  return {
    id: 'ord_1',
    affiliateId: 'aff_jrn',
    status: 'paid',
    createdAt: t0,
    updatedAt: t0,
    isRenewal: false,
    totalCents: 4_900,
    currency: 'USD',
    products: [],
    ...overrides,
  };
}

/**
 * The journey store contract (docs/api.md §2.8, §4.9): templates by globally unique slug, visitor touches
 * written by compare-and-set, journeys round-tripped exactly with their order read from the
 * orders. Called from `storageContract`, so memory, PGlite and the PostgreSQL server all run it.
 *
 * @example
 * journeyStoreContract(() => storage);
 */
export function journeyStoreContract(getStorage: () => Storage): void {
  describe('journeys', () => {
    it('templates: round-trip every field, omitting absent optional ones, found by slug across tenants', async () => {
      const storage = getStorage();
      const full = template({ id: 'jtp_full', slug: 'full-plan', campaignId: 'cmp_1' });
      expect(await storage.journeys.saveTemplate({ template: full })).toEqual(full);
      expect(await storage.journeys.templateBySlug({ slug: 'full-plan' })).toEqual(full);
      const bare = template({ id: 'jtp_bare', slug: 'bare-plan', affiliateId: 'aff_jrn_2' });
      await storage.journeys.saveTemplate({ template: bare });
      const read = await storage.journeys.templateBySlug({ slug: 'bare-plan' });
      expect(read).toEqual(bare);
      expect(Object.keys(read!)).not.toContain('campaignId');
      expect(await storage.journeys.templateBySlug({ slug: 'no-such-plan' })).toBeUndefined();
    });

    it("4.9 templates: the same slug again updates this affiliate's template, keeping its id and createdAt", async () => {
      const storage = getStorage();
      await storage.journeys.saveTemplate({
        template: template({ id: 'jtp_a', slug: 'again', campaignId: 'c' }),
      });
      const updated = await storage.journeys.saveTemplate({
        template: template({
          id: 'jtp_ignored',
          slug: 'again',
          templateDisplayName: 'Begin',
          landingUrl: 'https://shop.example/begin',
          journeyType: 'consult',
          createdAt: t1,
          updatedAt: t1,
        }),
      });
      const expected = template({
        id: 'jtp_a',
        slug: 'again',
        templateDisplayName: 'Begin',
        landingUrl: 'https://shop.example/begin',
        journeyType: 'consult',
        createdAt: t0,
        updatedAt: t1,
      });
      expect(updated).toEqual(expected);
      expect(await storage.journeys.templateBySlug({ slug: 'again' })).toEqual(expected);
    });

    it("4.9 templates: another affiliate's slug is refused and left as it was", async () => {
      const storage = getStorage();
      const mine = template({ id: 'jtp_mine', slug: 'taken' });
      await storage.journeys.saveTemplate({ template: mine });
      expect(
        await storage.journeys.saveTemplate({
          template: template({
            id: 'jtp_theirs',
            slug: 'taken',
            affiliateId: 'aff_jrn_2',
            templateDisplayName: 'X',
          }),
        }),
      ).toBeUndefined();
      expect(await storage.journeys.templateBySlug({ slug: 'taken' })).toEqual(mine);
    });

    it('2.8 visitors: touches round-trip exactly, params keys in the order sent, per affiliate', async () => {
      const storage = getStorage();
      const key = { affiliateId: 'aff_jrn', visitorId: 'v_round' };
      expect(await storage.journeys.visitorAttribution(key)).toBeUndefined();
      const one = attribution(1, 'v_round');
      expect(
        await storage.journeys.saveVisitorAttribution({
          ...key,
          attribution: one,
          expectedTouchCount: 0,
          updatedAt: t0,
        }),
      ).toBe(true);
      const read = await storage.journeys.visitorAttribution(key);
      expect(read).toEqual(one);
      expect(Object.keys(read!.first.params)).toEqual(['utm_source', 'gclid', 'svc_utm_campaign', 'fbp']);
      expect(Object.keys(read!.last)).toEqual(['captured_at', 'params']);
      expect(
        await storage.journeys.visitorAttribution({ affiliateId: 'aff_jrn_2', visitorId: 'v_round' }),
      ).toBeUndefined();
    });

    it('2.8 visitors: a touch is a compare-and-set on touch_count; a stale count changes nothing', async () => {
      const storage = getStorage();
      const key = { affiliateId: 'aff_jrn', visitorId: 'v_cas' };
      const save = (value: Attribution, expectedTouchCount: number) =>
        storage.journeys.saveVisitorAttribution({
          ...key,
          attribution: value,
          expectedTouchCount,
          updatedAt: t1,
        });
      expect(await save(attribution(1, 'v_cas'), 0)).toBe(true);
      expect(await save(attribution(1, 'v_cas'), 0)).toBe(false);
      expect(await save(attribution(2, 'v_cas'), 1)).toBe(true);
      expect(await save(attribution(3, 'v_cas'), 1)).toBe(false);
      expect((await storage.journeys.visitorAttribution(key))?.touch_count).toBe(2);
      // The same visitor id at another affiliate is another visitor.
      expect(
        await storage.journeys.saveVisitorAttribution({
          affiliateId: 'aff_jrn_2',
          visitorId: 'v_cas',
          attribution: attribution(1, 'v_cas'),
          expectedTouchCount: 0,
          updatedAt: t1,
        }),
      ).toBe(true);
    });

    it('2.8 visitors: of two concurrent first touches, exactly one is written', async () => {
      const storage = getStorage();
      const results = await Promise.all(
        [1, 2].map(() =>
          storage.journeys.saveVisitorAttribution({
            affiliateId: 'aff_jrn',
            visitorId: 'v_race',
            attribution: attribution(1, 'v_race'),
            expectedTouchCount: 0,
            updatedAt: t0,
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('journeys: round-trip every field, omitting absent optional ones (never null), per affiliate', async () => {
      const storage = getStorage();
      const full = journey({
        id: 'jrn_full',
        visitorId: 'v_1',
        campaignId: 'cmp_1',
        attribution: attribution(2),
        status: 'completed',
        completedAt: t1,
        abandonedAt: t1,
        updatedAt: t1,
      });
      await storage.journeys.insert({ journey: full });
      const read = await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_full' });
      expect(read).toEqual(full);
      expect(Object.keys(read!.attribution!.first.params)).toEqual([
        'utm_source',
        'gclid',
        'svc_utm_campaign',
        'fbp',
      ]);
      await storage.journeys.insert({ journey: journey({ id: 'jrn_bare' }) });
      const bare = await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_bare' });
      expect(bare).toEqual(journey({ id: 'jrn_bare' }));
      for (const key of ['visitorId', 'campaignId', 'attribution', 'completedAt', 'abandonedAt', 'orderId']) {
        expect(Object.keys(bare!)).not.toContain(key);
      }
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn_2', id: 'jrn_full' })).toBeUndefined();
    });

    it('6.5 journeys: orderId appears once an order names the journey; its own first order, not a renewal or another tenant', async () => {
      const storage = getStorage();
      await storage.journeys.insert({ journey: journey({ id: 'jrn_ordered' }) });
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_ordered' })).not.toHaveProperty(
        'orderId',
      );
      await storage.orders.save({
        order: order({ id: 'ord_other_tenant', affiliateId: 'aff_jrn_2', journeyId: 'jrn_ordered' }),
        couponRedemptions: [],
      });
      await storage.orders.save({
        order: order({
          id: 'ord_a_renewal',
          journeyId: 'jrn_ordered',
          isRenewal: true,
          createdAt: new Date(0),
        }),
        couponRedemptions: [],
      });
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_ordered' })).toMatchObject({
        orderId: 'ord_a_renewal',
      });
      await storage.orders.save({
        order: order({ id: 'ord_z_later', journeyId: 'jrn_ordered', createdAt: t1 }),
        couponRedemptions: [],
      });
      await storage.orders.save({
        order: order({ id: 'ord_first', journeyId: 'jrn_ordered', createdAt: t0 }),
        couponRedemptions: [],
      });
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_ordered' })).toMatchObject({
        orderId: 'ord_first',
      });
    });

    it('journeys: setStatus stamps completed_at and abandoned_at the first time only', async () => {
      const storage = getStorage();
      await storage.journeys.insert({ journey: journey({ id: 'jrn_status' }) });
      const later = new Date('2026-11-25T00:00:00.000Z');
      const checkout = await storage.journeys.setStatus({
        affiliateId: 'aff_jrn',
        id: 'jrn_status',
        status: 'checkout_started',
        at: t1,
        updatedAt: t1,
      });
      expect(checkout).toEqual(journey({ id: 'jrn_status', status: 'checkout_started', updatedAt: t1 }));
      const completed = await storage.journeys.setStatus({
        affiliateId: 'aff_jrn',
        id: 'jrn_status',
        status: 'completed',
        at: t1,
        updatedAt: t1,
      });
      expect(completed).toEqual(
        journey({ id: 'jrn_status', status: 'completed', completedAt: t1, updatedAt: t1 }),
      );
      const again = await storage.journeys.setStatus({
        affiliateId: 'aff_jrn',
        id: 'jrn_status',
        status: 'completed',
        at: later,
        updatedAt: later,
      });
      expect(again).toMatchObject({ completedAt: t1, updatedAt: later });
      expect(
        await storage.journeys.setStatus({
          affiliateId: 'aff_jrn',
          id: 'jrn_status',
          status: 'abandoned',
          at: later,
          updatedAt: later,
        }),
      ).toMatchObject({ status: 'abandoned', completedAt: t1, abandonedAt: later });
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_status' })).toMatchObject({
        status: 'abandoned',
        abandonedAt: later,
      });
      expect(
        await storage.journeys.setStatus({
          affiliateId: 'aff_jrn_2',
          id: 'jrn_status',
          status: 'completed',
          at: t1,
          updatedAt: t1,
        }),
      ).toBeUndefined();
      expect(
        await storage.journeys.setStatus({
          affiliateId: 'aff_jrn',
          id: 'jrn_none',
          status: 'completed',
          at: t1,
          updatedAt: t1,
        }),
      ).toBeUndefined();
    });

    it('journeys: a journey and its visitor touch roll back together', async () => {
      const storage = getStorage();
      await expect(
        storage.transaction(async (tx) => {
          await tx.journeys.saveVisitorAttribution({
            affiliateId: 'aff_jrn',
            visitorId: 'v_rollback',
            attribution: attribution(1, 'v_rollback'),
            expectedTouchCount: 0,
            updatedAt: t0,
          });
          await tx.journeys.insert({ journey: journey({ id: 'jrn_rollback' }) });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await storage.journeys.get({ affiliateId: 'aff_jrn', id: 'jrn_rollback' })).toBeUndefined();
      expect(
        await storage.journeys.visitorAttribution({ affiliateId: 'aff_jrn', visitorId: 'v_rollback' }),
      ).toBeUndefined();
    });
  });
}
