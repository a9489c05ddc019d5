import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAcceptedKey } from '../attribution/param-filter';
import { categoryAllowlists, envelopeFields, identityFields } from './allowlists';
import { isBlockedKey } from './blocklist';
import { eventDictionary } from './event-dictionary';
import corpus from './sensitive-keys.corpus.json';
import { buildV2Payload } from './v2-payload';

const attemptAt = new Date('2026-11-23T10:00:00.000Z');
const publicEvents = eventDictionary.filter((e) => e.visibility === 'public');

/**
 * The declared shapes the payload may hold, written out here rather than read from the code under
 * test: the keys of each nested object, by the name of the field holding it.
 */
const nestedKeys: Record<string, ReadonlySet<string>> = {
  products: new Set(['product_variation_id', 'quantity', 'unit_price_cents', 'is_addon']),
  attribution: new Set(['first', 'last', 'touch_count', 'visitor_id']),
  first: new Set(['captured_at', 'landing_url', 'referrer_url', 'params']),
  last: new Set(['captured_at', 'landing_url', 'referrer_url', 'params']),
  status_transition: new Set(['from', 'to']),
};

/**
 * Where a key may hold a sensitive stem: only as one of the docs/api.md §6.2 field names that contain one
 * (`config_name`, `lab_name`, `support_case_name`, `template_display_name`), at the top level of a
 * payload whose category allowlists it. Nowhere else, and never inside params.
 */
const declaredWithStem = new Set(corpus.declaredWithStem);

// Sensitive names in random spellings: a phrase, maybe with a prefix and a suffix word, in one of
// five styles.
const phrases = [
  ['email'],
  ['patient', 'email'],
  ['customer', 'email'],
  ['home', 'phone'],
  ['phone', 'number'],
  ['first', 'name'],
  ['last', 'name'],
  ['full', 'name'],
  ['date', 'of', 'birth'],
  ['dob'],
  ['ssn'],
  ['street', 'address'],
  ['city'],
  ['zip', 'code'],
  ['postal', 'code'],
  ['medication'],
  ['medication', 'name'],
  ['drug', 'name'],
  ['allergies'],
  ['diagnosis', 'code'],
  ['clinical', 'notes'],
  ['provider', 'notes'],
  ['password'],
  ['passwd'],
  ['auth', 'token'],
  ['access', 'token'],
  ['api', 'key'],
  ['client', 'secret'],
];
const words = (parts: readonly string[], style: number): string => {
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  switch (style) {
    case 0:
      return parts.join('_');
    case 1:
      return parts[0] + parts.slice(1).map(cap).join('');
    case 2:
      return parts.map(cap).join('');
    case 3:
      return parts.join('_').toUpperCase();
    default:
      return parts.join('-');
  }
};
const sensitiveKey = fc
  .record({
    phrase: fc.constantFrom(...phrases),
    prefix: fc.constantFrom([], ['patient'], ['primary'], ['legacy'], ['x'], ['svc'], ['billing']),
    suffix: fc.constantFrom([], ['id'], ['value'], ['v2'], ['hash'], ['raw']),
    style: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ phrase, prefix, suffix, style }) => words([...prefix, ...phrase, ...suffix], style));
const anySensitiveKey = fc.oneof(sensitiveKey, fc.constantFrom(...corpus.sensitive));

const allowlisted = [...new Set(Object.values(categoryAllowlists).flat())];
const declaredNested = [...new Set(Object.values(nestedKeys).flatMap((keys) => [...keys]))];
const paramKeys = ['utm_source', 'UTM_Campaign', 'gclid', 'fbclid', 'svc_utm_source', 'fbp'];
const keyArb = fc.oneof(
  anySensitiveKey,
  fc.constantFrom(...allowlisted),
  fc.constantFrom(...declaredNested),
  fc.constantFrom(...paramKeys),
  fc.string({ minLength: 1, maxLength: 10 }),
);

const leaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'In progress',
    'ord_1',
    'usd',
    '250',
    '12.5',
    '2026-11-23T10:00:00Z',
    'https://x.example/a',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    leaf,
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(keyArb, tie('any'), { maxKeys: 4 }),
  ),
})).any;

// Values shaped like the declared ones, carrying extra and sensitive keys.
const withJunk = <T extends object>(base: fc.Arbitrary<T>) =>
  fc
    .tuple(base, fc.dictionary(anySensitiveKey, value, { maxKeys: 3 }))
    .map(([shape, junk]) => ({ ...junk, ...shape }));
const lineArb = withJunk(
  fc.record(
    {
      product_variation_id: fc.oneof(fc.constant('pv_1'), leaf),
      quantity: leaf,
      unit_price_cents: fc.oneof(fc.integer({ min: 0, max: 100_000 }), leaf),
      is_addon: leaf,
    },
    { requiredKeys: [] },
  ),
);
const fieldValue = fc.oneof(
  value,
  fc.array(lineArb, { maxLength: 3 }),
  withJunk(fc.record({ from: leaf, to: leaf }, { requiredKeys: [] })),
  fc.array(fc.oneof(fc.constant('pv_1'), leaf), { maxLength: 3 }),
);
const paramsArb = fc.dictionary(
  fc.oneof(
    fc.constantFrom(...paramKeys),
    anySensitiveKey,
    anySensitiveKey.map((key) => `svc_${key}`),
  ),
  fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constant(null), fc.integer()),
  { maxKeys: 6 },
);
const touchArb = withJunk(
  fc.record(
    {
      captured_at: fc.oneof(fc.constant('2026-11-01T00:00:00.000Z'), leaf),
      landing_url: fc.oneof(fc.constant('https://shop.example.com/start?email=a'), leaf),
      referrer_url: leaf,
      params: fc.oneof(paramsArb, leaf),
    },
    { requiredKeys: [] },
  ),
);
const attributionArb = fc.option(
  withJunk(
    fc.record(
      {
        first: fc.oneof(touchArb, leaf),
        last: fc.oneof(touchArb, leaf),
        touch_count: leaf,
        visitor_id: leaf,
      },
      { requiredKeys: [] },
    ),
  ),
  { nil: undefined },
);
const dataArb = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...allowlisted), fieldValue, { maxKeys: 14 }),
    fc.dictionary(keyArb, value, { maxKeys: 6 }),
  )
  .map(([fields, junk]) => ({ ...junk, ...fields }));

/** Every problem found in one payload; empty when it holds to its declared shapes. */
function problems(payload: Record<string, unknown>, allowed: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, parent: string, keys: ReadonlySet<string> | 'params') => {
    if (node === null || node === undefined) {
      found.push(`${path} is ${node}`);
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        if (item !== null && typeof item === 'object' && parent !== 'products')
          found.push(`${path}[${index}] is an object outside a declared shape`);
        walk(item, `${path}[${index}]`, parent, parent === 'products' ? nestedKeys.products! : keys);
      });
      return;
    }
    if (typeof node !== 'object') return;
    for (const [key, inner] of Object.entries(node)) {
      const here = `${path}.${key}`;
      if (keys === 'params') {
        if (!isAcceptedKey(key)) found.push(`${here} is not an accepted param`);
        if (typeof inner !== 'string') found.push(`${here} is not a string`);
      } else if (!keys.has(key)) found.push(`${here} is not declared`);
      const topLevelExemption = path === '$' && declaredWithStem.has(key) && keys !== 'params';
      if (isBlockedKey(key) && !topLevelExemption) found.push(`${here} holds a sensitive stem`);
      if (key.endsWith('_cents') && !Number.isSafeInteger(inner)) found.push(`${here} is not integer cents`);
      if (key === 'quantity' || key === 'touch_count' || key.endsWith('_count')) {
        if (!Number.isSafeInteger(inner)) found.push(`${here} is not an integer`);
      }
      if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
        const shape = key === 'params' && parent !== '$' ? 'params' : nestedKeys[key];
        if (!shape) found.push(`${here} is an object outside a declared shape`);
        else walk(inner, here, key, shape);
      } else walk(inner, here, key, keys);
    }
  };
  walk(payload, '$', '$', allowed);
  return found;
}

describe('6.2 property: typed projection of random raw events', () => {
  it('6.2, 2.7, 2.8: no undeclared key, no sensitive stem, no null, integer money, and webhook-verify accepts it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...publicEvents),
        dataArb,
        attributionArb,
        fc.option(
          fc.record({
            id: fc.oneof(fc.constant('pat_1'), fc.string()),
            externalId: fc.option(fc.string(), { nil: undefined }),
            marketingConsent: fc.boolean(),
            isReturning: fc.boolean(),
          }),
          { nil: undefined },
        ),
        (definition, data, attribution, patient) => {
          const payload = buildV2Payload(
            {
              eventId: 'evt_1',
              eventType: definition.name,
              affiliateId: 'aff_1',
              occurredAt: attemptAt,
              data,
              ...(attribution ? { attribution } : {}),
              ...(patient ? { patient } : {}),
            },
            { attemptAt },
          );
          const allowed = new Set<string>([
            ...envelopeFields,
            ...identityFields,
            ...categoryAllowlists[definition.category],
          ]);
          expect(problems(payload, allowed)).toEqual([]);
          expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
          const parsed = webhookEventSchema.safeParse(payload);
          expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('the checker itself finds each kind of problem', () => {
    const allowed = new Set(['order_id', 'reason', 'total_value_cents', 'attribution', 'lab_name']);
    expect(problems({ order_id: null }, allowed)).toEqual(['$.order_id is null']);
    expect(problems({ nope: 1 }, allowed)).toEqual(['$.nope is not declared']);
    expect(problems({ total_value_cents: 12.5 }, allowed)).toEqual([
      '$.total_value_cents is not integer cents',
    ]);
    expect(problems({ reason: { patient_email: 'x' } }, allowed)).toEqual([
      '$.reason is an object outside a declared shape',
    ]);
    expect(
      problems(
        { attribution: { last: { captured_at: 'x', params: { svc_email: 'x', utm_source: 1 } } } },
        allowed,
      ),
    ).toEqual([
      '$.attribution.last.params.svc_email holds a sensitive stem',
      '$.attribution.last.params.utm_source is not a string',
    ]);
    expect(problems({ lab_name: 'Example Labs' }, allowed)).toEqual([]);
    expect(problems({ attribution: { lab_name: 'x' } }, allowed)).toEqual([
      '$.attribution.lab_name is not declared',
      '$.attribution.lab_name holds a sensitive stem',
    ]);
  });
});
