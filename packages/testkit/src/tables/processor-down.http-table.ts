import { addPaymentMethod } from '@affiliate-commerce/core/http';
import { testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import type { HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import {
  addRequest,
  addTableMethods,
  amexId,
  listIs,
  sandboxOf,
  setDefaultRequest,
  upstreamDown,
  views,
} from './billing-table-fixtures';

const created = (data: unknown) => ({ status: 201, body: { success: true, data } });

/**
 * docs/api.md §4.4, §4.8 and §7 when the processor is down: 502 UPSTREAM_UNAVAILABLE, nothing changed,
 * and the same request succeeds once the processor is back. In the setup aff_1 has registered
 * visa (the default) and mastercard; then the sandbox is told to fail the next call.
 */
export const processorDownHttpTable: HttpTable = {
  title: 'payment methods: the processor is down (502)',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
    addTableMethods(service);
    for (const paymentMethodId of [ids.visa, ids.mastercard]) {
      const added = await addPaymentMethod(service.deps, {
        affiliateId: 'aff_1',
        input: { paymentMethodId, paymentMethodType: 'card' },
      });
      if (added.isErr()) throw new Error(`setup failed: ${added.error.message}`);
      service.clock.advance(1_000);
    }
    sandboxOf(service).failNext();
  },
  cases: [
    {
      name: '7: a failed attach is 502, nothing is stored, and a retry succeeds',
      request: addRequest({ paymentMethodId: amexId }),
      expect: upstreamDown,
      followUp: [
        listIs(testTokens.admin, views.visa(true), views.mastercard(false)),
        { request: addRequest({ paymentMethodId: amexId }), expect: created(views.amex(false)) },
        listIs(testTokens.admin, views.visa(true), views.mastercard(false), views.amex(false)),
      ],
    },
    {
      name: '7: a failed setDefault is 502 and the default stays where it was',
      request: setDefaultRequest(ids.mastercard),
      expect: upstreamDown,
      followUp: [
        listIs(testTokens.admin, views.visa(true), views.mastercard(false)),
        {
          request: setDefaultRequest(ids.mastercard),
          expect: { status: 200, body: { success: true, data: views.mastercard(true) } },
        },
      ],
    },
    {
      name: '4.8 and 7: a failed setup intent is 502, and a retry succeeds',
      request: { method: 'POST', path: '/ach-setup-intent', token: testTokens.agent },
      expect: upstreamDown,
      followUp: [
        {
          request: { method: 'POST', path: '/ach-setup-intent', token: testTokens.agent },
          expect: {
            status: 201,
            body: {
              success: true,
              data: {
                setupIntentId: 'seti_1',
                clientSecret: 'seti_1_secret_1',
                status: 'requires_payment_method',
              },
            },
          },
        },
      ],
    },
    {
      name: '7: a failed first customer creation is 502; the retry keeps the same billingProfileId',
      request: addRequest({ paymentMethodId: amexId }, testTokens.otherSuperAdmin),
      expect: upstreamDown,
      followUp: [
        listIs(testTokens.otherSuperAdmin),
        {
          request: addRequest({ paymentMethodId: amexId }, testTokens.otherSuperAdmin),
          expect: created(views.amex(true, 'bp_2')),
        },
        listIs(testTokens.otherSuperAdmin, views.amex(true, 'bp_2')),
      ],
    },
    {
      name: 'a registered method answers from storage even while the processor is down',
      request: addRequest({ paymentMethodId: ids.visa }),
      expect: created(views.visa(true)),
      followUp: [{ request: addRequest({ paymentMethodId: amexId }), expect: upstreamDown }],
    },
  ],
};
