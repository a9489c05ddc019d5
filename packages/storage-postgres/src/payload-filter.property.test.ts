import type { PayloadFilter } from '@affiliate-commerce/core';
import { matchesPayloadFilter, payloadFilterToJsonPath } from '@affiliate-commerce/core/storage';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgliteDb } from './db';
import { freshServerSchema } from './test-database.test-support';

/**
 * The webhook payload filter is evaluated twice: in JavaScript by the in-memory storage and inside
 * PostgreSQL by the outbox's publish statement, as `jsonb_path_match(payload, path)`. These
 * properties check that both give the same answer, on the server and on PGlite, for random filters
 * and random payloads over one small vocabulary, so that matches happen often.
 */

// ---- The shared vocabulary ------------------------------------------------------------------

/** Field paths filters name; `constructor` and `__proto__` check that only own members count. */
const paths = [
  'a',
  'a.b',
  'a.b.b',
  'n',
  's',
  'ts',
  'arr',
  'arr.b',
  'attribution.last.params.utm_source',
  'constructor',
  '__proto__',
  'missing',
];
/** Keys payload objects are built from (every segment of `paths`, and one more). */
const keys = [
  'a',
  'b',
  'n',
  's',
  'ts',
  'arr',
  'attribution',
  'last',
  'params',
  'utm_source',
  'constructor',
  '__proto__',
  'x',
];

const canonicalTimestamps = [
  '2026-11-26T10:00:00.000Z',
  '2026-11-26T10:00:00.001Z',
  '2026-01-01T00:00:00.000Z',
  '1999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
];
const otherTimestamps = [
  '2026-11-26T10:00:00Z',
  '2026-11-26T10:00:00.000+00:00',
  '2026-11-26 10:00:00.000Z',
  '2026-11-26T10:00:00.000Z\n',
  ' 2026-11-26T10:00:00.000Z',
  '2026-11-26T10:00:00.0000Z',
  '2026-11-26t10:00:00.000z',
  '+2026-11-26T10:00:00.000Z',
];
const fixedStrings = [
  '',
  'USD',
  'usd',
  'google',
  'pv_2',
  'a"b',
  'back\\slash',
  '\\u0041',
  '\u0001\u001f\u007f',
  'line\nbreak\ttab',
  '\u2028\u2029',
  'é',
  'e\u0301',
  '😀',
  '👩‍👩‍👧',
  '\uffff',
  'true',
  'null',
  '12',
  '$."a"',
  '@ == 1',
];
const fixedNumbers = [
  0,
  1,
  -1,
  2,
  12,
  1.5,
  -0.25,
  100,
  12000,
  0.1,
  0.30000000000000004,
  1e21,
  -1e21,
  5e-7,
  1e-300,
  1e300,
  -1e300,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** PostgreSQL JSON cannot hold NUL, nor JSON text an unpaired surrogate: neither reaches a filter or a payload. */
const storable = (text: string): boolean => !text.includes('\u0000') && !/\p{Cs}/u.test(text);

const stringValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...fixedStrings, ...canonicalTimestamps, ...otherTimestamps) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }).filter(storable) },
  {
    weight: 1,
    arbitrary: fc
      .date({
        min: new Date('0000-01-01T00:00:00.000Z'),
        max: new Date('9999-12-31T23:59:59.999Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
  },
);
const numberValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...fixedNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
);
/** A few values drawn often on both sides, so that equal values meet. */
const hotValue = fc.constantFrom(null, 0, 1, '', 'x', true, false, '2026-11-26T10:00:00.000Z');
const scalarValue: fc.Arbitrary<string | number | boolean | null> = fc.oneof(
  { weight: 2, arbitrary: hotValue },
  { weight: 3, arbitrary: stringValue },
  { weight: 3, arbitrary: numberValue },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

// ---- Payloads -------------------------------------------------------------------------------

/** An object built with own properties only (so `__proto__` is a plain key, as JSON.parse makes it). */
const objectOf = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries));

const jsonValue = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 4, arbitrary: scalarValue },
    { weight: 1, arbitrary: tie('array') },
    { weight: 1, arbitrary: tie('object') },
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: objectOf(tie('value')),
}));

/** Values under `attribution` that often hold `last.params.utm_source`, with arrays on the way. */
const attribution = fc.oneof(
  jsonValue.value,
  scalarValue.map((source) => ({ last: { params: { utm_source: source } } })),
  fc
    .array(scalarValue, { maxLength: 3 })
    .map((sources) => ({ last: [{ params: { utm_source: sources } }, { params: null }] })),
  fc
    .array(scalarValue, { maxLength: 3 })
    .map((sources) => [
      { last: { params: { utm_source: sources[0] ?? null } } },
      [{ last: { params: { utm_source: 'google' } } }],
      ...sources.map((source) => ({ last: { params: [{ utm_source: source }] } })),
    ]),
);

/** The ways a value sits under `a`, `arr` and the others that matter for `a.b`, `a.b.b` and `arr.b`. */
const shapes: readonly ((value: unknown) => unknown)[] = [
  (v) => [v],
  (v) => [[v]],
  (v) => [v, 'y', { b: 'y' }],
  (v) => ({ b: v }),
  (v) => [{ b: v }],
  (v) => [[{ b: v }]],
  (v) => [{ c: 1 }, [{ b: v }], { b: [v] }],
  (v) => ({ b: [v] }),
  (v) => ({ b: [[v]] }),
  (v) => [{ b: [v] }],
  (v) => ({ b: { b: v } }),
  (v) => [{ b: { b: v } }],
  (v) => [{ b: [{ b: v }] }],
  (v) => ({ b: [{ b: [v] }] }),
];
const wrapped: fc.Arbitrary<unknown> = fc
  .tuple(fc.oneof(hotValue, scalarValue, jsonValue.value), fc.constantFrom(...shapes))
  .map(([value, shape]) => shape(value));

const payload: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(...keys.filter((key) => key !== 'attribution')),
        fc.oneof(jsonValue.value, wrapped),
      ),
      { maxLength: 8 },
    ),
    fc.option(attribution, { nil: undefined }),
  )
  .map(([entries, attributionValue]) =>
    Object.fromEntries(
      attributionValue === undefined ? entries : [...entries, ['attribution', attributionValue]],
    ),
  );

// ---- Filters (in their checked form) -------------------------------------------------------

const timestampBound = fc.oneof(
  fc.constantFrom(...canonicalTimestamps),
  fc
    .date({
      min: new Date('0000-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
);
const bound = fc.oneof(numberValue, timestampBound);
const list = fc.array(scalarValue, { minLength: 1, maxLength: 4 });

const operation: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom('$eq', '$neq'), scalarValue),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), bound),
  fc.tuple(fc.constantFrom('$in', '$nin'), list),
  fc.tuple(fc.constant('$exists'), fc.boolean()),
);

/** A condition object of distinct operators, or (as a filter stored as sent) a shorthand value. */
const condition: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .uniqueArray(operation, { minLength: 1, maxLength: 3, selector: ([op]) => op })
      .map((ops) => Object.fromEntries(ops)),
  },
  { weight: 1, arbitrary: scalarValue },
);

const filter = fc.letrec<{ filter: PayloadFilter; entry: [string, unknown] }>((tie) => ({
  filter: fc
    .uniqueArray(tie('entry'), { minLength: 1, maxLength: 3, selector: ([key]) => key })
    .map((entries) => Object.fromEntries(entries) as PayloadFilter),
  entry: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...paths), condition) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('$and', '$or'),
        fc.array(tie('filter'), { minLength: 1, maxLength: 3 }),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constant('$not'), tie('filter')) },
  ),
})).filter;

// ---- Evaluating in PostgreSQL ---------------------------------------------------------------

interface Case {
  readonly filter: PayloadFilter;
  readonly payload: unknown;
}

/**
 * What `jsonb_path_match` says for each case, in one statement: every payload with its compiled
 * path, in order. Not silent, so an error in a path fails the test rather than reading as null.
 */
async function matchInDatabase(db: Db, cases: readonly Case[]): Promise<(boolean | null)[]> {
  const pairs = cases.map(({ filter, payload }) => [payload, payloadFilterToJsonPath(filter)]);
  const { rows } = await db.query<{ matched: boolean | null }>(
    `select jsonb_path_match(pair->0, (pair->>1)::jsonpath) as matched
       from jsonb_array_elements($1::jsonb) with ordinality as t(pair, position)
      order by position`,
    [JSON.stringify(pairs)],
  );
  return rows.map((row) => row.matched);
}

/** Every filter of a batch against every payload of it: many pairs for one round trip. */
const batch = fc
  .tuple(
    fc.array(filter, { minLength: 20, maxLength: 20 }),
    fc.array(payload, { minLength: 20, maxLength: 20 }),
  )
  .map(([filters, payloads]) =>
    filters.flatMap((f) => payloads.map((p): Case => ({ filter: f, payload: p }))),
  );

function equivalence(name: string, open: () => Promise<{ db: Db; close: () => Promise<void> }>): void {
  describe(`payload filter: JavaScript and ${name} agree`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    it('matches exactly where jsonb_path_match matches, and never gives null', async () => {
      let matched = 0;
      let total = 0;
      await fc.assert(
        fc.asyncProperty(batch, async (cases) => {
          const inDatabase = await matchInDatabase(db, cases);
          const inJs = cases.map((c) => matchesPayloadFilter(c.filter, c.payload));
          total += cases.length;
          matched += inJs.filter(Boolean).length;
          for (const [index, c] of cases.entries()) {
            expect(inDatabase[index], `null for ${payloadFilterToJsonPath(c.filter)}`).not.toBeNull();
            expect(
              inJs[index],
              `filter ${JSON.stringify(c.filter)} on ${JSON.stringify(c.payload)}: ${payloadFilterToJsonPath(c.filter)}`,
            ).toBe(inDatabase[index]);
          }
        }),
        { numRuns: 30 },
      );
      // The vocabulary is small enough that both answers come up often.
      expect(matched).toBeGreaterThan(total / 20);
      expect(matched).toBeLessThan(total - total / 20);
    }, 120_000);

    it('agrees on the hand-written edge cases', async () => {
      const edges: [filter: string, payload: string, matches: boolean][] = [
        ['{"a": {"$eq": null}}', '{"a": [[null]]}', false],
        ['{"a": {"$exists": true}}', '{"a": [[null]]}', true],
        ['{"a": {"$exists": true}}', '{"a": [null]}', false],
        ['{"a.b": {"$eq": 1}}', '{"a": [[{"b": 1}]]}', false],
        ['{"a.b": {"$eq": 1}}', '{"a": [{"b": [1]}, 2, "x"]}', true],
        ['{"a": {"$gt": 1}}', '{"a": [[5]]}', false],
        ['{"a": {"$gt": "2020-01-01T00:00:00.000Z"}}', '{"a": ["2026-11-26T10:00:00Z", "x"]}', false],
        ['{"a": {"$eq": 1}}', '{"a": 1.0}', true],
        ['{"a": {"$eq": 100}}', '{"a": 1e2}', true],
        ['{"__proto__": {"$eq": 1}}', '{"__proto__": 1}', true],
        ['{"constructor": {"$exists": false}}', '{}', true],
        ['{"a": {"$nin": [null]}}', '{"a": []}', true],
        ['{"a": {"$neq": "x"}}', '{"a": ["x", "y"]}', false],
        // Filters stored without being checked still compile to a predicate.
        ['{}', '{}', true],
        ['{"$or": []}', '{}', false],
        ['{"a": {}}', '{}', true],
      ];
      const cases = edges.map(
        ([raw, body]): Case => ({
          filter: JSON.parse(raw) as PayloadFilter,
          payload: JSON.parse(body),
        }),
      );
      const inDatabase = await matchInDatabase(db, cases);
      expect(inDatabase).toEqual(cases.map((c) => matchesPayloadFilter(c.filter, c.payload)));
      expect(inDatabase).toEqual(edges.map(([, , matches]) => matches));
    });
  });
}

equivalence('the PostgreSQL server', async () => {
  const { db, drop } = await freshServerSchema('filter');
  return { db, close: drop };
});

equivalence('PGlite', async () => {
  const db = pgliteDb(await PGlite.create(), { ownsDatabase: true });
  return { db, close: () => db.close() };
});
