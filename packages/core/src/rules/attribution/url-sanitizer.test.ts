import { describe, expect, it } from 'vitest';
import { sanitizeTouchUrl } from './url-sanitizer';

const path = (length: number): string => `/${'p'.repeat(length)}`;
const origin = 'https://shop.example';

const table: ReadonlyArray<{ rule: string; raw: unknown; stored: string | undefined }> = [
  {
    rule: '2.8: landing_url is a "query-stripped http(s) landing page"',
    raw: 'https://shop.example/start?utm_source=x&gclid=y',
    stored: 'https://shop.example/start',
  },
  {
    rule: '2.8: referrer_url has "credentials, query and fragment removed"',
    raw: 'http://ann:secret@ref.example:8080/a/b?q=1#frag',
    stored: 'http://ref.example:8080/a/b',
  },
  {
    rule: '8: "URL scheme: http or https only": ftp is dropped',
    raw: 'ftp://files.example/a',
    stored: undefined,
  },
  {
    rule: '8: "URL scheme: http or https only": javascript is dropped',
    raw: 'javascript:alert(1)',
    stored: undefined,
  },
  {
    rule: '8: "URL scheme: http or https only": data is dropped',
    raw: 'data:text/html,<b>x</b>',
    stored: undefined,
  },
  { rule: '2.8: referrer_url is "Omitted when empty"', raw: '', stored: undefined },
  { rule: '2.8: a blank referrer is empty too', raw: '   ', stored: undefined },
  { rule: '8: a relative URL has no scheme and is dropped', raw: '/start?gclid=x', stored: undefined },
  { rule: '8: a value that is not a string is dropped', raw: 42, stored: undefined },
  {
    rule: '8: "URL length 1024 characters": a stripped URL of exactly 1024 characters is kept',
    raw: `${origin}${path(1024 - origin.length - 1)}`,
    stored: `${origin}${path(1024 - origin.length - 1)}`,
  },
  {
    rule: '8: "A URL over the length limit ... is dropped (not truncated)"',
    raw: `${origin}${path(1024 - origin.length)}`,
    stored: undefined,
  },
  {
    rule: '8: the limit applies to the stored (stripped) URL, so a long query does not drop the page',
    raw: `${origin}/start?svc_tag=${'t'.repeat(2000)}`,
    stored: `${origin}/start`,
  },
  {
    rule: '8: a raw input over 8 KiB is dropped before parsing (decision: bounds the work)',
    raw: `${origin}/start?svc_tag=${'t'.repeat(8192)}`,
    stored: undefined,
  },
  {
    rule: '2.8: the stored URL is the WHATWG serialisation (case, default port, encoding)',
    raw: 'HTTPS://Shop.EXAMPLE:443/a b/ä?x#y',
    stored: 'https://shop.example/a%20b/%C3%A4',
  },
  {
    rule: '2.8: credentials without a password are removed too',
    raw: 'https://token@shop.example/',
    stored: 'https://shop.example/',
  },
];

describe('sanitizeTouchUrl', () => {
  it.each(table)('$rule', ({ raw, stored }) => {
    expect(sanitizeTouchUrl(raw)).toBe(stored);
  });

  it('8: sanitizing is idempotent', () => {
    for (const { raw } of table) {
      const once = sanitizeTouchUrl(raw);
      expect(sanitizeTouchUrl(once)).toBe(once);
    }
  });
});
