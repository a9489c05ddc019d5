import { mkdirSync } from 'node:fs';
import type { Logger, Storage } from '@affiliate-commerce/core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { postgresAffiliateStore } from './affiliate-store';
import { postgresBillingStore } from './billing-store';
import { postgresCaseStore } from './case-store';
import { postgresCouponReportStore } from './coupon-report';
import { type Db, defaultLogger, type PgPoolDbOptions, pgliteDb, pgPoolDb } from './db';
import { postgresDeliveryStore } from './delivery-store';
import { hostClientOf, hostDb } from './host-transaction';
import { quoteSchema } from './identifiers';
import { postgresJourneyStore } from './journey-store';
import { migrationGate } from './migration-gate';
import { checkMigrations } from './migrations/check';
import { postgresOrderStore } from './order-store';
import { postgresPatientStore } from './patient-store';
import { postgresRecordStore } from './record-store';
import { keepStatistics } from './statistics-keeper';
import { postgresSubscriptionStore } from './subscription-store';
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
  /** Where the storage notes that the database is out of reach and back. Default: JSON lines on the console. */
  readonly logger?: Logger;
  /**
   * Analyze a table of the schema whenever it has doubled since its last analysis (looked for
   * every 250 ms in the storage's first two minutes, then every 2 s; one process at a time), so statements prepared while it was small are planned again for what
   * it holds: a new install's first minute, a bulk import, a truncated table. Default true;
   * `openPglite` turns it off (PGlite plans every statement afresh).
   */
  readonly keepStatistics?: boolean;
}

/** The storage's stores, by name. */
type StoreName = Exclude<keyof Storage, 'transaction' | 'check' | 'close' | 'join'>;

/** How each store is built on a connection (or a transaction) and a schema. */
const storeMakers: { readonly [K in StoreName]: (db: Db, schema: string) => Storage[K] } = {
  affiliates: postgresAffiliateStore,
  subscriptions: postgresSubscriptionStore,
  orders: postgresOrderStore,
  journeys: postgresJourneyStore,
  coupons: postgresCouponReportStore,
  deliveries: postgresDeliveryStore,
  billing: postgresBillingStore,
  patients: postgresPatientStore,
  records: postgresRecordStore,
  cases: postgresCaseStore,
  webhooks: postgresWebhookStore,
};

/**
 * The stores on `db`, each built the first time it is used: every transaction gets stores of its
 * own, and most use two or three of the eleven.
 */
function storageOn(db: Db, schema: string, close: () => Promise<void> = () => db.close()): Storage {
  const storage = {
    transaction: (fn, options) =>
      db.transaction((tx) => fn(tx === db ? storage : storageOn(tx, schema)), options),
    check: () => checkMigrations(db, schema),
    close,
    join: (transaction) => storageOn(hostDb(hostClientOf(transaction)), schema, async () => {}),
  } as Storage;
  for (const name of Object.keys(storeMakers) as StoreName[]) {
    let store: Storage[StoreName] | undefined;
    Object.defineProperty(storage, name, {
      enumerable: true,
      get: () => {
        store ??= storeMakers[name](db, schema);
        return store;
      },
    });
  }
  return storage;
}

/**
 * The storage port on PostgreSQL: the same SQL on a `pg` Pool or on PGlite.
 *
 * Pending migrations are applied first. When the database cannot be reached at that moment, the
 * storage is returned all the same: its calls reject with `StorageUnavailableError` (503 on the
 * API, `/health/ready` down) until the migrations have run, which they do as soon as the database
 * answers, tried again in the background and on each call. Any other failure of the migrations
 * rejects here.
 *
 * @example
 * const storage = await createPostgresStorage({ db: pgPoolDb(pool) });
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const schema = options.schema ?? defaultSchema;
  quoteSchema(schema);
  const { db } = options;
  const statistics = (options.keepStatistics ?? true) ? keepStatistics(db, schema) : undefined;
  if (!(options.migrate ?? true))
    return storageOn(db, schema, async () => {
      statistics?.stop();
      await db.close();
    });
  const gate = migrationGate({ db, schema, logger: options.logger ?? defaultLogger() });
  try {
    await gate.first;
  } catch (error) {
    statistics?.stop();
    throw error;
  }
  return storageOn(gate.db, schema, async () => {
    statistics?.stop();
    gate.stop();
    await db.close();
  });
}

/** Options of {@link connectPostgres}. */
export interface ConnectPostgresOptions {
  readonly connectionString: string;
  /** PostgreSQL schema holding every table. Default `affiliate_commerce`. */
  readonly schema?: string;
  /** Connections in the pool. Default 10. */
  readonly max?: number;
  /** Apply pending migrations first (see {@link createPostgresStorage}). Default true. */
  readonly migrate?: boolean;
  /** Longest wait for a connection, after which the call fails as unavailable. Default 5,000 ms. */
  readonly connectionTimeoutMs?: number;
  /** Where lost connections and the database's return are noted. Default: JSON lines on the console. */
  readonly logger?: Logger;
  /**
   * Prepare each statement once per connection. Default true; set false behind PgBouncer in
   * transaction mode before 1.21 (see {@link PgPoolDbOptions.preparedStatements}).
   */
  readonly preparedStatements?: boolean;
  /** Analyze tables as they grow (see {@link PostgresStorageOptions.keepStatistics}). Default true. */
  readonly keepStatistics?: boolean;
}

/**
 * Storage on a PostgreSQL server, with a pool this storage owns and closes. It resolves even while
 * the database is down, and rides out restarts, fail-overs and stops: see {@link pgPoolDb} and
 * {@link createPostgresStorage}.
 *
 * @example
 * const storage = await connectPostgres({ connectionString: 'postgres://postgres@127.0.0.1:5432/app' });
 */
export async function connectPostgres(options: ConnectPostgresOptions): Promise<Storage> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
  });
  const db = pgPoolDb(pool, {
    ownsPool: true,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.preparedStatements === undefined ? {} : { preparedStatements: options.preparedStatements }),
  });
  try {
    return await createPostgresStorage({
      db,
      schema: options.schema,
      migrate: options.migrate,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.keepStatistics === undefined ? {} : { keepStatistics: options.keepStatistics }),
    });
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
    return await createPostgresStorage({ db, schema: options.schema, keepStatistics: false });
  } catch (error) {
    await db.close();
    throw error;
  }
}
