import type { Affiliate } from '../affiliates/affiliate-store';
import type { Subscription } from '../subscriptions/subscription-store';

/**
 * All data of the in-memory storage. Stores read `state.<table>` on every call (never keep a
 * reference to a map), so a rolled-back transaction can put a snapshot back whole.
 */
export interface MemoryState {
  affiliates: Map<string, Affiliate>;
  subscriptions: Map<string, Subscription>;
}

/** An empty state. */
export function emptyMemoryState(): MemoryState {
  return { affiliates: new Map(), subscriptions: new Map() };
}

/** The key of a tenant-scoped record. */
export function scopedKey(affiliateId: string, id: string): string {
  return `${affiliateId}\u0000${id}`;
}
