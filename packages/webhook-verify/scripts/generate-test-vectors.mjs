/**
 * Writes test-vectors.json with node:crypto alone (not this package). The tests check the
 * signing vectors again with node:crypto and openssl, and run every verification case through
 * the Node build and the WebCrypto build (in Node and in Chromium).
 *
 * Run: node packages/webhook-verify/scripts/generate-test-vectors.mjs && npx biome format --write packages/webhook-verify/test-vectors.json
 */
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
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

// Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature): the key is the bytes of
// the base64 after whsec_, the signed text `<id>.<t>.<body>`, each signature `v1,<base64>`.
const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const K1 = `whsec_${b64(Array.from({ length: 33 }, (_, i) => i))}`;
const K2 = `whsec_${b64(Array.from({ length: 33 }, (_, i) => 255 - i * 7))}`;
const K24 = `whsec_${b64(Array.from({ length: 24 }, (_, i) => i * 3))}`;
const K32 = `whsec_${b64(Array.from({ length: 32 }, (_, i) => 128 + i))}`;
const keyOf = (secret) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
const stdHmac = (secret, text) =>
  createHmac('sha256', keyOf(secret)).update(Buffer.from(text, 'utf8')).digest('base64');
const std = (secrets, id, t, b) => ({
  'webhook-id': id,
  'webhook-timestamp': `${t}`,
  'webhook-signature': secrets.map((s) => `v1,${stdHmac(s, `${id}.${t}.${b}`)}`).join(' '),
});
const idOf = (b) => (b === '' ? 'msg_empty' : JSON.parse(b).event_id);

const stdSigning = [
  { name: 'envelope, a 33-byte key (the secrets issued now)', secrets: [K1], body },
  { name: 'body with multi-byte UTF-8', secrets: [K1], body: unicode },
  { name: 'empty body', secrets: [K1], body: '' },
  { name: 'rotation overlap: new secret first, old second', secrets: [K2, K1], body },
  { name: 'a 24-byte key (as Svix issues)', secrets: [K24], body },
  { name: 'a 32-byte key: base64 with = padding', secrets: [K32], body },
].map((v) => {
  const id = idOf(v.body);
  // Beside X-Webhook-Signature, webhook-id must be the body's event_id: a body without one (the
  // empty body) is signed in the standard scheme alone.
  const ours = v.body === '' ? {} : { 'x-webhook-signature': v2(v.secrets, T, v.body) };
  return {
    ...v,
    id,
    timestamp: T,
    signed_text: `${id}.${T}.${v.body}`,
    headers: { ...ours, ...std(v.secrets, id, T, v.body) },
  };
});

const id = idOf(body);
const sh = std([K1], id, T, body);
const stdSig = sh['webhook-signature'].slice(3);
const ours = v2([K1], T, body);
const s = (name, expect, headers, extra = {}) => ({
  name,
  secrets: [K1],
  body,
  headers,
  now: T,
  tolerance_seconds: 300,
  expect,
  ...extra,
});
const withSig = (signature) => ({ ...sh, 'webhook-signature': signature });
const stdVerification = [
  s('the standard headers alone', ok, sh),
  s('both sets, as a v2 delivery carries them', ok, { 'x-webhook-signature': ours, ...sh }),
  s('header names in any case', ok, {
    'Webhook-Id': id,
    'WEBHOOK-TIMESTAMP': `${T}`,
    'Webhook-Signature': sh['webhook-signature'],
  }),
  s('rotation header, receiver has only the new secret', ok, std([K2, K1], id, T, body), { secrets: [K2] }),
  s('rotation header, receiver has only the old secret', ok, std([K2, K1], id, T, body)),
  s('receiver lists both secrets, header signed by the new one only', ok, std([K2], id, T, body), {
    secrets: [K1, K2],
  }),
  s('entries of other versions are ignored', ok, withSig(`v1a,c2lnbmVk v2,abc v1,${stdSig}`)),
  s('several spaces around entries', ok, withSig(`  v1,${stdSig}   v1,${stdSig} `)),
  s('v1 value without its = padding', ok, withSig(`v1,${stdSig.slice(0, -1)}`)),
  s('secret with stray whitespace and newline', ok, sh, { secrets: [`  ${K1}\n`] }),
  s('secret without its whsec_ prefix (as the standard libraries take it)', ok, sh, {
    secrets: [K1.slice(6)],
  }),
  s('a 24-byte key', ok, std([K24], id, T, body), { secrets: [K24] }),
  s('exactly at the tolerance, in the past', ok, sh, { now: T + 300 }),
  s('exactly at the tolerance, in the future', ok, sh, { now: T - 300 }),
  s('X-Webhook-Signature blank: the standard set is checked', ok, { 'x-webhook-signature': '', ...sh }),
  s('X-Webhook-Signature wrong: the standard set is not tried', 'NO_MATCHING_SIGNATURE', {
    'x-webhook-signature': v2([K2], T, body),
    ...sh,
  }),
  s(
    'both sets, webhook-id changed: it must be the event_id X-Webhook-Signature signs',
    'NO_MATCHING_SIGNATURE',
    {
      'x-webhook-signature': ours,
      ...sh,
      'webhook-id': `${id}x`,
    },
  ),
  s(
    'both sets, webhook-timestamp changed: it must be the t X-Webhook-Signature signs',
    'NO_MATCHING_SIGNATURE',
    {
      'x-webhook-signature': ours,
      ...sh,
      'webhook-timestamp': `${T + 1}`,
    },
  ),
  s(
    'both sets, webhook-id and its signature made for another event: the body binds the id',
    'NO_MATCHING_SIGNATURE',
    { 'x-webhook-signature': ours, ...std([K1], 'evt_other', T, body) },
  ),
  s('X-Webhook-Signature and a webhook-id alone, the event id', ok, {
    'x-webhook-signature': ours,
    'webhook-id': id,
  }),
  s('X-Webhook-Signature and a webhook-id alone, changed', 'NO_MATCHING_SIGNATURE', {
    'x-webhook-signature': ours,
    'webhook-id': 'evt_other',
  }),
  s(
    'both sets, receiver holds only a secret without a standard key (rotation overlap from it)',
    ok,
    { 'x-webhook-signature': v2([K1, S1], T, body), ...sh },
    { secrets: [S1] },
  ),
  s(
    'both sets, receiver holds only the secret without a standard key, webhook-id changed',
    'NO_MATCHING_SIGNATURE',
    { 'x-webhook-signature': v2([K1, S1], T, body), ...sh, 'webhook-id': `${id}x` },
    { secrets: [S1] },
  ),
  s(
    'scheme standard-webhooks: the standard set is checked even beside X-Webhook-Signature',
    ok,
    { 'x-webhook-signature': v2([K2], T, body), ...sh },
    { scheme: 'standard-webhooks' },
  ),
  s(
    'scheme affiliate-commerce: X-Webhook-Signature is checked, the standard set ignored',
    ok,
    { 'x-webhook-signature': ours, ...withSig('v1,garbage') },
    { scheme: 'affiliate-commerce' },
  ),
  s(
    'scheme standard-webhooks, only X-Webhook-Signature',
    'MISSING_SIGNATURE',
    { 'x-webhook-signature': ours },
    {
      scheme: 'standard-webhooks',
    },
  ),
  s(
    'scheme affiliate-commerce: webhook-id beside X-Webhook-Signature must still be the event id',
    'NO_MATCHING_SIGNATURE',
    { 'x-webhook-signature': ours, ...sh, 'webhook-id': `${id}x` },
    { scheme: 'affiliate-commerce' },
  ),
  s('scheme affiliate-commerce, only the standard set', 'MISSING_SIGNATURE', sh, {
    scheme: 'affiliate-commerce',
  }),
  s('no signature header of either scheme', 'MISSING_SIGNATURE', { 'content-type': 'application/json' }),
  s('webhook-signature empty', 'MISSING_SIGNATURE', withSig('')),
  s('no webhook-id', 'MALFORMED_SIGNATURE', { ...sh, 'webhook-id': undefined }),
  s('no webhook-timestamp', 'MALFORMED_SIGNATURE', { ...sh, 'webhook-timestamp': undefined }),
  s('webhook-timestamp is not a number', 'MALFORMED_SIGNATURE', { ...sh, 'webhook-timestamp': 'abc' }),
  s('webhook-timestamp with a leading zero', 'MALFORMED_SIGNATURE', { ...sh, 'webhook-timestamp': `0${T}` }),
  s('webhook-timestamp in milliseconds', 'TIMESTAMP_IN_FUTURE', { ...sh, 'webhook-timestamp': `${T}000` }),
  s('an entry without a comma', 'MALFORMED_SIGNATURE', withSig(`garbage v1,${stdSig}`)),
  s('v1 value in hex', 'MALFORMED_SIGNATURE', withSig(`v1,${Buffer.from(stdSig, 'base64').toString('hex')}`)),
  s('only entries of other versions', 'MALFORMED_SIGNATURE', withSig('v1a,c2lnbmVk')),
  s('signed 301 s before now', 'TIMESTAMP_TOO_OLD', sh, { now: T + 301 }),
  s('signed 301 s after now', 'TIMESTAMP_IN_FUTURE', sh, { now: T - 301 }),
  s('wrong secret', 'NO_MATCHING_SIGNATURE', sh, { secrets: [K2] }),
  s('body changed by one byte', 'NO_MATCHING_SIGNATURE', sh, { body: body.replace('ord_1', 'ord_2') }),
  s('webhook-id changed, signature kept', 'NO_MATCHING_SIGNATURE', { ...sh, 'webhook-id': `${id}x` }),
  s('webhook-timestamp changed, signature kept', 'NO_MATCHING_SIGNATURE', {
    ...sh,
    'webhook-timestamp': `${T + 1}`,
  }),
  s(
    'keyed by the UTF-8 of the whole secret (the key of X-Webhook-Signature)',
    'NO_MATCHING_SIGNATURE',
    withSig(`v1,${hmac(K1, `${id}.${T}.${body}`)}`),
  ),
  s('a secret issued before, whsec_ and base64url: it has no standard key', 'NO_MATCHING_SIGNATURE', sh, {
    secrets: [S1],
  }),
  s(
    'a secret whose base64 lost its = padding has no standard key',
    'NO_MATCHING_SIGNATURE',
    std([K32], id, T, body),
    { secrets: [K32.slice(0, -1)] },
  ),
];

// v1a (Standard Webhooks, ed25519): the signed text `<id>.<t>.<body>`, each signature
// `v1a,<base64 of 64 bytes>`, the public key `whpk_` + base64 of its 32 raw bytes. ed25519 is
// deterministic, so fixed seeds give fixed signatures. P1's seed is RFC 8032's test 1.
const seedKey = (hex) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
const keyEntry = (kid, hex) => {
  const x = createPublicKey(seedKey(hex)).export({ format: 'jwk' }).x;
  return {
    kid,
    seed_hex: hex,
    public_key: `whpk_${Buffer.from(x, 'base64url').toString('base64')}`,
    jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' },
  };
};
const P1 = keyEntry('whkey_p1', '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const P2 = keyEntry('whkey_p2', Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1)).toString('hex'));
const edSign = (key, text) => sign(null, Buffer.from(text, 'utf8'), seedKey(key.seed_hex)).toString('base64');
const signed = (keys, i, t, b) => ({
  'webhook-id': i,
  'webhook-timestamp': `${t}`,
  'webhook-signature': keys.map((k) => `v1a,${edSign(k, `${i}.${t}.${b}`)}`).join(' '),
  'x-webhook-key-id': keys.map((k) => k.kid).join(' '),
});
const v1aSigning = [
  { name: 'envelope', keys: [P1], body },
  { name: 'body with multi-byte UTF-8', keys: [P1], body: unicode },
  { name: 'empty body', keys: [P1], body: '' },
  { name: 'rotation overlap: new key first, old second', keys: [P2, P1], body },
].map((v) => ({
  name: v.name,
  keys: v.keys.map((k) => k.kid),
  id: idOf(v.body),
  timestamp: T,
  body: v.body,
  signed_text: `${idOf(v.body)}.${T}.${v.body}`,
  headers: signed(v.keys, idOf(v.body), T, v.body),
}));
const ah = signed([P1], id, T, body);
const aSig = ah['webhook-signature'];
const a = (name, expect, headers, extra = {}) => ({
  name,
  public_keys: [P1.public_key],
  body,
  headers,
  now: T,
  tolerance_seconds: 300,
  expect,
  ...extra,
});
const v1aVerification = [
  a('the headers as sent', ok, ah),
  a('without X-Webhook-Key-Id', ok, { ...ah, 'x-webhook-key-id': undefined }),
  a('beside the HMAC signatures, as a delivery with both carries them', ok, {
    'x-webhook-signature': ours,
    ...ah,
    'webhook-signature': `${sh['webhook-signature']} ${aSig}`,
  }),
  a('rotation header, receiver has only the old key', ok, signed([P2, P1], id, T, body)),
  a('rotation header, receiver has only the new key', ok, signed([P2, P1], id, T, body), {
    public_keys: [P2.public_key],
  }),
  a('receiver lists both keys, header signed by the new one only', ok, signed([P2], id, T, body), {
    public_keys: [P1.public_key, P2.public_key],
  }),
  a('exactly at the tolerance, in the past', ok, ah, { now: T + 300 }),
  a('no webhook-signature', 'MISSING_SIGNATURE', { ...ah, 'webhook-signature': undefined }),
  a('only HMAC entries', 'MALFORMED_SIGNATURE', sh),
  a('no webhook-id', 'MALFORMED_SIGNATURE', { ...ah, 'webhook-id': undefined }),
  a('webhook-timestamp with a leading zero', 'MALFORMED_SIGNATURE', { ...ah, 'webhook-timestamp': `0${T}` }),
  a('v1a value in base64url', 'MALFORMED_SIGNATURE', {
    ...ah,
    'webhook-signature': `v1a,${Buffer.from(aSig.slice(4), 'base64').toString('base64url')}`,
  }),
  a('v1a value of 63 bytes', 'MALFORMED_SIGNATURE', {
    ...ah,
    'webhook-signature': `v1a,${Buffer.from(aSig.slice(4), 'base64').subarray(1).toString('base64')}`,
  }),
  a('signed 301 s before now', 'TIMESTAMP_TOO_OLD', ah, { now: T + 301 }),
  a('signed 301 s after now', 'TIMESTAMP_IN_FUTURE', ah, { now: T - 301 }),
  a('wrong key', 'NO_MATCHING_SIGNATURE', ah, { public_keys: [P2.public_key] }),
  a('body changed by one byte', 'NO_MATCHING_SIGNATURE', ah, { body: body.replace('ord_1', 'ord_2') }),
  a('webhook-id changed, signature kept', 'NO_MATCHING_SIGNATURE', { ...ah, 'webhook-id': `${id}x` }),
  a('webhook-timestamp changed, signature kept', 'NO_MATCHING_SIGNATURE', {
    ...ah,
    'webhook-timestamp': `${T + 1}`,
  }),
  a('a v1 HMAC value put in a v1a entry', 'MALFORMED_SIGNATURE', {
    ...ah,
    'webhook-signature': `v1a,${stdSig}`,
  }),
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
  standard_webhooks: {
    description:
      'The Standard Webhooks headers every v2 delivery also carries when its secret is whsec_ and standard base64 (https://www.standardwebhooks.com).',
    format: {
      headers:
        'webhook-id (the event id), webhook-timestamp (unix seconds, the t of X-Webhook-Signature), webhook-signature',
      signature:
        'v1,<base64>[ v1,<base64>...] separated by spaces; HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>"',
      key: 'the bytes of the base64 after whsec_, which must be standard base64 with = padding and zero unused bits, of at least 16 bytes; other secrets have no standard key',
      order:
        'X-Webhook-Signature when present and not blank, else the standard set; scheme names the one set to check',
      binding:
        'beside a checked X-Webhook-Signature, a webhook-timestamp must be its t and a webhook-id the event_id of the body it signs, else NO_MATCHING_SIGNATURE',
      headers_in_cases: 'header names in any case; an absent header is not listed',
    },
    secrets: { K1, K2, K24, K32 },
    signing: stdSigning,
    verification: stdVerification,
  },
  v1a: {
    description:
      'Asymmetric Standard Webhooks signatures (ed25519), sent in webhook-signature beside or instead of the v1 entries when the webhook has signing keys.',
    format: {
      signature:
        'v1a,<base64 of the 64-byte ed25519 signature>[ ...] separated by spaces, among any v1 entries; ed25519 (RFC 8032) over "<webhook-id>.<webhook-timestamp>.<body>"',
      public_key:
        'whpk_ and the standard base64 of the 32 raw bytes (public_keys of a case); the JWK form (keys) is OKP / Ed25519 with x in base64url',
      key_id:
        'x-webhook-key-id, when present, lists the kid of each v1a entry in order, to pick a key from the JWKS document',
      window: 'the tolerance of the HMAC signatures, both ways',
      headers_in_cases: 'header names in any case; an absent header is not listed',
    },
    keys: { P1, P2 },
    signing: v1aSigning,
    verification: v1aVerification,
  },
};
writeFileSync(
  fileURLToPath(new URL('../test-vectors.json', import.meta.url)),
  `${JSON.stringify(doc, null, 2)}\n`,
);
