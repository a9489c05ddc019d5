import { storageContract } from '@affiliate-commerce/testkit';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

storageContract('PGlite', async () => {
  const pglite = await PGlite.create();
  return { storage: await createPostgresStorage({ db: pgliteDb(pglite, { ownsDatabase: true }) }) };
});

storageContract('PostgreSQL server', async () => {
  const { db, schema, drop } = await freshServerSchema();
  return { storage: await createPostgresStorage({ db, schema }), teardown: drop };
});
