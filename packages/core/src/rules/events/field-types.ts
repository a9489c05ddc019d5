/**
 * The value types of v2 payload fields (docs/api.md §2.7, §6.2). Each type is a projector: it returns the
 * value as delivered, or `undefined` when the value is not of the type and the field is omitted.
 * A projector never returns null and never returns an object it did not build itself, so a
 * free-form object cannot ride through a typed field. Coercion happens only where it is exact
 * (docs/decisions.md, "v2 payloads as a privacy boundary").
 */

/** A projector of one value: the delivered value, or undefined to omit the field. */
export type Project = (value: unknown) => unknown;

/** The scalar types a field of docs/api.md §6.2 can have; nested shapes are declared in `nested-shapes.ts`. */
export type ScalarFieldType =
  | 'id'
  | 'code'
  | 'text'
  | 'timestamp'
  | 'boolean'
  | 'cents'
  | 'count'
  | 'currency'
  | 'ids'
  | 'codes'
  | 'url';

const limits = { id: 200, code: 100, text: 2000, url: 2048 } as const;

const blank = /^\s*$/;
const integerText = /^\s*-?\d{1,16}(?:\.0+)?\s*$/;
const currencyCode = /^[A-Za-z]{3}$/;
// ISO 8601 date and time with an offset: what `Date.toISOString` writes, seconds and fraction optional.
const isoTimestamp =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;
// Absolute http(s) with a host and no credentials (an `@` before the path).
const webUrl = /^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/i;

/** Non-blank; the first character decides for nearly every value, so the regex rarely runs. */
const filled = (value: string) => value.length > 0 && (value.charCodeAt(0) > 32 || !blank.test(value));
const oneLine = (value: string) => value.indexOf('\n') < 0 && value.indexOf('\r') < 0;

const string = (max: number, singleLine: boolean): Project =>
  singleLine
    ? (value) =>
        typeof value === 'string' && value.length <= max && filled(value) && oneLine(value)
          ? value
          : undefined
    : (value) => (typeof value === 'string' && value.length <= max && filled(value) ? value : undefined);

/** An opaque identifier: a non-blank string of at most 200 characters. */
export const id: Project = string(limits.id, true);

/** An enum-like status or kind: a non-blank single line of at most 100 characters. */
export const code: Project = string(limits.code, true);

/** Free text docs/api.md §6.2 allowlists (a reason, instructions, a display name): at most 2000 characters. */
export const text: Project = string(limits.text, false);

/** An ISO 8601 timestamp with an offset, kept as written; a valid `Date` becomes its ISO string. */
export const timestamp: Project = (value) => {
  if (typeof value === 'string') return isoTimestamp.test(value) ? value : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return undefined;
};

/** true or false; `'true'` and `1` are not booleans. */
export const boolean: Project = (value) => (typeof value === 'boolean' ? value : undefined);

/**
 * A whole number, exactly: a safe integer stays, an integer string (`'250'`, `'250.00'`) becomes
 * one, and anything with a fraction is omitted, never rounded.
 */
export const integer: Project = (value) => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && integerText.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(number)) return undefined;
  // -0 is written as 0 by JSON; deliver the same value the receiver reads.
  return number === 0 ? 0 : number;
};

/** Money in integer cents (docs/api.md §2.7). */
export const cents: Project = integer;

/** A count: an integer of zero or more. */
export const count: Project = (value) => {
  const number = integer(value);
  return typeof number === 'number' && number >= 0 ? number : undefined;
};

/** An ISO 4217 code, upper case. */
export const currency: Project = (value) =>
  typeof value === 'string' && currencyCode.test(value) ? value.toUpperCase() : undefined;

/** An absolute http(s) URL with no credentials, at most 2048 characters. */
export const url: Project = (value) =>
  typeof value === 'string' && value.length <= limits.url && webUrl.test(value) ? value : undefined;

/**
 * A list projected item by item: items of the wrong type are left out; a list that had items and
 * kept none is omitted, so an empty list always means the source was empty.
 */
export function listOf(item: Project): Project {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const out: unknown[] = [];
    for (const entry of value) {
      const projected = item(entry);
      if (projected !== undefined) out.push(projected);
    }
    return out.length > 0 || value.length === 0 ? out : undefined;
  };
}

/** A list of identifiers. */
export const ids: Project = listOf(id);

/** A list of enum-like values. */
export const codes: Project = listOf(code);

/** The projector of each scalar type. */
export const scalarProjectors: Readonly<Record<ScalarFieldType, Project>> = {
  id,
  code,
  text,
  timestamp,
  boolean,
  cents,
  count,
  currency,
  ids,
  codes,
  url,
};

/** True for a plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A nested shape: its own allowlist, each field with its projector, and the fields it cannot go without. */
export interface Shape {
  readonly fields: Readonly<Record<string, Project>>;
  readonly required?: readonly string[];
}

/**
 * A projector of a nested object through its own allowlist: only the declared fields, each
 * through its type; the object is omitted when a required field is missing or nothing is left.
 */
export function shapeOf(shape: Shape): Project {
  const names = Object.keys(shape.fields);
  const projects = names.map((name) => shape.fields[name]!);
  const required = shape.required ?? [];
  return (value) => {
    if (!isRecord(value)) return undefined;
    const out: Record<string, unknown> = {};
    let kept = 0;
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i]!;
      const raw = value[name];
      if (raw === undefined || raw === null) continue;
      const projected = projects[i]!(raw);
      if (projected === undefined) continue;
      out[name] = projected;
      kept += 1;
    }
    for (const name of required) if (out[name] === undefined) return undefined;
    return kept > 0 ? out : undefined;
  };
}
