import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

const setup = deliveryCapture;

describe('4 commerce records store and emit in one transaction', () => {
  it('6.1 a prescription: created, then its status event; PRESCRIPTION allowlist only', async () => {
    const { svc, sent } = await setup([
      'prescription_created',
      'prescription_approved',
      'prescription_denied',
    ]);
    const base = {
      affiliateId: 'aff_1',
      record: {
        id: 'rx_1',
        orderId: 'ord_1',
        patientId: 'pat_1',
        fields: { instructions: 'daily', medications: ['x'], pharmacy_id: 'ph_1' },
      },
    };
    await svc.commerce.recordPrescription({ ...base, record: { ...base.record, status: 'pending' } });
    const first = await sent();
    expect(first.map((b) => b.event_type)).toEqual(['prescription_created']);
    expect(first[0]).toMatchObject({
      prescription_id: 'rx_1',
      prescription_status: 'pending',
      order_id: 'ord_1',
      pharmacy_id: 'ph_1',
      instructions: 'daily',
      patient_id: 'pat_1',
    });
    expect(first[0]).not.toHaveProperty('medications');
    await svc.commerce.recordPrescription({ ...base, record: { ...base.record, status: 'approved' } });
    await svc.commerce.recordPrescription({ ...base, record: { ...base.record, status: 'approved' } });
    expect((await sent()).map((b) => [b.event_type, b.prescription_status])).toEqual([
      ['prescription_approved', 'approved'],
    ]);
    const stored = await svc.deps.storage.records.get({
      affiliateId: 'aff_1',
      kind: 'prescription',
      id: 'rx_1',
    });
    expect(stored).toMatchObject({ status: 'approved', fields: { medications: ['x'] } });
  });

  it('6.1 shipments, lab orders, pharmacy and payments emit by status, with the generic change event where one exists', async () => {
    const { svc, sent } = await setup([
      'shipment_created',
      'shipment_delivered',
      'lab_order_created',
      'lab_order_status_changed',
      'lab_results_received',
      'pharmacy_received_prescription',
      'pharmacy_status_changed',
      'payment_failed',
    ]);
    await svc.commerce.recordShipment({
      affiliateId: 'aff_1',
      record: { id: 'shp_1', status: 'created', fields: { tracking_number: '1Z' } },
    });
    await svc.commerce.recordShipment({
      affiliateId: 'aff_1',
      record: { id: 'shp_1', status: 'delivered', fields: { tracking_number: '1Z' } },
    });
    await svc.commerce.recordLabOrder({ affiliateId: 'aff_1', record: { id: 'lab_1', status: 'ordered' } });
    await svc.commerce.recordLabOrder({ affiliateId: 'aff_1', record: { id: 'lab_1', status: 'collected' } });
    await svc.commerce.recordLabOrder({ affiliateId: 'aff_1', record: { id: 'lab_1', status: 'resulted' } });
    await svc.commerce.recordPharmacyStatus({
      affiliateId: 'aff_1',
      record: { id: 'rx_9', status: 'received' },
    });
    await svc.commerce.recordPharmacyStatus({
      affiliateId: 'aff_1',
      record: { id: 'rx_9', status: 'on_hold' },
    });
    await svc.commerce.recordPayment({
      affiliateId: 'aff_1',
      record: {
        id: 'pay_1',
        status: 'failed',
        orderId: 'ord_1',
        fields: { total_value_cents: 500, currency: 'USD' },
      },
    });
    const types = (await sent()).map((b) => b.event_type).sort();
    expect(types).toEqual([
      'lab_order_created',
      'lab_order_status_changed',
      'lab_results_received',
      'payment_failed',
      'pharmacy_received_prescription',
      'pharmacy_status_changed',
      'shipment_created',
      'shipment_delivered',
    ]);
  });

  it('refuses invalid input with INVALID_FIELD and stores nothing', async () => {
    const { svc, sent } = await setup(['shipment_created']);
    await expect(
      svc.commerce.recordShipment({
        affiliateId: 'aff_1',
        record: { id: '', status: 'created' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'record.id' });
    expect(await sent()).toEqual([]);
  });
});
