import type { Delivery } from '../../storage/delivery-store';
import type { MemoryState } from './memory-state';

/** A lease of the in-memory outbox, which the storage snapshot need not keep. */
export interface Lease {
  token: string;
  expiresAt: number;
}

/** What the parts of the in-memory outbox share: the state, the leases, and the one way a delivery changes. */
export interface MemoryOutbox {
  readonly state: MemoryState;
  /** Leases by delivery key. */
  readonly leases: Map<string, Lease>;
  /** Changes a stored delivery; a delivery no longer pending keeps no `nextAttemptAt`. */
  update(key: string, changes: Partial<Delivery>): Delivery;
}

/** A deep copy, so callers never hold the stored records. */
export const copy = <T>(value: T): T => structuredClone(value);

/** The shared part of an in-memory outbox over `state`, with no leases yet. */
export function memoryOutbox(state: MemoryState): MemoryOutbox {
  return {
    state,
    leases: new Map(),
    update(key, changes) {
      const next = { ...state.deliveries.get(key)!, ...changes } as Delivery;
      if (next.status !== 'pending') delete (next as { nextAttemptAt?: Date }).nextAttemptAt;
      state.deliveries.set(key, next);
      return next;
    },
  };
}
