import type { DomainError, PaymentProcessor, ProcessorPaymentMethod } from '@affiliate-commerce/core';
import { cardDeclinedMessage, testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import type { ResultAsync } from 'neverthrow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** What one run of the contract needs from an implementation. */
export interface ProcessorHarness {
  /** A processor holding exactly the methods of `testPaymentMethods`, none attached yet. */
  readonly processor: PaymentProcessor;
  /** Makes the next call reaching the processor fail as if it were down (a 500 for Stripe). */
  failNext(): void;
  /** Releases what `setup` made for this test; called after each test. */
  close?(): void | Promise<void>;
}

async function ok<T>(result: ResultAsync<T, DomainError>): Promise<T> {
  const settled = await result;
  if (settled.isErr())
    throw new Error(`expected success, got ${settled.error.code}: ${settled.error.message}`);
  return settled.value;
}

async function fails<T>(result: ResultAsync<T, DomainError>): Promise<DomainError> {
  const settled = await result;
  if (settled.isOk()) throw new Error(`expected a failure, got ${JSON.stringify(settled.value)}`);
  return settled.error;
}

const visa: ProcessorPaymentMethod = {
  id: ids.visa,
  type: 'card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  postalCode: '42424',
  name: 'Jenny Rosen',
};

const checking: ProcessorPaymentMethod = {
  id: ids.bankChecking,
  type: 'us_bank_account',
  bankName: 'STRIPE TEST BANK',
  last4: '6789',
  accountType: 'checking',
  name: 'Jenny Rosen',
};

/**
 * The payment-processor contract, written once and run against every implementation (the
 * sandbox, and Stripe behind a fake Stripe server). `setup` is called before each test and
 * returns a fresh implementation holding the test methods of `testPaymentMethods`.
 *
 * @example
 * processorContract('sandbox', () => {
 *   const processor = sandboxProcessor();
 *   return { processor, failNext: () => processor.failNext() };
 * });
 */
export function processorContract(
  name: string,
  setup: () => ProcessorHarness | Promise<ProcessorHarness>,
): void {
  describe(`payment-processor contract: ${name}`, () => {
    let harness: ProcessorHarness;
    let processor: PaymentProcessor;

    beforeEach(async () => {
      harness = await setup();
      processor = harness.processor;
    });
    afterEach(async () => {
      await harness.close?.();
    });

    const newCustomer = async (billingProfileId = 'bp_1', affiliateId = 'aff_1') =>
      (await ok(processor.createCustomer({ billingProfileId, affiliateId, name: 'Acme Health' }))).customerId;
    const customerOf = async (paymentMethodId: string) =>
      (await ok(processor.retrievePaymentMethod({ paymentMethodId }))).customerId;

    it('4.4 creates one customer per call, each with its own cus_ id', async () => {
      const first = await newCustomer('bp_1', 'aff_1');
      const second = await newCustomer('bp_2', 'aff_2');
      expect(first).toMatch(/^cus_/);
      expect(second).toMatch(/^cus_/);
      expect(second).not.toBe(first);
    });

    it('4.8 an ACH setup intent answers its seti_ id, its client secret and requires_payment_method', async () => {
      const customerId = await newCustomer();
      const intent = await ok(processor.createAchSetupIntent({ customerId }));
      expect(intent.setupIntentId).toMatch(/^seti_/);
      expect(intent.clientSecret.startsWith(`${intent.setupIntentId}_secret_`)).toBe(true);
      expect(intent.status).toBe('requires_payment_method');
      const again = await ok(processor.createAchSetupIntent({ customerId }));
      expect(again.setupIntentId).not.toBe(intent.setupIntentId);
    });

    it('4.8 a setup intent for an unknown customer is PAYMENT_METHOD_ATTACHMENT_FAILED', async () => {
      expect((await fails(processor.createAchSetupIntent({ customerId: 'nobody' }))).code).toBe(
        'PAYMENT_METHOD_ATTACHMENT_FAILED',
      );
    });

    it('4.4 attaches a card and answers it normalised, with the customer it now belongs to (2.4)', async () => {
      const customerId = await newCustomer();
      expect(await customerOf(ids.visa)).toBeUndefined();
      const attached = await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      expect(attached).toEqual({ ...visa, customerId });
      expect(await ok(processor.retrievePaymentMethod({ paymentMethodId: ids.visa }))).toEqual({
        ...visa,
        customerId,
      });
    });

    it('2.4 a card with no name or postal code has no such keys, never null', async () => {
      const customerId = await newCustomer();
      const attached = await ok(
        processor.attachPaymentMethod({ customerId, paymentMethodId: ids.mastercard }),
      );
      expect(attached).toEqual({
        id: ids.mastercard,
        type: 'card',
        customerId,
        brand: 'mastercard',
        last4: '4444',
        expMonth: 8,
        expYear: 2031,
      });
      expect(Object.keys(attached)).not.toContain('name');
      expect(Object.keys(attached)).not.toContain('postalCode');
    });

    it('4.4 attaching the same card twice to the same customer is idempotent', async () => {
      const customerId = await newCustomer();
      const first = await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      const second = await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      expect(second).toEqual(first);
    });

    it('4.4 a card attached to another customer is PAYMENT_METHOD_ATTACHMENT_FAILED and stays with that customer', async () => {
      const owner = await newCustomer('bp_1', 'aff_1');
      const other = await newCustomer('bp_2', 'aff_2');
      await ok(processor.attachPaymentMethod({ customerId: owner, paymentMethodId: ids.visa }));
      const error = await fails(
        processor.attachPaymentMethod({ customerId: other, paymentMethodId: ids.visa }),
      );
      expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
      expect(error.message).not.toContain(owner);
      expect(await customerOf(ids.visa)).toBe(owner);
    });

    it('4.4 a method detached earlier is PAYMENT_METHOD_CANNOT_BE_REUSED and stays unattached', async () => {
      const customerId = await newCustomer();
      const error = await fails(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.detached }));
      expect(error.code).toBe('PAYMENT_METHOD_CANNOT_BE_REUSED');
      expect(await customerOf(ids.detached)).toBeUndefined();
    });

    it('4.4 a declined card is PAYMENT_METHOD_ATTACHMENT_FAILED with the processor’s reason and stays unattached', async () => {
      const customerId = await newCustomer();
      const error = await fails(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.declined }));
      expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
      expect(error.message).toContain(cardDeclinedMessage);
      expect(await customerOf(ids.declined)).toBeUndefined();
    });

    it('4.4 an unknown method is PAYMENT_METHOD_ATTACHMENT_FAILED, to attach and to read', async () => {
      const customerId = await newCustomer();
      const attach = await fails(
        processor.attachPaymentMethod({ customerId, paymentMethodId: 'pm_doesNotExist' }),
      );
      expect(attach.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
      expect(attach.message).not.toContain('pm_doesNotExist');
      const read = await fails(processor.retrievePaymentMethod({ paymentMethodId: 'pm_doesNotExist' }));
      expect(read.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
    });

    it('4.4 an unknown method and another customer’s are refused alike (same code and message), naming neither', async () => {
      const owner = await newCustomer('bp_1', 'aff_1');
      const other = await newCustomer('bp_2', 'aff_2');
      await ok(processor.attachPaymentMethod({ customerId: owner, paymentMethodId: ids.visa }));
      const refusal = (error: DomainError) => ({ code: error.code, message: error.message });
      const taken = await fails(
        processor.attachPaymentMethod({ customerId: other, paymentMethodId: ids.visa }),
      );
      const unknown = await fails(
        processor.attachPaymentMethod({ customerId: other, paymentMethodId: 'pm_doesNotExist' }),
      );
      expect(refusal(taken)).toEqual(refusal(unknown));
      expect(taken.message).not.toContain(ids.visa);
      expect(taken.message).not.toContain(owner);
      const unknownRead = await fails(
        processor.retrievePaymentMethod({ paymentMethodId: 'pm_doesNotExist' }),
      );
      expect(refusal(unknownRead)).toEqual(refusal(unknown));
    });

    it('4.4 attaching to an unknown customer is PAYMENT_METHOD_ATTACHMENT_FAILED and attaches nothing', async () => {
      const error = await fails(
        processor.attachPaymentMethod({ customerId: 'nobody', paymentMethodId: ids.visa }),
      );
      expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
      expect(await customerOf(ids.visa)).toBeUndefined();
    });

    it('4.4 a bank account is unattached until the setup-intent flow, then belongs to the customer that ran it', async () => {
      const first = await newCustomer('bp_1', 'aff_1');
      const second = await newCustomer('bp_2', 'aff_2');
      expect(await ok(processor.retrievePaymentMethod({ paymentMethodId: ids.bankChecking }))).toEqual(
        checking,
      );
      await ok(processor.createAchSetupIntent({ customerId: first }));
      expect(await ok(processor.retrievePaymentMethod({ paymentMethodId: ids.bankChecking }))).toEqual({
        ...checking,
        customerId: first,
      });
      await ok(processor.createAchSetupIntent({ customerId: second }));
      expect(await customerOf(ids.bankChecking)).toBe(first);
    });

    it('4.4 attaching the bank account the flow attached is idempotent; another customer is refused', async () => {
      const customerId = await newCustomer('bp_1', 'aff_1');
      const other = await newCustomer('bp_2', 'aff_2');
      await ok(processor.createAchSetupIntent({ customerId }));
      expect(
        await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.bankChecking })),
      ).toEqual({
        ...checking,
        customerId,
      });
      const error = await fails(
        processor.attachPaymentMethod({ customerId: other, paymentMethodId: ids.bankChecking }),
      );
      expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
    });

    it('4.4 a customer has no default at first; setting one and then another moves it', async () => {
      const customerId = await newCustomer();
      expect(await ok(processor.getDefaultPaymentMethod({ customerId }))).toEqual({});
      await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.mastercard }));
      await ok(processor.setDefaultPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      expect(await ok(processor.getDefaultPaymentMethod({ customerId }))).toEqual({
        paymentMethodId: ids.visa,
      });
      await ok(processor.setDefaultPaymentMethod({ customerId, paymentMethodId: ids.mastercard }));
      expect(await ok(processor.getDefaultPaymentMethod({ customerId }))).toEqual({
        paymentMethodId: ids.mastercard,
      });
    });

    it('4.4 making a method that is not this customer’s the default is PAYMENT_METHOD_ATTACHMENT_FAILED and keeps the default', async () => {
      const customerId = await newCustomer('bp_1', 'aff_1');
      const other = await newCustomer('bp_2', 'aff_2');
      await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      await ok(processor.setDefaultPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      await ok(processor.attachPaymentMethod({ customerId: other, paymentMethodId: ids.mastercard }));
      for (const paymentMethodId of [ids.mastercard, ids.detached, 'pm_doesNotExist']) {
        const error = await fails(processor.setDefaultPaymentMethod({ customerId, paymentMethodId }));
        expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
      }
      expect(await ok(processor.getDefaultPaymentMethod({ customerId }))).toEqual({
        paymentMethodId: ids.visa,
      });
    });

    it('7 a processor that is down is UPSTREAM_UNAVAILABLE, changes nothing, and works again after', async () => {
      const customerId = await newCustomer();
      harness.failNext();
      const error = await fails(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(await customerOf(ids.visa)).toBeUndefined();
      expect(
        (await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }))).customerId,
      ).toBe(customerId);
    });

    it('7 every call of the port reports a processor that is down as UPSTREAM_UNAVAILABLE', async () => {
      const customerId = await newCustomer();
      await ok(processor.attachPaymentMethod({ customerId, paymentMethodId: ids.visa }));
      const calls: Array<() => ResultAsync<unknown, DomainError>> = [
        () => processor.createCustomer({ billingProfileId: 'bp_9', affiliateId: 'aff_9' }),
        () => processor.createAchSetupIntent({ customerId }),
        () => processor.attachPaymentMethod({ customerId, paymentMethodId: ids.mastercard }),
        () => processor.retrievePaymentMethod({ paymentMethodId: ids.visa }),
        () => processor.setDefaultPaymentMethod({ customerId, paymentMethodId: ids.visa }),
        () => processor.getDefaultPaymentMethod({ customerId }),
      ];
      for (const call of calls) {
        harness.failNext();
        expect((await fails(call())).code).toBe('UPSTREAM_UNAVAILABLE');
      }
      expect(await ok(processor.getDefaultPaymentMethod({ customerId }))).toEqual({});
      expect(await customerOf(ids.mastercard)).toBeUndefined();
      expect(await customerOf(ids.bankChecking)).toBeUndefined();
    });
  });
}
