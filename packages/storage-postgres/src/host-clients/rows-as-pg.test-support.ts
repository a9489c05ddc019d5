import type { HostTransaction } from '@affiliate-commerce/core';
import pg from 'pg';
import { expect } from 'vitest';
import { hostClientOf } from '../host-transaction';
import { testDatabaseUrl } from '../test-database.test-support';

/** One value of each type the storage reads, and a parameter of each kind it sends. */
const statement = `select $1::timestamptz as at, $1::timestamp as local_at, $1::date as day,
  $2::int8 as big, $3::numeric as amount, $4::int as small, $5::jsonb as doc, $6::boolean as flag,
  $7::text[] as names, array[$1::timestamptz] as ats, array[$1::date] as days, null::text as nothing`;
const params = [
  '2027-03-04T05:06:07.089Z',
  '9007199254740993',
  '12.50',
  7,
  '{"a":[1,"b"]}',
  true,
  ['x', 'y'],
];

/**
 * The rows a client's adapter answers are those `pg` answers for the same statement: the storage
 * reads dates, counts, amounts and json as `pg` parses them, whatever the client does with its own.
 */
export async function expectRowsAsPg(
  inTransaction: (run: (transaction: HostTransaction) => Promise<void>) => Promise<void>,
) {
  const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
  try {
    const { rows: expected } = await pool.query(statement, params);
    await inTransaction(async (transaction) => {
      const { rows } = await hostClientOf(transaction).query(statement, params);
      expect(rows).toEqual(expected);
    });
  } finally {
    await pool.end();
  }
}
