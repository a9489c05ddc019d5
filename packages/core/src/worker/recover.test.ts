import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { createWebhook } from '../areas/webhooks/create-webhook';
import { isAffiliateCommerceError } from '../base/errors';
import { maxRecoverPerCall } from './recover';

const now = '2026-11-23T10:00:00.000Z';
const hoursAgo = (hours: number) => new Date(new Date(now).getTime() - hours * 3_600_000);

async function serviceWithFailures(count: number) {
  const service = testService({ now, allowPrivateNetworks: true });
  await service.affiliates.upsert({ id: 'aff_1', name: 'One' });
  const created = await createWebhook(service.deps, {
    affiliateId: 'aff_1',
    input: { name: 'Orders', url: 'https://hooks.example.com/orders', webhookInterests: ['order_created'] },
  });
  const webhookId = created._unsafeUnwrap().webhook.id;
  await service.deps.storage.deliveries.enqueue({
    deliveries: Array.from({ length: count }, (_, i) => ({
      id: `dlv_${i}`,
      affiliateId: 'aff_1',
      webhookId,
      eventId: `evt_${i}`,
      eventType: 'order_created',
      status: 'failed' as const,
      attempts: 8,
      createdAt: hoursAgo(2),
      updatedAt: hoursAgo(2),
    })),
  });
  return { service, webhookId };
}

describe('service.deliveries.recover', () => {
  it('re-queues `limit` at a time and says when more wait, until none is left', async () => {
    const { service, webhookId } = await serviceWithFailures(5);
    const recover = () =>
      service.deliveries.recover({ affiliateId: 'aff_1', webhookId, since: hoursAgo(24), limit: 2 });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await recover());
    expect(results).toEqual([
      { recovered: 2, hasMore: true },
      { recovered: 2, hasMore: true },
      { recovered: 1, hasMore: false },
      { recovered: 0, hasMore: false },
    ]);
  });

  it('never re-queues more than 10,000 in a call, whatever the limit', async () => {
    expect(maxRecoverPerCall).toBe(10_000);
    const { service, webhookId } = await serviceWithFailures(3);
    const result = await service.deliveries.recover({
      affiliateId: 'aff_1',
      webhookId,
      since: hoursAgo(24),
      limit: 1_000_000,
    });
    expect(result).toEqual({ recovered: 3, hasMore: false });
  });

  it('rejects bad input with an AffiliateCommerceError', async () => {
    const { service, webhookId } = await serviceWithFailures(1);
    const error = async (input: Partial<Parameters<typeof service.deliveries.recover>[0]>) => {
      const rejection = await service.deliveries
        .recover({ affiliateId: 'aff_1', webhookId, since: hoursAgo(1), ...input })
        .catch((e: unknown) => e);
      expect(isAffiliateCommerceError(rejection)).toBe(true);
      return rejection;
    };
    expect(await error({ since: new Date('nonsense') })).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'since',
    });
    expect(await error({ until: new Date('nonsense') })).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'until',
    });
    expect(await error({ limit: 0 })).toMatchObject({ code: 'INVALID_FIELD', field: 'limit' });
    expect(await error({ affiliateId: 'aff_2' })).toMatchObject({ code: 'NOT_FOUND' });
  });
});
