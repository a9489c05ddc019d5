import { memoryStorage } from '@affiliate-commerce/core/memory';
import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { isAffiliateCommerceError, StorageUnavailableError } from '../../base/errors';

const orders = { affiliateId: 'aff_1', name: 'Orders', url: 'https://hooks.example.com/orders' };

/** The rejection of `call`, which must reject. */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => {
      throw new Error(`resolved with ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('service.webhooks: managing webhooks from the host’s code', () => {
  it('create shows the signing secret once; get and list never do, and the API sees the same webhook', async () => {
    const service = testService();
    const created = await service.webhooks.create({
      ...orders,
      webhookInterests: ['ecommerce_order_created'],
    });
    expect(created).toMatchObject({
      name: 'Orders',
      url: 'https://hooks.example.com/orders',
      authentication: true,
      webhookInterests: ['ecommerce_order_created'],
      status: 'enabled',
      payloadVersion: 'v2',
      standardWebhooks: true,
    });
    expect(created.credentials?.secret).toMatch(/^whsec_/);
    const read = await service.webhooks.get({ affiliateId: 'aff_1', id: created.id });
    expect(read).not.toHaveProperty('credentials');
    const { credentials: _secret, ...withoutCredentials } = created;
    expect(read).toEqual(withoutCredentials);
    expect(await service.webhooks.list({ affiliateId: 'aff_1' })).toEqual([read]);

    const response = await service.handle(
      new Request(`http://localhost/v2/webhooks/${created.id}`, {
        headers: { authorization: 'Bearer tok_admin' },
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual(read);
  });

  it('refuses what the route refuses, naming the field: a bad URL, a private address, an unknown event, a missing affiliate', async () => {
    const service = testService();
    const cases: [Parameters<typeof service.webhooks.create>[0], string][] = [
      [{ ...orders, url: 'http://hooks.example.com/orders' }, 'url'],
      [{ ...orders, url: 'https://127.0.0.1/orders' }, 'url'],
      [{ ...orders, url: 'https://10.0.0.7/orders' }, 'url'],
      [{ ...orders, webhookInterests: ['no_such_event'] }, 'webhookInterests'],
      [{ ...orders, name: '' }, 'name'],
      [{ ...orders, affiliateId: '' }, 'affiliateId'],
    ];
    for (const [input, field] of cases) {
      const error = await rejection(service.webhooks.create(input));
      expect(isAffiliateCommerceError(error), JSON.stringify(input)).toBe(true);
      expect(error).toMatchObject({ name: 'AffiliateCommerceError', code: 'INVALID_FIELD', status: 422 });
      expect((error as { field: string }).field.startsWith(field), JSON.stringify(input)).toBe(true);
    }
    expect(await service.webhooks.list({ affiliateId: 'aff_1' })).toEqual([]);
  });

  it('another affiliate’s webhook is NOT_FOUND to every call, and is left as it was', async () => {
    const service = testService();
    const { id } = await service.webhooks.create(orders);
    const other = { affiliateId: 'aff_2', id };
    const calls = [
      service.webhooks.get(other),
      service.webhooks.update({ ...other, name: 'Taken' }),
      service.webhooks.setStatus({ ...other, status: 'disabled' }),
      service.webhooks.rotateSecret(other),
      service.webhooks.delete(other),
    ];
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    expect(await service.webhooks.list({ affiliateId: 'aff_2' })).toEqual([]);
    expect(await service.webhooks.get({ affiliateId: 'aff_1', id })).toMatchObject({
      name: 'Orders',
      status: 'enabled',
    });
  });

  it('update keeps what it is not given; turning authentication on issues a secret, this once', async () => {
    const service = testService();
    const { id } = await service.webhooks.create({ ...orders, authentication: false });
    const renamed = await service.webhooks.update({ affiliateId: 'aff_1', id, name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', url: orders.url, authentication: false });
    expect(renamed).not.toHaveProperty('credentials');
    const signed = await service.webhooks.update({ affiliateId: 'aff_1', id, authentication: true });
    expect(signed.credentials?.secret).toMatch(/^whsec_/);
    const again = await service.webhooks.update({ affiliateId: 'aff_1', id, authentication: true });
    expect(again).not.toHaveProperty('credentials');
    await expect(
      service.webhooks.update({ affiliateId: 'aff_1', id, url: 'https://192.168.1.4/hooks' }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'url' });
  });

  it('setStatus disables and enables; rotateSecret issues a new secret; delete removes the webhook', async () => {
    const service = testService();
    const created = await service.webhooks.create(orders);
    const ref = { affiliateId: 'aff_1', id: created.id };
    expect(await service.webhooks.setStatus({ ...ref, status: 'disabled' })).toMatchObject({
      status: 'disabled',
      isEnabled: false,
      disabledReason: 'manual',
    });
    const enabled = await service.webhooks.setStatus({ ...ref, status: 'enabled' });
    expect(enabled).toMatchObject({ status: 'enabled', isEnabled: true });
    expect(enabled).not.toHaveProperty('disabledReason');
    await expect(service.webhooks.setStatus({ ...ref, status: 'paused' as 'enabled' })).rejects.toMatchObject(
      { code: 'INVALID_FIELD', field: 'status' },
    );

    const rotated = await service.webhooks.rotateSecret(ref);
    expect(rotated.credentials?.secret).toMatch(/^whsec_/);
    expect(rotated.credentials?.secret).not.toBe(created.credentials?.secret);

    expect(await service.webhooks.delete(ref)).toEqual({ id: created.id, deleted: true });
    await expect(service.webhooks.get(ref)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.webhooks.delete(ref)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('create and update take the endpoint controls the routes take, and the API shows the same', async () => {
    const service = testService();
    const created = await service.webhooks.create({
      ...orders,
      webhookInterests: ['ecommerce_order_created'],
      headers: { 'X-Api-Key': 'host-key-value', 'X-Tenant': 'host-tenant' },
      filter: { currency: 'USD', total_value_cents: { $gte: 1000 } },
      rateLimit: 20,
      ordering: 'entity',
    });
    expect(created).toMatchObject({
      headers: { 'X-Api-Key': '********', 'X-Tenant': '********' },
      filter: { currency: { $eq: 'USD' }, total_value_cents: { $gte: 1000 } },
      rateLimit: 20,
      ordering: 'entity',
    });
    expect(JSON.stringify(created)).not.toContain('host-key-value');
    const ref = { affiliateId: 'aff_1', id: created.id };

    const updated = await service.webhooks.update({
      ...ref,
      headers: { 'X-Api-Key': null, 'X-Region': 'eu' },
      filter: null,
      rateLimit: null,
      ordering: 'none',
    });
    expect(updated.headers).toEqual({ 'X-Tenant': '********', 'X-Region': '********' });
    expect(updated).not.toHaveProperty('filter');
    expect(updated).not.toHaveProperty('rateLimit');
    expect(updated.ordering).toBe('none');
    const response = await service.handle(
      new Request(`http://localhost/v2/webhooks/${created.id}`, {
        headers: { authorization: 'Bearer tok_admin' },
      }),
    );
    expect((await response.json()).data).toEqual(await service.webhooks.get(ref));
    expect(await service.webhooks.get(ref)).toEqual(updated);

    const refusals: [Promise<unknown>, string][] = [
      [
        service.webhooks.update({ ...ref, headers: { 'Content-Type': 'text/plain' } }),
        'headers.Content-Type',
      ],
      [service.webhooks.update({ ...ref, filter: { journey_type: 'x' } }), 'filter.journey_type'],
      [service.webhooks.update({ ...ref, rateLimit: 0 }), 'rateLimit'],
      // @ts-expect-error: `ordering` is 'none' or 'entity'
      [service.webhooks.update({ ...ref, ordering: 'fifo' }), 'ordering'],
      [service.webhooks.create({ ...orders, headers: { 'x-a': 'a', 'X-A': 'b' } }), 'headers.X-A'],
    ];
    for (const [call, field] of refusals) {
      await expect(call, field).rejects.toMatchObject({ code: 'INVALID_FIELD', status: 422, field });
    }
    expect(await service.webhooks.get(ref)).toEqual(updated);
  });
});

describe('host calls reject with AffiliateCommerceError', () => {
  it('an unknown record is NOT_FOUND and a bad field INVALID_FIELD naming it, with the HTTP status', async () => {
    const service = testService();
    const missing = await rejection(
      service.commerce.setSubscriptionStatus({
        affiliateId: 'aff_1',
        subscriptionId: 'sub_none',
        status: 'paused',
      }),
    );
    expect(missing).toBeInstanceOf(Error);
    expect(missing).toMatchObject({ name: 'AffiliateCommerceError', code: 'NOT_FOUND', status: 404 });
    await expect(
      service.commerce.recordOrder({ affiliateId: 'aff_1', order: { id: 'ord_1', totalCents: -1 } }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', status: 422, field: 'order.totalCents' });
    await expect(service.affiliates.upsert({ id: '', name: 'Nameless' })).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field: 'id',
    });
  });

  it('a storage outage rejects as STORAGE_UNAVAILABLE, 503, with the seconds to wait', async () => {
    const storage = memoryStorage();
    const down = new StorageUnavailableError('the database refused the connection');
    const service = testService({
      storage: {
        ...storage,
        affiliates: {
          ...storage.affiliates,
          get: () => Promise.reject(down),
        },
      },
    });
    const error = await rejection(service.affiliates.upsert({ id: 'aff_9', name: 'Nine' }));
    expect(error).toBe(down);
    expect(isAffiliateCommerceError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', status: 503, retryAfterSeconds: 5 });
  });

  it('isAffiliateCommerceError knows the error of another copy of the package by its brand, and nothing else', () => {
    const fromAnotherCopy = Object.assign(new Error('The subscription was not found.'), {
      [Symbol.for('@affiliate-commerce/core.AffiliateCommerceError')]: true,
      code: 'NOT_FOUND',
    });
    expect(isAffiliateCommerceError(fromAnotherCopy)).toBe(true);
    expect(isAffiliateCommerceError({ code: 'NOT_FOUND', message: 'looks alike' })).toBe(false);
    expect(isAffiliateCommerceError(new Error('plain'))).toBe(false);
    expect(isAffiliateCommerceError(undefined)).toBe(false);
  });
});
