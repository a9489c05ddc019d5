import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { deliveryAttemptHours } from './delivery-attempt-hours';
import { deliveryClaims } from './delivery-claim';
import { deliveryHealth } from './delivery-health';
import { deliveryListing } from './delivery-listing';
import { deliveryLog } from './delivery-log';
import { deliveryOutcomes } from './delivery-outcome';
import { deliveryPruning } from './delivery-prune';
import { deliveryPublishing } from './delivery-publish';
import { deliveryRecovery } from './delivery-recover';
import { withSchema } from './identifiers';

/**
 * The outbox on PostgreSQL, composed of its parts by concern: emission (`delivery-publish.ts`),
 * the event and attempt logs (`delivery-listing.ts`), the message log (`delivery-log.ts`), leases
 * (`delivery-claim.ts`), outcomes (`delivery-outcome.ts`), retry and recovery (`delivery-recover.ts`), retention
 * (`delivery-prune.ts`), the backlog (`delivery-health.ts`) and the hourly attempt counts
 * (`delivery-attempt-hours.ts`).
 *
 * @example postgresDeliveryStore(db, 'affiliate_commerce')
 */
export function postgresDeliveryStore(db: Db, schema: string): DeliveryStore {
  const sql = (text: string) => withSchema(text, schema);
  return {
    ...deliveryPublishing(db, sql),
    ...deliveryListing(db, sql, schema),
    ...deliveryLog(db, sql, schema),
    ...deliveryClaims(db, sql),
    ...deliveryOutcomes(db, sql),
    ...deliveryRecovery(db, sql),
    ...deliveryPruning(db, sql),
    ...deliveryHealth(db, sql),
    ...deliveryAttemptHours(db, sql),
  };
}
