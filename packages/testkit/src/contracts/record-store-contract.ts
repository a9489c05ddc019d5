import type { CommerceRecord, Storage } from '@affiliate-commerce/core';
import { beforeAll, describe, expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.000Z');

/**
 * The commerce record part of the storage contract (run by {@link storageContract}).
 *
 * @example
 * recordStoreContract(() => storage);
 */
export function recordStoreContract(getStorage: () => Storage): void {
  describe('commerce records', () => {
    let storage: Storage;
    beforeAll(() => {
      storage = getStorage();
    });

    it('round-trips a record, omitting absent links; kinds and tenants are separate', async () => {
      const full: CommerceRecord = {
        kind: 'prescription',
        id: 'rx_1',
        affiliateId: 'aff_1',
        status: 'approved',
        orderId: 'ord_1',
        patientId: 'pat_1',
        journeyId: 'jrn_1',
        fields: { instructions: 'once daily', nested: { a: [1] } },
        createdAt: t0,
        updatedAt: t0,
      };
      expect(await storage.records.upsert({ record: full })).toBeUndefined();
      expect(await storage.records.get({ affiliateId: 'aff_1', kind: 'prescription', id: 'rx_1' })).toEqual(
        full,
      );
      const bare: CommerceRecord = {
        kind: 'shipment',
        id: 'rx_1',
        affiliateId: 'aff_1',
        status: 'created',
        fields: {},
        createdAt: t0,
        updatedAt: t0,
      };
      await storage.records.upsert({ record: bare });
      expect(await storage.records.get({ affiliateId: 'aff_1', kind: 'shipment', id: 'rx_1' })).toEqual(bare);
      expect(
        await storage.records.get({ affiliateId: 'aff_2', kind: 'prescription', id: 'rx_1' }),
      ).toBeUndefined();
      // A replacement keeps the stored createdAt whatever it is given, and answers the record before it.
      const later = new Date(t0.getTime() + 1000);
      expect(
        await storage.records.upsert({
          record: { ...full, status: 'denied', createdAt: later, updatedAt: later },
        }),
      ).toEqual(full);
      expect(await storage.records.get({ affiliateId: 'aff_1', kind: 'prescription', id: 'rx_1' })).toEqual({
        ...full,
        status: 'denied',
        updatedAt: later,
      });
    });

    it('keeps a clinical order apart from the other kinds, with its ecommerce order and nested fields', async () => {
      const order: CommerceRecord = {
        kind: 'clinicalOrder',
        id: 'co_1',
        affiliateId: 'aff_1',
        status: 'in_review',
        orderId: 'ord_1',
        patientId: 'pat_1',
        fields: { case_id: 'cs_1', case_status: 'assigned', product_variation_ids: ['pv_1', 'pv_2'] },
        createdAt: t0,
        updatedAt: t0,
      };
      const prescription: CommerceRecord = { ...order, kind: 'prescription', status: 'approved', fields: {} };
      await storage.records.upsert({ record: order });
      await storage.records.upsert({ record: prescription });
      expect(await storage.records.get({ affiliateId: 'aff_1', kind: 'clinicalOrder', id: 'co_1' })).toEqual(
        order,
      );
      expect(await storage.records.get({ affiliateId: 'aff_1', kind: 'prescription', id: 'co_1' })).toEqual(
        prescription,
      );
      expect(
        await storage.records.get({ affiliateId: 'aff_2', kind: 'clinicalOrder', id: 'co_1' }),
      ).toBeUndefined();
    });
  });
}
