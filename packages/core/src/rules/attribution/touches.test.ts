import { describe, expect, it } from 'vitest';
import {
  type Attribution,
  applyTouch,
  journeyAttribution,
  maxTouchParamChars,
  sameTouch,
  type TouchCapture,
  toTouch,
} from './touches';

const at = (minute: number): Date => new Date(Date.UTC(2026, 7, 17, 10, minute));
const visitor = 'v-123';

/** Visits in order: an ad click, a return through a newsletter, a direct visit with no tags. */
const visits: readonly TouchCapture[] = [
  {
    landingUrl: 'https://shop.example/start?utm_source=google&gclid=g1',
    referrerUrl: 'https://www.google.com/',
    params: { utm_source: 'google', gclid: 'g1', fbp: 'fb.1.1.1' },
  },
  {
    landingUrl: 'https://shop.example/start?utm_source=newsletter',
    params: { utm_source: 'newsletter', fbp: 'fb.1.1.1', fbc: 'fb.1.2.abc' },
  },
  { landingUrl: 'https://shop.example/start', referrerUrl: '' },
];

const replay = (captures: readonly TouchCapture[]): Attribution | undefined =>
  captures.reduce<Attribution | undefined>(
    (current, capture, index) => applyTouch(current, capture, { now: at(index), visitorId: visitor }),
    undefined,
  );

describe('applyTouch', () => {
  it('2.8 rule 1: "The whole attribution object is omitted when nothing was captured"', () => {
    expect(applyTouch(undefined, {}, { now: at(0) })).toBeUndefined();
    expect(
      applyTouch(undefined, { params: { email: 'a@b.c' }, referrerUrl: '' }, { now: at(0) }),
    ).toBeUndefined();
  });

  it('2.8: a first touch is both first and last, with captured_at from the clock', () => {
    expect(replay(visits.slice(0, 1))).toEqual({
      first: {
        captured_at: '2026-08-17T10:00:00.000Z',
        landing_url: 'https://shop.example/start',
        referrer_url: 'https://www.google.com/',
        params: { utm_source: 'google', gclid: 'g1', fbp: 'fb.1.1.1' },
      },
      last: {
        captured_at: '2026-08-17T10:00:00.000Z',
        landing_url: 'https://shop.example/start',
        referrer_url: 'https://www.google.com/',
        params: { utm_source: 'google', gclid: 'g1', fbp: 'fb.1.1.1' },
      },
      touch_count: 1,
      visitor_id: visitor,
    });
  });

  it('2.8: first is "Written once, never overwritten"; last is "Overwritten on every later touch"; touch_count counts', () => {
    const attribution = replay(visits)!;
    expect(attribution.first).toEqual(replay(visits.slice(0, 1))!.first);
    expect(attribution.last).toEqual({
      captured_at: '2026-08-17T10:02:00.000Z',
      landing_url: 'https://shop.example/start',
      params: {},
    });
    expect(attribution.touch_count).toBe(3);
    expect(attribution.visitor_id).toBe(visitor);
  });

  it('2.8 rule 3: "last.params holds an ad click identifier only if the latest touch contained one"', () => {
    const afterSecond = replay(visits.slice(0, 2))!;
    expect(afterSecond.first.params.gclid).toBe('g1');
    expect(afterSecond.last.params.gclid).toBeUndefined();
    expect(afterSecond.last.params).toEqual({ utm_source: 'newsletter', fbp: 'fb.1.1.1', fbc: 'fb.1.2.abc' });
  });

  it('2.8 rule 1: "Keys never stored are omitted and never sent as null"', () => {
    const attribution = applyTouch(undefined, { params: { utm_source: 'x' } }, { now: at(0) })!;
    expect(attribution).toEqual({
      first: { captured_at: '2026-08-17T10:00:00.000Z', params: { utm_source: 'x' } },
      last: { captured_at: '2026-08-17T10:00:00.000Z', params: { utm_source: 'x' } },
      touch_count: 1,
    });
    expect(JSON.stringify(attribution)).not.toContain('null');
    expect('visitor_id' in attribution).toBe(false);
    expect('landing_url' in attribution.first).toBe(false);
    expect('referrer_url' in attribution.first).toBe(false);
  });

  it('docs/api.md §2.8 rule 7: a capture with no accepted param and no URL is not a touch and changes nothing', () => {
    const before = replay(visits.slice(0, 2))!;
    const after = applyTouch(
      before,
      { params: { email: 'x' }, landingUrl: 'ftp://x.example/' },
      { now: at(9) },
    );
    expect(after).toBe(before);
  });

  it('2.8: a touch with only a URL is a touch and has an empty params bag', () => {
    expect(toTouch({ landingUrl: 'https://shop.example/' }, at(0))).toEqual({
      captured_at: '2026-08-17T10:00:00.000Z',
      landing_url: 'https://shop.example/',
      params: {},
    });
  });

  it('8: the aggregate sanitizes and filters whatever capture it is given', () => {
    const touch = toTouch(
      {
        landingUrl: `https://u:p@shop.example/${'x'.repeat(2000)}`,
        referrerUrl: 'https://u:p@ref.example/a?b#c',
        params: [
          ['utm_source', 'x'],
          ['svc.bad', 'y'],
        ],
      },
      at(0),
    );
    expect(touch).toEqual({
      captured_at: '2026-08-17T10:00:00.000Z',
      referrer_url: 'https://ref.example/a',
      params: { utm_source: 'x' },
    });
  });

  it('2.8: visitor_id is kept from the first touch that had one', () => {
    const first = applyTouch(undefined, { params: { utm_source: 'a' } }, { now: at(0), visitorId: '' })!;
    expect(first.visitor_id).toBeUndefined();
    const second = applyTouch(first, { params: { utm_source: 'b' } }, { now: at(1), visitorId: 'v1' });
    const third = applyTouch(second, { params: { utm_source: 'c' } }, { now: at(2), visitorId: 'v2' });
    expect(second.visitor_id).toBe('v1');
    expect(third.visitor_id).toBe('v1');
  });

  it('2.8 captured_at: an invalid clock value is a programmer error', () => {
    expect(() =>
      applyTouch(undefined, { params: { utm_source: 'a' } }, { now: new Date(Number.NaN) }),
    ).toThrow(TypeError);
  });
});

describe('journeyAttribution', () => {
  const view = replay(visits.slice(0, 2))!;

  it('4.9: a journey carries the visitor touches joined by visitor id; the resent view capture is not counted twice', () => {
    const attribution = journeyAttribution(view, visits[1]!, { now: at(5), visitorId: visitor });
    expect(attribution).toBe(view);
    expect(attribution?.touch_count).toBe(2);
  });

  it('4.9: a journey with no recorded view takes the capture sent with it as its first touch', () => {
    expect(journeyAttribution(undefined, visits[0]!, { now: at(5), visitorId: visitor })).toEqual(
      applyTouch(undefined, visits[0]!, { now: at(5), visitorId: visitor }),
    );
  });

  it('4.9: a capture that differs from the last touch is a new touch', () => {
    const attribution = journeyAttribution(view, visits[2]!, { now: at(5), visitorId: visitor })!;
    expect(attribution.touch_count).toBe(3);
    expect(attribution.last.params).toEqual({});
  });

  it('2.8 rule 1: nothing captured and no visitor touches means no attribution', () => {
    expect(journeyAttribution(undefined, {}, { now: at(5) })).toBeUndefined();
    expect(journeyAttribution(view, {}, { now: at(5) })).toBe(view);
  });
});

describe('sameTouch', () => {
  it('4.9: compares URLs and params, never captured_at', () => {
    const a = toTouch(visits[0]!, at(0))!;
    expect(sameTouch(a, toTouch(visits[0]!, at(7))!)).toBe(true);
    expect(sameTouch(a, toTouch({ ...visits[0]!, params: { utm_source: 'google' } }, at(0))!)).toBe(false);
    expect(sameTouch(a, toTouch({ ...visits[0]!, referrerUrl: undefined }, at(0))!)).toBe(false);
  });
});

describe('the stored size of one touch', () => {
  const now = new Date('2026-08-17T10:00:00.000Z');
  it('8: params past 4,096 characters of keys and values are dropped like excess params, in order', () => {
    const params = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `svc_${String(i).padStart(2, '0')}${'k'.repeat(100)}`,
        'v'.repeat(512),
      ]),
    );
    const touch = toTouch({ params }, now)!;
    const kept = Object.entries(touch.params);
    const chars = kept.reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    expect(chars).toBeLessThanOrEqual(maxTouchParamChars);
    expect(kept.length).toBe(Math.floor(maxTouchParamChars / (106 + 512)));
    expect(kept.map(([key]) => key)).toEqual(Object.keys(params).slice(0, kept.length));
  });

  it('8: an ordinary bag of tags and click ids is kept whole', () => {
    const params = {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-2026',
      gclid: 'g'.repeat(100),
      fbclid: 'f'.repeat(120),
      fbp: 'fb.1.1700000000000.1234567890',
    };
    expect(toTouch({ params }, now)!.params).toEqual(params);
  });
});
