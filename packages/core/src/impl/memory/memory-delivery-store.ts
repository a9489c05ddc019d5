import type { DeliveryStore } from '../../storage/delivery-store';
import { memoryAttemptHours } from './memory-attempt-hours';
import { memoryDeliveryClaims } from './memory-delivery-claim';
import { memoryDeliveryHealth } from './memory-delivery-health';
import { memoryDeliveryListing } from './memory-delivery-listing';
import { memoryDeliveryLog } from './memory-delivery-log';
import { memoryDeliveryOutcomes } from './memory-delivery-outcome';
import { memoryDeliveryPruning } from './memory-delivery-prune';
import { memoryDeliveryPublishing } from './memory-delivery-publish';
import { memoryDeliveryRecovery } from './memory-delivery-recover';
import { memoryOutbox } from './memory-outbox';
import type { MemoryState } from './memory-state';

/**
 * The in-memory outbox, composed of its parts by concern (as `storage-postgres` composes its own):
 * emission, the event, attempt and message logs, leases, outcomes, retry and recovery, retention,
 * the backlog and the hourly attempt counts, all over one state and one table of leases.
 */
export function memoryDeliveryStore(state: MemoryState): DeliveryStore {
  const outbox = memoryOutbox(state);
  return {
    ...memoryDeliveryPublishing(outbox),
    ...memoryDeliveryListing(outbox),
    ...memoryDeliveryLog(outbox),
    ...memoryDeliveryClaims(outbox),
    ...memoryDeliveryOutcomes(outbox),
    ...memoryDeliveryRecovery(outbox),
    ...memoryDeliveryPruning(outbox),
    ...memoryDeliveryHealth(outbox),
    ...memoryAttemptHours(outbox),
  };
}
