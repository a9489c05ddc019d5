import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageParams, readCookie, strippedUrl } from './page';

const query = (text: string): URLSearchParams => new URLSearchParams(text);
const clickIds =
  'gclid gbraid wbraid dclid fbclid msclkid ttclid twclid sccid epik rdt_cid irclickid li_fat_id'.split(' ');
const tags = 'utm_source utm_medium utm_campaign utm_content utm_term utm_id'.split(' ');

describe('strippedUrl', () => {
  it.each([
    ['https://ann:pw@shop.example/start?gclid=x#top', 'https://shop.example/start'],
    ['http://shop.example:8080/a/b?q', 'http://shop.example:8080/a/b'],
    ['file:///C:/page.html', undefined],
    ['ftp://files.example/', undefined],
    ['', undefined],
    ['not a url', undefined],
  ])('8: "http or https only; credentials, query and fragment are stripped": %s', (raw, stored) => {
    expect(strippedUrl(raw)).toBe(stored);
  });
});

describe('readCookie', () => {
  it('2.8 rule 4: reads _fbp and _fbc from the cookie string', () => {
    const cookies = 'a=1; _fbp=fb.1.1700000000000.111;_fbc=fb.1.1700000000000.AbC; x_fbp=no';
    expect(readCookie(cookies, '_fbp')).toBe('fb.1.1700000000000.111');
    expect(readCookie(cookies, '_fbc')).toBe('fb.1.1700000000000.AbC');
    expect(readCookie('x_fbp=no', '_fbp')).toBeUndefined();
    expect(readCookie('', '_fbp')).toBeUndefined();
  });
});

describe('pageParams', () => {
  const cookies = '_fbp=fb.1.1.111; _fbc=fb.1.2.AbC';

  it('2.8 rule 4: utm tags, click ids, svc_ keys and the fbp/fbc cookies, keys as sent', () => {
    expect(pageParams(query('utm_source=x&GCLID=y&svc_utm_campaign=z&email=a%40b.c'), cookies, true)).toEqual(
      {
        fbp: 'fb.1.1.111',
        fbc: 'fb.1.2.AbC',
        utm_source: 'x',
        GCLID: 'y',
        svc_utm_campaign: 'z',
      },
    );
  });

  it('2.8 rule 4, consent off: no click ids and no cookies; utm and svc_ tags remain (docs/decisions/attribution.md)', () => {
    expect(pageParams(query('utm_source=x&gclid=y&fbclid=f&fbp=q&svc_tag=z'), cookies, false)).toEqual({
      utm_source: 'x',
      svc_tag: 'z',
    });
  });

  it('8: "Repeated parameter: first value wins", case-insensitively; the cookie wins over a query fbp', () => {
    expect(pageParams(query('utm_source=a&UTM_SOURCE=b&fbp=query'), cookies, true)).toEqual({
      fbp: 'fb.1.1.111',
      fbc: 'fb.1.2.AbC',
      utm_source: 'a',
    });
  });

  it('8: 25 keys, 512 characters, key pattern without dots, printable ASCII values', () => {
    const many = Array.from({ length: 30 }, (_, index) => `svc_k${index}=v`).join('&');
    expect(Object.keys(pageParams(query(many), '', true))).toHaveLength(25);
    expect(
      pageParams(query(`utm_source=${'a'.repeat(512)}&utm_medium=${'a'.repeat(513)}`), '', true),
    ).toEqual({
      utm_source: 'a'.repeat(512),
    });
    expect(
      pageParams(query('svc.a=1&svc_a%20b=2&utm_source=caf%C3%A9&utm_term=&svc_ok=%20~'), '', true),
    ).toEqual({
      svc_ok: ' ~',
    });
  });

  it('8: for any query, the bag holds only accepted keys within the limits (property)', () => {
    const key = fc.oneof(
      fc.constantFrom(...tags, ...clickIds, 'fbp', 'fbc', 'email', 'landing_url'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((rest) => `svc_${rest}`),
      fc.string({ maxLength: 20 }),
    );
    const value = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
      fc.string({ maxLength: 600 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 40 }), fc.boolean(), (pairs, consent) => {
        const bag = pageParams(new URLSearchParams(pairs), '', consent);
        const keys = Object.keys(bag);
        expect(keys.length).toBeLessThanOrEqual(25);
        expect(new Set(keys.map((name) => name.toLowerCase())).size).toBe(keys.length);
        for (const [name, stored] of Object.entries(bag)) {
          const lower = name.toLowerCase();
          expect(name).toMatch(/^[a-zA-Z0-9_-]+$/);
          expect(stored).toMatch(/^[\x20-\x7e]{1,512}$/);
          const allowed = consent ? [...tags, ...clickIds, 'fbp', 'fbc'] : tags;
          expect(lower.startsWith('svc_') || allowed.includes(lower)).toBe(true);
        }
      }),
    );
  });
});
