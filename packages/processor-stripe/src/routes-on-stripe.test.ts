import { testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import {
  type TestService,
  testService,
  testTokens,
  testPaymentMethodViews as views,
} from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeClient, startFakeStripe } from './fake-stripe-server.test-support';
import { paymentMethodObject } from './stripe-objects.test-support';
import { stripeProcessor } from './stripe-processor';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

interface Answer {
  readonly status: number;
  readonly json: { success: boolean; data?: unknown; error?: { code: string; message: string } };
}

/** Sends one API request through the kernel, as an adapter would. */
async function call(
  service: TestService,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Answer> {
  const response = await service.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, json: (await response.json()) as Answer['json'] };
}

const visaView = (isDefault: boolean) => views.visa(isDefault);
const checkingView = views.checking;

const bank = { paymentMethodId: ids.bankChecking, paymentMethodType: 'us_bank_account' };

describe('the payment-method routes on the real stripe SDK against a local fake Stripe API', () => {
  let service: TestService;
  const add = (body: unknown, token: string = testTokens.admin) =>
    call(service, 'POST', '/v2/affiliatePaymentMethods', token, body);
  const list = (token: string = testTokens.admin) =>
    call(service, 'GET', '/v2/affiliatePaymentMethods', token);
  const writes = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

  beforeEach(async () => {
    fake.reset();
    service = testService({ processor: stripeProcessor({ stripe: fakeStripeClient(fake.port) }) });
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
  });

  it('4.8 then 4.4: setup intent, bank account, then a card; one Stripe customer; the first method is the default', async () => {
    const intent = await call(service, 'POST', '/ach-setup-intent', testTokens.agent);
    expect(intent).toEqual({
      status: 201,
      json: {
        success: true,
        data: {
          setupIntentId: 'seti_Fake0000000002',
          clientSecret: 'seti_Fake0000000002_secret_Fake0000000002x',
          status: 'requires_payment_method',
        },
      },
    });
    expect(await add(bank)).toEqual({ status: 201, json: { success: true, data: checkingView(true) } });
    expect(await add({ paymentMethodId: ids.visa })).toEqual({
      status: 201,
      json: { success: true, data: visaView(false) },
    });
    expect(await list(testTokens.agent)).toEqual({
      status: 200,
      json: { success: true, data: [visaView(false), checkingView(true)] },
    });

    expect(writes('/v1/customers')).toHaveLength(1);
    expect(writes('/v1/customers')[0]?.form).toEqual({
      name: 'Affiliate one',
      'metadata[billingProfileId]': 'bp_1',
      'metadata[affiliateId]': 'aff_1',
    });
    expect(writes('/v1/customers/cus_Fake0000000001').map((r) => r.form)).toEqual([
      { 'invoice_settings[default_payment_method]': ids.bankChecking },
    ]);
    // The bank account was only read: the setup-intent flow attached it.
    expect(writes(`/v1/payment_methods/${ids.bankChecking}/attach`)).toEqual([]);
    expect(writes(`/v1/payment_methods/${ids.visa}/attach`)).toHaveLength(1);
  });

  it('4.4: registering the same card twice answers the same and asks Stripe once', async () => {
    const first = await add({ paymentMethodId: ids.visa });
    expect(first).toEqual({ status: 201, json: { success: true, data: visaView(true) } });
    expect(await add({ paymentMethodId: ids.visa })).toEqual(first);
    expect(writes(`/v1/payment_methods/${ids.visa}/attach`)).toHaveLength(1);
    expect((await list()).json.data).toEqual([visaView(true)]);
  });

  it('4.4 and 7: a detached card is 409 PAYMENT_METHOD_CANNOT_BE_REUSED, and nothing is stored', async () => {
    const answer = await add({ paymentMethodId: ids.detached });
    expect(answer.status).toBe(409);
    expect(answer.json.error?.code).toBe('PAYMENT_METHOD_CANNOT_BE_REUSED');
    expect((await list()).json.data).toEqual([]);
  });

  it("4.4 and 7: a declined card is 402 with Stripe's message, and nothing is stored", async () => {
    expect(await add({ paymentMethodId: ids.declined })).toEqual({
      status: 402,
      json: {
        success: false,
        error: {
          code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
          message: 'The payment processor refused the payment method: Your card was declined.',
        },
      },
    });
    expect((await list()).json.data).toEqual([]);
  });

  it('4.4 and 7: a method Stripe does not know is 402', async () => {
    const answer = await add({ paymentMethodId: 'pm_card_unknown' });
    expect(answer.status).toBe(402);
    expect(answer.json.error?.message).toBe(
      'The payment processor refused the payment method: No such payment method for this billing profile.',
    );
  });

  it("4.4 and 7: a bank account attached to another affiliate's customer is 402, and nothing is stored", async () => {
    expect((await call(service, 'POST', '/ach-setup-intent', testTokens.otherSuperAdmin)).status).toBe(201);
    const answer = await add(bank);
    expect(answer.status).toBe(402);
    expect(answer.json.error?.message).toBe(
      'The payment processor refused the payment method: No such payment method for this billing profile.',
    );
    expect((await list()).json.data).toEqual([]);
    expect(await add(bank, testTokens.otherSuperAdmin)).toEqual({
      status: 201,
      json: { success: true, data: checkingView(true, 'bp_1') },
    });
  });

  it('4.4: a card Stripe holds as attached to someone else is 402 and left untouched', async () => {
    fake.putPaymentMethod(
      paymentMethodObject(
        { id: 'pm_card_taken', type: 'card', brand: 'visa', last4: '1881', expMonth: 2, expYear: 2032 },
        'cus_SomeoneElse',
      ),
    );
    const answer = await add({ paymentMethodId: 'pm_card_taken' });
    expect(answer.status).toBe(402);
    expect(writes('/v1/payment_methods/pm_card_taken/attach')).toEqual([]);
  });

  it('7: Stripe answering 500 is 502 UPSTREAM_UNAVAILABLE; nothing is stored and a retry succeeds', async () => {
    expect((await call(service, 'POST', '/ach-setup-intent', testTokens.admin)).status).toBe(201);
    fake.failNext();
    expect(await add({ paymentMethodId: ids.visa })).toEqual({
      status: 502,
      json: {
        success: false,
        error: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'The payment processor is unavailable; try again later.',
        },
      },
    });
    expect((await list()).json.data).toEqual([]);
    expect(await add({ paymentMethodId: ids.visa })).toEqual({
      status: 201,
      json: { success: true, data: visaView(true) },
    });
  });

  it('7: Stripe not answering within the client time-out is 502', async () => {
    expect((await call(service, 'POST', '/ach-setup-intent', testTokens.admin)).status).toBe(201);
    fake.hangNext();
    expect((await add({ paymentMethodId: ids.visa })).status).toBe(502);
    expect((await list()).json.data).toEqual([]);
  });

  it('2.4: setDefault moves invoice_settings.default_payment_method; another affiliate gets 404', async () => {
    await call(service, 'POST', '/ach-setup-intent', testTokens.admin);
    await add({ paymentMethodId: ids.visa });
    await add(bank);
    const path = `/v2/affiliatePaymentMethods/${ids.bankChecking}/actions/setDefault`;
    expect(await call(service, 'POST', path, testTokens.otherSuperAdmin)).toMatchObject({ status: 404 });
    expect(await call(service, 'POST', path, testTokens.superAdmin)).toEqual({
      status: 200,
      json: { success: true, data: checkingView(true) },
    });
    expect(writes('/v1/customers/cus_Fake0000000001').map((r) => r.form)).toEqual([
      { 'invoice_settings[default_payment_method]': ids.visa },
      { 'invoice_settings[default_payment_method]': ids.bankChecking },
    ]);
    expect((await list()).json.data).toEqual([visaView(false), checkingView(true)]);
  });
});
