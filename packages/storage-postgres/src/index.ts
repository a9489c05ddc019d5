export { type Db, type PgPoolDbOptions, pgliteDb, pgPoolDb } from './db';
export {
  type HostClient,
  hostTransaction,
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
