import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unknownPaymentMethod } from '@affiliate-commerce/core/http';
import { testPaymentMethodIds as ids, testPaymentMethods } from '@affiliate-commerce/core/sandbox';
import { processorContract } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeClient, startFakeStripe } from './fake-stripe-server.test-support';
import { paymentMethodObject, sepaDebitObject } from './stripe-objects.test-support';
import { stripeProcessor } from './stripe-processor';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

processorContract('stripe (real SDK against a local fake Stripe API)', () => {
  fake.reset();
  return {
    processor: stripeProcessor({ stripe: fakeStripeClient(fake.port) }),
    failNext: () => fake.failNext(),
  };
});

describe('stripe processor: requests and Stripe-specific answers', () => {
  beforeEach(() => fake.reset());
  const processor = () => stripeProcessor({ stripe: fakeStripeClient(fake.port) });
  const writes = () =>
    fake.requests.filter((request) => request.method === 'POST').map((request) => request.path);

  it('4.4 creates the customer with the billing profile and affiliate in its metadata, and the name when given', async () => {
    const named = await processor().createCustomer({
      billingProfileId: 'bp_1',
      affiliateId: 'aff_1',
      name: 'Acme',
    });
    await processor().createCustomer({ billingProfileId: 'bp_2', affiliateId: 'aff_2' });
    expect(named.isOk()).toBe(true);
    expect(fake.requests.map((request) => [request.method, request.path, request.form])).toEqual([
      [
        'POST',
        '/v1/customers',
        { name: 'Acme', 'metadata[billingProfileId]': 'bp_1', 'metadata[affiliateId]': 'aff_1' },
      ],
      ['POST', '/v1/customers', { 'metadata[billingProfileId]': 'bp_2', 'metadata[affiliateId]': 'aff_2' }],
    ]);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk_test_fake');
  });

  it('4.8 asks for a us_bank_account setup intent, off-session, through Financial Connections with the payment_method permission', async () => {
    const { customerId } = (
      await processor().createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    const intent = (await processor().createAchSetupIntent({ customerId }))._unsafeUnwrap();
    expect(intent.status).toBe('requires_payment_method');
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/setup_intents');
    expect(request?.form).toEqual({
      customer: customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'us_bank_account',
      'payment_method_options[us_bank_account][verification_method]': 'automatic',
      'payment_method_options[us_bank_account][financial_connections][permissions][0]': 'payment_method',
    });
  });

  it('4.4 sets the default through invoice_settings.default_payment_method', async () => {
    const p = processor();
    const { customerId } = (
      await p.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    await p.attachPaymentMethod({ customerId, paymentMethodId: ids.visa });
    expect((await p.setDefaultPaymentMethod({ customerId, paymentMethodId: ids.visa })).isOk()).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/customers/${customerId}`,
      form: { 'invoice_settings[default_payment_method]': ids.visa },
    });
  });

  it('4.4 reads the method before attaching: registering twice writes once; another customer’s method is never written to', async () => {
    const p = processor();
    const { customerId } = (
      await p.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    const { customerId: other } = (
      await p.createCustomer({ billingProfileId: 'bp_2', affiliateId: 'aff_2' })
    )._unsafeUnwrap();
    await p.attachPaymentMethod({ customerId, paymentMethodId: ids.visa });
    await p.attachPaymentMethod({ customerId, paymentMethodId: ids.visa });
    const refused = await p.attachPaymentMethod({ customerId: other, paymentMethodId: ids.visa });
    expect(refused._unsafeUnwrapErr()).toMatchObject({
      code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
      message: unknownPaymentMethod().message,
    });
    expect(writes()).toEqual(['/v1/customers', '/v1/customers', `/v1/payment_methods/${ids.visa}/attach`]);
  });

  it('4.4 a method type docs/api.md §4.4 does not take is PAYMENT_METHOD_ATTACHMENT_FAILED and is not attached', async () => {
    fake.putPaymentMethod(sepaDebitObject('pm_sepa'));
    const p = processor();
    const { customerId } = (
      await p.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    const error = (
      await p.attachPaymentMethod({ customerId, paymentMethodId: 'pm_sepa' })
    )._unsafeUnwrapErr();
    expect(error).toMatchObject({
      code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
      message: expect.stringContaining('sepa_debit'),
    });
    expect(writes()).toEqual(['/v1/customers']);
  });

  it('2.4 a bank account whose account number is not known yet cannot be registered', async () => {
    const bank = testPaymentMethods.find(({ method }) => method.id === ids.bankChecking)!.method;
    const object = paymentMethodObject(bank, 'cus_1');
    fake.putPaymentMethod({ ...object, us_bank_account: { ...object.us_bank_account!, last4: null } });
    const error = (
      await processor().retrievePaymentMethod({ paymentMethodId: ids.bankChecking })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('4.4 an id that cannot be a Stripe id is refused without a request', async () => {
    const error = (
      await processor().retrievePaymentMethod({ paymentMethodId: 'pm_1/../../customers' })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
    expect(fake.requests).toEqual([]);
  });

  it('4.4 a customer deleted at Stripe has no default', async () => {
    const p = processor();
    const { customerId } = (
      await p.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    fake.deleteCustomer(customerId);
    expect((await p.getDefaultPaymentMethod({ customerId }))._unsafeUnwrap()).toEqual({});
  });

  it('7 a Stripe that does not answer within the client’s time-out is UPSTREAM_UNAVAILABLE', async () => {
    fake.hangNext();
    const error = (await processor().retrievePaymentMethod({ paymentMethodId: ids.visa }))._unsafeUnwrapErr();
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.cause).toMatchObject({ type: 'StripeConnectionError' });
  });

  it('7 a 500 from Stripe is UPSTREAM_UNAVAILABLE and keeps Stripe’s error as the cause', async () => {
    fake.failNext();
    const error = (
      await processor().createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.cause).toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(error.message).not.toContain('unknown error');
  });

  it('7 a Stripe that refuses the connection is UPSTREAM_UNAVAILABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (
      await stripeProcessor({ stripe: fakeStripeClient(port) }).retrievePaymentMethod({
        paymentMethodId: ids.visa,
      })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('7 credentials Stripe refuses are UPSTREAM_UNAVAILABLE (the operator’s problem, not the customer’s)', async () => {
    const error = (
      await stripeProcessor({ stripe: fakeStripeClient(fake.port, 'sk_test_wrong') }).createCustomer({
        billingProfileId: 'bp_1',
        affiliateId: 'aff_1',
      })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.cause).toMatchObject({ type: 'StripeAuthenticationError' });
  });

  it('an exception that is not Stripe’s (a bug) rejects, for the 500 catch-all, instead of becoming a domain error', async () => {
    const stripe = fakeStripeClient(fake.port);
    stripe.paymentMethods.retrieve = () => {
      throw new TypeError('a bug');
    };
    await expect(
      stripeProcessor({ stripe }).retrievePaymentMethod({ paymentMethodId: ids.visa }),
    ).rejects.toThrow('a bug');
  });

  it('throws a TypeError naming the package when no Stripe client is given', () => {
    expect(() => stripeProcessor({} as never)).toThrow(/^@affiliate-commerce\/processor-stripe: /);
    expect(() => stripeProcessor(undefined as never)).toThrow(TypeError);
  });
});
