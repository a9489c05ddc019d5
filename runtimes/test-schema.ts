import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the runtime tests use; `DATABASE_URL` overrides it. */
export const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name of the test's own, so runs never collide. */
export function schemaName(runtime: string): string {
  return `rt_${runtime.toLowerCase()}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Drops a schema a test created. */
export async function dropSchema(schema: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await pool.end();
  }
}
