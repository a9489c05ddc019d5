import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Storage } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoApp } from './demo-app';

const servers: Server[] = [];

/** Starts the demo host on `storage`, as `npm start` does, and answers its URL. */
async function startDemo(storage: Storage): Promise<string> {
  const { app } = await createDemoApp({ storage });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const post = (url: string, token: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('demo payment methods (README "Payment methods" section)', () => {
  const storage = memoryStorage();

  it('4.8 and 4.4: the README curl answers: setup intent, bank account, card, 409, 402', async () => {
    const api = await startDemo(storage);
    const intent = await post(`${api}/ach-setup-intent`, 'demo_admin');
    expect(intent.status).toBe(201);
    expect(await intent.json()).toMatchObject({ success: true, data: { status: 'requires_payment_method' } });

    const account = await post(`${api}/v2/affiliatePaymentMethods`, 'demo_admin', {
      paymentMethodId: 'pm_usBankAccount_checking',
      paymentMethodType: 'us_bank_account',
    });
    expect(account.status).toBe(201);
    expect(await account.json()).toMatchObject({
      data: { paymentMethodDetails: { type: 'us_bank_account', last4: '6789', isDefault: true } },
    });

    const card = await post(`${api}/v2/affiliatePaymentMethods`, 'demo_agent', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(card.status).toBe(201);
    expect(await card.json()).toMatchObject({
      data: { paymentMethodDetails: { type: 'card', cardBrand: 'visa', isDefault: false } },
    });

    const detached = await post(`${api}/v2/affiliatePaymentMethods`, 'demo_admin', {
      paymentMethodId: 'pm_card_detached',
    });
    expect(detached.status).toBe(409);
    const declined = await post(`${api}/v2/affiliatePaymentMethods`, 'demo_admin', {
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(402);

    const other = await fetch(`${api}/v2/affiliatePaymentMethods`, {
      headers: { authorization: 'Bearer demo_other_super_admin' },
    });
    expect(await other.json()).toEqual({ success: true, data: [] });
  });

  it('after a restart on kept storage, the sandbox still knows the registered methods', async () => {
    // A new demo host on the same storage: the sandbox starts empty, then is restored.
    const api = await startDemo(storage);
    const setDefault = await post(
      `${api}/v2/affiliatePaymentMethods/pm_card_visa/actions/setDefault`,
      'demo_super_admin',
    );
    expect(setDefault.status).toBe(200);
    const list = await fetch(`${api}/v2/affiliatePaymentMethods`, {
      headers: { authorization: 'Bearer demo_admin' },
    });
    const body = (await list.json()) as {
      data: { paymentMethodId: string; paymentMethodDetails: { isDefault: boolean } }[];
    };
    const defaults = body.data.map((m) => [m.paymentMethodId, m.paymentMethodDetails.isDefault]);
    expect(defaults.sort()).toEqual([
      ['pm_card_visa', true],
      ['pm_usBankAccount_checking', false],
    ]);
    // Registering the restored card again is still idempotent.
    expect(
      (await post(`${api}/v2/affiliatePaymentMethods`, 'demo_admin', { paymentMethodId: 'pm_card_visa' }))
        .status,
    ).toBe(201);
  });
});
