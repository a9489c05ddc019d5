import { randomBytes } from 'node:crypto';
import {
  createService,
  flexibleRateLimiter,
  type Principal,
  randomIds,
  type Service,
  type Storage,
  systemClock,
} from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import pg from 'pg';
import { type Db, pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';

/** The PostgreSQL server tests use; `DATABASE_URL` overrides it. */
export const testDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh schema on the test server for one test file, dropped by `drop`, so runs never collide.
 * Fails loudly when the server is unreachable: these tests must not skip. (`npm test` outside CI
 * starts an embedded server when none answers; see test-support/services.ts at the repository root.)
 */
export async function freshServerSchema(
  prefix = 't',
): Promise<{ db: Db; schema: string; pool: pg.Pool; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 8 });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(
      `PostgreSQL server at ${testDatabaseUrl} is unreachable; start it (see .ci/run), or outside CI run the tests with npm test, which starts an embedded one: ${String(error)}`,
    );
  }
  return {
    db: pgPoolDb(pool),
    schema,
    pool,
    drop: async () => {
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    },
  };
}

/**
 * The service on `storage` with the real clock, ids and rate limiter and the sandbox processor and
 * case system; `Bearer admin` is a super admin of `aff_1` unless other principals are given.
 */
export function serviceOn(
  storage: Storage,
  principals: Record<string, Principal> = {
    admin: { userId: 'u_admin', affiliateId: 'aff_1', roles: ['affiliate_super_admin'] },
  },
): Service {
  return createService({
    storage,
    auth: staticTokenAuth(principals),
    clock: systemClock(),
    ids: randomIds(),
    rateLimiter: flexibleRateLimiter(),
    secretKey: Buffer.alloc(32, 7).toString('base64'),
    processor: sandboxProcessor(),
    caseSystem: sandboxCaseSystem(),
  });
}

/** A storage for one test and how to drop it, so a test runs alike on memory and on the server. */
export type StorageUnderTest = () => Promise<{ storage: Storage; teardown: () => Promise<void> }>;

/** The in-memory storage, as a {@link StorageUnderTest}. */
export const memoryStorageUnderTest: StorageUnderTest = async () => {
  const storage = memoryStorage();
  return { storage, teardown: () => storage.close() };
};

/** A fresh schema on the test server (named after `name`), as a {@link StorageUnderTest}. */
export function serverStorageUnderTest(name: string): StorageUnderTest {
  return async () => {
    const { db, schema, drop } = await freshServerSchema(name);
    const storage = await createPostgresStorage({ db, schema });
    return {
      storage,
      teardown: async () => {
        await storage.close();
        await drop();
      },
    };
  };
}
