import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDb, pgPoolDb } from './db';
import { migrations } from './migrations';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, serviceOn } from './test-database.test-support';

const shipped = migrations.map((m) => m.version);

describe('storage check and health on the PostgreSQL server', () => {
  let server: Awaited<ReturnType<typeof freshServerSchema>>;
  beforeAll(async () => {
    server = await freshServerSchema('health');
  });
  afterAll(async () => {
    await server.drop();
  });

  it('a schema never migrated lacks every migration: down', async () => {
    const storage = await createPostgresStorage({ db: server.db, schema: server.schema, migrate: false });
    expect(await storage.check()).toEqual({ missingMigrations: shipped, unknownMigrations: [] });
    expect(await serviceOn(storage, {}).health()).toMatchObject({
      status: 'down',
      reasons: ['migrations are missing'],
      storage: { reachable: true },
    });
  });

  it('migrated: ok; a migration this code does not ship: degraded', async () => {
    const storage = await createPostgresStorage({ db: server.db, schema: server.schema });
    expect(await storage.check()).toEqual({ missingMigrations: [], unknownMigrations: [] });
    expect(await serviceOn(storage, {}).health()).toMatchObject({
      status: 'ok',
      migrations: { missing: [], unknown: [] },
      outbox: { pending: 0, due: 0 },
    });
    await server.pool.query(
      `insert into "${server.schema}".schema_migrations (version, name) values (9999, 'from-the-future')`,
    );
    expect(await storage.check()).toEqual({ missingMigrations: [], unknownMigrations: [9999] });
    expect((await serviceOn(storage, {}).health()).status).toBe('degraded');
    await server.pool.query(`delete from "${server.schema}".schema_migrations where version = 9999`);
  });

  it('a server that cannot be reached: down, and the cause is not in the report', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    const storage = await createPostgresStorage({ db: pgPoolDb(pool, { ownsPool: true }), migrate: false });
    const report = await serviceOn(storage, {}).health({ timeoutMs: 2_000 });
    expect(report).toMatchObject({ status: 'down', storage: { reachable: false } });
    expect(JSON.stringify(report)).not.toContain('127.0.0.1');
    await storage.close();
  });
});

describe('storage check on PGlite', () => {
  it('migrated on open: nothing missing', async () => {
    const storage = await createPostgresStorage({
      db: pgliteDb(await PGlite.create(), { ownsDatabase: true }),
    });
    expect(await storage.check()).toEqual({ missingMigrations: [], unknownMigrations: [] });
    await storage.close();
  });
});
