import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import { claimBatch, releaseClaims } from './claimer';
import { leaseMarginMs } from './defaults';

async function outbox(count: number) {
  const capture = await deliveryCapture(['order_created']);
  for (let i = 0; i < count; i += 1)
    await capture.svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `ord_${i}` },
    });
  return capture;
}

describe('claimer: claiming a batch', () => {
  it('claims up to the limit under one lease, and says until when a delivery of it may still be sent', async () => {
    const { svc } = await outbox(3);
    const now = svc.clock.now().getTime();
    const batch = await claimBatch(svc.deps, {
      limit: 2,
      writeDelayMs: 100,
      leaseMs: 30_000,
      timeoutMs: 5_000,
    });
    expect(batch.items).toHaveLength(2);
    expect(new Set(batch.items.map((item) => item.leaseToken)).size).toBe(1);
    expect(batch.leaseEndsAt).toBe(now + 30_000);
    expect(batch.sendBy).toBe(now + 30_000 - 5_000 - leaseMarginMs - 100);
    // Leased: a second claim gets only the one left.
    expect((await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0 })).items).toHaveLength(1);
  });

  it('reads each webhook once per batch, and passes over the webhooks it is told to skip', async () => {
    const { svc, webhookId } = await outbox(3);
    const get = vi.spyOn(svc.deps.storage.webhooks, 'get');
    expect(
      (await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0, skipWebhookIds: [webhookId] })).items,
    ).toEqual([]);
    const batch = await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0 });
    const loaded = await Promise.all(batch.items.map((item) => batch.webhookOf(item)));
    expect(loaded.map((one) => one?.webhook.id)).toEqual([webhookId, webhookId, webhookId]);
    expect(loaded[0]?.secrets.length).toBeGreaterThan(0);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('claimer: giving back what it cannot send', () => {
  it('releases claims at once, or not before `until` when a breaker holds them', async () => {
    const { svc } = await outbox(2);
    const batch = await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0 });
    const until = new Date(svc.clock.now().getTime() + 60_000);
    await releaseClaims(svc.deps, [{ claimed: batch.items[0]! }, { claimed: batch.items[1]!, until }]);
    const again = await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0, leaseMs: 120_000 });
    expect(again.items.map((item) => item.delivery.id)).toEqual([batch.items[0]!.delivery.id]);
    svc.clock.advance(60_000);
    const later = await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0 });
    expect(later.items.map((item) => item.delivery.id)).toEqual([batch.items[1]!.delivery.id]);
  });

  it('writes nothing when nothing is unsent', async () => {
    const { svc } = await outbox(0);
    const release = vi.spyOn(svc.deps.storage.deliveries, 'release');
    await releaseClaims(svc.deps, []);
    expect(release).not.toHaveBeenCalled();
  });
});
