import { describe, expect, it } from 'vitest';
import { clickIdsForAdReplay } from './click-ids';

const touch = (params: Record<string, string>) => ({ captured_at: '2026-01-01T00:00:00Z', params });

describe('2.8 rule 3 and 6.6 clickIdsForAdReplay', () => {
  it('prefers the last touch over the first for the same click id', () => {
    const attribution = { first: touch({ gclid: 'first-g' }), last: touch({ gclid: 'last-g' }) };
    expect(clickIdsForAdReplay({ attribution })).toEqual({ gclid: 'last-g' });
  });

  it('falls back to the first touch for a click id the last touch lacks', () => {
    const attribution = { first: touch({ gclid: 'first-g' }), last: touch({ fbclid: 'last-f' }) };
    expect(clickIdsForAdReplay({ attribution })).toEqual({ gclid: 'first-g', fbclid: 'last-f' });
  });

  it('returns only click ids: no campaign tags, cookies, svc_ keys, URLs or other fields', () => {
    const attribution = {
      first: {
        ...touch({ utm_source: 'google', svc_utm_campaign: 'x', fbp: 'fb.1', fbc: 'fb.1.abc' }),
        landing_url: 'https://s/',
      },
      last: touch({ msclkid: 'm', ttclid: 't', utm_campaign: 'spring', svc_gclid: 'prefixed' }),
      visitor_id: 'v1',
      touch_count: 2,
    };
    expect(clickIdsForAdReplay({ attribution })).toEqual({ msclkid: 'm', ttclid: 't' });
  });

  it('knows every click id of 2.8 rule 4, matched case-insensitively, keyed lower-case', () => {
    const names = [
      'gclid',
      'gbraid',
      'wbraid',
      'dclid',
      'fbclid',
      'msclkid',
      'ttclid',
      'twclid',
      'sccid',
      'epik',
      'rdt_cid',
      'irclickid',
      'li_fat_id',
    ];
    const params = Object.fromEntries(names.map((name) => [name.toUpperCase(), `${name}-value`]));
    expect(clickIdsForAdReplay({ attribution: { last: touch(params) } })).toEqual(
      Object.fromEntries(names.map((name) => [name, `${name}-value`])),
    );
  });

  it('returns {} when there is no attribution (rule 1: omitted when nothing was captured)', () => {
    expect(clickIdsForAdReplay({})).toEqual({});
    expect(clickIdsForAdReplay({ attribution: null })).toEqual({});
    expect(clickIdsForAdReplay({ attribution: { first: { captured_at: 'x' } } })).toEqual({});
    expect(clickIdsForAdReplay(undefined)).toEqual({});
  });

  it('ignores empty values and inherited keys', () => {
    const params = Object.assign(Object.create({ gclid: 'inherited' }), { fbclid: '' }) as Record<
      string,
      string
    >;
    expect(clickIdsForAdReplay({ attribution: { last: touch(params) } })).toEqual({});
  });
});
