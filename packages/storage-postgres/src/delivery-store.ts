import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { deliveryClaims } from './delivery-claim';
import { deliveryHealth } from './delivery-health';
import { deliveryListing } from './delivery-listing';
import { deliveryOutcomes } from './delivery-outcome';
import { deliveryPruning } from './delivery-prune';
import { deliveryPublishing } from './delivery-publish';
import { deliveryRecovery } from './delivery-recover';
import { withSchema } from './identifiers';

/**
 * The outbox on PostgreSQL, composed of its parts by concern: emission (`delivery-publish.ts`),
 * the event and attempt logs (`delivery-listing.ts`), leases (`delivery-claim.ts`), outcomes
 * (`delivery-outcome.ts`), retry and recovery (`delivery-recover.ts`), retention
 * (`delivery-prune.ts`) and the backlog (`delivery-health.ts`).
 *
 * @example postgresDeliveryStore(db, 'affiliate_commerce')
 */
export function postgresDeliveryStore(db: Db, schema: string): DeliveryStore {
  const sql = (text: string) => withSchema(text, schema);
  return {
    ...deliveryPublishing(db, sql),
    ...deliveryListing(db, sql, schema),
    ...deliveryClaims(db, sql),
    ...deliveryOutcomes(db, sql),
    ...deliveryRecovery(db, sql),
    ...deliveryPruning(db, sql),
    ...deliveryHealth(db, sql),
  };
}
