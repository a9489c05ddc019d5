import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Attribution } from './attribution';
import type { WebhookEventType } from './event-types';
import type { WebhookEvent, WebhookEventOf } from './types';

/** Type-level checks: `tsc` fails on a wrong expectation, and the test run shows them as tests. */
describe('2.7 and 6.2 to 6.5: the WebhookEvent union', () => {
  it('is discriminated by event_type over the 58 public events', () => {
    expectTypeOf<WebhookEvent['event_type']>().toEqualTypeOf<WebhookEventType>();
    const narrow = (event: WebhookEvent) => {
      if (event.event_type === 'shipment_delivered') {
        expectTypeOf(event.tracking_number).toEqualTypeOf<string | null | undefined>();
        expectTypeOf(event).not.toHaveProperty('order_status');
      }
      if (event.event_type === 'journey_abandoned')
        expectTypeOf(event.had_cart).toEqualTypeOf<boolean | null | undefined>();
    };
    expect(narrow).toBeTypeOf('function');
  });

  it('6.3 every event has the identity block', () => {
    expectTypeOf<WebhookEvent['patient_marketing_consent']>().toEqualTypeOf<boolean>();
    expectTypeOf<WebhookEvent['is_returning_patient']>().toEqualTypeOf<boolean>();
    expectTypeOf<WebhookEvent['patient_id']>().toEqualTypeOf<string | undefined>();
  });

  it('6.5 support and patient events carry no attribution; the others may', () => {
    expectTypeOf<WebhookEventOf<'support_case_created'>>().not.toHaveProperty('attribution');
    expectTypeOf<WebhookEventOf<'patient_enrolled'>>().not.toHaveProperty('attribution');
    expectTypeOf<WebhookEventOf<'lab_results_received'>['attribution']>().toEqualTypeOf<
      Attribution | undefined
    >();
    expectTypeOf<WebhookEventOf<'journey_completed'>['attribution']>().toEqualTypeOf<
      Attribution | undefined
    >();
  });

  it('6.4 subscription_renewed always sends first_purchase false; journey_contact_captured never has it', () => {
    expectTypeOf<WebhookEventOf<'subscription_renewed'>['first_purchase']>().toEqualTypeOf<false>();
    expectTypeOf<WebhookEventOf<'journey_contact_captured'>>().not.toHaveProperty('first_purchase');
    expectTypeOf<WebhookEventOf<'journey_completed'>['first_purchase']>().toEqualTypeOf<
      boolean | null | undefined
    >();
  });
});
