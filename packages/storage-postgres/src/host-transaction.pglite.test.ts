import { type AffiliateCommerceError, isAffiliateCommerceError } from '@affiliate-commerce/core';
import { testService } from '@affiliate-commerce/testkit';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDb } from './db';
import { pgliteTransaction } from './host-transaction';
import { createPostgresStorage } from './postgres-storage';

/** Host calls in a transaction the host opened on the PGlite the storage was built on (embedded). */
describe('PGlite: host calls in the host’s own transaction', () => {
  let pglite: PGlite;
  let service: ReturnType<typeof testService>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    const storage = await createPostgresStorage({ db: pgliteDb(pglite) });
    service = testService({ storage });
    await pglite.exec('create schema shop; create table shop.orders (id text primary key)');
  });
  afterAll(() => pglite.close());

  const count = async (text: string) => Number((await pglite.query<{ n: string }>(text)).rows[0]!.n);
  const orders = () => count('select count(*) as n from affiliate_commerce.orders');
  const hostRows = () => count('select count(*) as n from shop.orders');
  const order = (id: string) => ({ affiliateId: 'aff_1', order: { id, totalCents: 4_900 } });

  it('commits the host row and the order together, and rolls both back together', async () => {
    await pglite.transaction(async (tx) => {
      await tx.query('insert into shop.orders (id) values ($1)', ['ord_kept']);
      await service.inTransaction(pgliteTransaction(tx), (svc) =>
        svc.commerce.recordOrder(order('ord_kept')),
      );
    });
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into shop.orders (id) values ($1)', ['ord_dropped']);
        await service.inTransaction(pgliteTransaction(tx), (svc) =>
          svc.commerce.recordOrder(order('ord_dropped')),
        );
        throw new Error('the host rolls back');
      }),
    ).rejects.toThrow('the host rolls back');
    expect(await orders()).toBe(1);
    expect(await hostRows()).toBe(1);
  });

  it('a call that fails undoes its own part and the transaction goes on', async () => {
    await pglite.transaction(async (tx) => {
      const failure = await service
        .inTransaction(pgliteTransaction(tx), (svc) =>
          svc.commerce.setOrderStatus({ affiliateId: 'aff_1', orderId: 'ord_unknown', status: 'paid' }),
        )
        .catch((error: unknown) => error);
      expect(isAffiliateCommerceError(failure) && (failure as AffiliateCommerceError).code).toBe('NOT_FOUND');
      await service.inTransaction(pgliteTransaction(tx), (svc) =>
        svc.commerce.recordOrder(order('ord_after')),
      );
    });
    expect(await orders()).toBe(2);
  });

  it('a transaction that has ended is TRANSACTION_NOT_OPEN', async () => {
    let ended: ReturnType<typeof pgliteTransaction> | undefined;
    await pglite.transaction(async (tx) => {
      ended = pgliteTransaction(tx);
    });
    await expect(
      service.inTransaction(ended!, (svc) => svc.commerce.recordOrder(order('ord_late'))),
    ).rejects.toMatchObject({ code: 'TRANSACTION_NOT_OPEN' });
    expect(await orders()).toBe(2);
  });
});
