/**
 * The payload filter of a webhook endpoint: a small JSON query language evaluated against the v2
 * JSON payload of each event. An event whose payload does not match gets no delivery.
 *
 * One filter is evaluated in two places that agree exactly: here in JavaScript
 * ({@link matchesPayloadFilter}, for the in-memory storage) and inside PostgreSQL, compiled to an
 * SQL/JSON path predicate ({@link payloadFilterToJsonPath}) run by `jsonb_path_match` in lax mode.
 *
 * A filter is an object whose entries must all hold:
 * - `"$and": [filter, ...]` (every one), `"$or": [filter, ...]` (any one), `"$not": filter`;
 * - any other key is a dotted field path (`attribution.last.params.utm_source`) with a condition:
 *   a value (shorthand for `{ "$eq": value }`) or an object of operators, all of which must hold:
 *   `$eq`, `$neq`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`, `$exists`.
 *
 * A path names a sequence of values: arrays met on the way are looked into one level deep, and an
 * array at the end stands for its elements, so `product_variation_ids` equals `"pv_2"` when any of
 * its elements is `"pv_2"`. A comparison holds when some value of the sequence has the operand's
 * JSON type and compares true; `$neq`, `$nin` and `$exists: false` are the negations of `$eq`,
 * `$in` and `$exists: true`, so they hold when the field is missing. Ordering operators take a
 * number, or a timestamp that compares with the payload's UTC timestamps (`2026-11-26T10:00:00.000Z`).
 */
import { err, ok, type Result } from 'neverthrow';

/** A value a condition compares with: a string, a finite number, a boolean or `null`. */
export type FilterScalar = string | number | boolean | null;

/**
 * What an ordering operator compares with: a finite number, or a timestamp in the canonical UTC
 * form `YYYY-MM-DDTHH:MM:SS.sssZ` (any RFC 3339 timestamp is brought to that form when read).
 */
export type FilterBound = number | string;

/** The operators on one field; every one present must hold. */
export interface FieldCondition {
  readonly $eq?: FilterScalar;
  readonly $neq?: FilterScalar;
  readonly $gt?: FilterBound;
  readonly $gte?: FilterBound;
  readonly $lt?: FilterBound;
  readonly $lte?: FilterBound;
  readonly $in?: readonly FilterScalar[];
  readonly $nin?: readonly FilterScalar[];
  readonly $exists?: boolean;
}

/**
 * A checked filter, as stored and shown back: plain JSON, with every field condition written as
 * an object of operators (`"currency": "USD"` reads back as `"currency": { "$eq": "USD" }`) and
 * every timestamp in canonical UTC form.
 */
export type PayloadFilter = {
  readonly $and?: readonly PayloadFilter[];
  readonly $or?: readonly PayloadFilter[];
  readonly $not?: PayloadFilter;
  readonly [field: string]: FieldCondition | PayloadFilter | readonly PayloadFilter[] | undefined;
};

/** Why a filter was refused: where (`filter.$or[1].total_value_cents.$gt`) and what is wrong. */
export interface PayloadFilterError {
  readonly path: string;
  readonly message: string;
}

/** The limits every filter keeps to. */
export const payloadFilterLimits = {
  /** Filter objects nested inside one another through `$and`, `$or` and `$not`, the outer one included. */
  maxDepth: 6,
  /** Operators used across the whole filter (a shorthand value counts as one `$eq`). */
  maxConditions: 32,
  /** Bytes of the checked filter written as JSON (UTF-8). */
  maxBytes: 8192,
  /** Filters in one `$and` or `$or`. */
  maxBranches: 10,
  /** Values in one `$in` or `$nin`. */
  maxListValues: 50,
  /** Characters (code points) of one string value. */
  maxStringLength: 1024,
  /** Segments of one field path. */
  maxPathSegments: 8,
  /** Characters of one field path segment. */
  maxSegmentLength: 64,
} as const;

type FieldOperator = keyof FieldCondition;
type OrderingOperator = '$gt' | '$gte' | '$lt' | '$lte';

const fieldOperators: readonly FieldOperator[] = [
  '$eq',
  '$neq',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
];
const segmentPattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const timestampPattern =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?([Zz]|[+-][0-9]{2}:[0-9]{2})$/;
/** The canonical UTC timestamp; the only strings the ordering operators compare with a timestamp. */
const canonicalTimestampSource = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$';
const canonicalTimestamp = new RegExp(canonicalTimestampSource);
const loneSurrogate = /\p{Cs}/u;

type Checked<T> = Result<T, PayloadFilterError>;

const refuse = (path: string, message: string): Checked<never> => err({ path, message });

// ---------------------------------------------------------------------------------------------
// Reading a filter
// ---------------------------------------------------------------------------------------------

/** What the reader carries through one filter: the operators counted so far. */
interface ReadState {
  conditions: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** `filter.total_value_cents`, or `filter["odd key"]` for a key that is not a dotted path. */
const childPath = (at: string, key: string): string =>
  /^[$A-Za-z0-9_.]+$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;

const describeValue = (value: unknown): string => {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
};

/**
 * Checks a filter as sent and brings it to its stored form. Never throws: anything that is not a
 * filter of the grammar above, within {@link payloadFilterLimits}, is refused with the place
 * (`filter.$or[1].total_value_cents.$gt`) and a plain reason.
 */
export const parsePayloadFilter = (value: unknown): Result<PayloadFilter, PayloadFilterError> => {
  try {
    const state: ReadState = { conditions: 0 };
    const read = readFilter(value, 'filter', 1, state);
    if (read.isErr()) return err(read.error);
    const bytes = new TextEncoder().encode(JSON.stringify(read.value)).length;
    if (bytes > payloadFilterLimits.maxBytes)
      return refuse(
        'filter',
        `takes ${bytes} bytes as JSON once read (shorthand values written out); at most ${payloadFilterLimits.maxBytes} are allowed`,
      );
    return ok(read.value);
  } catch {
    // Only exotic objects (throwing getters, proxies) get here; no JSON body does.
    return refuse('filter', 'is not a JSON filter');
  }
};

function readFilter(value: unknown, at: string, depth: number, state: ReadState): Checked<PayloadFilter> {
  if (!isPlainObject(value))
    return refuse(
      at,
      `must be an object of field conditions and $and, $or, $not, not ${describeValue(value)}`,
    );
  if (depth > payloadFilterLimits.maxDepth)
    return refuse(at, `nests filters more than ${payloadFilterLimits.maxDepth} levels deep`);
  const keys = Object.keys(value);
  if (keys.length === 0) return refuse(at, 'must hold at least one condition');
  const entries: [string, PayloadFilter[keyof PayloadFilter]][] = [];
  for (const key of keys) {
    const read = readEntry(key, value[key], childPath(at, key), depth, state);
    if (read.isErr()) return err(read.error);
    entries.push([key, read.value]);
  }
  // fromEntries defines own properties, so even a field named `__proto__` stays a plain key.
  return ok(Object.fromEntries(entries) as PayloadFilter);
}

function readEntry(
  key: string,
  value: unknown,
  at: string,
  depth: number,
  state: ReadState,
): Checked<PayloadFilter[keyof PayloadFilter]> {
  if (key === '$and' || key === '$or') return readBranches(key, value, at, depth, state);
  if (key === '$not') return readFilter(value, at, depth + 1, state);
  if (key.startsWith('$'))
    return refuse(
      at,
      `unknown operator ${JSON.stringify(key)}: a filter takes $and, $or, $not and field paths`,
    );
  const path = checkFieldPath(key);
  if (path) return refuse(at, path);
  return readCondition(value, at, state);
}

function readBranches(
  key: string,
  value: unknown,
  at: string,
  depth: number,
  state: ReadState,
): Checked<PayloadFilter[]> {
  const { maxBranches } = payloadFilterLimits;
  if (!Array.isArray(value))
    return refuse(at, `${key} takes an array of filters, not ${describeValue(value)}`);
  if (value.length === 0 || value.length > maxBranches)
    return refuse(at, `${key} takes 1 to ${maxBranches} filters, not ${value.length}`);
  const branches: PayloadFilter[] = [];
  for (const [index, item] of value.entries()) {
    const read = readFilter(item, `${at}[${index}]`, depth + 1, state);
    if (read.isErr()) return err(read.error);
    branches.push(read.value);
  }
  return ok(branches);
}

/** Why `key` is not a field path, or undefined when it is one. */
function checkFieldPath(key: string): string | undefined {
  const { maxPathSegments, maxSegmentLength } = payloadFilterLimits;
  const segments = key.split('.');
  if (segments.length > maxPathSegments)
    return `field path has ${segments.length} segments; at most ${maxPathSegments} are allowed`;
  if (segments.every((segment) => segmentPattern.test(segment))) return undefined;
  return (
    'is not a field path: dot-separated names, each a letter or underscore followed by letters, digits ' +
    `or underscores, at most ${maxSegmentLength} characters (no array indices)`
  );
}

function readCondition(value: unknown, at: string, state: ReadState): Checked<FieldCondition> {
  if (isScalarType(value)) {
    const counted = countCondition(at, state);
    if (counted.isErr()) return err(counted.error);
    return readScalar(value, at).map((scalar) => ({ $eq: scalar }));
  }
  if (Array.isArray(value)) return refuse(at, 'a list of values needs an operator: { "$in": [...] }');
  if (!isPlainObject(value))
    return refuse(
      at,
      `must be a value (string, number, boolean or null) or an object of operators, not ${describeValue(value)}`,
    );
  const keys = Object.keys(value);
  if (keys.length === 0) return refuse(at, 'must hold at least one operator, such as $eq');
  const condition: Record<string, unknown> = {};
  for (const key of keys) {
    const opAt = childPath(at, key);
    if (!(fieldOperators as readonly string[]).includes(key))
      return refuse(opAt, unknownOperatorMessage(key));
    const counted = countCondition(opAt, state);
    if (counted.isErr()) return err(counted.error);
    const operand = readOperand(key as FieldOperator, value[key], opAt);
    if (operand.isErr()) return err(operand.error);
    condition[key] = operand.value;
  }
  return ok(condition as FieldCondition);
}

const unknownOperatorMessage = (key: string): string =>
  key.startsWith('$')
    ? `unknown operator ${JSON.stringify(key)}: a condition takes ${fieldOperators.join(', ')}`
    : `${JSON.stringify(key)} is not an operator; name a nested field with a dotted path such as "a.b"`;

function countCondition(at: string, state: ReadState): Checked<true> {
  state.conditions += 1;
  if (state.conditions > payloadFilterLimits.maxConditions)
    return refuse(at, `the filter uses more than ${payloadFilterLimits.maxConditions} conditions`);
  return ok(true);
}

function readOperand(operator: FieldOperator, value: unknown, at: string): Checked<unknown> {
  switch (operator) {
    case '$eq':
    case '$neq':
      return readScalar(value, at);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return readBound(operator, value, at);
    case '$in':
    case '$nin':
      return readList(operator, value, at);
    case '$exists':
      return typeof value === 'boolean'
        ? ok(value)
        : refuse(at, `$exists takes true or false, not ${describeValue(value)}`);
  }
}

const isScalarType = (value: unknown): value is FilterScalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function readScalar(value: unknown, at: string): Checked<FilterScalar> {
  if (typeof value === 'string') return readString(value, at);
  if (typeof value === 'number') return readNumber(value, at);
  if (value === null || typeof value === 'boolean') return ok(value);
  return refuse(at, `must be a string, a finite number, a boolean or null, not ${describeValue(value)}`);
}

function readString(value: string, at: string): Checked<string> {
  const { maxStringLength } = payloadFilterLimits;
  if (value.length > maxStringLength && [...value].length > maxStringLength)
    return refuse(at, `string is longer than ${maxStringLength} characters`);
  if (value.includes('\u0000'))
    return refuse(at, 'string holds a NUL character (\\u0000), which no payload holds');
  if (loneSurrogate.test(value)) return refuse(at, 'string holds an unpaired UTF-16 surrogate');
  return ok(value);
}

function readNumber(value: number, at: string): Checked<number> {
  if (!Number.isFinite(value)) return refuse(at, 'must be a finite number');
  // -0 and 0 are the same JSON number; keep the stored form stable.
  return ok(value === 0 ? 0 : value);
}

function readBound(operator: OrderingOperator, value: unknown, at: string): Checked<FilterBound> {
  if (typeof value === 'number') return readNumber(value, at);
  if (typeof value === 'string') return readTimestamp(value, at);
  return refuse(at, `${operator} takes a number or a timestamp, not ${describeValue(value)}`);
}

function readList(operator: '$in' | '$nin', value: unknown, at: string): Checked<FilterScalar[]> {
  const { maxListValues } = payloadFilterLimits;
  if (!Array.isArray(value))
    return refuse(at, `${operator} takes an array of values, not ${describeValue(value)}`);
  if (value.length === 0 || value.length > maxListValues)
    return refuse(at, `${operator} takes 1 to ${maxListValues} values, not ${value.length}`);
  const items: FilterScalar[] = [];
  for (const [index, item] of value.entries()) {
    const read = readScalar(item, `${at}[${index}]`);
    if (read.isErr()) return err(read.error);
    items.push(read.value);
  }
  return ok(items);
}

const timestampFormat =
  'must be a number or an RFC 3339 timestamp with seconds and a Z or ±hh:mm offset, such as 2026-11-26T10:00:00Z';

/**
 * An RFC 3339 timestamp, brought to canonical UTC (`new Date(x).toISOString()`). Impossible dates
 * (February 30th, hour 24, second 60), fractions finer than a millisecond and instants outside the
 * years 0000 to 9999 in UTC are refused.
 */
function readTimestamp(value: string, at: string): Checked<string> {
  const match = timestampPattern.exec(value);
  if (!match) return refuse(at, timestampFormat);
  const [, year, month, day, hour, minute, second, fraction = '', offset = 'Z'] = match;
  if (fraction.length > 3)
    return refuse(at, 'timestamps are precise to the millisecond: at most 3 fraction digits');
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = localInstant(parts, Number(fraction.padEnd(3, '0')));
  if (local === undefined) return refuse(at, `${JSON.stringify(value)} is not a real date and time`);
  const offsetMinutes = readOffset(offset);
  if (offsetMinutes === undefined) return refuse(at, 'offset must be Z or ±hh:mm with hh ≤ 23 and mm ≤ 59');
  const canonical = new Date(local - offsetMinutes * 60_000).toISOString();
  if (!canonicalTimestamp.test(canonical))
    return refuse(at, 'timestamp falls outside the years 0000 to 9999 in UTC');
  return ok(canonical);
}

/** The instant of the date parts read as UTC, or undefined when they name no real date and time. */
function localInstant(
  [year, month, day, hour, minute, second]: readonly [number, number, number, number, number, number],
  millisecond: number,
): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  const roundTrip =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return roundTrip ? date.getTime() : undefined;
}

/** Minutes east of UTC, or undefined for an impossible offset. */
function readOffset(offset: string): number | undefined {
  if (offset === 'Z' || offset === 'z') return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

// ---------------------------------------------------------------------------------------------
// Walking a checked filter
// ---------------------------------------------------------------------------------------------

type FilterEntry =
  | { readonly kind: '$and' | '$or'; readonly filters: readonly PayloadFilter[] }
  | { readonly kind: '$not'; readonly filter: PayloadFilter }
  | { readonly kind: 'field'; readonly path: string; readonly condition: FieldCondition };

/** The entries of a checked filter; a shorthand value (from a filter stored as sent) reads as `$eq`. */
function filterEntries(filter: PayloadFilter): FilterEntry[] {
  return Object.entries(filter).flatMap(([key, value]): FilterEntry[] => {
    if (value === undefined) return [];
    if (key === '$and' || key === '$or') return [{ kind: key, filters: value as readonly PayloadFilter[] }];
    if (key === '$not') return [{ kind: '$not', filter: value as PayloadFilter }];
    const condition = isPlainObject(value) ? (value as FieldCondition) : { $eq: value as FilterScalar };
    return [{ kind: 'field', path: key, condition }];
  });
}

type Operation = readonly [FieldOperator, unknown];

const operationsOf = (condition: FieldCondition): Operation[] =>
  Object.entries(condition).filter((entry): entry is [FieldOperator, unknown] =>
    (fieldOperators as readonly string[]).includes(entry[0]),
  );

/**
 * The field paths a filter names, each once, in the order they first appear (for checking them
 * against the fields the subscribed events carry).
 */
export const filterFieldPaths = (filter: PayloadFilter): string[] => {
  const paths = new Set<string>();
  const visit = (node: PayloadFilter): void => {
    for (const entry of filterEntries(node)) {
      if (entry.kind === 'field') paths.add(entry.path);
      else if (entry.kind === '$not') visit(entry.filter);
      else entry.filters.forEach(visit);
    }
  };
  visit(filter);
  return [...paths];
};

// ---------------------------------------------------------------------------------------------
// Matching in JavaScript
// ---------------------------------------------------------------------------------------------

/** A member value as JSON has it: undefined, functions and symbols are absent, non-finite numbers null. */
function memberValue(value: unknown): { readonly value: unknown } | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  return { value: typeof value === 'number' && !Number.isFinite(value) ? null : value };
}

/** An array element as JSON has it: what JSON cannot hold reads as null. */
const elementValue = (value: unknown): unknown => memberValue(value)?.value ?? null;

function lookUp(item: unknown, segment: string, into: unknown[]): void {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return;
  if (!Object.hasOwn(item, segment)) return;
  const found = memberValue((item as Record<string, unknown>)[segment]);
  if (found) into.push(found.value);
}

/**
 * The values a dotted path names in a payload, the way lax SQL/JSON path reads `$."a"."b"`:
 * an array met on the way is looked into one level deep, and an array at the end stands for its
 * elements (one level).
 */
function resolvePath(payload: unknown, path: string): unknown[] {
  let current: unknown[] = [payload];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (Array.isArray(item))
        for (const element of Array.from(item, elementValue)) lookUp(element, segment, next);
      else lookUp(item, segment, next);
    }
    current = next;
  }
  const items: unknown[] = [];
  for (const item of current) {
    if (Array.isArray(item)) items.push(...Array.from(item, elementValue));
    else items.push(item);
  }
  return items;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Same JSON type and equal: numbers by value, strings by code points, `null` only to `null`. */
function sameScalar(item: unknown, operand: FilterScalar): boolean {
  if (operand === null) return item === null;
  if (typeof operand === 'number') return isNumber(item) && item === operand;
  return typeof item === typeof operand && item === operand;
}

function compares<T extends number | string>(operator: OrderingOperator, left: T, right: T): boolean {
  switch (operator) {
    case '$gt':
      return left > right;
    case '$gte':
      return left >= right;
    case '$lt':
      return left < right;
    case '$lte':
      return left <= right;
  }
}

/** Some value is a number (for a number bound) or a canonical UTC timestamp (for a timestamp) comparing true. */
function someOrdered(items: readonly unknown[], operator: OrderingOperator, bound: FilterBound): boolean {
  if (typeof bound === 'number')
    return items.some((item) => isNumber(item) && compares(operator, item, bound));
  return items.some(
    (item) => typeof item === 'string' && canonicalTimestamp.test(item) && compares(operator, item, bound),
  );
}

function holdsOperation(items: readonly unknown[], [operator, operand]: Operation): boolean {
  switch (operator) {
    case '$eq':
      return items.some((item) => sameScalar(item, operand as FilterScalar));
    case '$neq':
      return !items.some((item) => sameScalar(item, operand as FilterScalar));
    case '$in':
      return items.some((item) => (operand as FilterScalar[]).some((value) => sameScalar(item, value)));
    case '$nin':
      return !items.some((item) => (operand as FilterScalar[]).some((value) => sameScalar(item, value)));
    case '$exists':
      return items.some((item) => item !== null) === operand;
    default:
      return someOrdered(items, operator, operand as FilterBound);
  }
}

function holdsEntry(entry: FilterEntry, payload: unknown): boolean {
  switch (entry.kind) {
    case '$and':
      return entry.filters.every((filter) => matchesPayloadFilter(filter, payload));
    case '$or':
      return entry.filters.some((filter) => matchesPayloadFilter(filter, payload));
    case '$not':
      return !matchesPayloadFilter(entry.filter, payload);
    case 'field': {
      const items = resolvePath(payload, entry.path);
      return operationsOf(entry.condition).every((operation) => holdsOperation(items, operation));
    }
  }
}

/**
 * Whether an event's payload (a JSON value) matches a checked filter. Gives exactly the answer
 * PostgreSQL gives for {@link payloadFilterToJsonPath} on the same payload.
 */
export const matchesPayloadFilter = (filter: PayloadFilter, payload: unknown): boolean =>
  filterEntries(filter).every((entry) => holdsEntry(entry, payload));

// ---------------------------------------------------------------------------------------------
// Compiling to SQL/JSON path
// ---------------------------------------------------------------------------------------------

/** `$."attribution"."last"`: every key quoted. */
const pathExpression = (path: string): string =>
  `$${path
    .split('.')
    .map((segment) => `.${JSON.stringify(segment)}`)
    .join('')}`;

/**
 * A literal: JSON string escapes are SQL/JSON path string escapes; `String` of a finite number
 * (`-1.5`, `1e+21`, `5e-7`) is a path numeric literal of exactly that decimal value.
 */
const literal = (value: string | number | boolean): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);

/** Always true, and a predicate wherever one may stand. */
const alwaysTrue = 'exists($)';

/**
 * Predicates joined by `&&` or `||`, parenthesised. An empty list (only in a filter stored without
 * being checked) is true for `&&` and false for `||`, as `every` and `some` are in JavaScript.
 */
function joinPredicates(parts: readonly string[], operator: '&&' | '||'): string {
  if (parts.length === 0) return operator === '&&' ? alwaysTrue : `!(${alwaysTrue})`;
  return `(${parts.join(` ${operator} `)})`;
}

/** Inside a filter on the path: `@` is one value of the same JSON type as `operand` and equal to it. */
function sameScalarTest(operand: FilterScalar): string {
  if (operand === null) return '@.type() == "null"';
  const type = typeof operand === 'number' ? 'number' : typeof operand;
  return `@.type() == "${type}" && @ == ${literal(operand)}`;
}

const pathOperators: Readonly<Record<OrderingOperator, string>> = {
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
};

function orderedTest(operator: OrderingOperator, bound: FilterBound): string {
  const comparison = `@ ${pathOperators[operator]} ${literal(bound)}`;
  if (typeof bound === 'number') return `@.type() == "number" && ${comparison}`;
  return `@.type() == "string" && @ like_regex ${JSON.stringify(canonicalTimestampSource)} && ${comparison}`;
}

/**
 * Every test runs inside a filter after a type check, so no comparison ever meets a value of
 * another type (or a nested array, which lax mode would unwrap once more): `exists` of the
 * filtered sequence is always true or false, never unknown.
 */
function operationPath(path: string, [operator, operand]: Operation): string {
  const some = (test: string): string => `exists(${pathExpression(path)} ? (${test}))`;
  const anyOf = (values: readonly FilterScalar[]): string =>
    some(
      joinPredicates(
        values.map((value) => `(${sameScalarTest(value)})`),
        '||',
      ),
    );
  switch (operator) {
    case '$eq':
      return some(sameScalarTest(operand as FilterScalar));
    case '$neq':
      return `!(${some(sameScalarTest(operand as FilterScalar))})`;
    case '$in':
      return anyOf(operand as FilterScalar[]);
    case '$nin':
      return `!(${anyOf(operand as FilterScalar[])})`;
    case '$exists':
      return operand ? some('@.type() != "null"') : `!(${some('@.type() != "null"')})`;
    default:
      return some(orderedTest(operator, operand as FilterBound));
  }
}

function entryPath(entry: FilterEntry): string {
  switch (entry.kind) {
    case '$and':
      return joinPredicates(entry.filters.map(filterPath), '&&');
    case '$or':
      return joinPredicates(entry.filters.map(filterPath), '||');
    case '$not':
      return `!(${filterPath(entry.filter)})`;
    case 'field':
      return joinPredicates(
        operationsOf(entry.condition).map((operation) => operationPath(entry.path, operation)),
        '&&',
      );
  }
}

function filterPath(filter: PayloadFilter): string {
  return joinPredicates(filterEntries(filter).map(entryPath), '&&');
}

/**
 * The filter as a PostgreSQL SQL/JSON path predicate (lax mode) for
 * `jsonb_path_match(payload, path::jsonpath)`: true exactly when {@link matchesPayloadFilter} is,
 * and never null or an error, whatever the payload.
 */
export const payloadFilterToJsonPath = (filter: PayloadFilter): string => filterPath(filter);
