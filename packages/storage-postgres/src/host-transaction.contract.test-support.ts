import {
  type AffiliateCommerceError,
  type HostTransaction,
  isAffiliateCommerceError,
  type Storage,
} from '@affiliate-commerce/core';
import { fakeHttpClient, fakeResolver, type TestService, testService } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

/** The isolation levels a host may open its transaction at. */
export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

/** One open transaction of the host's client, as a test drives it. */
export interface HostSide {
  /** The adapter's handle on this transaction, for `service.inTransaction`. */
  readonly transaction: HostTransaction;
  /** Runs one of the host's own statements (`$1` parameters) through the client, in the transaction. */
  sql(text: string, params?: readonly unknown[]): Promise<readonly Record<string, unknown>[]>;
  /**
   * Runs `work` in a nested transaction of the client's own (a savepoint), rolled back when it
   * throws, with a handle of its own where the client gives nested transactions one.
   */
  nested<T>(work: (side: HostSide) => Promise<T>): Promise<T>;
}

/** A host's database client with one adapter of this package, as the contract drives it. */
export interface HostClientUnderTest {
  /**
   * Runs `work` in a transaction the client opens at `isolation` (default read committed):
   * committed when `work` resolves, rolled back when it throws, as the client does it.
   */
  transaction<T>(work: (side: HostSide) => Promise<T>, isolation?: Isolation): Promise<T>;
  /** A handle made by the adapter on the client outside any transaction (or after one ended), where the client allows it. */
  outside?(): HostTransaction | Promise<HostTransaction>;
  close(): Promise<void>;
}

/** Why the host gave up on a transaction in a test: never an error of the SDK's. */
class HostRollback extends Error {}

const affiliateId = 'aff_1';
const order = (id: string) => ({ affiliateId, order: { id, totalCents: 4_900 } });

/**
 * What every adapter of a host's client must do (docs/api.md §10.8), on the PostgreSQL server:
 * the host's rows and what its host calls write commit or roll back together; a savepoint
 * rolled back undoes only its part; each isolation level holds, a conflict surfaces as
 * `TRANSACTION_CONFLICT` and nothing is retried behind the host's back; bad use is a typed error
 * that writes nothing.
 *
 * `open` builds the client under test on `url` (the test server).
 */
export function hostTransactionContract(
  name: string,
  open: (url: string) => Promise<HostClientUnderTest>,
): void {
  describe(`${name}: host calls in the host's own transaction`, () => {
    let schema: string;
    let hostTable: string;
    let storage: Storage;
    let service: TestService;
    let client: HostClientUnderTest;
    let admin: pg.Pool;
    let drop: () => Promise<void>;
    let sent: string[];

    beforeAll(async () => {
      const fresh = await freshServerSchema('host_tx');
      ({ schema, drop } = fresh);
      admin = fresh.pool;
      hostTable = `"${schema}_host".shop_orders`;
      await admin.query(`create schema "${schema}_host"`);
      await admin.query(`create table ${hostTable} (id text primary key, note text)`);
      storage = await createPostgresStorage({ db: fresh.db, schema });
      sent = [];
      service = testService({
        storage,
        http: fakeHttpClient((request) => {
          sent.push(JSON.parse(request.body ?? '{}').event_id);
          return { ok: true, status: 204, headers: {}, bodyText: '', latencyMs: 1 };
        }),
        resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
      });
      await service.webhooks.create({
        affiliateId,
        name: 'Orders',
        url: 'https://hooks.example.com/orders',
        webhookInterests: ['ecommerce_order_created'],
      });
      client = await open(testDatabaseUrl);
    }, 60_000);

    afterAll(async () => {
      await client?.close();
      await admin?.query(`drop schema if exists "${schema}_host" cascade`);
      await drop?.();
    });

    /** Rows of an order and what it caused: the host's row, the SDK's order, its events and deliveries. */
    async function counts(id: string) {
      const one = async (text: string) => Number((await admin.query(text, [id])).rows[0].count);
      return {
        host: await one(`select count(*) from ${hostTable} where id = $1`),
        orders: await one(`select count(*) from "${schema}".orders where id = $1`),
        events: await one(`select count(*) from "${schema}".events where ${aboutOrder('events')}`),
        deliveries: await one(
          `select count(*) from "${schema}".deliveries d join "${schema}".events events on events.id = d.event_id where ${aboutOrder('events')}`,
        ),
      };
    }
    /** Events whose data names the order `$1`. */
    const aboutOrder = (table: string) => `${table}.data::text like '%"' || $1 || '"%'`;
    const none = { host: 0, orders: 0, events: 0, deliveries: 0 };
    const once = { host: 1, orders: 1, events: 1, deliveries: 1 };

    /** The host's write and the order it causes, in the host's transaction `side`. */
    async function writeBoth(side: HostSide, id: string) {
      await side.sql(`insert into ${hostTable} (id) values ($1)`, [id]);
      return service.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order(id)));
    }

    const rejection = async (promise: Promise<unknown>): Promise<AffiliateCommerceError> => {
      const error = await promise.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isAffiliateCommerceError(error), String(error)).toBe(true);
      return error as AffiliateCommerceError;
    };

    it('commits the host row, the order, its event and its delivery together, and a worker sends the delivery', async () => {
      const recorded = await client.transaction((side) => writeBoth(side, 'ord_commit'));
      expect(recorded.order.id).toBe('ord_commit');
      // Values come back as the storage's own pool gives them, whatever the client parses.
      expect(recorded.order.createdAt).toBeInstanceOf(Date);
      expect(recorded.order.totalCents).toBe(4_900);
      expect(await service.deps.storage.orders.get({ affiliateId, id: 'ord_commit' })).toEqual(
        recorded.order,
      );
      expect(await counts('ord_commit')).toEqual(once);
      await service.deliveries.runDue({ limit: 100 });
      const [event] = (
        await admin.query(`select id from "${schema}".events where ${aboutOrder('events')}`, ['ord_commit'])
      ).rows;
      expect(sent).toContain(event.id);
    });

    it('writes nothing the host rolls back: by throwing, and after a failed statement of its own', async () => {
      await expect(
        client.transaction(async (side) => {
          await writeBoth(side, 'ord_thrown');
          throw new HostRollback('the host changed its mind');
        }),
      ).rejects.toBeInstanceOf(HostRollback);
      expect(await counts('ord_thrown')).toEqual(none);

      await client.transaction(async (side) => {
        await side.sql(`insert into ${hostTable} (id) values ($1)`, ['ord_taken']);
      });
      await expect(
        client.transaction(async (side) => {
          await writeBoth(side, 'ord_failed_statement');
          await side.sql(`insert into ${hostTable} (id) values ($1)`, ['ord_taken']);
        }),
      ).rejects.toThrow();
      expect(await counts('ord_failed_statement')).toEqual(none);
    });

    it('a savepoint the host rolls back undoes only its part', async () => {
      await client.transaction(async (side) => {
        await writeBoth(side, 'ord_outer');
        await expect(
          side.nested(async (inner) => {
            await writeBoth(inner, 'ord_inner');
            throw new HostRollback('undo the inner part');
          }),
        ).rejects.toBeInstanceOf(HostRollback);
        await side.nested((inner) => writeBoth(inner, 'ord_inner_kept'));
      });
      expect(await counts('ord_outer')).toEqual(once);
      expect(await counts('ord_inner')).toEqual(none);
      expect(await counts('ord_inner_kept')).toEqual(once);
    });

    it('a call that fails undoes its own part and leaves the transaction usable', async () => {
      await client.transaction(async (side) => {
        await side.sql(`insert into ${hostTable} (id) values ($1)`, ['ord_usable']);
        const refused = await rejection(
          service.inTransaction(side.transaction, (tx) =>
            tx.commerce.recordOrder({ affiliateId, order: { id: 'ord_usable', totalCents: -1 } }),
          ),
        );
        expect(refused.code).toBe('INVALID_FIELD');
        const missing = await rejection(
          service.inTransaction(side.transaction, (tx) =>
            tx.commerce.setOrderStatus({ affiliateId, orderId: 'ord_never_recorded', status: 'cancelled' }),
          ),
        );
        expect(missing.code).toBe('NOT_FOUND');
        await service.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order('ord_usable')));
      });
      expect(await counts('ord_usable')).toEqual(once);
    });

    it.each<Isolation>(['read committed', 'repeatable read', 'serializable'])(
      'runs at the host’s %s isolation, which it keeps',
      async (isolation) => {
        const id = `ord_${isolation.replace(' ', '_')}`;
        const level = await client.transaction(async (side) => {
          await writeBoth(side, id);
          return side.sql('show transaction_isolation');
        }, isolation);
        expect(level).toEqual([{ transaction_isolation: isolation }]);
        expect(await counts(id)).toEqual(once);
      },
    );

    it.each<Isolation>(['repeatable read', 'serializable'])(
      'at %s, a write that lost to a concurrent transaction is TRANSACTION_CONFLICT, not retried, and the host’s retry counts once',
      async (isolation) => {
        const id = `ord_conflict_${isolation.replace(' ', '_')}`;
        await client.transaction(
          (side) => service.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order(id))),
          isolation,
        );
        // Both transactions take their snapshot, then both change the same order.
        let ready!: () => void;
        const bothStarted = new Promise<void>((resolve) => {
          let started = 0;
          ready = () => {
            started += 1;
            if (started === 2) resolve();
          };
        });
        const change = (status: 'cancelled' | 'refunded') =>
          client.transaction(async (side) => {
            await side.sql(`select count(*) from ${hostTable}`);
            ready();
            await bothStarted;
            return service.inTransaction(side.transaction, (tx) =>
              tx.commerce.setOrderStatus({ affiliateId, orderId: id, status }),
            );
          }, isolation);
        const outcomes = await Promise.allSettled([change('cancelled'), change('refunded')]);
        const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(failed).toHaveLength(1);
        const [lost] = failed as PromiseRejectedResult[];
        expect(lost?.reason).toMatchObject({ code: 'TRANSACTION_CONFLICT', status: 409 });
        // The host runs its transaction again, as the error says; the order has one status change each.
        await client.transaction(
          (side) =>
            service.inTransaction(side.transaction, (tx) =>
              tx.commerce.setOrderStatus({ affiliateId, orderId: id, status: 'completed' }),
            ),
          isolation,
        );
        const { rows } = await admin.query(`select status from "${schema}".orders where id = $1`, [id]);
        expect(rows[0].status).toBe('completed');
      },
    );

    it('transactions racing on one affiliate neither deadlock nor count twice', async () => {
      const ids = Array.from({ length: 6 }, (_, i) => `ord_race_${i}`);
      await Promise.all(
        [...ids, ...ids].map((id, i) =>
          client.transaction(async (side) => {
            await side.sql(
              `insert into ${hostTable} (id, note) values ($1, $2) on conflict (id) do nothing`,
              [id, String(i)],
            );
            return service.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order(id)));
          }),
        ),
      );
      for (const id of ids) expect(await counts(id)).toEqual(once);
    });

    it('bad use is a typed error and writes nothing', async () => {
      if (client.outside) {
        const notOpen = await rejection(
          service.inTransaction(await client.outside(), (tx) =>
            tx.commerce.recordOrder(order('ord_outside')),
          ),
        );
        expect(notOpen.code).toBe('TRANSACTION_NOT_OPEN');
        expect(await counts('ord_outside')).toEqual(none);
      }
      let ended: HostTransaction | undefined;
      await client.transaction(async (side) => {
        ended = side.transaction;
      });
      const afterEnd = await rejection(
        service.inTransaction(ended!, (tx) => tx.commerce.recordOrder(order('ord_after_commit'))),
      );
      expect(afterEnd.code).toBe('TRANSACTION_NOT_OPEN');
      expect(await counts('ord_after_commit')).toEqual(none);

      await expect(
        client.transaction(async (side) => {
          await side.sql('select 1/0').catch(() => undefined);
          const aborted = await rejection(
            service.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order('ord_aborted'))),
          );
          expect(aborted.code).toBe('TRANSACTION_ABORTED');
          throw new HostRollback('done');
        }),
      ).rejects.toBeInstanceOf(HostRollback);
      expect(await counts('ord_aborted')).toEqual(none);

      // A storage on a schema this database lacks: the client's database is not the storage's.
      const elsewhere = await createPostgresStorage({
        db: pgPoolDb(new pg.Pool({ connectionString: testDatabaseUrl, max: 1 }), { ownsPool: true }),
        schema: `${schema}_missing`,
        migrate: false,
      });
      const other = testService({ storage: elsewhere });
      await expect(
        client.transaction(async (side) => {
          const missing = await rejection(
            other.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order('ord_no_schema'))),
          );
          expect(missing.code).toBe('TRANSACTION_SCHEMA_MISSING');
          throw new HostRollback('done');
        }),
      ).rejects.toBeInstanceOf(HostRollback);
      await elsewhere.close();

      const memory = testService();
      await client.transaction(async (side) => {
        const unsupported = await rejection(
          memory.inTransaction(side.transaction, (tx) => tx.commerce.recordOrder(order('ord_memory'))),
        );
        expect(unsupported.code).toBe('TRANSACTION_UNSUPPORTED');
      });
    });
  });
}
