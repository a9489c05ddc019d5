/**
 * Kinds of commerce record the host reports besides ecommerce orders, subscriptions, patients and
 * journeys. `clinicalOrder` is the order of the ORDER event family (docs/api.md §6.2): the clinical order
 * a journey or an ecommerce order leads to, whose `orderId` is that ecommerce order.
 */
export type RecordKind = 'prescription' | 'pharmacy' | 'shipment' | 'labOrder' | 'payment' | 'clinicalOrder';

/** One commerce record: its status and the raw fields the host sent (health data included, for v1). */
export interface CommerceRecord {
  readonly kind: RecordKind;
  readonly id: string;
  readonly affiliateId: string;
  readonly status: string;
  readonly orderId?: string;
  readonly patientId?: string;
  readonly journeyId?: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Storage of commerce records, scoped by affiliate and kind.
 *
 * @example
 * const prescription = await storage.records.get({ affiliateId: 'aff_1', kind: 'prescription', id: 'rx_1' });
 */
export interface RecordStore {
  /**
   * Inserts the record, or replaces one with its kind and id, keeping the stored `createdAt`;
   * answers the record as it was before (undefined when there was none), read in the same step,
   * so a writer learns what changed without a read of its own.
   */
  upsert(input: { record: CommerceRecord }): Promise<CommerceRecord | undefined>;
  get(input: { affiliateId: string; kind: RecordKind; id: string }): Promise<CommerceRecord | undefined>;
}
