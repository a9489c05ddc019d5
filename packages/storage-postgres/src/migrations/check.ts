import type { StorageCheck } from '@affiliate-commerce/core';
import type { Db } from '../db';
import { quoteSchema } from '../identifiers';
import { migrations } from './index';

/**
 * Compares the migrations applied to `schema` with the shipped list, in one query (the health
 * check's round trip). A schema never migrated lacks them all. Rejects when the database cannot
 * be reached.
 *
 * @example
 * const { missingMigrations } = await checkMigrations(db, 'affiliate_commerce');
 */
export async function checkMigrations(db: Db, schema: string): Promise<StorageCheck> {
  const shipped = migrations.map((m) => m.version);
  let applied: number[];
  try {
    const { rows } = await db.query<{ version: number }>(
      `select version from ${quoteSchema(schema)}.schema_migrations`,
    );
    applied = rows.map((row) => Number(row.version));
  } catch (error) {
    // No schema (3F000) or no schema_migrations table (42P01): nothing was applied.
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
    applied = [];
  }
  const has = new Set(applied);
  const ships = new Set(shipped);
  return {
    missingMigrations: shipped.filter((v) => !has.has(v)),
    unknownMigrations: applied.filter((v) => !ships.has(v)).sort((a, b) => a - b),
  };
}
