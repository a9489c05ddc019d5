/**
 * Writes test-vectors.json with node:crypto alone (not this package). The tests check the
 * signing vectors again with node:crypto and openssl, and run every verification case through
 * the Node build and the WebCrypto build (in Node and in Chromium).
 *
 * Run: node packages/webhook-verify/scripts/generate-test-vectors.mjs && npx biome format --write packages/webhook-verify/test-vectors.json
 */
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const b64url = (buf) => buf.toString('base64url');
const S1 = `whsec_${b64url(Buffer.from(Array.from({ length: 32 }, (_, i) => i)))}`;
const S2 = `whsec_${b64url(Buffer.from(Array.from({ length: 32 }, (_, i) => 255 - i * 7)))}`;
const T = 1767225600; // 2026-01-01T00:00:00Z
const hmac = (secret, text) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(text, 'utf8')).digest('base64');
const envelope = (n) =>
  JSON.stringify({
    event_type: 'order_created',
    event_id: `evt_01J00000000000000000000${n}`,
    api_version: '2026-08-17',
    timestamp: '2026-01-01T00:00:00.000Z',
    timestamp_epoch: T,
    affiliate_id: 'aff_1',
    order_id: 'ord_1',
    journey_id: 'jrn_1',
    patient_marketing_consent: false,
    is_returning_patient: false,
    attribution: {
      first: { captured_at: '2025-12-30T10:00:00.000Z', params: { utm_source: 'google', gclid: 'Cj0KCQiA' } },
      last: { captured_at: '2025-12-31T10:00:00.000Z', params: { fbclid: 'IwAR0x' } },
      touch_count: 2,
    },
  });
let nonce = 0;
while (!/[+/]/.test(hmac(S1, `${T}.${envelope(nonce)}`))) nonce++;
const body = envelope(nonce);
const unicode = JSON.stringify({
  event_type: 'support_case_created',
  event_id: 'evt_ünïcødé',
  api_version: '2026-08-17',
  timestamp: '2026-01-01T00:00:00.000Z',
  timestamp_epoch: T,
  affiliate_id: 'aff_1',
  support_case_name: 'Café ☕ 日本 🚀',
  patient_marketing_consent: true,
  is_returning_patient: false,
});
const v2 = (secrets, t, b) => `t=${t},${secrets.map((s) => `sha256=${hmac(s, `${t}.${b}`)}`).join(',')}`;
const v1 = (secrets, b) => secrets.map((s) => `sha256=${hmac(s, b)}`).join(',');

const signing = [
  { name: 'v2 envelope', version: 2, secrets: [S1], timestamp: T, body },
  { name: 'v2 body with multi-byte UTF-8', version: 2, secrets: [S1], timestamp: T, body: unicode },
  { name: 'v2 empty body', version: 2, secrets: [S1], timestamp: T, body: '' },
  {
    name: 'v2 rotation overlap: new secret first, old second',
    version: 2,
    secrets: [S2, S1],
    timestamp: T,
    body,
  },
  { name: 'v1 envelope (body only, no timestamp)', version: 1, secrets: [S1], body },
  { name: 'v1 empty body', version: 1, secrets: [S1], body: '' },
].map((v) => ({
  ...v,
  signed_text: v.version === 2 ? `${v.timestamp}.${v.body}` : v.body,
  header: v.version === 2 ? v2(v.secrets, v.timestamp, v.body) : v1(v.secrets, v.body),
}));

const h = v2([S1], T, body);
const sig = h.slice(h.indexOf('sha256=') + 7);
const sig2 = hmac(S2, `${T}.${body}`);
const hexSig = createHmac('sha256', S1).update(`${T}.${body}`).digest('hex');
const nonCanonical = sig.slice(0, 42) + String.fromCharCode(sig.charCodeAt(42) + 1) + '=';
const v1h = v1([S1], body);
const ok = 'valid';
const c = (name, expect, header, extra = {}) => ({
  name,
  version: 2,
  secrets: [S1],
  body,
  header,
  now: T,
  tolerance_seconds: 300,
  expect,
  ...extra,
});
const verification = [
  c('the header as sent', ok, h),
  c('whitespace around entries, keys and values', ok, `  t = ${T} ,\tsha256 =  ${sig}  `),
  c('sha256 value without its = padding', ok, `t=${T},sha256=${sig.slice(0, -1)}`),
  c('entries in another order', ok, `sha256=${sig},t=${T}`),
  c('unknown entries are ignored', ok, `t=${T},v1=abc,sha512=xyz=,sha256=${sig}`),
  c('empty entries are ignored', ok, `,t=${T},,sha256=${sig},`),
  c('the same signature twice', ok, `t=${T},sha256=${sig},sha256=${sig}`),
  c('secret with stray whitespace and newline', ok, h, { secrets: [`  ${S1}\n`] }),
  c('rotation header, receiver has only the new secret', ok, v2([S2, S1], T, body), { secrets: [S2] }),
  c('rotation header, receiver has only the old secret', ok, v2([S2, S1], T, body), { secrets: [S1] }),
  c('receiver lists both secrets, header signed by the new one only', ok, v2([S2], T, body), {
    secrets: [S1, S2],
  }),
  c('exactly at the tolerance, in the past', ok, h, { now: T + 300 }),
  c('exactly at the tolerance, in the future', ok, h, { now: T - 300 }),
  c('no header', 'MISSING_SIGNATURE', null),
  c('empty header', 'MISSING_SIGNATURE', ''),
  c('blank header', 'MISSING_SIGNATURE', '  \t '),
  c('a v1 header given to the v2 check (no t=)', 'MALFORMED_SIGNATURE', v1h),
  c('t= without sha256=', 'MALFORMED_SIGNATURE', `t=${T}`),
  c('t= is not a number', 'MALFORMED_SIGNATURE', `t=abc,sha256=${sig}`),
  c('t= in milliseconds with a fraction', 'MALFORMED_SIGNATURE', `t=${T}.5,sha256=${sig}`),
  c(
    't= with a leading zero (its digits are what was signed)',
    'MALFORMED_SIGNATURE',
    `t=0${T},sha256=${sig}`,
  ),
  c('two t= entries with different values', 'MALFORMED_SIGNATURE', `t=${T},t=${T + 1},sha256=${sig}`),
  c('the same t= twice (a duplicated header line)', ok, `t=${T},sha256=${sig},t=${T},sha256=${sig2}`),
  c('an entry without =', 'MALFORMED_SIGNATURE', `t=${T},garbage,sha256=${sig}`),
  c('sha256 value with two = of padding', 'MALFORMED_SIGNATURE', `t=${T},sha256=${sig}=`),
  c(
    'sha256 value in base64url',
    'MALFORMED_SIGNATURE',
    `t=${T},sha256=${Buffer.from(sig, 'base64').toString('base64url')}`,
  ),
  c('sha256 value in hex', 'MALFORMED_SIGNATURE', `t=${T},sha256=${hexSig}`),
  c('sha256 value with non-zero unused bits', 'MALFORMED_SIGNATURE', `t=${T},sha256=${nonCanonical}`),
  c('sha256 value empty', 'MALFORMED_SIGNATURE', `t=${T},sha256=`),
  c('signed 301 s before now', 'TIMESTAMP_TOO_OLD', h, { now: T + 301 }),
  c('signed 301 s after now', 'TIMESTAMP_IN_FUTURE', h, { now: T - 301 }),
  c('old but within a larger tolerance', ok, h, { now: T + 3600, tolerance_seconds: 3600 }),
  c('wrong secret', 'NO_MATCHING_SIGNATURE', h, { secrets: [S2] }),
  c('body changed by one byte', 'NO_MATCHING_SIGNATURE', h, { body: body.replace('ord_1', 'ord_2') }),
  c('body re-serialized with spaces', 'NO_MATCHING_SIGNATURE', h, {
    body: JSON.stringify(JSON.parse(body), null, 1),
  }),
  c('timestamp changed, signature kept', 'NO_MATCHING_SIGNATURE', `t=${T + 1},sha256=${sig}`),
  c('secret without its whsec_ prefix', 'NO_MATCHING_SIGNATURE', h, { secrets: [S1.slice(6)] }),
  c('signature of another secret', 'NO_MATCHING_SIGNATURE', `t=${T},sha256=${sig2}`),
  { name: 'v1: the header as sent', version: 1, secrets: [S1], body, header: v1h, expect: ok },
  {
    name: 'v1: rotation, old secret',
    version: 1,
    secrets: [S1],
    body,
    header: v1([S2, S1], body),
    expect: ok,
  },
  {
    name: 'v1: a v2 header given to the v1 check',
    version: 1,
    secrets: [S1],
    body,
    header: h,
    expect: 'MALFORMED_SIGNATURE',
  },
  { name: 'v1: wrong secret', version: 1, secrets: [S2], body, header: v1h, expect: 'NO_MATCHING_SIGNATURE' },
  { name: 'v1: no header', version: 1, secrets: [S1], body, header: null, expect: 'MISSING_SIGNATURE' },
];

const doc = {
  description: 'Signature test vectors for @affiliate-commerce webhooks, usable from any language.',
  format: {
    header: 'X-Webhook-Signature',
    v2: 't=<unix seconds>,sha256=<base64>[,sha256=<base64>...]; HMAC-SHA256 over "<t>.<body>"',
    v1: 'sha256=<base64>[,sha256=<base64>...]; HMAC-SHA256 over the body',
    key: 'the UTF-8 bytes of the whole secret string, whsec_ prefix included',
    base64: 'standard alphabet with = padding (RFC 4648 section 4)',
    body: 'strings here are the UTF-8 body exactly as sent',
    parsing:
      'split the header on ","; trim each entry; split each entry on its first "=" only; ignore empty entries and unknown keys',
    now: 'Unix seconds to check the timestamp against; tolerance_seconds applies both ways',
  },
  secrets: { S1, S2 },
  signing,
  verification,
};
writeFileSync(
  fileURLToPath(new URL('../test-vectors.json', import.meta.url)),
  `${JSON.stringify(doc, null, 2)}\n`,
);
