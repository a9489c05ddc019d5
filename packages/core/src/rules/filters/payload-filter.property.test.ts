import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterFieldPaths,
  matchesPayloadFilter,
  type PayloadFilter,
  parsePayloadFilter,
  payloadFilterToJsonPath,
} from './payload-filter';

// That the JavaScript evaluator and PostgreSQL agree is checked against both databases in
// packages/storage-postgres/src/payload-filter.property.test.ts; these are the properties of the
// reader and the evaluator on their own.

const paths = ['a', 'a.b', 'n', 's', 'ts', 'arr', 'attribution.last.params.utm_source'];
const keys = ['a', 'b', 'n', 's', 'ts', 'arr', 'attribution', 'last', 'params', 'utm_source'];

const scalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e21,
    '',
    'x',
    'USD',
    'a"b\\c',
    '😀',
    '2026-11-26T10:00:00.000Z',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }).filter((text) => !text.includes('\u0000')),
);

/** Timestamps as affiliates may write them: offsets, lower case, no fraction, fractions of 1 to 3 digits. */
const writtenTimestamp = fc
  .tuple(
    fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9998-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
    fc.constantFrom(0, 1, 2, 3),
    fc.boolean(),
  )
  .map(([date, offset, digits, lower]) => {
    const shifted = new Date(date.getTime() + offset * 60_000).toISOString();
    const fraction = digits === 0 ? '' : `.${shifted.slice(20, 20 + digits)}`;
    const sign = offset < 0 ? '-' : '+';
    const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    const zone = offset === 0 ? 'Z' : `${sign}${hhmm}`;
    const text = `${shifted.slice(0, 19)}${fraction}${zone}`;
    return lower ? text.toLowerCase() : text;
  });

const operation: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom('$eq', '$neq'), scalar),
  fc.tuple(
    fc.constantFrom('$gt', '$gte', '$lt', '$lte'),
    fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), writtenTimestamp),
  ),
  fc.tuple(fc.constantFrom('$in', '$nin'), fc.array(scalar, { minLength: 1, maxLength: 4 })),
  fc.tuple(fc.constant('$exists'), fc.boolean()),
);

const condition = fc.oneof(
  scalar,
  fc.uniqueArray(operation, { minLength: 1, maxLength: 3, selector: ([op]) => op }).map(Object.fromEntries),
);

/** The operators a filter as sent uses (a shorthand value is one). */
const conditionCount = (filter: unknown): number =>
  Object.entries(filter as Record<string, unknown>).reduce((sum, [key, value]) => {
    if (key === '$and' || key === '$or')
      return sum + (value as unknown[]).reduce<number>((n, f) => n + conditionCount(f), 0);
    if (key === '$not') return sum + conditionCount(value);
    return sum + (typeof value === 'object' && value !== null ? Object.keys(value).length : 1);
  }, 0);

/** Filters as sent: shorthand values, timestamps in any offset, all within the limits. */
const sentFilter = fc
  .letrec<{ filter: Record<string, unknown>; entry: [string, unknown] }>((tie) => ({
    filter: fc
      .uniqueArray(tie('entry'), { minLength: 1, maxLength: 3, selector: ([key]) => key })
      .map((entries) => Object.fromEntries(entries)),
    entry: fc.oneof(
      { depthSize: 'small', maxDepth: 2 },
      fc.tuple(fc.constantFrom(...paths), condition),
      fc.tuple(fc.constantFrom('$and', '$or'), fc.array(tie('filter'), { minLength: 1, maxLength: 2 })),
      fc.tuple(fc.constant('$not'), tie('filter')),
    ),
  }))
  .filter.filter((filter) => conditionCount(filter) <= 32);

const jsonTree = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...keys), tie('value')), { maxLength: 3 }).map(Object.fromEntries),
  ),
})).value;
const payload = fc
  .array(fc.tuple(fc.constantFrom(...keys), jsonTree), { maxLength: 6 })
  .map(Object.fromEntries);

const checked = (value: unknown): PayloadFilter => {
  const result = parsePayloadFilter(value);
  if (result.isErr()) throw new Error(`refused at ${result.error.path}: ${result.error.message}`);
  return result.value;
};

describe('parsePayloadFilter on any input', () => {
  const refusesOrAccepts = (value: unknown): void => {
    const result = parsePayloadFilter(value);
    if (result.isErr()) {
      expect(result.error.path).toMatch(/^filter/);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
  };

  it('never throws on JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), refusesOrAccepts), { numRuns: 2000 });
  });

  it('never throws on any value at all', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withNullPrototype: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withBoxedValues: true,
        }),
        refusesOrAccepts,
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on near-filters: valid ones with one part broken', () => {
    const broken = fc
      .tuple(sentFilter, fc.anything())
      .map(([filter, junk]) => ({ ...filter, [paths[0]!]: junk }));
    fc.assert(fc.property(broken, refusesOrAccepts), { numRuns: 1000 });
  });
});

describe('parsePayloadFilter on filters as sent', () => {
  it('accepts them, and reading the stored form again gives it back unchanged', () => {
    fc.assert(
      fc.property(sentFilter, (sent) => {
        const stored = checked(sent);
        expect(checked(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
        expect(checked(stored)).toEqual(stored);
        expect(payloadFilterToJsonPath(checked(stored))).toBe(payloadFilterToJsonPath(stored));
      }),
      { numRuns: 1000 },
    );
  });

  it('names only the field paths written in it', () => {
    fc.assert(
      fc.property(sentFilter, (sent) => {
        const written = JSON.stringify(sent);
        for (const path of filterFieldPaths(checked(sent))) expect(written).toContain(JSON.stringify(path));
      }),
      { numRuns: 300 },
    );
  });

  it('matches the same payloads before and after it is stored, and as sent', () => {
    fc.assert(
      fc.property(sentFilter, payload, (sent, body) => {
        const stored = checked(sent);
        const matched = matchesPayloadFilter(stored, body);
        expect(matchesPayloadFilter(checked(JSON.parse(JSON.stringify(stored))), body)).toBe(matched);
        expect(matchesPayloadFilter(stored, JSON.parse(JSON.stringify(body)))).toBe(matched);
      }),
      { numRuns: 1000 },
    );
  });

  it('brings every written timestamp to the instant it names', () => {
    fc.assert(
      fc.property(writtenTimestamp, (written) => {
        const bound = (checked({ t: { $gt: written } }).t as { $gt: string }).$gt;
        expect(bound).toBe(new Date(written.toUpperCase()).toISOString());
      }),
      { numRuns: 1000 },
    );
  });
});

describe('matchesPayloadFilter laws', () => {
  const matches = (filter: unknown, body: unknown): boolean => matchesPayloadFilter(checked(filter), body);
  const field = fc.constantFrom(...paths);

  it('$neq, $nin, $exists: false and $not are the negations of $eq, $in, $exists: true and the filter', () => {
    fc.assert(
      fc.property(
        field,
        scalar,
        fc.array(scalar, { minLength: 1, maxLength: 3 }),
        sentFilter,
        payload,
        (path, value, values, inner, body) => {
          expect(matches({ [path]: { $neq: value } }, body)).toBe(!matches({ [path]: value }, body));
          expect(matches({ [path]: { $nin: values } }, body)).toBe(
            !matches({ [path]: { $in: values } }, body),
          );
          expect(matches({ [path]: { $exists: false } }, body)).toBe(
            !matches({ [path]: { $exists: true } }, body),
          );
          expect(matches({ $not: inner }, body)).toBe(!matches(inner, body));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('$in is any of its values, $and is all and $or is any', () => {
    fc.assert(
      fc.property(
        field,
        fc.array(scalar, { minLength: 1, maxLength: 3 }),
        fc.array(sentFilter, { minLength: 1, maxLength: 3 }),
        payload,
        (path, values, filters, body) => {
          expect(matches({ [path]: { $in: values } }, body)).toBe(
            values.some((v) => matches({ [path]: v }, body)),
          );
          const stored = filters.map(checked);
          const each = stored.map((f) => matchesPayloadFilter(f, body));
          expect(matchesPayloadFilter({ $and: stored }, body)).toBe(each.every(Boolean));
          expect(matchesPayloadFilter({ $or: stored }, body)).toBe(each.some(Boolean));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
