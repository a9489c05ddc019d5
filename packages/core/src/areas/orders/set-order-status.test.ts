import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

describe('service.commerce.setOrderStatus', () => {
  it('sets any status and updatedAt, keeping everything else', async () => {
    const service = testService();
    const { order } = await service.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: { id: 'ord_1', status: 'paid', totalCents: 100 },
    });
    service.clock.advance(5_000);
    for (const status of ['completed', 'refunded', 'pending'] as const) {
      const updated = await service.commerce.setOrderStatus({
        affiliateId: 'aff_1',
        orderId: 'ord_1',
        status,
      });
      expect(updated).toEqual({
        ...order,
        status,
        updatedAt: new Date('2026-11-23T10:00:05.000Z'),
      });
    }
  });

  it("404 for an unknown order, and for another affiliate's order", async () => {
    const service = testService();
    await service.commerce.recordOrder({ affiliateId: 'aff_2', order: { id: 'ord_x', totalCents: 1 } });
    for (const orderId of ['ord_missing', 'ord_x']) {
      await expect(
        service.commerce.setOrderStatus({ affiliateId: 'aff_1', orderId, status: 'paid' }),
      ).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'The order was not found.',
      });
    }
    expect(await service.deps.storage.orders.get({ affiliateId: 'aff_2', id: 'ord_x' })).toMatchObject({
      status: 'pending',
    });
  });

  it('422 INVALID_FIELD for an unknown status or a missing order id', async () => {
    const service = testService();
    await expect(
      service.commerce.setOrderStatus({
        affiliateId: 'aff_1',
        orderId: 'ord_1',
        status: 'lost' as 'paid',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'status' });
    await expect(
      service.commerce.setOrderStatus({
        affiliateId: 'aff_1',
        orderId: '',
        status: 'paid',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'orderId' });
  });
});
