export { type Db, pgliteDb, pgPoolDb } from './db';
export { migrate } from './migrate';
export { type Migration, migrations } from './migrations';
export {
  connectPostgres,
  createPostgresStorage,
  defaultSchema,
  openPglite,
  type PostgresStorageOptions,
} from './postgres-storage';
