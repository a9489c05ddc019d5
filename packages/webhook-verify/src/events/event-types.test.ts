import { eventDictionary, isSubscribable } from '@affiliate-commerce/core';
import { describe, expect, it } from 'vitest';
import { notYetSubscribable, webhookEventCategories } from './event-types';

describe('6.1 the public event list and the dictionary core builds on it', () => {
  const publicEvents = eventDictionary.filter((event) => event.visibility === 'public');

  it('has the public names and categories of core, in order', () => {
    expect(Object.entries(webhookEventCategories)).toEqual(
      publicEvents.map((event) => [event.name, event.category]),
    );
  });

  it('has 58 public events, 57 of them subscribable, and none internal', () => {
    const names = Object.keys(webhookEventCategories);
    expect(names).toHaveLength(58);
    expect(names.filter((name) => !notYetSubscribable.includes(name as never))).toHaveLength(57);
    expect(notYetSubscribable.filter((name) => isSubscribable(name))).toEqual([]);
    expect(names.filter((name) => !notYetSubscribable.includes(name as never)).every(isSubscribable)).toBe(
      true,
    );
    expect(Object.values(webhookEventCategories)).not.toContain('INTERNAL');
  });

  it('names the docs/api.md §6.1 events that appear', () => {
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
      expect(webhookEventCategories).toHaveProperty(name);
    }
  });
});
