import { categoryAllowlists } from './allowlists';
import { scrubNested } from './blocklist';
import { type EventCategory, eventDefinition } from './event-dictionary';

/** The fixed schema version of every v2 payload (SPEC 9.1). */
export const apiVersion = '2026-08-17';

/** The linked patient of an event, as the identity block needs it (SPEC 6.3). */
export interface EventPatient {
  readonly id: string;
  readonly externalId?: string;
  readonly marketingConsent: boolean;
  /** True when the patient has another ecommerce order in paid, processing or completed. */
  readonly isReturning: boolean;
}

/**
 * One emitted event, as stored in the outbox. `data` is the full raw event (the v1 payload);
 * v2 payloads are projected from it on every attempt.
 */
export interface EventRecord {
  readonly eventId: string;
  readonly eventType: string;
  readonly affiliateId: string;
  readonly occurredAt: Date;
  readonly data: Readonly<Record<string, unknown>>;
  readonly patient?: EventPatient;
  /** The attribution object of SPEC 2.8, already resolved (order first, journey as fallback). */
  readonly attribution?: Readonly<Record<string, unknown>>;
}

/** Event families that carry attribution (SPEC 6.5). */
const attributionCategories = new Set<EventCategory>([
  'JOURNEY',
  'ORDER',
  'COMMERCE',
  'PAYMENT',
  'PRESCRIPTION',
  'PHARMACY',
  'SHIPPING',
  'LAB',
]);

/** Fields a dedicated rule sets, never copied from the raw event. */
const ruled = new Set(['attribution', 'products', 'first_purchase']);

type Projector = (data: Readonly<Record<string, unknown>>, out: Record<string, unknown>) => void;

function compile(fields: readonly string[]): Projector {
  const copied = fields.filter((field) => !ruled.has(field));
  return (data, out) => {
    for (const field of copied) {
      const value = data[field];
      if (value === undefined) continue;
      out[field] = typeof value === 'object' && value !== null ? scrubNested(value) : value;
    }
  };
}

/** One projector per category, compiled once: a call walks the allowlist, never the raw event. */
const projectors = Object.fromEntries(
  Object.entries(categoryAllowlists).map(([category, fields]) => [category, compile(fields)]),
) as Record<EventCategory, Projector>;

const allows = (category: EventCategory, field: string) => categoryAllowlists[category].includes(field);

function toInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.round(number) : undefined;
}

/**
 * Product lines exactly as SPEC 2.7: `{ product_variation_id, quantity, unit_price_cents, is_addon }`,
 * money in integer cents; display names are never delivered.
 */
function productLines(raw: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw
    .filter((line): line is Record<string, unknown> => typeof line === 'object' && line !== null)
    .map((line) => ({
      product_variation_id: String(line.product_variation_id ?? line.productVariationId ?? ''),
      quantity: toInteger(line.quantity) ?? 1,
      unit_price_cents: toInteger(line.unit_price_cents ?? line.unitPriceCents) ?? 0,
      is_addon: line.is_addon === true || line.isAddon === true,
    }));
}

/** SPEC 6.4: when `first_purchase` appears, and with what value. */
function firstPurchase(eventType: string, data: Readonly<Record<string, unknown>>): boolean | undefined {
  if (eventType === 'journey_contact_captured') return undefined;
  if (eventType === 'subscription_renewed') return false;
  if (eventType === 'journey_abandoned' && data.had_cart !== true) return undefined;
  return typeof data.first_purchase === 'boolean' ? data.first_purchase : undefined;
}

/**
 * Builds the sanitized v2 payload of one delivery attempt (SPEC 2.7, 6): the envelope with a
 * fresh `timestamp`, the category's allowlisted fields with sensitive keys removed at any depth,
 * product lines, the conditional fields, attribution where the family carries it, and the
 * patient-identity block.
 *
 * @example
 * const payload = buildV2Payload(event, { attemptAt: clock.now() });
 */
export function buildV2Payload(event: EventRecord, options: { attemptAt: Date }): Record<string, unknown> {
  const definition = eventDefinition(event.eventType);
  if (definition?.visibility !== 'public') {
    throw new TypeError(
      `@affiliate-commerce/core: ${event.eventType} is not a public event and is never delivered`,
    );
  }
  const { category } = definition;
  const payload: Record<string, unknown> = {
    event_type: event.eventType,
    event_id: event.eventId,
    api_version: apiVersion,
    timestamp: options.attemptAt.toISOString(),
    timestamp_epoch: Math.floor(options.attemptAt.getTime() / 1000),
    affiliate_id: event.affiliateId,
  };
  projectors[category](event.data, payload);
  if (allows(category, 'products')) {
    const lines = productLines(event.data.products);
    if (lines) payload.products = lines;
  }
  if (allows(category, 'first_purchase')) {
    const value = firstPurchase(event.eventType, event.data);
    if (value !== undefined) payload.first_purchase = value;
  }
  if (attributionCategories.has(category) && event.attribution && Object.keys(event.attribution).length > 0) {
    payload.attribution = scrubNested(event.attribution);
  }
  payload.patient_marketing_consent = event.patient?.marketingConsent ?? false;
  payload.is_returning_patient = event.patient?.isReturning ?? false;
  if (event.patient?.id) payload.patient_id = event.patient.id;
  if (event.patient?.id && event.patient.externalId) payload.patient_external_id = event.patient.externalId;
  return payload;
}

/**
 * The v1 (legacy) payload: the full raw event object, health data included (SPEC 6.1).
 *
 * @example
 * const body = JSON.stringify(buildV1Payload(event));
 */
export function buildV1Payload(event: EventRecord): Record<string, unknown> {
  return {
    event_type: event.eventType,
    event_id: event.eventId,
    affiliate_id: event.affiliateId,
    created_at: event.occurredAt.toISOString(),
    data: event.data,
    ...(event.patient
      ? {
          patient: {
            id: event.patient.id,
            ...(event.patient.externalId ? { external_id: event.patient.externalId } : {}),
            marketing_consent: event.patient.marketingConsent,
            is_returning: event.patient.isReturning,
          },
        }
      : {}),
    ...(event.attribution ? { attribution: event.attribution } : {}),
  };
}
