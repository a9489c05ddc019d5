import { err, ok, type Result } from 'neverthrow';
import { type DomainError, invalidField } from '../../base/errors';
import type { CaseFieldValue } from '../../ports/case-system/case-system';
import type { SyncedField } from '../../storage/case-store';

/** A required field that got neither a value nor a default (the `missingRequiredFields` of docs/api.md §2.2). */
export interface MissingField {
  readonly externalSystemIdentifier: string;
  readonly name: string;
}

/** What is sent to the case system, and which required fields had nothing to send. */
export interface FieldValuesPlan {
  readonly requestFieldValues: Readonly<Record<string, unknown>>;
  readonly missingRequiredFields: readonly MissingField[];
}

/** The two maps a create call may carry (docs/api.md §4.1); `requestFieldValues` wins where both name a field. */
export interface SuppliedValues {
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly requestFieldValues?: Readonly<Record<string, unknown>>;
}

/**
 * Turns the text of a default into the text to send, or undefined when the default cannot be
 * used (create-ticket has no order to fill `{{order.id}}` with).
 */
export type ResolveText = (text: string) => string | undefined;

/**
 * Decides the values of a create call (docs/api.md §4.1): each field's supplied value, or else its
 * request type's default (text passed through `resolve`, for the order variables of POST
 * /v2/cases), or else nothing. A blank value (null, an empty or blank string, an empty list)
 * counts as not supplied, so it neither hides a default nor reaches the case system. A default
 * `resolve` refuses, or that resolves to blank text, counts as no default. A key that is not a field of the request type is
 * refused before anything is sent.
 *
 * @returns 422 INVALID_FIELD (`fields.<id>` or `requestFieldValues.<id>`) for an unknown field
 */
export function planFieldValues(
  fields: readonly SyncedField[],
  supplied: SuppliedValues,
  resolve: ResolveText = (text) => text,
): Result<FieldValuesPlan, DomainError> {
  const known = new Set(fields.map((field) => field.externalSystemIdentifier));
  const merged = new Map<string, unknown>();
  for (const source of ['fields', 'requestFieldValues'] as const) {
    for (const [key, value] of Object.entries(supplied[source] ?? {})) {
      if (!known.has(key))
        return err(invalidField(`${source}.${key}`, 'is not a field of this request type'));
      merged.set(key, value);
    }
  }
  const requestFieldValues: Record<string, unknown> = {};
  const missingRequiredFields: MissingField[] = [];
  for (const field of fields) {
    const value = merged.get(field.externalSystemIdentifier);
    const fallback = isBlank(value) ? defaultFieldValue(field, resolve) : undefined;
    if (!isBlank(value)) requestFieldValues[field.externalSystemIdentifier] = value;
    else if (!isBlank(fallback)) requestFieldValues[field.externalSystemIdentifier] = fallback;
    else if (field.required) {
      missingRequiredFields.push({
        externalSystemIdentifier: field.externalSystemIdentifier,
        name: field.name,
      });
    }
  }
  return ok({ requestFieldValues, missingRequiredFields });
}

/** True for a value that says nothing: undefined, null, a blank string or an empty list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

// Jira field types whose values are sent as `{ id }` (JSM's requestFieldValues formats).
const byId = new Set(['option', 'priority', 'issuetype', 'resolution', 'version', 'component', 'project']);

/**
 * A field's default in the form JSM's `requestFieldValues` takes for its type: an id object for
 * selects (`{ id }`, with `child` for cascading selects), a list for multi-value fields, a number
 * for number fields, and the text itself otherwise (through `resolve`). Undefined when the field
 * has no default or `resolve` refuses one of its texts.
 */
export function defaultFieldValue(field: SyncedField, resolve: ResolveText): unknown {
  if (field.defaultValues.length === 0) return undefined;
  const type = field.schema?.type;
  const one = (option: CaseFieldValue, asId: boolean): unknown => {
    if (!asId) return resolve(option.value);
    const child = option.children?.[0];
    return { id: option.value, ...(child ? { child: { id: child.value } } : {}) };
  };
  if (type === 'array') {
    const items = field.schema?.items;
    const values = field.defaultValues.map((option) => one(option, items !== undefined && byId.has(items)));
    return values.includes(undefined) ? undefined : values;
  }
  const first = field.defaultValues[0]!;
  if (type === 'number') {
    const text = resolve(first.value);
    const number = Number(text);
    return text === undefined || text.trim() === '' || !Number.isFinite(number) ? text : number;
  }
  return one(first, (type !== undefined && byId.has(type)) || type === 'option-with-child');
}
