import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Attribution, Touch } from '../attribution/touches';
import { type TestService, testService } from '../testing/test-service';

/** The pure rules have their own properties (attribution/properties.test.ts); these check the routes. */
async function storefront(): Promise<TestService> {
  const service = testService();
  await service.commerce.recordJourneyTemplate({
    affiliateId: 'aff_1',
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://shop.example/start',
      journey_type: 'ecommerce',
    },
  });
  return service;
}

const noQueryOrCredentials = (stored: string | undefined) => {
  if (stored === undefined) return;
  const url = new URL(stored);
  expect(stored.length).toBeLessThanOrEqual(1024);
  expect(url.search + url.hash + url.username + url.password).toBe('');
};

const withinLimits = (touch: Touch) => {
  const keys = Object.keys(touch.params);
  expect(keys.length).toBeLessThanOrEqual(25);
  for (const [key, value] of Object.entries(touch.params)) {
    expect(key).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(value).toMatch(/^[\x20-\x7e]{1,512}$/);
  }
  noQueryOrCredentials(touch.landing_url);
  noQueryOrCredentials(touch.referrer_url);
};

const expectStored = (attribution: Attribution | undefined) => {
  if (attribution === undefined) return;
  withinLimits(attribution.first);
  withinLimits(attribution.last);
  expect(JSON.stringify(attribution)).not.toContain('null');
};

const query = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 400 }),
  fc.string({ unit: 'binary', maxLength: 200 }).map(encodeURIComponent),
  fc
    .dictionary(fc.string({ maxLength: 30 }), fc.string({ maxLength: 600 }))
    .map((fields) => new URLSearchParams(fields).toString()),
  fc
    .record({
      attribution: fc.jsonValue(),
      landing: fc.webUrl({ withQueryParameters: true, withFragments: true }),
    })
    .map(({ attribution, landing }) =>
      new URLSearchParams({ attribution: JSON.stringify(attribution), landing_url: landing }).toString(),
    ),
);

describe('storefront routes, for any input (SPEC 8: "the journey still loads")', () => {
  it('8: GET .../frontend answers 200 for any query, and what it stores is within every limit', async () => {
    const service = await storefront();
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const response = await service.handle(
          new Request(`http://api.test/v2/journeyTemplates/start-your-plan/frontend?${raw}&visitorId=v_prop`),
        );
        expect(response.status).toBe(200);
        expectStored(
          await service.deps.storage.journeys.visitorAttribution({
            affiliateId: 'aff_1',
            visitorId: 'v_prop',
          }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('8: POST /journeys answers 201 for any capture fields beside templateSlug, and stores them within every limit', async () => {
    const service = await storefront();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            landing_url: fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.jsonValue()),
            referrer_url: fc.jsonValue(),
            visitorId: fc.oneof(fc.constant('v_prop'), fc.jsonValue()),
            attribution: fc.oneof(
              fc.jsonValue(),
              fc.jsonValue().map((value) => JSON.stringify(value)),
            ),
            campaignId: fc.jsonValue(),
          },
          { requiredKeys: [] },
        ),
        async (capture) => {
          const response = await service.handle(
            new Request('http://api.test/journeys', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ ...capture, templateSlug: 'start-your-plan' }),
            }),
          );
          expect(response.status).toBe(201);
          const { data } = (await response.json()) as { data: { id: string } };
          const journey = await service.deps.storage.journeys.get({ affiliateId: 'aff_1', id: data.id });
          expectStored(journey?.attribution);
        },
      ),
      { numRuns: 150 },
    );
  });
});
