import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventDictionary, isSubscribable } from '../events/event-dictionary';
import { validateInterests, validateWebhookUrl } from './webhook-input';

const subscribable = eventDictionary.filter((event) => isSubscribable(event.name)).map((event) => event.name);
const names = new Set(eventDictionary.map((event) => event.name));

describe('6.1: the event dictionary behind webhookInterests', () => {
  it('has 60 events: 58 public, 2 internal, 57 subscribable, each with a 6.2 category, description and emitter', () => {
    expect(eventDictionary).toHaveLength(60);
    expect(names.size).toBe(60);
    expect(eventDictionary.filter((e) => e.visibility === 'public')).toHaveLength(58);
    expect(eventDictionary.filter((e) => e.visibility === 'internal')).toHaveLength(2);
    expect(subscribable).toHaveLength(57);
    expect(eventDictionary.filter((e) => !e.implemented).map((e) => e.name)).toEqual([
      'pharmacy_rejected_prescription',
    ]);
    const categories = [
      'ORDER',
      'PRESCRIPTION',
      'SHIPPING',
      'PHARMACY',
      'PAYMENT',
      'LAB',
      'SUPPORT',
      'JOURNEY',
      'COMMERCE',
      'PATIENT',
      'INTERNAL',
    ];
    for (const event of eventDictionary) {
      expect(categories).toContain(event.category);
      expect(event.description.length).toBeGreaterThan(0);
      expect(event.emittedBy).toMatch(/^commerce\.\w+$/);
    }
  });

  it('includes the eight names SPEC 6.1 lists, all subscribable', () => {
    for (const name of [
      'order_created',
      'subscription_renewed',
      'patient_enrolled',
      'custom_intake_form_completed',
      'journey_contact_captured',
      'journey_checkout_started',
      'journey_completed',
      'journey_abandoned',
    ]) {
      expect(isSubscribable(name)).toBe(true);
    }
  });
});

describe('validateInterests', () => {
  it('property: any list of subscribable events is accepted, de-duplicated, first occurrences in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...subscribable), { maxLength: 80 }), (list) => {
        expect(validateInterests(list)._unsafeUnwrap()).toEqual([...new Set(list)]);
      }),
    );
  });

  it('property: one name outside the subscribable set refuses the whole list, naming it', () => {
    const outsider = fc.oneof(
      fc.string().filter((s) => !names.has(s)),
      fc.constantFrom('internal_patient_merged', 'internal_audit_recorded', 'pharmacy_rejected_prescription'),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...subscribable)), outsider, fc.nat(), (list, bad, at) => {
        const withBad = [...list];
        withBad.splice(at % (list.length + 1), 0, bad);
        const error = validateInterests(withBad)._unsafeUnwrapErr();
        expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'webhookInterests' });
        expect(error.message).toContain(`'${bad}'`);
      }),
    );
  });
});

describe('validateWebhookUrl', () => {
  const policy = { allowPrivateNetworks: false };

  it('property: any https URL on a public name is accepted and stored normalised', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }), (url) => {
        fc.pre(
          !/@/.test(new URL(url).host) &&
            !new URL(url).username &&
            !/^\[?[\d.:a-f]+\]?$/i.test(new URL(url).hostname),
        );
        fc.pre(!/(^|\.)localhost$/i.test(new URL(url).hostname) && !/^metadata/i.test(new URL(url).hostname));
        expect(validateWebhookUrl(url, policy)._unsafeUnwrap()).toBe(new URL(url).href);
      }),
    );
  });

  it('property: any http URL is refused unless private networks are allowed', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http'] }), (url) => {
        fc.pre(!new URL(url).username && !new URL(url).password);
        expect(validateWebhookUrl(url, policy).isErr()).toBe(true);
      }),
    );
  });
});
