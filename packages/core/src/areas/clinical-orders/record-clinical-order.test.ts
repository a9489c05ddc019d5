import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { RecordClinicalOrderInput } from './record-clinical-order';

const orderEvents = [
  'order_created',
  'order_updated',
  'order_status_changed',
  'order_cancelled',
  'order_completed',
  'order_case_status_changed',
  'order_product_changed',
];

const report = (order: Partial<RecordClinicalOrderInput['order']> = {}): RecordClinicalOrderInput => ({
  affiliateId: 'aff_1',
  order: {
    id: 'co_1',
    status: 'pending',
    patientId: 'pat_1',
    fields: { case_id: 'cs_1', case_status: 'unassigned', product_variation_ids: ['pv_1'], order_tag: 'new' },
    ...order,
  },
});

describe('service.commerce.recordClinicalOrder (docs/api.md §6.1 ORDER family)', () => {
  it('6.2 a new order emits order_created with the ORDER allowlist and its links; the same report again emits nothing', async () => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    await svc.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: { id: 'ord_1', status: 'paid', journeyId: 'jrn_1', totalCents: 4_900 },
    });
    const input = report({
      ecommerceOrderId: 'ord_1',
      fields: { case_id: 'cs_1', case_status: 'unassigned', medications: ['x'], order_tag: 'new' },
    });
    const stored = await svc.commerce.recordClinicalOrder(input);
    expect(stored).toMatchObject({ kind: 'clinicalOrder', id: 'co_1', orderId: 'ord_1', status: 'pending' });
    const [created, ...rest] = await sent();
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      event_type: 'order_created',
      order_id: 'co_1',
      order_status: 'pending',
      ecommerce_order_id: 'ord_1',
      journey_id: 'jrn_1',
      case_id: 'cs_1',
      case_status: 'unassigned',
      order_tag: 'new',
      patient_id: 'pat_1',
    });
    expect(created).not.toHaveProperty('medications');
    await svc.commerce.recordClinicalOrder(input);
    expect(await sent()).toEqual([]);
  });

  it('a new status emits its event with status_transition; cancelled and completed have their own', async () => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    await svc.commerce.recordClinicalOrder(report());
    await sent();
    const statuses = ['in_review', 'completed', 'cancelled'];
    for (const status of statuses) await svc.commerce.recordClinicalOrder(report({ status }));
    expect((await sent()).map((b) => [b.event_type, b.status_transition])).toEqual([
      ['order_status_changed', { from: 'pending', to: 'in_review' }],
      ['order_completed', { from: 'in_review', to: 'completed' }],
      ['order_cancelled', { from: 'completed', to: 'cancelled' }],
    ]);
  });

  it('case status, products and other ORDER fields each have their event; fields outside the allowlist none', async () => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    const fields = {
      case_id: 'cs_1',
      case_status: 'unassigned',
      product_variation_ids: ['pv_1'],
      order_tag: 'new',
    };
    await svc.commerce.recordClinicalOrder(report({ fields }));
    await sent();
    await svc.commerce.recordClinicalOrder(report({ fields: { ...fields, case_status: 'assigned' } }));
    expect((await sent()).map((b) => [b.event_type, b.case_status])).toEqual([
      ['order_case_status_changed', 'assigned'],
    ]);
    const next = { ...fields, case_status: 'assigned', product_variation_ids: ['pv_2', 'pv_3'] };
    await svc.commerce.recordClinicalOrder(report({ fields: next }));
    expect((await sent()).map((b) => [b.event_type, b.product_variation_ids])).toEqual([
      ['order_product_changed', ['pv_2', 'pv_3']],
    ]);
    await svc.commerce.recordClinicalOrder(report({ fields: { ...next, notes: 'private' } }));
    expect(await sent()).toEqual([]);
    await svc.commerce.recordClinicalOrder(report({ fields: { ...next, order_tag: 'priority' } }));
    expect((await sent()).map((b) => [b.event_type, b.order_tag])).toEqual([['order_updated', 'priority']]);
    await svc.commerce.recordClinicalOrder(
      report({ status: 'completed', fields: { ...next, order_tag: 'done', case_status: 'closed' } }),
    );
    expect((await sent()).map((b) => b.event_type)).toEqual([
      'order_completed',
      'order_case_status_changed',
      'order_updated',
    ]);
  });

  it('keys of nested field values in another order are no change', async () => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    await svc.commerce.recordClinicalOrder(
      report({ fields: { reason: 'x', order_link: 'https://a.example/o' } }),
    );
    await sent();
    await svc.commerce.recordClinicalOrder(
      report({ fields: { order_link: 'https://a.example/o', reason: 'x' } }),
    );
    expect(await sent()).toEqual([]);
  });

  it('orders are per affiliate: the same id of another affiliate is another order', async () => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    await svc.commerce.recordClinicalOrder({ ...report(), affiliateId: 'aff_2' });
    expect(await sent()).toEqual([]);
    await svc.commerce.recordClinicalOrder(report());
    expect((await sent()).map((b) => b.event_type)).toEqual(['order_created']);
    expect(
      await svc.deps.storage.records.get({ affiliateId: 'aff_2', kind: 'clinicalOrder', id: 'co_1' }),
    ).toMatchObject({ affiliateId: 'aff_2', status: 'pending' });
  });

  it.each([
    ['order.id', report({ id: '' })],
    ['order.status', report({ status: '' })],
    ['order.ecommerceOrderId', report({ ecommerceOrderId: 'ord\u0000' })],
    ['order', { affiliateId: 'aff_1', order: { id: 'co_1', status: 'x', ecommerce_order_id: 'o' } }],
    ['affiliateId', { ...report(), affiliateId: '' }],
  ])('422 INVALID_FIELD names %s and stores nothing', async (field, bad) => {
    const { svc, sent } = await deliveryCapture(orderEvents);
    await expect(svc.commerce.recordClinicalOrder(bad as RecordClinicalOrderInput)).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field,
    });
    expect(await sent()).toEqual([]);
  });
});
