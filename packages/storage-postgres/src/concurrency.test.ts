import { concurrencyContract } from '@affiliate-commerce/testkit';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

concurrencyContract('PGlite', async () => {
  const pglite = await PGlite.create();
  return { storage: await createPostgresStorage({ db: pgliteDb(pglite, { ownsDatabase: true }) }) };
});

concurrencyContract('PostgreSQL server', async () => {
  const { db, schema, drop } = await freshServerSchema('race');
  return { storage: await createPostgresStorage({ db, schema }), teardown: drop };
});
