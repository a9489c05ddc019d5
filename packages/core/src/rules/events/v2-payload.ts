import { type AllowlistedField, categoryAllowlists, type FieldType, fieldTypes } from './allowlists';
import { type EventCategory, eventDictionary } from './event-dictionary';
import { isExampleEventId } from './example-marker';
import { boolean, id, type Project, scalarProjectors } from './field-types';
import { productLines, attribution as projectAttribution, statusTransition } from './nested-shapes';

/** The fixed schema version of every v2 payload (docs/api.md §9.1). */
export const apiVersion = '2026-08-17';

/** The linked patient of an event, as the identity block needs it (docs/api.md §6.3). */
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
  /** The attribution object of docs/api.md §2.8, already resolved (order first, journey as fallback). */
  readonly attribution?: Readonly<Record<string, unknown>>;
  /**
   * The W3C trace context of the span the event was emitted in, when there was one; delivery
   * attempt spans link to it. Never part of a payload.
   */
  readonly traceparent?: string;
  /** The W3C `tracestate` of that span, when it had one; sent beside `traceparent`. Never part of a payload. */
  readonly tracestate?: string;
  /** The webhooks subscribed to the event whose filter it did not match, so it was not sent to them. */
  readonly filteredOut?: readonly string[];
}

type Projector = (event: EventRecord, out: Record<string, unknown>) => void;

const typeProjectors: Readonly<Record<FieldType, Project>> = {
  ...scalarProjectors,
  products: productLines,
  attribution: projectAttribution,
  status_transition: statusTransition,
};

/** Fields a dedicated rule sets, never copied from the raw event as they are. */
const ruled = new Set<AllowlistedField>(['attribution', 'first_purchase']);

/** docs/api.md §6.4: when `first_purchase` appears, and with what value. */
function firstPurchaseRule(eventType: string): (data: Readonly<Record<string, unknown>>) => unknown {
  if (eventType === 'journey_contact_captured') return () => undefined;
  if (eventType === 'subscription_renewed') return () => false;
  if (eventType === 'journey_abandoned')
    return (data) => (data.had_cart === true ? boolean(data.first_purchase) : undefined);
  return (data) => boolean(data.first_purchase);
}

/**
 * The projector of one event type, compiled once: it walks the category's allowlist (never the
 * raw event), sends each value through its declared type, and omits what is absent, null or of
 * the wrong type.
 */
function compile(eventType: string, category: EventCategory): Projector {
  const allowlist = categoryAllowlists[category];
  const names = allowlist.filter((field) => !ruled.has(field));
  const projects = names.map((field) => typeProjectors[fieldTypes[field]]);
  const firstPurchase = allowlist.includes('first_purchase') ? firstPurchaseRule(eventType) : undefined;
  // docs/api.md §6.5: the families that carry attribution are those whose allowlist names it.
  const carriesAttribution = allowlist.includes('attribution');
  return (event, out) => {
    const { data } = event;
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i]!;
      const raw = data[name];
      if (raw === undefined || raw === null) continue;
      const value = projects[i]!(raw);
      if (value !== undefined) out[name] = value;
    }
    if (firstPurchase) {
      const value = firstPurchase(data);
      if (value !== undefined) out.first_purchase = value;
    }
    if (carriesAttribution && event.attribution) {
      const value = projectAttribution(event.attribution);
      if (value !== undefined) out.attribution = value;
    }
  };
}

/** One projector per public event type. */
const projectors = new Map<string, Projector>(
  eventDictionary
    .filter((definition) => definition.visibility === 'public')
    .map((definition) => [definition.name, compile(definition.name, definition.category)]),
);

/**
 * Builds the sanitized v2 payload of one delivery attempt (docs/api.md §2.7, §6): the envelope with a
 * fresh `timestamp`, the category's allowlisted fields each projected through its declared type
 * (nested objects only where a shape is declared, through that shape's own allowlist; money in
 * integer cents; nothing null at any depth), the conditional fields, attribution where the family
 * carries it, and the patient-identity block. An example event (`evt_example_` id) also says
 * `"example": true`.
 */
export function buildV2Payload(event: EventRecord, options: { attemptAt: Date }): Record<string, unknown> {
  const project = projectors.get(event.eventType);
  if (!project) {
    throw new TypeError(
      `@affiliate-commerce/core: ${event.eventType} is not a public event and is never delivered`,
    );
  }
  const payload: Record<string, unknown> = {
    event_type: event.eventType,
    event_id: event.eventId,
    api_version: apiVersion,
    timestamp: options.attemptAt.toISOString(),
    timestamp_epoch: Math.floor(options.attemptAt.getTime() / 1000),
    affiliate_id: event.affiliateId,
  };
  // Only an example carries the field, so real payloads stay as docs/api.md §2.7 lists them.
  if (isExampleEventId(event.eventId)) payload.example = true;
  project(event, payload);
  const { patient } = event;
  payload.patient_marketing_consent = patient?.marketingConsent === true;
  payload.is_returning_patient = patient?.isReturning === true;
  const patientId = patient ? id(patient.id) : undefined;
  if (patientId !== undefined) {
    payload.patient_id = patientId;
    const externalId = id(patient?.externalId);
    if (externalId !== undefined) payload.patient_external_id = externalId;
  }
  return payload;
}

/** The v1 (legacy) payload: the full raw event object, health data included (docs/api.md §6.1). */
export function buildV1Payload(event: EventRecord): Record<string, unknown> {
  return {
    event_type: event.eventType,
    event_id: event.eventId,
    affiliate_id: event.affiliateId,
    created_at: event.occurredAt.toISOString(),
    ...(isExampleEventId(event.eventId) ? { example: true } : {}),
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
