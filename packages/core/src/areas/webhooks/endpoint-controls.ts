import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, invalidField } from '../../base/errors';
import type { SecretBox } from '../../deps/secret-box';
import { maxBodyBytes } from '../../ports/net/http-client';
import {
  categoryAllowlists,
  envelopeFields,
  type FieldType,
  fieldTypes,
  identityFields,
} from '../../rules/events/allowlists';
import { eventDefinition } from '../../rules/events/event-dictionary';
import { nestedShapeKeys, productLineFields } from '../../rules/events/nested-shapes';
import { filterFieldPaths, type PayloadFilter, parsePayloadFilter } from '../../rules/filters/payload-filter';
import type { StoredHeaders, Webhook, WebhookOrdering } from '../../storage/webhook-store';
import { retryScheduleView, retryScheduleViewSchema } from './retry-schedules';

/** Most custom headers one webhook may send. */
export const maxCustomHeaders = 10;
/** Longest custom header name. */
export const maxHeaderNameLength = 64;
/** Longest custom header value. */
export const maxHeaderValueLength = 1024;
/** Highest `rateLimit`, in deliveries a second. */
export const maxRateLimit = 10_000;
/** What GET shows in place of a custom header's value. */
export const maskedHeaderValue = '********';

/** RFC 9110 token: the characters a header name may have. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Printable ASCII with spaces and tabs inside, none at either end (RFC 9110 field-value, without obs-text). */
const valuePattern = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;

/** Headers every request to a webhook sets itself, or that belong to the connection: never custom. */
const reservedHeaders = new Set([
  'host',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'user-agent',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'traceparent',
  'tracestate',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  // Stock Svix libraries read these before the `webhook-*` set, so a custom value could stand in for the signature.
  'svix-id',
  'svix-timestamp',
  'svix-signature',
]);

const isReserved = (lower: string): boolean => reservedHeaders.has(lower) || lower.startsWith('x-webhook-');

/**
 * Names that are tokens but cannot be a key of the headers a request is built from: assigned to a
 * plain object, `__proto__` replaces its prototype instead of adding a header, so it would be
 * listed and never sent.
 */
const unsendableNames = new Set(['__proto__']);

/**
 * `headers` as sent: on create the whole set; on update a value sets or replaces that header and
 * `null` removes it, while headers left out keep their value (their values are never shown, so
 * they could not be sent back).
 */
export const headersSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be an object of header names to values' });
      return;
    }
    // Own entries, so a key such as `__proto__` is checked like any other name, never dropped.
    for (const [name, one] of Object.entries(value)) {
      if (typeof one !== 'string' && one !== null)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be a string (null removes the header on update)',
        });
    }
  })
  .transform((value) => value as Record<string, string | null>)
  .meta({
    type: 'object',
    additionalProperties: { type: ['string', 'null'], maxLength: maxHeaderValueLength },
    description:
      'Custom request headers, name to value (docs/api.md §11.6); on update `null` removes one and names left out keep their value, unless `url` changes: then only those sent with it are kept.',
  });

/** `filter` as sent; {@link validateFilter} checks its grammar and the fields it names. */
export const filterSchema = z.unknown().meta({
  type: ['object', 'null'],
  description:
    'A payload filter (docs/api.md §11.7): field paths to values or operator objects ($eq, $neq, $gt, $gte, $lt, $lte, $in, $nin, $exists), combined with $and, $or and $not; on update `null` removes it.',
});

/** `rateLimit`: deliveries a second, a whole number; `null` on update removes the limit. */
export const rateLimitSchema = z
  .number()
  .int('must be a whole number of deliveries a second')
  .min(1, 'must be at least 1 delivery a second')
  .max(maxRateLimit, `must be at most ${maxRateLimit} deliveries a second`);

/** `ordering`: `none` (the default) or `entity`. */
export const orderingSchema = z.enum(['none', 'entity']);

/**
 * Checks the custom headers of a create or an update and merges them over `current` (name →
 * value, as opened): a string sets, `null` removes. Names are compared without case; the case
 * first given is kept.
 *
 * @returns the headers to store, or 422 INVALID_FIELD naming the header at fault
 */
export function mergeHeaders(
  input: Readonly<Record<string, string | null>>,
  current: Readonly<Record<string, string>> = {},
): Result<Record<string, string>, DomainError> {
  const merged = new Map(
    Object.entries(current).map(([name, value]) => [name.toLowerCase(), { name, value }]),
  );
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(input)) {
    const field = `headers.${name}`;
    const lower = name.toLowerCase();
    if (seen.has(lower))
      return err(invalidField(field, 'is given twice (header names are not case-sensitive)'));
    seen.add(lower);
    if (!(name.length <= maxHeaderNameLength && tokenPattern.test(name)))
      return err(
        invalidField(
          field,
          `is not a header name: 1 to ${maxHeaderNameLength} letters, digits or !#$%&'*+-.^_\`|~`,
        ),
      );
    if (isReserved(lower))
      return err(invalidField(field, 'is set by every delivery itself and cannot be replaced'));
    if (unsendableNames.has(lower)) return err(invalidField(field, 'cannot be sent as a header name'));
    if (value === null) {
      merged.delete(lower);
      continue;
    }
    if (!(value.length <= maxHeaderValueLength && valuePattern.test(value)))
      return err(
        invalidField(
          field,
          `must be 1 to ${maxHeaderValueLength} printable ASCII characters, with no space or tab at either end`,
        ),
      );
    merged.set(lower, { name: merged.get(lower)?.name ?? name, value });
  }
  if (merged.size > maxCustomHeaders)
    return err(invalidField('headers', `must hold at most ${maxCustomHeaders} headers`));
  return ok(Object.fromEntries([...merged.values()].map(({ name, value }) => [name, value])));
}

/** The sealing context of a webhook's headers: never the same as its signing secrets'. */
const headersContext = (webhookId: string) => `${webhookId}#headers`;

/** Seals a webhook's custom headers for storage; undefined when there are none. */
export async function sealHeaders(
  box: SecretBox,
  webhookId: string,
  headers: Readonly<Record<string, string>>,
): Promise<StoredHeaders | undefined> {
  const names = Object.keys(headers);
  if (names.length === 0) return undefined;
  const sealed = await box.seal({ plaintext: JSON.stringify(headers), webhookId: headersContext(webhookId) });
  return { names, sealed };
}

/**
 * A webhook's custom headers as sent, name to value; empty without any. Rejects when the host's
 * `secretKey` is not the one that sealed them, as signing secrets do.
 */
export async function openHeaders(box: SecretBox, webhook: Webhook): Promise<Record<string, string>> {
  if (!webhook.headers) return {};
  const text = await box.open({ sealed: webhook.headers.sealed, webhookId: headersContext(webhook.id) });
  return JSON.parse(text) as Record<string, string>;
}

const utf8 = new TextEncoder();

/** The forms a receiver's answer may echo a header value in: as sent, inside a JSON string, URL-encoded. */
function echoedForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  return [...new Set([value, json, json.replaceAll('/', '\\/'), encodeURIComponent(value)])];
}

/**
 * A receiver's answer with every custom header value it echoes replaced by
 * {@link maskedHeaderValue}, so an attempt log never shows a value to a reader who may not see it
 * (a receiver that echoes request headers, or a URL changed to one that does). Values are masked
 * as sent, inside a JSON string and URL-encoded; an answer cut at the size kept
 * ({@link maxBodyBytes}) inside a value has the part it ends with masked too.
 */
export function withoutHeaderValues(body: string, headers: Readonly<Record<string, string>>): string {
  const forms = Object.values(headers)
    .flatMap(echoedForms)
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return body;
  let masked = body;
  for (const form of forms) masked = masked.replaceAll(form, maskedHeaderValue);
  // An answer cut at the size kept may end inside a value: its longest tail that begins one is masked.
  if (utf8.encode(masked).length < maxBodyBytes - 3) return masked;
  for (let length = Math.min(masked.length, forms[0]?.length ?? 0); length > 0; length -= 1) {
    const tail = masked.slice(masked.length - length);
    if (forms.some((form) => form.startsWith(tail)))
      return `${masked.slice(0, masked.length - length)}${maskedHeaderValue}`;
  }
  return masked;
}

/** The payload fields subscribed events can carry: the envelope, the identity block and their categories' allowlists. */
function fieldsOf(interests: readonly string[]): Set<string> {
  const fields = new Set<string>([...envelopeFields, ...identityFields]);
  for (const name of interests) {
    const category = eventDefinition(name)?.category;
    if (category) for (const field of categoryAllowlists[category]) fields.add(field);
  }
  return fields;
}

/** The keys a path may name below a field of this type; undefined: none (a scalar), or any (params). */
function keysBelow(type: FieldType | 'touch' | 'params' | 'product'): readonly string[] | 'any' | undefined {
  switch (type) {
    case 'attribution':
      return nestedShapeKeys.attribution;
    case 'touch':
      return nestedShapeKeys.touch;
    case 'params':
      return 'any';
    case 'products':
    case 'product':
      return productLineFields;
    case 'status_transition':
      return nestedShapeKeys.status_transition;
    default:
      return undefined;
  }
}

/** The type of `key` inside a nested field of type `parent`. */
function childType(parent: string, key: string): FieldType | 'touch' | 'params' | 'product' {
  if (parent === 'attribution') return key === 'first' || key === 'last' ? 'touch' : 'code';
  if (parent === 'touch') return key === 'params' ? 'params' : 'code';
  return 'code';
}

/** Why `path` names nothing a payload of these events can carry; undefined when it can. */
function refusedPath(path: string, fields: Set<string>): string | undefined {
  const [head = '', ...rest] = path.split('.');
  if (!fields.has(head)) return `names '${head}', a field none of the subscribed events carries`;
  let type: FieldType | 'touch' | 'params' | 'product' =
    fieldTypes[head as keyof typeof fieldTypes] ?? 'code';
  let parent = head;
  for (const key of rest) {
    const below = keysBelow(type);
    if (below === 'any') return undefined;
    if (!below?.includes(key)) return `names '${key}', which '${parent}' does not have`;
    type = childType(type, key);
    parent = `${parent}.${key}`;
  }
  return undefined;
}

/**
 * Checks a filter's grammar (docs/api.md §11.7) and that every field it names is one the
 * subscribed events' payloads can carry, so a filter can only read what the receiver would see.
 *
 * @returns the filter as stored, or 422 INVALID_FIELD naming the place at fault (`filter.$or[1].total_value_cents`)
 */
export function validateFilter(
  value: unknown,
  interests: readonly string[],
): Result<PayloadFilter, DomainError> {
  const parsed = parsePayloadFilter(value);
  if (parsed.isErr()) return err(invalidField(parsed.error.path, parsed.error.message));
  const fields = fieldsOf(interests);
  for (const path of filterFieldPaths(parsed.value)) {
    const refused = refusedPath(path, fields);
    if (refused) return err(invalidField(`filter.${path}`, refused));
  }
  return ok(parsed.value);
}

/** The endpoint controls as the API shows them. */
export const endpointControlsViewSchema = z.object({
  headers: z
    .record(z.string(), z.literal(maskedHeaderValue))
    .optional()
    .describe('Custom request headers sent on every request to the webhook; values are never shown.'),
  filter: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Only events whose v2 payload matches are delivered (docs/api.md §11.7).'),
  rateLimit: z.number().int().optional().describe('Deliveries a second at most, across every worker.'),
  ordering: orderingSchema.describe(
    '`entity`: the deliveries about one entity go one at a time, in the order their events were recorded.',
  ),
  retrySchedule: retryScheduleViewSchema
    .optional()
    .describe("The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's."),
});

/** The endpoint controls of a webhook as the API shows them. */
export function endpointControlsView(webhook: Webhook): z.infer<typeof endpointControlsViewSchema> {
  return {
    ...(webhook.headers
      ? {
          headers: Object.fromEntries(
            webhook.headers.names.map((name) => [name, maskedHeaderValue] as const),
          ),
        }
      : {}),
    ...(webhook.filter ? { filter: webhook.filter as Record<string, unknown> } : {}),
    ...(webhook.rateLimit === undefined ? {} : { rateLimit: webhook.rateLimit }),
    ordering: webhook.ordering ?? ('none' satisfies WebhookOrdering),
    ...(webhook.retrySchedule ? { retrySchedule: retryScheduleView(webhook.retrySchedule) } : {}),
  };
}
