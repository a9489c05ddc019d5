import { type TestService, testService } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Attribution, Touch } from '../../rules/attribution/touches';

/** The pure rules have their own properties (rules/attribution/properties.test.ts); these check the routes. */
async function storefront(overrides: Parameters<typeof testService>[0] = {}): Promise<TestService> {
  const service = testService(overrides);
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

/** Each run comes from its own visitor's address, as a storefront's traffic does (the routes are rate limited per client). */
let clients = 0;
const fromClient = () => ({ remoteAddress: `198.51.100.${clients++ % 250}` });

describe('storefront routes, for any input (docs/api.md §8.2: "the journey still loads")', () => {
  it('8: GET .../frontend answers 200 for any query, and what it stores is within every limit', async () => {
    const service = await storefront();
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const response = await service.handle(
          new Request(`http://api.test/v2/journeyTemplates/start-your-plan/frontend?${raw}&visitorId=v_prop`),
          fromClient(),
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
            fromClient(),
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

describe('storefront abuse limits', () => {
  it('POST /journeys: 60 a minute per client, then 429 with Retry-After, rate-limit and CORS headers; another client is not affected', async () => {
    const service = await storefront();
    const start = (remoteAddress: string) =>
      service.handle(
        new Request('http://api.test/journeys', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
          body: JSON.stringify({ templateSlug: 'start-your-plan' }),
        }),
        { remoteAddress },
      );
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await start('203.0.113.7'));
    expect(answers.slice(0, 60).map((r) => r.status)).toEqual(Array.from({ length: 60 }, () => 201));
    const refused = answers[60]!;
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(refused.headers.get('access-control-allow-origin')).toBeTruthy();
    // Readable by the storefront's script, so it can wait as long as Retry-After says.
    const exposed = refused.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(['retry-after', 'x-ratelimit-limit', 'x-ratelimit-reset']),
    );
    expect((await start('203.0.113.8')).status).toBe(201);
  });

  it('a host behind a proxy keys the limit on its own clientKey', async () => {
    const service = await storefront({
      clientKey: (request) => request.headers.get('x-client') ?? 'none',
    });
    const view = (client: string) =>
      service.handle(
        new Request('http://api.test/v2/journeyTemplates/start-your-plan/frontend', {
          headers: { 'x-client': client },
        }),
        { remoteAddress: '10.0.0.1' },
      );
    for (let i = 0; i < 300; i += 1) expect((await view('a')).status).toBe(200);
    expect((await view('a')).status).toBe(429);
    expect((await view('b')).status).toBe(200);
  });
});
