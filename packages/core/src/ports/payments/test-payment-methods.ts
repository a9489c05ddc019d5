import type { ProcessorBankAccount, ProcessorCard } from './processor';

/**
 * How a test method behaves when attached:
 * - `attachable`: attaches to the first customer that asks, then belongs to it;
 * - `detached`: was detached from a customer earlier, so attaching is `PAYMENT_METHOD_CANNOT_BE_REUSED`;
 * - `declines`: the card is declined on attach (`PAYMENT_METHOD_ATTACHMENT_FAILED`);
 * - `setupIntentFlow`: a bank account the simulated setup-intent flow attaches (see
 *   {@link testPaymentMethods}).
 */
export type TestMethodBehaviour = 'attachable' | 'detached' | 'declines' | 'setupIntentFlow';

/** A method the sandbox (and the fake Stripe server of processor-stripe) starts with, unattached. */
export interface TestPaymentMethod {
  readonly method: Omit<ProcessorCard, 'customerId'> | Omit<ProcessorBankAccount, 'customerId'>;
  readonly behaviour: TestMethodBehaviour;
}

/**
 * The ids of the test methods, to name them in tests and the demo README.
 *
 * @example processor.attachPaymentMethod({ customerId, paymentMethodId: testPaymentMethodIds.visa })
 */
export const testPaymentMethodIds = {
  visa: 'pm_card_visa',
  mastercard: 'pm_card_mastercard',
  detached: 'pm_card_detached',
  declined: 'pm_card_chargeDeclined',
  bankChecking: 'pm_usBankAccount_checking',
} as const;

/**
 * The message of a declined card, as Stripe words it.
 *
 * @example expect(error.message).toContain(cardDeclinedMessage)
 */
export const cardDeclinedMessage = 'Your card was declined.';

/**
 * The test methods, named after Stripe's test payment methods so that a demo client written
 * against Stripe's test mode reads the same. The bank account is attached by the simulated
 * setup-intent flow: creating a setup intent attaches it to the customer that created the
 * intent, when no customer has it yet (the first customer to finish the flow owns it, as an
 * account belongs to one customer at the processor).
 *
 * | id | what it is |
 * |---|---|
 * | `pm_card_visa` | visa 4242, 12/2034, Jenny Rosen, postal code 42424 |
 * | `pm_card_mastercard` | mastercard 4444, 08/2031, no name or postal code |
 * | `pm_card_detached` | visa 0341, detached earlier: cannot be reused |
 * | `pm_card_chargeDeclined` | visa 0002, declined on attach |
 * | `pm_usBankAccount_checking` | STRIPE TEST BANK checking 6789, Jenny Rosen, attached by the setup-intent flow |
 */
export const testPaymentMethods: readonly TestPaymentMethod[] = [
  {
    method: {
      id: testPaymentMethodIds.visa,
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      postalCode: '42424',
      name: 'Jenny Rosen',
    },
    behaviour: 'attachable',
  },
  {
    method: {
      id: testPaymentMethodIds.mastercard,
      type: 'card',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
    },
    behaviour: 'attachable',
  },
  {
    method: {
      id: testPaymentMethodIds.detached,
      type: 'card',
      brand: 'visa',
      last4: '0341',
      expMonth: 3,
      expYear: 2033,
    },
    behaviour: 'detached',
  },
  {
    method: {
      id: testPaymentMethodIds.declined,
      type: 'card',
      brand: 'visa',
      last4: '0002',
      expMonth: 6,
      expYear: 2032,
    },
    behaviour: 'declines',
  },
  {
    method: {
      id: testPaymentMethodIds.bankChecking,
      type: 'us_bank_account',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      accountType: 'checking',
      name: 'Jenny Rosen',
    },
    behaviour: 'setupIntentFlow',
  },
];
