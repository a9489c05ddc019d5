/**
 * Example events, built from the same typed allowlists the v2 sanitizer walks (`fieldTypes`,
 * the nested shapes) and the fields each event type carries (`eventFields`), so an example
 * carries every field its event delivers and nothing it does not. What `POST /v2/webhooks/{id}/actions/sendExample` sends and
 * what `GET /v2/webhooks/eventTypes/{type}/example` shows.
 */
import { type AllowlistedField, type FieldType, fieldTypes } from './allowlists';
import { eventDefinition, isSubscribable } from './event-dictionary';
import { fieldsOfEvent } from './event-fields';
import { exampleEventIdPrefix } from './example-marker';
import { buildV1Payload, buildV2Payload, type EventRecord } from './v2-payload';

/** When example events happened, unless told: a fixed instant, so examples read the same everywhere. */
export const exampleOccurredAt = new Date('2026-11-23T10:00:00.000Z');

/** Options of {@link exampleEvent}. */
export interface ExampleEventOptions {
  /** The affiliate it is for. Default `aff_example`. */
  readonly affiliateId?: string;
  /** Its id; it must start with `evt_example_`. Default `evt_example_1`. */
  readonly eventId?: string;
  /** When it happened; the example's timestamps are set from it. Default `exampleOccurredAt`, a fixed date. */
  readonly occurredAt?: Date;
}

const minutes = (at: Date, delta: number) => new Date(at.getTime() + delta * 60_000).toISOString();

/** An example id with a readable stem: `ord_example_1`. */
const exampleId = (stem: string, n = 1) => `${stem}_example_${n}`;

/** Stems of the ids whose field name alone would read poorly. */
const idStems: Partial<Record<AllowlistedField, string>> = {
  order_id: 'ord',
  ecommerce_order_id: 'eco',
  journey_id: 'jrn',
  case_id: 'case',
  patient_conversation_id: 'conv',
  visit_id: 'visit',
  order_asset_id: 'asset',
  titration_config_id: 'titr',
  questionnaire_id: 'qst',
  location_id: 'loc',
  previous_product_variation_id: 'pv',
  current_product_variation_ids: 'pv',
  future_product_variation_ids: 'pv',
  product_variation_ids: 'pv',
  prescription_id: 'rx',
  pharmacy_id: 'pharm',
  consultation_id: 'cons',
  lab_order_id: 'lab',
  support_case_id: 'sc',
  template_id: 'tpl',
  intake_form_id: 'form',
  intake_form_instance_id: 'formi',
  intake_form_instance_ids: 'formi',
  subscription_id: 'sub',
};

/** The fields whose type cannot make up a realistic value: enum-like codes and free text. */
type NeedsChoice = {
  [F in AllowlistedField]: (typeof fieldTypes)[F] extends 'code' | 'codes' | 'text' ? F : never;
}[AllowlistedField];

/**
 * Values a plain type would make up badly. Every code and text field must have one: a field added
 * to the allowlists without an example here fails to compile.
 */
const chosen: Record<NeedsChoice, unknown> & Partial<Record<AllowlistedField, unknown>> = {
  order_status: 'in_review',
  case_status: 'assigned',
  commerce_status: 'paid',
  subscription_status: 'active',
  order_tag: 'priority',
  channel_type: 'sms',
  visit_type: 'video',
  external_case_identifier: 'EXT-1001',
  external_case_status: 'open',
  order_external_identifier: 'EXT-ORD-1001',
  asset_link: 'https://example.com/assets/asset_example_1',
  titration_direction: 'increase',
  config_name: 'Standard titration',
  status_transition: { from: 'pending', to: 'in_review' },
  current_pv_count: 1,
  future_pv_count: 1,
  future_prescriptions_to_create: 2,
  video_requested: false,
  reason: 'Requested by the care team',
  message_type: 'text',
  order_link: 'https://example.com/orders/ord_example_1',
  reminder_type: 'refill',
  plan_type: 'subscription',
  prescription_status: 'approved',
  instructions: 'Take one daily',
  shipment_status: 'in_transit',
  tracking_number: '1Z999AA10123456784',
  tracking_url: 'https://example.com/track/1Z999AA10123456784',
  shipping_carrier: 'ups',
  pharmacy_status: 'filled',
  payment_status: 'succeeded',
  lab_order_status: 'resulted',
  interpretation: 'Within the reference range',
  lab_name: 'Example Labs',
  external_order_id: 'EXT-LAB-1001',
  provider_order_status: 'completed',
  provider_event_type: 'results_available',
  latest_provider_event_status: 'final',
  support_case_status: 'open',
  support_case_name: 'Question about a delivery',
  support_case_category: 'shipping',
  external_case_url: 'https://example.com/cases/EXT-1001',
  template_display_name: 'Start your plan',
  journey_type: 'checkout',
  coupon_code: 'WELCOME10',
  recovery_url: 'https://example.com/journeys/jrn_example_1/resume',
  recovery_status: 'sent',
  recovery_missing_details: ['payment_method'],
  had_cart: true,
  refund_amount_cents: 1500,
  refund_type: 'partial',
  cycle_number: 2,
};

/** A value of each declared type, for the fields {@link chosen} leaves to their type. */
function valueOfType(type: FieldType, field: AllowlistedField, at: Date): unknown {
  const stem = idStems[field] ?? field.replace(/_ids?$/, '');
  switch (type) {
    case 'id':
      return exampleId(stem);
    case 'ids':
      return [exampleId(stem, 1), exampleId(stem, 2)];
    case 'code':
    case 'codes':
    case 'text':
      return chosen[field as NeedsChoice];
    case 'timestamp':
      return at.toISOString();
    case 'boolean':
      return true;
    case 'cents':
      return 4900;
    case 'count':
      return 1;
    case 'currency':
      return 'USD';
    case 'url':
      return `https://example.com/${stem}/${exampleId(stem)}`;
    case 'products':
      return [
        { product_variation_id: 'pv_example_1', quantity: 1, unit_price_cents: 4900, is_addon: false },
        { product_variation_id: 'pv_example_2', quantity: 2, unit_price_cents: 0, is_addon: true },
      ];
    case 'status_transition':
      return { from: 'pending', to: 'in_review' };
    case 'attribution':
      return exampleAttribution(at);
  }
}

/** Attribution of docs/api.md §2.8 as a storefront captures it: two touches, campaign tags and a click id. */
function exampleAttribution(at: Date): Record<string, unknown> {
  return {
    first: {
      captured_at: minutes(at, -60),
      landing_url: 'https://example.com/start-your-plan',
      referrer_url: 'https://search.example.com/',
      params: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn' },
    },
    last: {
      captured_at: minutes(at, -5),
      landing_url: 'https://example.com/start-your-plan',
      params: { utm_source: 'search', gclid: 'EAIaIQobChMI_example' },
    },
    touch_count: 2,
    visitor_id: 'vis_example_1',
  };
}

/** Timestamps that read as a story: started, then completed or abandoned, then a link expiring. */
const timeline: Partial<Record<AllowlistedField, number>> = {
  started_at: -30,
  completed_at: 0,
  abandoned_at: 0,
  unlocked_at: 0,
  reported_at: 0,
  recovery_url_expires_at: 7 * 24 * 60,
};

/** The status an event's own name implies, over the category's usual one. */
const statusOf: Readonly<Record<string, Partial<Record<AllowlistedField, string>>>> = {
  order_created: { order_status: 'created' },
  order_cancelled: { order_status: 'cancelled' },
  order_completed: { order_status: 'completed' },
  prescription_created: { prescription_status: 'pending' },
  prescription_denied: { prescription_status: 'denied' },
  prescription_sent_to_pharmacy: { prescription_status: 'sent_to_pharmacy' },
  prescription_renewal_requested: { prescription_status: 'renewal_requested' },
  pharmacy_received_prescription: { pharmacy_status: 'received' },
  shipment_created: { shipment_status: 'created' },
  shipment_delivered: { shipment_status: 'delivered' },
  shipment_exception: { shipment_status: 'exception' },
  payment_failed: { payment_status: 'failed' },
  payment_refunded: { payment_status: 'refunded' },
  lab_order_created: { lab_order_status: 'created' },
  lab_results_interpreted: { lab_order_status: 'interpreted' },
  support_case_created: { support_case_status: 'open' },
  support_case_status_changed: { support_case_status: 'resolved' },
  journey_started: { recovery_status: 'not_needed' },
  journey_abandoned: { recovery_status: 'sent' },
  ecommerce_order_created: { commerce_status: 'pending', payment_status: 'pending' },
  ecommerce_order_refunded: { commerce_status: 'refunded' },
  ecommerce_order_cancelled: { commerce_status: 'cancelled' },
  subscription_paused: { subscription_status: 'paused' },
  subscription_cancelled: { subscription_status: 'cancelled' },
  subscription_renewal_failed: { subscription_status: 'past_due', payment_status: 'failed' },
};

/** docs/api.md §6.4: whether and how `first_purchase` appears on this event. */
function firstPurchaseOf(eventType: string): boolean | undefined {
  if (eventType === 'journey_contact_captured') return undefined;
  return eventType !== 'subscription_renewed';
}

/**
 * A realistic example of one subscribable event, as the outbox stores it: every field its event
 * type carries (`eventFields`, within its category's allowlist of docs/api.md §6.2), each a value of its declared type (ids like `ord_example_1`,
 * ISO timestamps, money in integer cents, `https://example.com` links), attribution where the
 * family carries it, and a linked patient for the identity block (docs/api.md §6.3). Its v2 payload is
 * the same data, unchanged by the sanitizer, plus `"example": true`.
 *
 * @throws TypeError for an unknown, internal or unimplemented event (check with `isSubscribable`)
 * @example
 * const event = exampleEvent('order_created', { affiliateId: 'aff_1' });
 * event.data.order_id // 'ord_example_1'
 */
export function exampleEvent(eventType: string, options: ExampleEventOptions = {}): EventRecord {
  const definition = eventDefinition(eventType);
  if (!definition || !isSubscribable(eventType)) {
    throw new TypeError(
      `@affiliate-commerce/core: no example of ${JSON.stringify(eventType)}: not a subscribable event`,
    );
  }
  const eventId = options.eventId ?? `${exampleEventIdPrefix}1`;
  if (!eventId.startsWith(exampleEventIdPrefix)) {
    throw new TypeError(`@affiliate-commerce/core: an example event id starts with ${exampleEventIdPrefix}`);
  }
  const at = options.occurredAt ?? exampleOccurredAt;
  const allowlist = fieldsOfEvent(eventType);
  const statuses = statusOf[eventType] ?? {};
  const data: Record<string, unknown> = {};
  let attribution: Record<string, unknown> | undefined;
  for (const field of allowlist) {
    if (field === 'attribution') attribution = exampleAttribution(at);
    else if (field === 'first_purchase') {
      const firstPurchase = firstPurchaseOf(eventType);
      if (firstPurchase !== undefined) data.first_purchase = firstPurchase;
    } else if (timeline[field] !== undefined) data[field] = minutes(at, timeline[field]);
    else data[field] = statuses[field] ?? chosen[field] ?? valueOfType(fieldTypes[field], field, at);
  }
  return {
    eventId,
    eventType,
    affiliateId: options.affiliateId ?? 'aff_example',
    occurredAt: at,
    data,
    patient: {
      id: 'pat_example_1',
      externalId: 'ext_pat_example_1',
      marketingConsent: true,
      isReturning: false,
    },
    ...(attribution ? { attribution } : {}),
  };
}

/** The payloads of one example event, in both generations. */
export interface ExamplePayloads {
  /** The sanitized envelope a v2 webhook receives (docs/api.md §2.7). */
  readonly v2: Record<string, unknown>;
  /** The raw event a v1 webhook receives (docs/api.md §6.1). */
  readonly v1: Record<string, unknown>;
}

/**
 * The payloads a webhook would receive for {@link exampleEvent}, for an event catalog: the v2
 * envelope (its `timestamp` is `attemptAt`) and the v1 raw event.
 *
 * @throws TypeError for an unknown, internal or unimplemented event
 * @example
 * examplePayloads('payment_succeeded').v2.total_value_cents // 4900
 */
export function examplePayloads(
  eventType: string,
  options: ExampleEventOptions & { attemptAt?: Date } = {},
): ExamplePayloads {
  const event = exampleEvent(eventType, options);
  return {
    v2: buildV2Payload(event, { attemptAt: options.attemptAt ?? event.occurredAt }),
    v1: buildV1Payload(event),
  };
}
