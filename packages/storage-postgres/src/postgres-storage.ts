import { mkdirSync } from 'node:fs';
import type { Storage } from '@affiliate-commerce/core/storage';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { postgresAffiliateStore } from './affiliate-store';
import { postgresBillingStore } from './billing-store';
import { postgresCouponReportStore } from './coupon-report';
import { type Db, pgliteDb, pgPoolDb } from './db';
import { postgresDeliveryStore } from './delivery-store';
import { quoteSchema } from './identifiers';
import { postgresJourneyStore } from './journey-store';
import { migrate as runMigrations } from './migrate';
import { checkMigrations } from './migrations/check';
import { postgresOrderStore } from './order-store';
import { postgresPatientStore } from './patient-store';
import { postgresRecordStore } from './record-store';
import { postgresSubscriptionStore } from './subscription-store';
import { postgresSupportStore } from './support-store';
import { postgresWebhookStore } from './webhook-store';

/** The schema used when none is named. */
export const defaultSchema = 'affiliate_commerce';

/** Options of {@link createPostgresStorage}. */
export interface PostgresStorageOptions {
  readonly db: Db;
  /** PostgreSQL schema holding every table. Default `affiliate_commerce`. */
  readonly schema?: string;
  /** Apply pending migrations first. Default true. */
  readonly migrate?: boolean;
}

function storageOn(db: Db, schema: string): Storage {
  const storage: Storage = {
    affiliates: postgresAffiliateStore(db, schema),
    subscriptions: postgresSubscriptionStore(db, schema),
    orders: postgresOrderStore(db, schema),
    journeys: postgresJourneyStore(db, schema),
    coupons: postgresCouponReportStore(db, schema),
    deliveries: postgresDeliveryStore(db, schema),
    billing: postgresBillingStore(db, schema),
    patients: postgresPatientStore(db, schema),
    records: postgresRecordStore(db, schema),
    support: postgresSupportStore(db, schema),
    webhooks: postgresWebhookStore(db, schema),
    transaction: (fn, options) =>
      db.transaction((tx) => fn(tx === db ? storage : storageOn(tx, schema)), options),
    check: () => checkMigrations(db, schema),
    close: () => db.close(),
  };
  return storage;
}

/**
 * The storage port on PostgreSQL: the same SQL on a `pg` Pool or on PGlite.
 *
 * @example
 * const storage = await createPostgresStorage({ db: pgPoolDb(pool) });
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const schema = options.schema ?? defaultSchema;
  quoteSchema(schema);
  if (options.migrate ?? true) await runMigrations({ db: options.db, schema });
  return storageOn(options.db, schema);
}

/**
 * Storage on a PostgreSQL server, with a pool this storage owns and closes.
 *
 * @example
 * const storage = await connectPostgres({ connectionString: 'postgres://postgres@127.0.0.1:5432/app' });
 */
export async function connectPostgres(options: {
  connectionString: string;
  schema?: string;
  max?: number;
  migrate?: boolean;
}): Promise<Storage> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
  const db = pgPoolDb(pool, { ownsPool: true });
  try {
    return await createPostgresStorage({ db, schema: options.schema, migrate: options.migrate });
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Embedded storage on PGlite: a directory on disk (kept across restarts), or memory when
 * `dataDir` is omitted. The default for demos and single-process embedding.
 *
 * @example
 * const storage = await openPglite({ dataDir: './.data/pglite' });
 */
export async function openPglite(options: { dataDir?: string; schema?: string } = {}): Promise<Storage> {
  // PGlite creates only the last folder of the path itself.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir);
  const db = pgliteDb(pglite, { ownsDatabase: true });
  try {
    return await createPostgresStorage({ db, schema: options.schema });
  } catch (error) {
    await db.close();
    throw error;
  }
}
