import type { Storage } from '@affiliate-commerce/core';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgliteDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

const databases: [string, () => Promise<{ db: Db; schema: string; drop?: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => ({
      db: pgliteDb(await PGlite.create(), { ownsDatabase: true }),
      schema: 'affiliate_commerce',
    }),
  ],
  ['PostgreSQL server', () => freshServerSchema('subs')],
];

for (const [name, open] of databases) {
  describe(`subscriptions on ${name}`, () => {
    let db: Db;
    let schema: string;
    let storage: Storage;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ db, schema, drop } = await open());
      storage = await createPostgresStorage({ db, schema });
    });
    afterAll(async () => {
      await storage.close();
      await drop?.();
    });

    it('section 3: moveRenewal from a date stored with microseconds (by SQL outside the SDK) moves it', async () => {
      const t0 = new Date('2026-11-23T10:00:00.000Z');
      await storage.subscriptions.upsert({
        subscription: {
          id: 'sub_micro',
          affiliateId: 'aff_1',
          status: 'active',
          cadence: { interval: 'month', count: 1 },
          nextBillingDate: t0,
          endDate: new Date('2027-06-05T09:30:00.000Z'),
          createdAt: t0,
          updatedAt: t0,
        },
      });
      await db.query(
        `update "${schema}".subscriptions set next_billing_date = '2026-12-05T09:30:00.123456Z' where id = 'sub_micro'`,
      );
      const read = await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_micro' });
      const moved = await storage.subscriptions.moveRenewal({
        affiliateId: 'aff_1',
        id: 'sub_micro',
        from: read!.nextBillingDate,
        to: new Date('2027-01-15T09:30:00.123Z'),
        updatedAt: t0,
      });
      expect(moved).toMatchObject({ nextBillingDate: new Date('2027-01-15T09:30:00.123Z') });
    });
  });
}
