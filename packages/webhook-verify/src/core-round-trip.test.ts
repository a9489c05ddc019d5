import { categoryAllowlists, type EventRecord, eventDictionary } from '@affiliate-commerce/core';
import { buildV2Payload, signatureHeader, signV2 } from '@affiliate-commerce/core/http';
import { describe, expect, it } from 'vitest';
import { clickIdsForAdReplay, verifyWebhook, verifyWebhookAsync } from '.';
import { webhookEventSchema } from './schemas';

const newSecret = 'whsec_bmV3LXNlY3JldC1ieXRlcy0zMi1ieXRlcy1sb25nISE';
const oldSecret = 'whsec_b2xkLXNlY3JldC1ieXRlcy0zMi1ieXRlcy1sb25nISE';
const now = new Date('2026-11-23T10:00:00.000Z');
const timestamp = Math.floor(now.getTime() / 1000);

/** A raw event with a value for every allowlisted field of its category, typed as core emits them. */
function rawData(category: keyof typeof categoryAllowlists): Record<string, unknown> {
  const data: Record<string, unknown> = { email: 'x@example.com', diagnosis: 'y' };
  for (const field of categoryAllowlists[category]) {
    if (field === 'attribution') continue;
    if (/_cents$|_count$|^cycle_number$/.test(field)) data[field] = 1200;
    else if (/^(first_purchase|had_cart|video_requested)$/.test(field)) data[field] = true;
    else if (/_ids$/.test(field)) data[field] = ['pv_1'];
    else if (field === 'products')
      data[field] = [{ product_variation_id: 'pv_1', quantity: 1, unit_price_cents: 1200, is_addon: false }];
    else data[field] = `${field}_value`;
  }
  return data;
}

const emittable = eventDictionary.filter((event) => event.visibility === 'public' && event.implemented);

describe('round trip with the core signer (docs/api.md §5.4, §2.7)', () => {
  it('covers all 57 subscribable events', () => {
    expect(emittable).toHaveLength(57);
  });

  for (const definition of emittable) {
    it(`${definition.name}: verifies with either secret during a rotation overlap, and matches the schema`, async () => {
      const event: EventRecord = {
        eventId: `evt_${definition.name}`,
        eventType: definition.name,
        affiliateId: 'aff_1',
        occurredAt: now,
        data: rawData(definition.category),
        patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true, isReturning: false },
        attribution: {
          first: { captured_at: '2026-11-01T00:00:00.000Z', params: { utm_source: 'mail', gclid: 'g1' } },
          last: { captured_at: '2026-11-20T00:00:00.000Z', params: { fbclid: 'f2' } },
          touch_count: 2,
          visitor_id: 'v_1',
        },
      };
      const body = JSON.stringify(buildV2Payload(event, { attemptAt: now }));
      const signature = await signV2({ body, timestamp, secrets: [newSecret, oldSecret] });
      expect(signatureHeader).toBe('X-Webhook-Signature');
      for (const secret of [newSecret, oldSecret]) {
        const verified = verifyWebhook({ payload: body, signature, secret, now });
        expect(verified.event_type).toBe(definition.name);
        expect((await verifyWebhookAsync({ payload: body, signature, secret, now })).event_id).toBe(
          event.eventId,
        );
      }
      const parsed = webhookEventSchema.safeParse(JSON.parse(body));
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      if ('attribution' in JSON.parse(body)) {
        expect(clickIdsForAdReplay(JSON.parse(body))).toEqual({ fbclid: 'f2', gclid: 'g1' });
      }
    });
  }
});
