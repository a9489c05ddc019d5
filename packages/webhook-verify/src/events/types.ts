import type { CategoryOf, WebhookEventType } from './event-types';
import type { CategoryFields } from './fields';

/** The envelope fields of docs/api.md §2.7, on every v2 payload. */
export interface WebhookEnvelope<E extends WebhookEventType = WebhookEventType> {
  event_type: E;
  /** The deduplication key: stable across delivery attempts. */
  event_id: string;
  /** Payload schema version (docs/api.md §9.1); `2026-08-17` for the types in this package. */
  api_version: string;
  /** ISO 8601 time of this delivery attempt, new on every retry: do not order or dedupe by it. */
  timestamp: string;
  /** The same instant as `timestamp`, in Unix seconds. */
  timestamp_epoch: number;
  affiliate_id: string;
  /**
   * `true` on an example the sender sent on request (`sendExample`), whose `event_id` starts with
   * `evt_example_`; absent on real events.
   */
  example?: boolean;
}

/** The patient-identity block of docs/api.md §6.3, on every v2 payload; never null. */
export interface PatientIdentity {
  /** Defaults to false. */
  patient_marketing_consent: boolean;
  /** Per patient: true when the patient has another order paid, processing or completed. */
  is_returning_patient: boolean;
  /** Present when the event has a linked patient. */
  patient_id?: string;
  /** Present only when the linked patient also has an external identifier. */
  patient_external_id?: string;
}

/**
 * The fields of an event's category with the event-level rules of docs/api.md §6.4 applied:
 * `subscription_renewed` always sends `first_purchase: false`; `journey_contact_captured` never
 * has `first_purchase`.
 */
export type EventFields<
  E extends WebhookEventType,
  F = CategoryFields[CategoryOf<E>],
> = E extends 'journey_contact_captured'
  ? Omit<F, 'first_purchase'>
  : E extends 'subscription_renewed'
    ? Omit<F, 'first_purchase'> & { first_purchase: false }
    : F;

/** The v2 payload of one event type. @example type Paid = WebhookEventOf<'ecommerce_order_paid'>; */
export type WebhookEventOf<E extends WebhookEventType> = WebhookEnvelope<E> &
  PatientIdentity &
  EventFields<E>;

/**
 * A verified v2 payload: a union discriminated by `event_type`, so a `switch` on it narrows to
 * the fields of that event's category.
 *
 * @example
 * switch (event.event_type) {
 *   case 'subscription_renewed':
 *     console.log(event.subscription_id, event.cycle_number);
 *     break;
 * }
 */
export type WebhookEvent = { [E in WebhookEventType]: WebhookEventOf<E> }[WebhookEventType];
