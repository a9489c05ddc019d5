import { type PaymentProcessor, randomIds, type Storage } from '@affiliate-commerce/core';
import {
  addPaymentMethod,
  createAchSetupIntent,
  setDefaultPaymentMethod,
} from '@affiliate-commerce/core/http';
import { testPaymentMethodIds as ids, sandboxProcessor } from '@affiliate-commerce/core/sandbox';
import { sequentialIds, testService } from '@affiliate-commerce/testkit';
import { ResultAsync } from 'neverthrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

let storage: Storage;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshServerSchema('billing');
  drop = fresh.drop;
  storage = await createPostgresStorage({ db: fresh.db, schema: fresh.schema });
});
afterAll(async () => {
  await storage.close();
  await drop();
});

/** Lets every other pending request reach the database before the processor answers. */
const otherRequestsRun = () =>
  new Promise<void>((resolve) => {
    let turns = 0;
    const next = () => (++turns >= 20 ? resolve() : setImmediate(next));
    next();
  });

/** A sandbox whose customer creations are counted and answered slowly. */
function slowCustomers() {
  const sandbox = sandboxProcessor({ ids: sequentialIds() });
  const created: string[] = [];
  const processor: PaymentProcessor = {
    ...sandbox,
    createCustomer: (input) =>
      ResultAsync.fromSafePromise(otherRequestsRun()).andThen(() => {
        created.push(input.billingProfileId);
        return sandbox.createCustomer(input);
      }),
  };
  return { sandbox, processor, created };
}

describe('billing on a PostgreSQL server, many requests at once', () => {
  it('4.4 and 4.8: concurrent first uses of one affiliate create one profile, one customer and one default', async () => {
    const { sandbox, processor, created } = slowCustomers();
    // Random ids: both tests share one schema, where profile ids are unique.
    const { deps } = testService({ storage, processor, ids: randomIds() });
    const affiliateId = 'aff_pg_race';
    const results = await Promise.all([
      createAchSetupIntent(deps, { affiliateId }),
      addPaymentMethod(deps, {
        affiliateId,
        input: { paymentMethodId: ids.visa, paymentMethodType: 'card' },
      }),
      addPaymentMethod(deps, {
        affiliateId,
        input: { paymentMethodId: ids.mastercard, paymentMethodType: 'card' },
      }),
      createAchSetupIntent(deps, { affiliateId }),
      addPaymentMethod(deps, {
        affiliateId,
        input: { paymentMethodId: ids.visa, paymentMethodType: 'card' },
      }),
      createAchSetupIntent(deps, { affiliateId }),
    ]);
    expect(results.map((result) => result.isOk())).toEqual([true, true, true, true, true, true]);
    expect(created).toHaveLength(1);
    const profile = await storage.billing.getProfile({ affiliateId });
    expect(profile).toMatchObject({ id: created[0], customerId: 'cus_1' });
    const methods = await storage.billing.listMethods({ affiliateId });
    expect(methods.map((method) => method.method.id).sort()).toEqual([ids.mastercard, ids.visa]);
    const defaults = methods.filter((method) => method.isDefault).map((method) => method.method.id);
    expect(defaults).toHaveLength(1);
    expect((await sandbox.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: defaults[0],
    });
  });

  it('2.4: concurrent default changes leave exactly one default, the same in storage and at the processor', async () => {
    const { sandbox, processor } = slowCustomers();
    const { deps } = testService({ storage, processor, ids: randomIds() });
    const affiliateId = 'aff_pg_default';
    for (const paymentMethodId of [ids.visa, ids.mastercard]) {
      (
        await addPaymentMethod(deps, { affiliateId, input: { paymentMethodId, paymentMethodType: 'card' } })
      )._unsafeUnwrap();
    }
    const changes = await Promise.all(
      [ids.mastercard, ids.visa, ids.mastercard, ids.visa].map((paymentMethodId) =>
        setDefaultPaymentMethod(deps, { affiliateId, paymentMethodId }),
      ),
    );
    expect(changes.every((change) => change.isOk())).toBe(true);
    const defaults = (await storage.billing.listMethods({ affiliateId }))
      .filter((method) => method.isDefault)
      .map((method) => method.method.id);
    expect(defaults).toHaveLength(1);
    const profile = await storage.billing.getProfile({ affiliateId });
    expect(
      (await sandbox.getDefaultPaymentMethod({ customerId: profile!.customerId! }))._unsafeUnwrap(),
    ).toEqual({
      paymentMethodId: defaults[0],
    });
  });
});
