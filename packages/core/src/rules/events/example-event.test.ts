import { webhookEventSchemas } from '@affiliate-commerce/webhook-verify/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryAllowlists, envelopeFields, identityFields } from './allowlists';
import { eventDictionary, isSubscribable } from './event-dictionary';
import { eventFields, fieldsOfEvent } from './event-fields';
import { exampleEvent, examplePayloads } from './example-event';
import { isExampleEventId } from './example-marker';
import { buildV2Payload } from './v2-payload';

const attemptAt = new Date('2026-11-24T08:00:00.000Z');
const subscribable = eventDictionary.filter((event) => isSubscribable(event.name));
const outsideAllowlists = new Set<string>([...envelopeFields, ...identityFields, 'example']);

/** The fields of a v2 payload that came through the category's allowlist. */
const allowlisted = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).filter(([key]) => !outsideAllowlists.has(key)));

/** What the example carries in the allowlisted part of the payload: its data and its attribution. */
const carried = (event: ReturnType<typeof exampleEvent>) => ({
  ...event.data,
  ...(event.attribution ? { attribution: event.attribution } : {}),
});

describe('6.2 example events are built from the allowlists the sanitizer uses', () => {
  it('6.1 every subscribable event has one: 57 of the 60', () => {
    expect(subscribable).toHaveLength(57);
  });

  it.each(subscribable.map((event) => [event.name, event.category] as const))(
    '%s (%s): survives sanitising unchanged and carries exactly the fields its event carries',
    (name, category) => {
      const event = exampleEvent(name, { affiliateId: 'aff_1' });
      const payload = buildV2Payload(event, { attemptAt });
      expect(allowlisted(payload)).toEqual(carried(event));
      const expected = fieldsOfEvent(name);
      expect(expected.every((field) => categoryAllowlists[category].includes(field))).toBe(true);
      expect(Object.keys(allowlisted(payload)).sort()).toEqual([...expected].sort());
      // The receivers' own schema for this event type accepts it, marker included.
      expect(webhookEventSchemas[name as keyof typeof webhookEventSchemas].parse(payload)).toMatchObject({
        event_type: name,
        example: true,
      });
    },
  );

  it('6.3 and 2.7: the identity block is filled, the envelope marks the example', () => {
    const { v2, v1 } = examplePayloads('order_created', { attemptAt });
    expect(v2).toMatchObject({
      event_type: 'order_created',
      event_id: 'evt_example_1',
      api_version: '2026-08-17',
      timestamp: attemptAt.toISOString(),
      timestamp_epoch: Math.floor(attemptAt.getTime() / 1000),
      affiliate_id: 'aff_example',
      example: true,
      patient_marketing_consent: true,
      is_returning_patient: false,
      patient_id: 'pat_example_1',
      patient_external_id: 'ext_pat_example_1',
      order_id: 'ord_example_1',
      order_status: 'created',
      total_value_cents: 4900,
      currency: 'USD',
      first_purchase: true,
    });
    expect(v1).toMatchObject({
      event_id: 'evt_example_1',
      example: true,
      data: { order_id: 'ord_example_1' },
    });
  });

  it("6.2 an example shows only its own event's fields, not its whole category's", () => {
    expect(Object.keys(eventFields).sort()).toEqual(
      eventDictionary
        .filter((event) => event.visibility === 'public')
        .map((event) => event.name)
        .sort(),
    );
    const started = examplePayloads('journey_started').v2;
    expect(started).toHaveProperty('started_at');
    expect(started).not.toHaveProperty('completed_at');
    expect(started).not.toHaveProperty('abandoned_at');
    expect(examplePayloads('journey_completed').v2).not.toHaveProperty('abandoned_at');
    expect(examplePayloads('order_visit_scheduled').v2).not.toHaveProperty('titration_direction');
    expect(examplePayloads('order_created').v2).not.toHaveProperty('status_transition');
    expect(examplePayloads('order_status_changed').v2).toHaveProperty('status_transition');
    expect(examplePayloads('subscription_paused').v2).not.toHaveProperty('refund_amount_cents');
    expect(fieldsOfEvent('internal_audit_recorded')).toEqual([]);
  });

  it('6.4 first_purchase follows the event: false on renewals, never on contact capture', () => {
    expect(examplePayloads('subscription_renewed').v2.first_purchase).toBe(false);
    expect(examplePayloads('journey_contact_captured').v2).not.toHaveProperty('first_purchase');
    expect(examplePayloads('journey_abandoned').v2).toMatchObject({ had_cart: true, first_purchase: true });
  });

  it('2.7 money in integer cents, ISO timestamps, example.com links', () => {
    const { v2 } = examplePayloads('journey_abandoned');
    expect(v2.products).toEqual([
      { product_variation_id: 'pv_example_1', quantity: 1, unit_price_cents: 4900, is_addon: false },
      { product_variation_id: 'pv_example_2', quantity: 2, unit_price_cents: 0, is_addon: true },
    ]);
    expect(v2.abandoned_at).toBe('2026-11-23T10:00:00.000Z');
    expect(v2.recovery_url).toMatch(/^https:\/\/example\.com\//);
  });

  it('any affiliate, id and instant: still unchanged by the sanitizer (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...subscribable.map((event) => event.name)),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.stringMatching(/^aff_[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        (name, occurredAt, affiliateId, suffix) => {
          const event = exampleEvent(name, { affiliateId, occurredAt, eventId: `evt_example_${suffix}` });
          const payload = buildV2Payload(event, { attemptAt });
          expect(allowlisted(payload)).toEqual(carried(event));
          expect(payload).toMatchObject({ affiliate_id: affiliateId, example: true });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('6.1 refuses the three events that cannot be subscribed to, and unknown names', () => {
    const refused = eventDictionary.filter((event) => !isSubscribable(event.name)).map((event) => event.name);
    expect(refused.sort()).toEqual([
      'internal_audit_recorded',
      'internal_patient_merged',
      'pharmacy_rejected_prescription',
    ]);
    for (const name of [...refused, 'nope', '']) expect(() => exampleEvent(name)).toThrow(TypeError);
  });

  it('an example id must carry the example prefix; only such ids are marked', () => {
    expect(() => exampleEvent('order_created', { eventId: 'evt_1' })).toThrow(TypeError);
    expect(isExampleEventId('evt_example_1')).toBe(true);
    expect(isExampleEventId('evt_0a1b2c3d4e5f6g7h8i9j')).toBe(false);
    const real = { ...exampleEvent('order_created'), eventId: 'evt_1' };
    expect(buildV2Payload(real, { attemptAt })).not.toHaveProperty('example');
  });
});
