import { describe, expect, it } from 'vitest';
import { parseJourneyBody, parseTemplateViewQuery } from './capture-input';

const query = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** The query the storefront-capture snippet sends (packages/storefront-capture, visit 1 of its browser test). */
const snippetQuery =
  'landing_url=http%3A%2F%2F127.0.0.1%3A41234%2Fstore%2Fstart&visitorId=2f0c1c9e-5b6a-4d7e-8f90-a1b' +
  '2c3d4e5f6&track=first&attribution=%7B%22track%22%3A%22first%22%2C%22visitorId%22%3A%222f0c1c9e-5' +
  'b6a-4d7e-8f90-a1b2c3d4e5f6%22%2C%22params%22%3A%7B%22fbp%22%3A%22fb.1.1700000000000.111%22%2C%22' +
  'fbc%22%3A%22fb.1.1700000000000.AbC%22%2C%22utm_source%22%3A%22x%22%2C%22gclid%22%3A%22y%22%2C%22' +
  'svc_utm_campaign%22%3A%22z%22%7D%7D';

describe('parseTemplateViewQuery', () => {
  it('4.9: reads landing_url, referrer_url, campaignId, attribution, visitorId and track from the query', () => {
    expect(parseTemplateViewQuery(snippetQuery)).toEqual({
      landingUrl: 'http://127.0.0.1:41234/store/start',
      params: {
        fbp: 'fb.1.1700000000000.111',
        fbc: 'fb.1.1700000000000.AbC',
        utm_source: 'x',
        gclid: 'y',
        svc_utm_campaign: 'z',
      },
      visitorId: '2f0c1c9e-5b6a-4d7e-8f90-a1b2c3d4e5f6',
      track: 'first',
    });
  });

  it('4.9: takes a URLSearchParams, pairs or a framework query object alike', () => {
    const fields = {
      landing_url: 'https://shop.example/a',
      visitorId: 'v1',
      campaignId: 'c-9',
      utm_source: 'x',
    };
    const expected = {
      landingUrl: 'https://shop.example/a',
      params: { utm_source: 'x' },
      visitorId: 'v1',
      campaignId: 'c-9',
    };
    expect(parseTemplateViewQuery(new URLSearchParams(fields))).toEqual(expected);
    expect(parseTemplateViewQuery(Object.entries(fields))).toEqual(expected);
    expect(parseTemplateViewQuery({ ...fields, visitorId: ['v1', 'v2'] })).toEqual(expected);
  });

  it('4.9: "Campaign tags are captured from query parameters appended to any journey storefront URL"', () => {
    const capture = parseTemplateViewQuery(
      query({ landing_url: 'https://shop.example/start?utm_source=ad&gclid=g&email=a%40b.c#top' }),
    );
    expect(capture).toEqual({
      landingUrl: 'https://shop.example/start',
      params: { utm_source: 'ad', gclid: 'g' },
    });
  });

  it('4.9: tags in attribution.params win over the top of attribution, the query and landing_url', () => {
    const capture = parseTemplateViewQuery(
      query({
        attribution: JSON.stringify({
          params: { utm_source: 'params' },
          utm_source: 'top',
          utm_medium: 'top',
        }),
        UTM_SOURCE: 'query',
        utm_medium: 'query',
        utm_term: 'query',
        landing_url: 'https://shop.example/?utm_source=url&utm_term=url&utm_content=url',
      }),
    );
    expect(capture.params).toEqual({
      utm_source: 'params',
      utm_medium: 'top',
      utm_term: 'query',
      utm_content: 'url',
    });
  });

  it('4.9: "a JSON attribution parameter with track and visitorId"; top-level fields win', () => {
    expect(
      parseTemplateViewQuery(query({ attribution: JSON.stringify({ track: 'repeat', visitorId: 'inner' }) })),
    ).toEqual({ params: {}, visitorId: 'inner', track: 'repeat' });
    expect(
      parseTemplateViewQuery(
        query({ track: 'first', visitorId: 'outer', attribution: '{"track":"repeat","visitorId":"inner"}' }),
      ),
    ).toEqual({ params: {}, visitorId: 'outer', track: 'first' });
  });

  it('8: "invalid or excess parameters are dropped silently and the journey still loads"', () => {
    const junk = [
      'attribution=%7Bnot json',
      'attribution=[1,2]',
      `landing_url=https://shop.example/${'x'.repeat(1100)}`,
      'referrer_url=javascript:alert(1)',
      'visitorId=has spaces',
      'track=sometimes',
      `campaignId=${'c'.repeat(200)}`,
      'svc.bad=1',
      '%E0%A4%A=broken-escape',
    ].join('&');
    expect(parseTemplateViewQuery(junk)).toEqual({ params: {} });
    expect(parseTemplateViewQuery('')).toEqual({ params: {} });
    expect(parseTemplateViewQuery(`attribution=${'{'.repeat(20_000)}`)).toEqual({ params: {} });
  });

  it('4.9: "referrer_url ... is omitted when empty"', () => {
    expect(parseTemplateViewQuery('referrer_url=&landing_url=https%3A%2F%2Fshop.example%2F')).toEqual({
      landingUrl: 'https://shop.example/',
      params: {},
    });
  });

  it('4.9: track is "first" or "repeat", in any case', () => {
    expect(parseTemplateViewQuery('track=REPEAT').track).toBe('repeat');
    expect(parseTemplateViewQuery('track=new').track).toBeUndefined();
  });
});

describe('parseJourneyBody', () => {
  it('4.9: reads landing_url, referrer_url, visitorId and attribution from the JSON body', () => {
    const body = {
      templateSlug: 'start',
      landing_url: 'https://shop.example/start?fbclid=f',
      referrer_url: 'https://ref.example/path?q=secret',
      visitorId: 'v1',
      attribution: {
        track: 'repeat',
        visitorId: 'v1',
        params: { utm_source: 'x', landing_url: 'https://x.example' },
      },
    };
    expect(parseJourneyBody(body)).toEqual({
      landingUrl: 'https://shop.example/start',
      referrerUrl: 'https://ref.example/path',
      params: { utm_source: 'x', fbclid: 'f' },
      visitorId: 'v1',
      track: 'repeat',
    });
  });

  it('4.9: attribution may also arrive as a JSON string', () => {
    expect(parseJourneyBody({ attribution: '{"params":{"gclid":"g"},"track":"first"}' })).toEqual({
      params: { gclid: 'g' },
      track: 'first',
    });
  });

  it('4.9: only the capture fields are read; other top-level keys are journey fields, not tags', () => {
    expect(parseJourneyBody({ utm_source: 'x', templateSlug: 'start' })).toEqual({ params: {} });
  });

  it('8: junk bodies never throw and give an empty capture', () => {
    for (const body of [
      undefined,
      null,
      'text',
      42,
      [],
      { attribution: 7, landing_url: ['x'], visitorId: {} },
    ]) {
      expect(parseJourneyBody(body)).toEqual({ params: {} });
    }
  });
});
