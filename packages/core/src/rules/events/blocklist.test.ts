import { describe, expect, it } from 'vitest';
import { clickIdKeys } from '../attribution/param-filter';
import { isBlockedKey, normaliseKey, scrubNested, sensitiveStemOf } from './blocklist';
import corpus from './sensitive-keys.corpus.json';
import { buildV2Payload } from './v2-payload';

describe('6.2 blocklist: sensitive stems inside compound keys', () => {
  it('normalises case and separators', () => {
    expect(normaliseKey('Patient-Email_Address 2')).toBe('patientemailaddress2');
  });

  it.each(corpus.sensitive)('6.2 corpus: %s is sensitive', (key) => {
    expect(sensitiveStemOf(key)).toBeDefined();
  });

  it.each(corpus.neutral)('6.2 corpus: %s is not sensitive', (key) => {
    expect(isBlockedKey(key)).toBe(false);
  });

  it('2.8 rule 4: no fixed accepted param key holds a stem, so only svc_ keys can be dropped', () => {
    const fixed = [
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_content',
      'utm_term',
      'utm_id',
      'fbp',
      'fbc',
    ];
    for (const key of [...fixed, ...clickIdKeys]) expect(isBlockedKey(key), key).toBe(false);
  });

  it('6.2 corpus: the declared names that hold a stem are listed, and hold one', () => {
    for (const key of corpus.declaredWithStem) expect(isBlockedKey(key)).toBe(true);
  });

  it('scrubNested removes compound sensitive keys and nulls at any depth', () => {
    expect(
      scrubNested({ keep: 1, gone: null, PatientEmail: 'x', list: [{ homePhone: '1', ok: 'y' }, null] }),
    ).toEqual({ keep: 1, list: [{ ok: 'y' }] });
  });
});

describe('6.2 no corpus spelling is ever delivered in a v2 payload', () => {
  const attemptAt = new Date('2026-11-23T10:00:00.000Z');
  const everywhere = (value: unknown) => Object.fromEntries(corpus.sensitive.map((key) => [key, value]));

  it('at the top, inside every allowlisted field, inside nested shapes and inside params', () => {
    const nested = everywhere('x');
    const data: Record<string, unknown> = { ...everywhere('x') };
    for (const field of [
      'reason',
      'status_transition',
      'interpretation',
      'recovery_missing_details',
      'products',
      'future_prescriptions_to_create',
      'instructions',
    ]) {
      data[field] = { ...nested, list: [nested] };
    }
    data.products = [{ product_variation_id: 'pv_1', unit_price_cents: 1, ...nested }];
    const params = Object.fromEntries(
      corpus.sensitive.flatMap((key) => [
        [key, 'x'],
        [`svc_${key}`, 'x'],
      ]),
    );
    for (const eventType of ['order_created', 'journey_checkout_started', 'lab_results_received']) {
      const payload = buildV2Payload(
        {
          eventId: 'evt_1',
          eventType,
          affiliateId: 'aff_1',
          occurredAt: attemptAt,
          data,
          attribution: {
            first: { captured_at: '2026-11-01T00:00:00Z', params, ...nested },
            last: { captured_at: '2026-11-01T00:00:00Z', params: { utm_source: 'x', ...params } },
            ...nested,
          },
        },
        { attemptAt },
      );
      const keys: string[] = [];
      JSON.stringify(payload, (key, value) => {
        keys.push(key);
        return value;
      });
      for (const key of corpus.sensitive) expect(keys, `${eventType} ${key}`).not.toContain(key);
      for (const key of keys.filter(isBlockedKey)) expect(corpus.declaredWithStem).toContain(key);
    }
  });
});
