import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../impl/memory/memory-storage';
import { parseTemplateViewQuery } from '../../rules/attribution/capture-input';
import { recordVisitorTouch } from './visitor-touch';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('recordVisitorTouch', () => {
  it('2.8: concurrent views of one visitor all count (compare-and-set retried)', async () => {
    const storage = memoryStorage();
    const views = ['a', 'b', 'c'].map((source) =>
      recordVisitorTouch(storage.journeys, {
        affiliateId: 'aff_1',
        visitorId: 'v_1',
        capture: parseTemplateViewQuery({ utm_source: source }),
        now,
      }),
    );
    await Promise.all(views);
    const stored = await storage.journeys.visitorAttribution({ affiliateId: 'aff_1', visitorId: 'v_1' });
    expect(stored?.touch_count).toBe(3);
    expect(stored?.visitor_id).toBe('v_1');
  });

  it('2.8 rule 1: a capture that is no touch writes nothing', async () => {
    const storage = memoryStorage();
    expect(
      await recordVisitorTouch(storage.journeys, {
        affiliateId: 'aff_1',
        visitorId: 'v_1',
        capture: parseTemplateViewQuery({ email: 'a@b.example', landing_url: 'ftp://x/' }),
        now,
      }),
    ).toBeUndefined();
    expect(
      await storage.journeys.visitorAttribution({ affiliateId: 'aff_1', visitorId: 'v_1' }),
    ).toBeUndefined();
  });
});

describe('journeys through the service', () => {
  const setup = async () => {
    const service = testService();
    await service.affiliates.upsert({ id: 'aff_1', name: 'One' });
    await service.commerce.recordJourneyTemplate({
      affiliateId: 'aff_1',
      template: {
        slug: 'start-your-plan',
        template_display_name: 'Start your plan',
        landing_url: 'https://shop.example/start',
        journey_type: 'ecommerce',
      },
    });
    const created = await service.handle(
      new Request('http://api.test/journeys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          templateSlug: 'start-your-plan',
          visitorId: 'v_1',
          attribution: { params: { gclid: 'g' } },
        }),
      }),
    );
    expect(created.status).toBe(201);
    return service;
  };

  it('2.8 a capture without a visitor id still gives the journey its touch, and stores no visitor', async () => {
    const service = await setup();
    const response = await service.handle(
      new Request('http://api.test/journeys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          templateSlug: 'start-your-plan',
          landing_url: 'https://shop.example/start?fbclid=f',
        }),
      }),
    );
    const { data } = (await response.json()) as { data: { id: string } };
    expect(
      (await service.deps.storage.journeys.get({ affiliateId: 'aff_1', id: data.id }))?.attribution,
    ).toEqual({
      first: {
        captured_at: now.toISOString(),
        landing_url: 'https://shop.example/start',
        params: { fbclid: 'f' },
      },
      last: {
        captured_at: now.toISOString(),
        landing_url: 'https://shop.example/start',
        params: { fbclid: 'f' },
      },
      touch_count: 1,
    });
  });

  it('6.5: a journey shows ecommerce_order_id once an order is recorded with its journeyId', async () => {
    const service = await setup();
    const read = async () =>
      (await (
        await service.handle(
          new Request('http://api.test/v2/journeys/jrn_1', {
            headers: { authorization: 'Bearer tok_admin' },
          }),
        )
      ).json()) as { data: Record<string, unknown> };
    expect((await read()).data).not.toHaveProperty('ecommerce_order_id');
    await service.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: { id: 'ord_1', journeyId: 'jrn_1', status: 'paid', totalCents: 4_900 },
    });
    expect((await read()).data).toMatchObject({
      ecommerce_order_id: 'ord_1',
      attribution: { touch_count: 1 },
    });
  });

  it('3: setJourneyStatus moves a journey on and stamps completed_at; an unknown journey is 404', async () => {
    const service = await setup();
    service.clock.advance(60_000);
    const completed = await service.commerce.setJourneyStatus({
      affiliateId: 'aff_1',
      journeyId: 'jrn_1',
      status: 'completed',
    });
    expect(completed).toMatchObject({
      status: 'completed',
      completedAt: new Date('2026-11-23T10:01:00.000Z'),
    });
    const abandoned = await service.commerce.setJourneyStatus({
      affiliateId: 'aff_1',
      journeyId: 'jrn_1',
      status: 'abandoned',
      at: '2026-11-23T09:00:00Z',
    });
    expect(abandoned).toMatchObject({
      status: 'abandoned',
      abandonedAt: new Date('2026-11-23T09:00:00.000Z'),
    });
    await expect(
      service.commerce.setJourneyStatus({
        affiliateId: 'aff_2',
        journeyId: 'jrn_1',
        status: 'completed',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      service.commerce.setJourneyStatus({
        affiliateId: 'aff_1',
        journeyId: 'jrn_1',
        status: 'paid' as never,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'status' });
  });
});
