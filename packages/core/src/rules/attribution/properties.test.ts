import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJourneyBody, parseTemplateViewQuery } from './capture-input';
import type { ParamBag } from './param-filter';
import { type Attribution, applyTouch, type Touch, type TouchCapture, toTouch } from './touches';

/** docs/api.md §2.8 rule 4, written out again so the properties do not trust the implementation's list. */
const specKeys = [
  ...['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'utm_id'],
  ...['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'twclid', 'sccid', 'epik'],
  ...['rdt_cid', 'irclickid', 'li_fat_id', 'fbp', 'fbc'],
];
const clickIds = specKeys.slice(6, 19);

const anyCase = (key: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: key.length, maxLength: key.length })
    .map((upper) => [...key].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(''));

const paramKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...specKeys).chain(anyCase) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((rest) => `svc_${rest}`) },
  fc.constantFrom('landing_url', 'referrer_url', 'attribution', 'email', 'svc.x', '_fbp', 'utm_source.x', ''),
  fc.string({ maxLength: 140 }),
);

const url = fc.webUrl({
  validSchemes: ['http', 'https', 'ftp', 'javascript'],
  withQueryParameters: true,
  withFragments: true,
  authoritySettings: { withUserInfo: true, withPort: true },
});

const paramValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
  url,
  url.map((link) => link.replace('://', ':')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 500, max: 530 }).map((length) => 'v'.repeat(length)),
);

const pairs = fc.oneof(
  fc.array(fc.tuple(paramKey, paramValue), { maxLength: 10 }),
  fc.array(fc.tuple(paramKey, paramValue), { minLength: 20, maxLength: 80 }),
  fc.array(fc.tuple(fc.stringMatching(/^svc_[a-z0-9]{1,8}$/), fc.stringMatching(/^[ -~]{1,8}$/)), {
    minLength: 26,
    maxLength: 40,
  }),
);

/** A query string as a storefront, a proxy or an attacker might send it. */
const queryString = fc.oneof(
  pairs.map((list) => new URLSearchParams(list).toString()),
  fc.record({ list: pairs, landing: url }).map(({ list, landing }) => {
    const withTags = new URL(landing);
    for (const [key, value] of list) withTags.searchParams.append(key, value);
    return new URLSearchParams({ landing_url: withTags.href }).toString();
  }),
  fc
    .record({
      list: pairs,
      landing: url,
      referrer: fc.oneof(url, fc.constant('')),
      attribution: fc.oneof(
        pairs.map((list) =>
          JSON.stringify({ track: 'first', visitorId: 'v1', params: Object.fromEntries(list) }),
        ),
        pairs.map((list) => JSON.stringify(Object.fromEntries(list))),
        fc.string(),
      ),
    })
    .map(({ list, landing, referrer, attribution }) =>
      new URLSearchParams([
        ['landing_url', landing],
        ['referrer_url', referrer],
        ['attribution', attribution],
        ...list,
      ]).toString(),
    ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

const expectBagWithinLimits = (bag: ParamBag): void => {
  const keys = Object.keys(bag);
  expect(keys.length).toBeLessThanOrEqual(25);
  expect(new Set(keys.map((key) => key.toLowerCase())).size).toBe(keys.length);
  for (const [key, value] of Object.entries(bag)) {
    expect(key).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(key.toLowerCase().startsWith('svc_') || specKeys.includes(key.toLowerCase())).toBe(true);
    expect(value.length).toBeGreaterThan(0);
    expect(value.length).toBeLessThanOrEqual(512);
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(value).not.toMatch(/^\s*[\\/]{2}|^\s*(?:https?|ftp|wss?|file):|^\s*[a-z][a-z0-9+.-]*:\/\//i);
  }
};

const expectStoredUrl = (stored: string | undefined): void => {
  if (stored === undefined) return;
  expect(stored.length).toBeLessThanOrEqual(1024);
  const parsed = new URL(stored);
  expect(['http:', 'https:']).toContain(parsed.protocol);
  expect(parsed.search).toBe('');
  expect(parsed.hash).toBe('');
  expect(parsed.username).toBe('');
  expect(parsed.password).toBe('');
  expect(stored).not.toMatch(/[?#]/);
};

const expectTouchWithinLimits = (touch: Touch): void => {
  expectBagWithinLimits(touch.params);
  expectStoredUrl(touch.landing_url);
  expectStoredUrl(touch.referrer_url);
  expect(JSON.stringify(touch)).not.toContain('null');
};

const now = new Date(Date.UTC(2026, 7, 17));

describe('attribution properties', () => {
  it('2.8 and 8: for any query string, the stored bag holds only accepted keys within every limit and no URL in the touch has a query, fragment or credentials', () => {
    fc.assert(
      fc.property(queryString, (query) => {
        const capture = parseTemplateViewQuery(query);
        expectBagWithinLimits(capture.params);
        const touch = toTouch(capture, now);
        if (touch !== undefined) expectTouchWithinLimits(touch);
      }),
      { numRuns: 300 },
    );
  });

  it('2.8 and 8: the same holds for any POST /journeys body built from those pieces', () => {
    fc.assert(
      fc.property(pairs, url, fc.oneof(url, fc.constant('')), (list, landing, referrer) => {
        const capture = parseJourneyBody({
          landing_url: landing,
          referrer_url: referrer,
          attribution: { params: Object.fromEntries(list) },
        });
        const touch = toTouch(capture, now);
        if (touch !== undefined) expectTouchWithinLimits(touch);
      }),
    );
  });

  const visit: fc.Arbitrary<TouchCapture> = fc.record(
    {
      landingUrl: fc.oneof(url, fc.constant('')),
      referrerUrl: fc.oneof(url, fc.constant('')),
      params: fc.oneof(pairs, fc.constant([] as [string, string][])),
    },
    { requiredKeys: [] },
  );

  it('2.8: over any sequence of visits, first is the first touch, last the latest, touch_count the number of touches', () => {
    fc.assert(
      fc.property(fc.array(visit, { maxLength: 12 }), (visits) => {
        let attribution: Attribution | undefined;
        const touches: Touch[] = [];
        visits.forEach((capture, index) => {
          const at = new Date(now.getTime() + index * 60_000);
          const touch = toTouch(capture, at);
          if (touch !== undefined) touches.push(touch);
          attribution = applyTouch(attribution, capture, { now: at, visitorId: 'v1' });
        });
        if (touches.length === 0) {
          expect(attribution).toBeUndefined();
          return;
        }
        expect(attribution?.first).toEqual(touches[0]);
        expect(attribution?.last).toEqual(touches.at(-1));
        expect(attribution?.touch_count).toBe(touches.length);
        expect(attribution?.visitor_id).toBe('v1');
        const latestClicks = Object.keys(touches.at(-1)!.params).filter((key) =>
          clickIds.includes(key.toLowerCase()),
        );
        const lastClicks = Object.keys(attribution!.last.params).filter((key) =>
          clickIds.includes(key.toLowerCase()),
        );
        expect(lastClicks).toEqual(latestClicks);
      }),
    );
  });
});
