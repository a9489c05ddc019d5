import { type TestService, testService, testTokens } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { testPaymentMethodIds as ids } from './test-payment-methods';

interface RawAnswer {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

async function send(service: TestService, path: string, token: string, body?: unknown): Promise<RawAnswer> {
  const response = await service.handle(
    new Request(`http://api.test${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

const refusal = {
  success: false,
  error: {
    code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
    message:
      'The payment processor refused the payment method: No such payment method for this billing profile.',
  },
};

function recordingLogger(): Logger & { readonly warnings: unknown[] } {
  const warnings: unknown[] = [];
  const ignore = () => {};
  return { warnings, error: ignore, info: ignore, warn: (_message, meta) => warnings.push(meta?.cause) };
}

describe('4.4 and 7: another customer’s payment method cannot be told from an unknown one', () => {
  it('4.4 a card registered by another affiliate and an unknown card get byte-identical answers', async () => {
    const logger = recordingLogger();
    const service = testService({ logger });
    const add = (paymentMethodId: string, token: string) =>
      send(service, '/v2/affiliatePaymentMethods', token, { paymentMethodId });
    expect((await add(ids.visa, testTokens.admin)).status).toBe(201);

    const taken = await add(ids.visa, testTokens.otherSuperAdmin);
    const unknown = await add('pm_card_doesNotExist', testTokens.otherSuperAdmin);

    expect(taken).toEqual(unknown);
    expect(taken.status).toBe(402);
    expect(JSON.parse(taken.body)).toEqual(refusal);
    // The host's log still tells the two apart; the client never sees it.
    expect(logger.warnings.map(String)).toEqual([
      `Error: ${ids.visa} is attached to another customer`,
      'Error: sandbox processor: no method pm_card_doesNotExist',
    ]);
  });

  it('4.4 a bank account another affiliate linked and an unknown one get byte-identical answers', async () => {
    const service = testService();
    const add = (paymentMethodId: string, token: string) =>
      send(service, '/v2/affiliatePaymentMethods', token, {
        paymentMethodId,
        paymentMethodType: 'us_bank_account',
      });
    expect((await send(service, '/ach-setup-intent', testTokens.admin)).status).toBe(201);

    const taken = await add(ids.bankChecking, testTokens.otherSuperAdmin);
    const unknown = await add('pm_usBankAccount_doesNotExist', testTokens.otherSuperAdmin);

    expect(taken).toEqual(unknown);
    expect(JSON.parse(taken.body)).toEqual(refusal);
    expect((await add(ids.bankChecking, testTokens.admin)).status).toBe(201);
  });
});
