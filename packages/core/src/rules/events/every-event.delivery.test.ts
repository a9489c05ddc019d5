import {
  sandboxCaseSystemOf,
  startReceiver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import type { WebhookEventType } from '@affiliate-commerce/webhook-verify/events';
import { eventJsonSchemas, type JsonSchema } from '@affiliate-commerce/webhook-verify/json-schema';
import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Result } from 'neverthrow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../../ports/net/node-http-client';
import { nodeResolver } from '../../ports/net/node-resolver';
import { runWorker } from '../../worker/run-worker';
import { envelopeFields, identityFields } from './allowlists';
import { eventDictionary, isSubscribable } from './event-dictionary';
import { fieldsOfEvent } from './event-fields';
import { examplePayloads } from './example-event';

/**
 * How one event is emitted: `setup` makes what the emitting call needs (before the webhook
 * exists, so nothing it emits is delivered), `emit` makes the host call or API request that
 * emits the event.
 */
interface Emitter {
  readonly setup?: (svc: TestService) => Promise<void>;
  readonly emit: (svc: TestService) => Promise<void>;
}

const affiliateId = 'aff_1';

function must<T, E>(result: Result<T, E>): T {
  if (result.isErr()) throw new Error(`call failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

async function request(svc: TestService, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await svc.handle(new Request(`http://api.test${path}`, init));
  const json = (await response.json()) as { data?: Record<string, unknown> };
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data ?? {};
}

// Clinical orders (the ORDER family).
const clinicalOrder = (svc: TestService, status = 'pending', fields: Record<string, unknown> = {}) =>
  svc.commerce
    .recordClinicalOrder({
      affiliateId,
      order: {
        id: 'co_1',
        status,
        ecommerceOrderId: 'ord_1',
        patientId: 'pat_1',
        fields: { case_id: 'cs_1', case_status: 'unassigned', product_variation_ids: ['pv_1'], ...fields },
      },
    })
    .then(() => undefined);
const orderChange = (status: string, fields: Record<string, unknown> = {}): Emitter => ({
  setup: async (svc) => await clinicalOrder(svc),
  emit: async (svc) => await clinicalOrder(svc, status, fields),
});
const orderActivity = (
  type: Parameters<TestService['commerce']['recordOrderActivity']>[0]['activity']['type'],
): Emitter => ({
  setup: async (svc) => await clinicalOrder(svc),
  emit: async (svc) =>
    void (await svc.commerce.recordOrderActivity({
      affiliateId,
      orderId: 'co_1',
      activity: { type, id: 'act_1' },
    })),
});

// Prescriptions, pharmacy, shipments, lab orders and payments.
type RecordCall =
  | 'recordPrescription'
  | 'recordPharmacyStatus'
  | 'recordShipment'
  | 'recordLabOrder'
  | 'recordPayment';
const record = (svc: TestService, call: RecordCall, status: string) =>
  svc.commerce[call]({ affiliateId, record: { id: 'rec_1', status, orderId: 'ord_1', patientId: 'pat_1' } });
const recordStatus = (call: RecordCall, status: string, before?: string): Emitter => ({
  ...(before ? { setup: async (svc: TestService) => void (await record(svc, call, before)) } : {}),
  emit: async (svc) => void (await record(svc, call, status)),
});

// Support cases, through the API.
async function createTicket(svc: TestService) {
  await request(svc, 'POST', '/v2/cases/sync-case-type', { requestTypeId: '11' }, testTokens.superAdmin);
  const created = await request(
    svc,
    'POST',
    '/v2/cases/actions/create-ticket',
    { requestTypeId: '11', fields: { summary: 'Parcel late' } },
    testTokens.agent,
  );
  return { id: String(created.id), key: String(created.externalCaseIdentifier) };
}
const tickets = new WeakMap<TestService, { id: string; key: string }>();
const ticket = (svc: TestService) => {
  const found = tickets.get(svc);
  if (!found) throw new Error('no ticket was created in setup');
  return found;
};

// Journeys, started through the storefront route.
const template = (svc: TestService) =>
  svc.commerce.recordJourneyTemplate({
    affiliateId,
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://shop.example/start',
      journey_type: 'ecommerce',
    },
  });
const startJourney = async (svc: TestService) =>
  String((await request(svc, 'POST', '/journeys', { templateSlug: 'start-your-plan' })).id);
const journeys = new WeakMap<TestService, string>();
const withJourney = async (svc: TestService) => {
  await template(svc);
  journeys.set(svc, await startJourney(svc));
};
const journeyStatus = (
  status: Parameters<TestService['commerce']['setJourneyStatus']>[0]['status'],
): Emitter => ({
  setup: withJourney,
  emit: async (svc) =>
    void (await svc.commerce.setJourneyStatus({ affiliateId, journeyId: journeys.get(svc)!, status })),
});

// Ecommerce orders and subscriptions.
const order = (svc: TestService, overrides: Record<string, unknown> = {}) =>
  svc.commerce.recordOrder({
    affiliateId,
    order: { id: 'ord_1', totalCents: 4_900, patientId: 'pat_1', ...overrides },
  });
const orderStatus = (status: 'paid' | 'refunded' | 'cancelled'): Emitter => ({
  setup: async (svc) => void (await order(svc)),
  emit: async (svc) => void (await svc.commerce.setOrderStatus({ affiliateId, orderId: 'ord_1', status })),
});
const subscription = (svc: TestService) =>
  svc.commerce.recordSubscription({
    affiliateId,
    subscription: {
      id: 'sub_1',
      cadence: { interval: 'month', count: 1 },
      nextBillingDate: '2026-12-01T00:00:00Z',
      patientId: 'pat_1',
      parentOrderId: 'ord_1',
    },
  });
const subscriptionStatus = (
  status: 'active' | 'paused' | 'cancelled',
  before?: 'paused' | 'cancelled',
): Emitter => ({
  setup: async (svc) => {
    await order(svc, { status: 'paid' });
    await subscription(svc);
    if (before)
      await svc.commerce.setSubscriptionStatus({ affiliateId, subscriptionId: 'sub_1', status: before });
  },
  emit: async (svc) =>
    void (await svc.commerce.setSubscriptionStatus({ affiliateId, subscriptionId: 'sub_1', status })),
});

// Patients.
const patient = (svc: TestService, given: { externalId?: string; marketingConsent?: boolean } = {}) =>
  svc.commerce.recordPatient({ affiliateId, patient: { id: 'pat_1', ...given } });
const patientChange = (given: { externalId?: string; marketingConsent?: boolean }): Emitter => ({
  setup: async (svc) => void (await patient(svc)),
  emit: async (svc) => void (await patient(svc, given)),
});

/** The call or request that emits each subscribable event. */
const emitters: Readonly<Record<string, Emitter>> = {
  order_created: { emit: async (svc) => await clinicalOrder(svc) },
  order_updated: orderChange('pending', { order_tag: 'priority' }),
  order_status_changed: orderChange('in_review'),
  order_cancelled: orderChange('cancelled'),
  order_completed: orderChange('completed'),
  order_case_status_changed: orderChange('pending', { case_status: 'assigned' }),
  order_message_received: orderActivity('message_received'),
  order_visit_scheduled: orderActivity('visit_scheduled'),
  order_visit_completed: orderActivity('visit_completed'),
  order_asset_unlocked: orderActivity('asset_unlocked'),
  order_titration_changed: orderActivity('titration_changed'),
  order_reminder_sent: orderActivity('reminder_sent'),
  order_questionnaire_completed: orderActivity('questionnaire_completed'),
  order_product_changed: orderChange('pending', { product_variation_ids: ['pv_2'] }),
  prescription_created: recordStatus('recordPrescription', 'pending'),
  prescription_approved: recordStatus('recordPrescription', 'approved', 'pending'),
  prescription_denied: recordStatus('recordPrescription', 'denied', 'pending'),
  prescription_sent_to_pharmacy: recordStatus('recordPrescription', 'sent_to_pharmacy', 'approved'),
  prescription_renewal_requested: recordStatus('recordPrescription', 'renewal_requested', 'approved'),
  pharmacy_received_prescription: recordStatus('recordPharmacyStatus', 'received'),
  pharmacy_filled_prescription: recordStatus('recordPharmacyStatus', 'filled', 'received'),
  pharmacy_status_changed: recordStatus('recordPharmacyStatus', 'on_hold', 'received'),
  shipment_created: recordStatus('recordShipment', 'created'),
  shipment_in_transit: recordStatus('recordShipment', 'in_transit', 'created'),
  shipment_delivered: recordStatus('recordShipment', 'delivered', 'in_transit'),
  shipment_exception: recordStatus('recordShipment', 'exception', 'in_transit'),
  payment_succeeded: recordStatus('recordPayment', 'succeeded'),
  payment_failed: recordStatus('recordPayment', 'failed'),
  payment_refunded: recordStatus('recordPayment', 'refunded', 'succeeded'),
  consultation_payment_succeeded: recordStatus('recordPayment', 'consultation_succeeded'),
  lab_order_created: recordStatus('recordLabOrder', 'ordered'),
  lab_order_status_changed: recordStatus('recordLabOrder', 'collected', 'ordered'),
  lab_results_received: recordStatus('recordLabOrder', 'resulted', 'collected'),
  lab_results_interpreted: recordStatus('recordLabOrder', 'interpreted', 'resulted'),
  support_case_created: {
    emit: async (svc) => void (await createTicket(svc)),
  },
  support_case_status_changed: {
    setup: async (svc) => {
      const created = await createTicket(svc);
      tickets.set(svc, created);
      const sandbox = sandboxCaseSystemOf(svc);
      const [transition] = must(await sandbox.listTransitions({ issueIdOrKey: created.key }));
      must(await sandbox.performTransition({ issueIdOrKey: created.key, transitionId: transition!.id }));
    },
    emit: async (svc) =>
      void (await request(svc, 'GET', `/v2/cases/${ticket(svc).id}`, undefined, testTokens.agent)),
  },
  support_case_replied: {
    setup: async (svc) => void tickets.set(svc, await createTicket(svc)),
    emit: async (svc) => {
      const form = new FormData();
      form.set('message', 'Any news?');
      await request(svc, 'POST', `/v2/cases/${ticket(svc).id}/actions/respond`, form, testTokens.agent);
    },
  },
  journey_started: {
    setup: async (svc) => void (await template(svc)),
    emit: async (svc) => void (await startJourney(svc)),
  },
  journey_contact_captured: journeyStatus('contact_captured'),
  journey_checkout_started: journeyStatus('checkout_started'),
  journey_completed: journeyStatus('completed'),
  journey_abandoned: journeyStatus('abandoned'),
  custom_intake_form_completed: {
    setup: withJourney,
    emit: async (svc) =>
      void (await svc.commerce.completeIntakeForm({
        affiliateId,
        journeyId: journeys.get(svc)!,
        intakeFormId: 'ifm_1',
        intakeFormInstanceId: 'ifi_1',
      })),
  },
  ecommerce_order_created: { emit: async (svc) => void (await order(svc)) },
  ecommerce_order_paid: orderStatus('paid'),
  ecommerce_order_refunded: orderStatus('refunded'),
  ecommerce_order_cancelled: orderStatus('cancelled'),
  subscription_created: {
    setup: async (svc) => void (await order(svc, { status: 'paid' })),
    emit: async (svc) => void (await subscription(svc)),
  },
  subscription_renewed: {
    setup: async (svc) => {
      await order(svc, { status: 'paid' });
      await subscription(svc);
    },
    emit: async (svc) =>
      void (await order(svc, {
        id: 'ord_2',
        isRenewal: true,
        parentOrderId: 'ord_1',
        subscriptionId: 'sub_1',
        cycleNumber: 2,
      })),
  },
  subscription_paused: subscriptionStatus('paused'),
  subscription_resumed: subscriptionStatus('active', 'paused'),
  subscription_cancelled: subscriptionStatus('cancelled'),
  subscription_renewal_failed: {
    setup: async (svc) => {
      await order(svc, { status: 'paid' });
      await subscription(svc);
    },
    emit: async (svc) =>
      void (await svc.commerce.recordRenewalFailure({
        affiliateId,
        subscriptionId: 'sub_1',
        cycleNumber: 2,
      })),
  },
  patient_enrolled: { emit: async (svc) => void (await patient(svc)) },
  patient_updated: patientChange({ externalId: 'ext_1' }),
  patient_consent_changed: patientChange({ marketingConsent: true }),
  patient_external_id_linked: patientChange({ externalId: 'ext_1' }),
};

const subscribable = eventDictionary.filter((event) => isSubscribable(event.name)).map((event) => event.name);

/**
 * The published JSON Schema turned strict: every object that lists its properties takes no
 * other key. The published one keeps unknown keys (fields are additive within a version); this
 * one shows a delivery carries nothing its schema does not name, at any depth.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  return 'properties' in copy ? { ...copy, additionalProperties: false } : copy;
}

/** ajv, a validator that is not zod, on the JSON Schema of each type, as published and closed. */
const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }));
const validators = (type: string) => {
  const schema = eventJsonSchemas[type as WebhookEventType];
  return { published: ajv.compile(schema), closed: ajv.compile(closed(schema) as JsonSchema) };
};

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
const http = nodeHttpClient();
const resolver = nodeResolver();
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

/** Runs a real worker until the receiver got one delivery. */
async function deliverOne(svc: TestService) {
  const stop = new AbortController();
  const working = runWorker({ service: svc, signal: stop.signal, batchSize: 10, concurrency: 2 });
  for (let i = 0; i < 400 && receiver.received.length === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  stop.abort();
  await working;
  return receiver.received;
}

describe('6.1 all 57 subscribable events reach a receiver through a real worker, valid for zod and for ajv on the published JSON Schema', () => {
  it('the table has an emitter for every subscribable event and for nothing else', () => {
    expect(subscribable).toHaveLength(57);
    expect(Object.keys(emitters).sort()).toEqual([...subscribable].sort());
  });

  it.each(subscribable)('%s: its host call emits it, and the receiver gets a valid v2 body', async (name) => {
    const emitter = emitters[name];
    expect(emitter, `no host call or route emits ${name}`).toBeDefined();
    const svc = testService({ http, resolver, allowPrivateNetworks: true });
    await emitter!.setup?.(svc);
    await request(
      svc,
      'POST',
      '/v2/webhooks',
      { name: 'Receiver', url: receiver.url, webhookInterests: [name] },
      testTokens.superAdmin,
    );
    await emitter!.emit(svc);
    const received = await deliverOne(svc);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-webhook-version']).toBe('v2');
    const body = JSON.parse(received[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ event_type: name, affiliate_id: affiliateId });
    const parsed = webhookEventSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    for (const validate of Object.values(validators(name)))
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    // The fields the dictionary says this type carries, which its example and the catalog show.
    const declared = new Set<string>([...envelopeFields, ...identityFields, ...fieldsOfEvent(name)]);
    expect(Object.keys(body).filter((key) => !declared.has(key))).toEqual([]);
  });

  it('the closed JSON Schema refuses a key the allowlist drops or a value of the wrong type', () => {
    const { published, closed } = validators('order_created');
    const example = examplePayloads('order_created').v2;
    expect(closed(example)).toBe(true);
    // Published schemas keep unknown keys (docs/api.md §9.2), so only the closed one catches a leak.
    const leaked = { ...example, patient_email: 'pat@example.com' };
    expect(published(leaked)).toBe(true);
    expect(closed(leaked)).toBe(false);
    const nested = {
      ...example,
      attribution: { ...(example.attribution as object), ip_address: '10.0.0.1' },
    };
    expect(closed(nested)).toBe(false);
    const wrongType = { ...example, order_id: 42 };
    expect(published(wrongType)).toBe(false);
    expect(closed(wrongType)).toBe(false);
  });
});
