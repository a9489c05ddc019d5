export { type Db, type PgPoolDbOptions, pgliteDb, pgPoolDb } from './db';
export { type DrizzleTransactionLike, drizzleTransaction } from './host-clients/drizzle';
export { type KnexTransactionLike, knexTransaction } from './host-clients/knex';
export { type PostgresJsTransactionLike, postgresJsTransaction } from './host-clients/postgres-js';
export {
  type HostClient,
  hostTransaction,
  type PgTransactionOptions,
  pgliteTransaction,
  pgTransaction,
} from './host-transaction';
export { migrate } from './migrate';
export { type Migration, migrations } from './migrations';
export { isConnectionFailure } from './outage';
export {
  type ConnectPostgresOptions,
  connectPostgres,
  createPostgresStorage,
  defaultSchema,
  openPglite,
  type PostgresStorageOptions,
} from './postgres-storage';
