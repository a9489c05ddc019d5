import { testService } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../ports/net/http-client';
import {
  maskedHeaderValue,
  maxCustomHeaders,
  maxHeaderNameLength,
  maxHeaderValueLength,
  mergeHeaders,
  openHeaders,
  sealHeaders,
  validateFilter,
  withoutHeaderValues,
} from './endpoint-controls';
import { issueSecret } from './signing-secrets';

/** The field of the 422 a merge is refused with. */
function refusedField(input: Record<string, string | null>, current?: Record<string, string>): string {
  const merged = mergeHeaders(input, current);
  expect(merged.isErr(), JSON.stringify(input)).toBe(true);
  return merged._unsafeUnwrapErr().field ?? '';
}

const tenHeaders = Object.fromEntries(
  Array.from({ length: maxCustomHeaders }, (_, i) => [`X-Header-${i + 1}`, `v${i + 1}`]),
);

describe('mergeHeaders: custom request headers', () => {
  it('on create takes the headers as given', () => {
    expect(mergeHeaders({ 'X-Api-Key': 'k1', Authorization: 'Bearer t' })._unsafeUnwrap()).toEqual({
      'X-Api-Key': 'k1',
      Authorization: 'Bearer t',
    });
    expect(mergeHeaders({})._unsafeUnwrap()).toEqual({});
  });

  it('merges over the current ones: a string sets, null removes, names left out keep their value', () => {
    const current = { 'X-Api-Key': 'old', 'X-Tenant': 't1', 'X-Other': 'o' };
    expect(
      mergeHeaders({ 'X-Api-Key': null, 'X-Tenant': 't2', 'X-New': 'n' }, current)._unsafeUnwrap(),
    ).toEqual({
      'X-Tenant': 't2',
      'X-Other': 'o',
      'X-New': 'n',
    });
    expect(mergeHeaders({ 'X-Absent': null }, current)._unsafeUnwrap()).toEqual(current);
  });

  it('compares names without case and keeps the case first given', () => {
    expect(mergeHeaders({ 'x-api-key': 'new' }, { 'X-Api-Key': 'old' })._unsafeUnwrap()).toEqual({
      'X-Api-Key': 'new',
    });
    expect(mergeHeaders({ 'X-API-KEY': null }, { 'X-Api-Key': 'old' })._unsafeUnwrap()).toEqual({});
  });

  it('refuses one name given twice in another case, naming the second', () => {
    expect(refusedField({ 'X-Api-Key': 'a', 'x-api-key': 'b' })).toBe('headers.x-api-key');
    expect(refusedField({ 'X-Api-Key': 'a', 'X-API-KEY': null })).toBe('headers.X-API-KEY');
  });

  it.each([
    'Host',
    'content-type',
    'Content-Length',
    'Content-Encoding',
    'Transfer-Encoding',
    'User-Agent',
    'Connection',
    'Keep-Alive',
    'Proxy-Authorization',
    'Proxy-Authenticate',
    'Proxy-Connection',
    'TE',
    'Trailer',
    'Upgrade',
    'Expect',
    'traceparent',
    'Tracestate',
    'webhook-id',
    'Webhook-Timestamp',
    'WEBHOOK-SIGNATURE',
    'X-Webhook-Signature',
    'X-Webhook-Id',
    'x-webhook-anything',
    'svix-id',
    'Svix-Timestamp',
    'SVIX-SIGNATURE',
  ])('refuses the reserved header %s, whatever its case, even to remove it', (name) => {
    expect(refusedField({ [name]: 'value' })).toBe(`headers.${name}`);
    expect(refusedField({ [name]: null })).toBe(`headers.${name}`);
  });

  it('refuses __proto__, which a request built from an object could never send', () => {
    const body = JSON.parse('{"__proto__":"v","X-Ok":"v"}') as Record<string, string>;
    expect(refusedField(body)).toBe('headers.__proto__');
    expect(refusedField(JSON.parse('{"__PROTO__":"v"}') as Record<string, string>)).toBe('headers.__PROTO__');
  });

  it('accepts a near miss of a reserved name', () => {
    expect(mergeHeaders({ 'X-Webhook': 'v', 'Webhook-Idempotency': 'v', 'X-Host': 'v' }).isOk()).toBe(true);
  });

  it.each([
    ['an empty name', ''],
    ['a space', 'X Api'],
    ['a colon', 'X-Api:'],
    ['a slash', 'X/Api'],
    ['a letter outside ASCII', 'X-Clé'],
    ['a line feed', 'X-Api\nInjected'],
    ['more than the longest name', `X${'a'.repeat(maxHeaderNameLength)}`],
  ])('refuses a name with %s', (_, name) => {
    expect(refusedField({ [name]: 'v' })).toBe(`headers.${name}`);
  });

  it('accepts every RFC 9110 token character, and a name of the longest length', () => {
    expect(mergeHeaders({ "X-!#$%&'*+.^_`|~09az": 'v' }).isOk()).toBe(true);
    expect(mergeHeaders({ [`X${'a'.repeat(maxHeaderNameLength - 1)}`]: 'v' }).isOk()).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a carriage return and line feed', 'key\r\nX-Injected: 1'],
    ['a line feed', 'key\nmore'],
    ['a carriage return', 'key\rmore'],
    ['a NUL', 'key\u0000'],
    ['a letter outside ASCII', 'clé'],
    ['a space at the start', ' key'],
    ['a tab at the end', 'key\t'],
    ['more than the longest value', 'v'.repeat(maxHeaderValueLength + 1)],
  ])('refuses a value that is %s, without repeating it', (_, value) => {
    const merged = mergeHeaders({ 'X-Api-Key': value });
    expect(merged._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field: 'headers.X-Api-Key' });
    if (value.trim().length > 1) expect(merged._unsafeUnwrapErr().message).not.toContain(value.trim());
  });

  it('accepts spaces and tabs inside a value, and a value of the longest length', () => {
    expect(mergeHeaders({ Authorization: 'Bearer a\tb' }).isOk()).toBe(true);
    expect(mergeHeaders({ 'X-Long': 'v'.repeat(maxHeaderValueLength) }).isOk()).toBe(true);
  });

  it(`holds at most ${maxCustomHeaders} headers, counted after the merge`, () => {
    expect(mergeHeaders(tenHeaders).isOk()).toBe(true);
    expect(refusedField({ ...tenHeaders, 'X-Eleventh': 'v' })).toBe('headers');
    expect(refusedField({ 'X-Eleventh': 'v' }, tenHeaders)).toBe('headers');
    expect(
      mergeHeaders({ 'X-Header-1': null, 'X-Eleventh': 'v' }, tenHeaders)._unsafeUnwrap(),
    ).toHaveProperty('X-Eleventh', 'v');
    expect(mergeHeaders({ 'x-header-1': 'replaced' }, tenHeaders).isOk()).toBe(true);
  });
});

describe('validateFilter: the grammar, and fields the subscribed events carry', () => {
  const commerce = ['ecommerce_order_created'];

  /** The field of the 422 a filter is refused with. */
  function refused(filter: unknown, interests: readonly string[]): string | undefined {
    const checked = validateFilter(filter, interests);
    expect(checked.isErr(), JSON.stringify(filter)).toBe(true);
    return checked._unsafeUnwrapErr().field;
  }

  it('answers the filter as stored: shorthand written out, timestamps in canonical UTC', () => {
    expect(
      validateFilter(
        { currency: 'USD', timestamp: { $gte: '2026-11-26T12:00:00+02:00' } },
        commerce,
      )._unsafeUnwrap(),
    ).toEqual({ currency: { $eq: 'USD' }, timestamp: { $gte: '2026-11-26T10:00:00.000Z' } });
  });

  it('takes the envelope and the identity block on any subscription, even none', () => {
    for (const interests of [[], commerce, ['patient_enrolled']]) {
      expect(
        validateFilter(
          { event_type: 'x', affiliate_id: 'a', patient_id: 'p', is_returning_patient: true },
          interests,
        ).isOk(),
      ).toBe(true);
    }
  });

  it("takes the fields of the subscribed events' categories, and refuses the others", () => {
    expect(validateFilter({ currency: 'USD', payment_status: 'paid' }, commerce).isOk()).toBe(true);
    expect(refused({ currency: 'USD' }, [])).toBe('filter.currency');
    expect(refused({ currency: 'USD' }, ['patient_enrolled'])).toBe('filter.currency');
    expect(refused({ journey_type: 'x' }, commerce)).toBe('filter.journey_type');
    expect(validateFilter({ journey_type: 'x' }, [...commerce, 'journey_completed']).isOk()).toBe(true);
  });

  it('refuses a field no category carries (patient_email, diagnosis)', () => {
    const everything = ['ecommerce_order_created', 'journey_completed', 'order_created', 'patient_enrolled'];
    expect(refused({ patient_email: 'a@example.com' }, everything)).toBe('filter.patient_email');
    expect(refused({ diagnosis: { $exists: true } }, everything)).toBe('filter.diagnosis');
  });

  it('finds the fields inside $and, $or and $not', () => {
    expect(refused({ $or: [{ currency: 'USD' }, { journey_type: 'x' }] }, commerce)).toBe(
      'filter.journey_type',
    );
    expect(refused({ $and: [{ $not: { 'products.quantity': 1 } }] }, commerce)).toBe(
      'filter.products.quantity',
    );
  });

  it('follows attribution down to its touches and into their params, which take any key', () => {
    for (const path of [
      'attribution.last.params.utm_source',
      'attribution.first.params.gclid',
      'attribution.first.landing_url',
      'attribution.last.captured_at',
      'attribution.touch_count',
      'attribution.visitor_id',
    ]) {
      expect(validateFilter({ [path]: { $exists: true } }, commerce).isOk(), path).toBe(true);
    }
    expect(refused({ 'attribution.campaign': 'x' }, commerce)).toBe('filter.attribution.campaign');
    expect(refused({ 'attribution.last.utm_source': 'x' }, commerce)).toBe(
      'filter.attribution.last.utm_source',
    );
    expect(refused({ 'attribution.touch_count.value': 1 }, commerce)).toBe(
      'filter.attribution.touch_count.value',
    );
    expect(refused({ 'attribution.last.params.utm_source': 'x' }, ['patient_enrolled'])).toBe(
      'filter.attribution.last.params.utm_source',
    );
  });

  it('follows product lines (products.*) of the events that carry them', () => {
    const journeys = ['journey_completed'];
    for (const key of ['product_variation_id', 'quantity', 'unit_price_cents', 'is_addon']) {
      expect(validateFilter({ [`products.${key}`]: { $exists: true } }, journeys).isOk(), key).toBe(true);
    }
    expect(refused({ 'products.name': 'x' }, journeys)).toBe('filter.products.name');
    expect(refused({ 'products.quantity': 1 }, commerce)).toBe('filter.products.quantity');
  });

  it('follows an order status transition (status_transition.from, .to)', () => {
    const orders = ['order_created'];
    expect(
      validateFilter({ 'status_transition.from': 'created', 'status_transition.to': 'paid' }, orders).isOk(),
    ).toBe(true);
    expect(refused({ 'status_transition.at': 'x' }, orders)).toBe('filter.status_transition.at');
    expect(refused({ 'status_transition.from': 'x' }, commerce)).toBe('filter.status_transition.from');
  });

  it('refuses a path below a scalar field', () => {
    expect(refused({ 'total_value_cents.amount': 1 }, commerce)).toBe('filter.total_value_cents.amount');
    expect(refused({ 'event_type.name': 'x' }, commerce)).toBe('filter.event_type.name');
  });

  it('refuses what the grammar refuses, naming the place', () => {
    expect(refused({ currency: { $regex: 'U.*' } }, commerce)).toBe('filter.currency.$regex');
    expect(refused({ $xor: [] }, commerce)).toBe('filter.$xor');
    expect(refused({ $or: [] }, commerce)).toBe('filter.$or');
    expect(refused({}, commerce)).toBe('filter');
    expect(refused(['currency'], commerce)).toBe('filter');
    expect(refused(null, commerce)).toBe('filter');
    expect(refused({ $or: [{ currency: 'USD' }, { total_value_cents: { $gt: 'lots' } }] }, commerce)).toBe(
      'filter.$or[1].total_value_cents.$gt',
    );
  });
});

describe('sealHeaders and openHeaders: values sealed at rest', () => {
  it('round-trips through the store; only the names are in clear', async () => {
    const service = testService();
    const view = await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Sealed',
      url: 'https://hooks.example.com/sealed',
      headers: { 'X-Api-Key': 'sk_sealed_value_1', Authorization: 'Bearer sealed-token-2' },
    });
    const stored = await service.deps.storage.webhooks.get({ affiliateId: 'aff_1', id: view.id });
    expect(stored?.headers?.names).toEqual(['X-Api-Key', 'Authorization']);
    expect(JSON.stringify(stored)).not.toContain('sk_sealed_value_1');
    expect(JSON.stringify(stored)).not.toContain('sealed-token-2');
    expect(await openHeaders(service.deps.secretBox, stored!)).toEqual({
      'X-Api-Key': 'sk_sealed_value_1',
      Authorization: 'Bearer sealed-token-2',
    });
  });

  it('seals nothing for no headers, and opens nothing from a webhook without any', async () => {
    const service = testService();
    expect(await sealHeaders(service.deps.secretBox, 'whk_1', {})).toBeUndefined();
    const view = await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Bare',
      url: 'https://hooks.example.com/b',
    });
    const stored = await service.deps.storage.webhooks.get({ affiliateId: 'aff_1', id: view.id });
    expect(stored?.headers).toBeUndefined();
    expect(await openHeaders(service.deps.secretBox, stored!)).toEqual({});
  });

  it("is bound to its webhook and to headers: another webhook's, or a signing secret, does not open", async () => {
    const service = testService();
    const box = service.deps.secretBox;
    const view = await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Bound',
      url: 'https://hooks.example.com/bound',
      headers: { 'X-Api-Key': 'bound-value' },
    });
    const stored = (await service.deps.storage.webhooks.get({ affiliateId: 'aff_1', id: view.id }))!;
    await expect(openHeaders(box, { ...stored, id: 'whk_other' })).rejects.toThrow();
    // A signing secret sealed for this very webhook is not its headers.
    const issued = await issueSecret(box, stored.id, new Date());
    await expect(
      openHeaders(box, { ...stored, headers: { names: ['X-Api-Key'], sealed: issued.stored.sealed } }),
    ).rejects.toThrow();
    // And sealed headers are not a signing secret of the webhook.
    await expect(box.open({ sealed: stored.headers!.sealed, webhookId: stored.id })).rejects.toThrow();
  });

  it('does not open under another secretKey', async () => {
    const service = testService();
    const other = testService({ secretKey: new Uint8Array(32).fill(7) });
    const view = await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Keyed',
      url: 'https://hooks.example.com/keyed',
      headers: { 'X-Api-Key': 'keyed-value' },
    });
    const stored = (await service.deps.storage.webhooks.get({ affiliateId: 'aff_1', id: view.id }))!;
    await expect(openHeaders(other.deps.secretBox, stored)).rejects.toThrow();
  });
});

describe('withoutHeaderValues: answers kept in the attempt log', () => {
  const headers = { 'X-Api-Key': 'k/"live"_9f2', Authorization: 'Bearer tok_51d0' };

  it('masks each value as sent, inside a JSON string and URL-encoded', () => {
    const body = `raw k/"live"_9f2; json ${JSON.stringify(headers)}; url ${encodeURIComponent('Bearer tok_51d0')}; slash k\\/\\"live\\"_9f2`;
    const masked = withoutHeaderValues(body, headers);
    expect(masked).not.toContain('k/"live"_9f2');
    expect(masked).not.toContain('tok_51d0');
    expect(masked).not.toContain('live');
    expect(masked).toContain(maskedHeaderValue);
  });

  it('leaves an answer without them, or a webhook without headers, as it was', () => {
    expect(withoutHeaderValues('{"ok":true}', headers)).toBe('{"ok":true}');
    expect(withoutHeaderValues('Bearer tok_51d0', {})).toBe('Bearer tok_51d0');
  });

  it('masks the start of a value an answer cut at the size kept ends with', () => {
    const cut = `${'a'.repeat(maxBodyBytes - 8)}Bearer t`;
    expect(withoutHeaderValues(cut, headers)).toBe(`${'a'.repeat(maxBodyBytes - 8)}${maskedHeaderValue}`);
    // Shorter than the size kept, the answer was not cut: its end is its own.
    expect(withoutHeaderValues('ends with Bearer t', headers)).toBe('ends with Bearer t');
  });

  it('never keeps a value, wherever an answer holds it', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    });
    fc.assert(
      // A value with `*` could meet the mask's own characters, which hold nothing of it.
      fc.property(
        printable.filter((v) => v.length >= 1 && !v.includes('*')),
        fc.string(),
        fc.string(),
        (value, before, after) => {
          const masked = withoutHeaderValues(`${before}${value}${after}`, { 'X-Key': value });
          expect(masked).not.toContain(value);
        },
      ),
    );
  });
});
