import type { EventType } from '../../rules/events/event-dictionary';
import type { RecordKind } from '../../storage/record-store';

/** How one kind of record maps to the dictionary: its id and status fields and the events it emits. */
export interface RecordKindRules {
  /** The raw-event field holding the record id. */
  readonly idField: string;
  /** The raw-event field holding its status. */
  readonly statusField: string;
  /** Emitted when the record is first stored. */
  readonly created?: EventType;
  /** Emitted when the status becomes one of these. */
  readonly byStatus: Readonly<Record<string, EventType>>;
  /** Emitted for any other status change. */
  readonly otherChange?: EventType;
}

/** The event rules of each record kind (docs/api.md §6.1 dictionary; §6.2 field names). */
export const recordKinds: Readonly<Record<RecordKind, RecordKindRules>> = {
  prescription: {
    idField: 'prescription_id',
    statusField: 'prescription_status',
    created: 'prescription_created',
    byStatus: {
      approved: 'prescription_approved',
      denied: 'prescription_denied',
      sent_to_pharmacy: 'prescription_sent_to_pharmacy',
      renewal_requested: 'prescription_renewal_requested',
    },
  },
  pharmacy: {
    idField: 'prescription_id',
    statusField: 'pharmacy_status',
    byStatus: { received: 'pharmacy_received_prescription', filled: 'pharmacy_filled_prescription' },
    otherChange: 'pharmacy_status_changed',
  },
  shipment: {
    idField: 'shipment_id',
    statusField: 'shipment_status',
    created: 'shipment_created',
    byStatus: {
      in_transit: 'shipment_in_transit',
      delivered: 'shipment_delivered',
      exception: 'shipment_exception',
    },
  },
  labOrder: {
    idField: 'lab_order_id',
    statusField: 'lab_order_status',
    created: 'lab_order_created',
    byStatus: { resulted: 'lab_results_received', interpreted: 'lab_results_interpreted' },
    otherChange: 'lab_order_status_changed',
  },
  payment: {
    idField: 'payment_id',
    statusField: 'payment_status',
    byStatus: {
      succeeded: 'payment_succeeded',
      failed: 'payment_failed',
      refunded: 'payment_refunded',
      consultation_succeeded: 'consultation_payment_succeeded',
    },
  },
  clinicalOrder: {
    idField: 'order_id',
    statusField: 'order_status',
    created: 'order_created',
    byStatus: { cancelled: 'order_cancelled', completed: 'order_completed' },
    otherChange: 'order_status_changed',
  },
};
