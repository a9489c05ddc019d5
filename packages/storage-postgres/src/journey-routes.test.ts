/**
 * The storefront routes on real SQL: junk a browser or an attacker sends (NUL characters above
 * all, which PostgreSQL text cannot hold) is dropped before storage, so the journey still loads
 * (docs/api.md §8.2) and nothing answers 500.
 */
import type { Storage } from '@affiliate-commerce/core';
import { type TestService, testService } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './postgres-storage';

const nul = '\u0000';

describe('storefront routes on PGlite', () => {
  let storage: Storage;
  let service: TestService;

  beforeAll(async () => {
    storage = await openPglite();
    service = testService({ storage });
    await expect(
      service.commerce.recordJourneyTemplate({
        affiliateId: 'aff_1',
        template: {
          slug: 'start-your-plan',
          template_display_name: 'Start your plan',
          landing_url: 'https://shop.example/start',
          journey_type: 'ecommerce',
        },
      }),
    ).resolves.toBeDefined();
  }, 30_000);
  afterAll(() => storage.close());

  it('8: NUL in every query field still loads the template and stores only what SQL can hold', async () => {
    const query = new URLSearchParams({
      visitorId: 'v_nul',
      track: `first${nul}`,
      campaignId: `c${nul}`,
      landing_url: `https://shop.example/start?x=${nul}`,
      referrer_url: `https://ref${nul}.example/`,
      attribution: JSON.stringify({
        visitorId: `v${nul}`,
        params: { utm_source: `a${nul}`, [`svc_${nul}`]: 'x' },
      }),
      utm_medium: 'cpc',
      [`utm_${nul}`]: 'x',
    });
    const response = await service.handle(
      new Request(`http://api.test/v2/journeyTemplates/start-your-plan/frontend?${query}`),
    );
    expect(response.status).toBe(200);
    expect(
      await storage.journeys.visitorAttribution({ affiliateId: 'aff_1', visitorId: 'v_nul' }),
    ).toMatchObject({
      last: { landing_url: 'https://shop.example/start', params: { utm_medium: 'cpc' } },
      touch_count: 1,
    });
  });

  it('8: NUL in every body field still creates the journey; a NUL slug is 404, never a 500', async () => {
    const post = (body: unknown) =>
      service.handle(
        new Request('http://api.test/journeys', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const created = await post({
      templateSlug: 'start-your-plan',
      visitorId: `v${nul}`,
      campaignId: nul,
      landing_url: `https://shop.example/${nul}go`,
      referrer_url: nul,
      attribution: { track: nul, params: { gclid: `g${nul}`, utm_source: 'mail' } },
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    expect(await storage.journeys.get({ affiliateId: 'aff_1', id: data.id })).toMatchObject({
      attribution: { last: { landing_url: 'https://shop.example/%00go', params: { utm_source: 'mail' } } },
    });
    expect((await post({ templateSlug: `start-your-plan${nul}` })).status).toBe(404);
    const path = await service.handle(new Request('http://api.test/v2/journeyTemplates/start%00/frontend'));
    expect(path.status).toBe(404);
  });
});
