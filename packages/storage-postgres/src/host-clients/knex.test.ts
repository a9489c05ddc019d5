import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostClientOf } from '../host-transaction';
import { type HostSide, hostTransactionContract } from '../host-transaction.contract.test-support';
import { testDatabaseUrl } from '../test-database.test-support';
import { knexTransaction } from './knex';
import { expectRowsAsPg } from './rows-as-pg.test-support';

const connect = (url: string) => knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 12 } });

hostTransactionContract('knex', async (url) => {
  const knex = connect(url);
  const side = (trx: Knex.Transaction): HostSide => ({
    transaction: knexTransaction(trx),
    // The contract writes the host's statements with `$1`; a knex host writes `?`.
    sql: async (text, params = []) =>
      (await trx.raw(text.replace(/\$\d+/g, '?'), params as readonly Knex.RawBinding[])).rows,
    nested: (work) => trx.transaction((inner) => work(side(inner))),
  });
  return {
    transaction: (work, isolation = 'read committed') =>
      knex.transaction((trx) => work(side(trx)), { isolationLevel: isolation }),
    outside: () => knexTransaction(knex),
    close: () => knex.destroy(),
  };
});

describe('knexTransaction', () => {
  let knex: Knex;
  beforeAll(() => {
    knex = connect(testDatabaseUrl);
  });
  afterAll(() => knex.destroy());

  it('answers rows as pg parses them', () =>
    expectRowsAsPg((run) => knex.transaction((trx) => run(knexTransaction(trx)))));

  it('sends the jsonb operators ?, ?| and ?&, a ? in a literal and a parameter used twice as they are', async () => {
    const rows = await knex.transaction(async (trx) => {
      const client = hostClientOf(knexTransaction(trx));
      await client.script?.(
        'create temporary table marks (doc jsonb) on commit drop; insert into marks values (\'{"a": 1}\')',
      );
      const { rows } = await client.query(
        `select doc ? $1 as has, doc ?| array[$2, 'b'] as has_any, doc ?& array[$1, 'b'] as has_all,
           '?' || $2 || '?' as mark, $1 = $1 as twice, 'it''s $1' as literal
         from marks -- a comment with ? and $2
         where doc ? 'a' /* and ? /* nested ? */ here */`,
        ['a', 'z'],
      );
      return rows;
    });
    expect(rows).toEqual([
      { has: true, has_any: false, has_all: false, mark: '?z?', twice: true, literal: "it's $1" },
    ]);
  });
});
