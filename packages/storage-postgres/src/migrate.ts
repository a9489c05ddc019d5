import type { Db } from './db';
import { quoteSchema, withSchema } from './identifiers';
import { migrations as allMigrations, type Migration } from './migrations';

/**
 * Applies the migrations not yet applied to `schema`, each once, in order. Runs in one
 * transaction under an advisory lock keyed by the schema, so two processes starting together
 * never both apply one: the second waits, then finds nothing left to do.
 *
 * @returns the versions this call applied
 * @example
 * await migrate({ db, schema: 'affiliate_commerce' });
 */
export async function migrate(input: {
  db: Db;
  schema: string;
  migrations?: readonly Migration[];
}): Promise<number[]> {
  const { db, schema } = input;
  const list = [...(input.migrations ?? allMigrations)].sort((a, b) => a.version - b.version);
  const quoted = quoteSchema(schema);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`affiliate-commerce:migrate:${schema}`]);
    await tx.query(`create schema if not exists ${quoted}`);
    await tx.query(
      `create table if not exists ${quoted}.schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`,
    );
    const { rows } = await tx.query<{ version: number }>(`select version from ${quoted}.schema_migrations`);
    const applied = new Set(rows.map((row) => Number(row.version)));
    const done: number[] = [];
    for (const migration of list) {
      if (applied.has(migration.version)) continue;
      await tx.exec(withSchema(migration.sql, schema));
      await tx.query(`insert into ${quoted}.schema_migrations (version, name) values ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
