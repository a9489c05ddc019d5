import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import {
  type DomainError,
  paymentMethodAttachmentFailed,
  paymentMethodCannotBeReused,
  upstreamUnavailable,
} from '../../base/errors';
import { type IdGenerator, randomIds } from '../ids';
import {
  type AchSetupIntent,
  attachedToAnotherCustomer,
  type PaymentProcessor,
  type ProcessorPaymentMethod,
  unknownPaymentMethod,
} from './processor';
import {
  cardDeclinedMessage,
  type TestMethodBehaviour,
  type TestPaymentMethod,
  testPaymentMethods,
} from './test-payment-methods';

/** Options of {@link sandboxProcessor}. */
export interface SandboxProcessorOptions {
  /**
   * Makes customer and setup-intent ids; pass `sequentialIds()` of `@affiliate-commerce/testkit`
   * for exact tests. Random by default.
   */
  readonly ids?: IdGenerator;
  /** Methods to start with instead of {@link testPaymentMethods}. */
  readonly paymentMethods?: readonly TestPaymentMethod[];
}

/**
 * The sandbox processor: the port plus controls for tests and the demo.
 *
 * @example
 * const processor = sandboxProcessor();
 * processor.failNext();
 */
export interface SandboxProcessor extends PaymentProcessor {
  /** Makes the next `times` calls fail as `UPSTREAM_UNAVAILABLE`; they change nothing. */
  failNext(times?: number): void;
  /**
   * Adds a method (replacing one with the same id). A `customerId` on it means it is already
   * attached to that customer, as after a finished setup-intent flow.
   */
  addPaymentMethod(input: { method: ProcessorPaymentMethod; behaviour?: TestMethodBehaviour }): void;
}

interface StoredMethod {
  method: ProcessorPaymentMethod;
  behaviour: TestMethodBehaviour;
}

interface StoredCustomer {
  defaultPaymentMethodId?: string;
}

const owner = '@affiliate-commerce/core';
const noSuchMethod = (id: string) => unknownPaymentMethod(new Error(`sandbox processor: no method ${id}`));
const noSuchCustomer = (id: string) => paymentMethodAttachmentFailed(`No such customer: '${id}'`);

/**
 * A stateful, in-memory processor that behaves like Stripe for the calls of the port: customers,
 * methods that belong to one customer once attached, a default method per customer, setup
 * intents, and the refusals of docs/api.md §4.4. For tests and the demo.
 *
 * Customers are implicit: besides the ones it created, any id starting with `cus_` is taken as
 * an existing customer, so a demo restarted over persistent storage (whose billing profiles name
 * customers this process never created) keeps working. Any other id is an unknown customer.
 *
 * The bank-account flow is simulated: `createAchSetupIntent` attaches the first
 * `setupIntentFlow` method that no customer has yet (`pm_usBankAccount_checking`) to the
 * customer that created the intent, as if its client had finished the flow at once.
 *
 * @example
 * const processor = sandboxProcessor();
 * const { customerId } = (await processor.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' }))._unsafeUnwrap();
 * const card = (await processor.attachPaymentMethod({ customerId, paymentMethodId: 'pm_card_visa' }))._unsafeUnwrap();
 */
export function sandboxProcessor(options: SandboxProcessorOptions = {}): SandboxProcessor {
  const ids = options.ids ?? randomIds();
  const methods = new Map<string, StoredMethod>();
  const customers = new Map<string, StoredCustomer>();
  let failures = 0;

  for (const { method, behaviour } of options.paymentMethods ?? testPaymentMethods) {
    methods.set(method.id, { method: { ...method }, behaviour });
  }

  /** Runs one port call, unless a failure was asked for: then it fails and changes nothing. */
  function call<T>(run: () => ResultAsync<T, DomainError>): ResultAsync<T, DomainError> {
    if (failures > 0) {
      failures -= 1;
      return errAsync(upstreamUnavailable('payment processor', new Error('sandbox processor: failNext')));
    }
    return run();
  }

  function customer(customerId: string): StoredCustomer | undefined {
    const known = customers.get(customerId);
    if (known || !customerId.startsWith('cus_')) return known;
    const implicit: StoredCustomer = {};
    customers.set(customerId, implicit);
    return implicit;
  }

  const attachTo = (stored: StoredMethod, customerId: string): ProcessorPaymentMethod => {
    stored.method = { ...stored.method, customerId };
    return stored.method;
  };

  return {
    failNext(times = 1) {
      if (!Number.isInteger(times) || times < 1) {
        throw new TypeError(`${owner}: failNext(times) takes a positive integer, got ${String(times)}`);
      }
      failures += times;
    },

    addPaymentMethod({ method, behaviour = 'attachable' }) {
      if (!method.id.startsWith('pm_')) {
        throw new TypeError(`${owner}: sandbox payment method ids start with pm_, got ${method.id}`);
      }
      methods.set(method.id, { method: { ...method }, behaviour });
    },

    createCustomer: () =>
      call(() => {
        const customerId = ids.next({ prefix: 'cus' });
        customers.set(customerId, {});
        return okAsync({ customerId });
      }),

    createAchSetupIntent: ({ customerId }) =>
      call(() => {
        if (!customer(customerId)) return errAsync(noSuchCustomer(customerId));
        const setupIntentId = ids.next({ prefix: 'seti' });
        const pending = [...methods.values()].find(
          (stored) => stored.behaviour === 'setupIntentFlow' && stored.method.customerId === undefined,
        );
        if (pending) attachTo(pending, customerId);
        const intent: AchSetupIntent = {
          setupIntentId,
          clientSecret: ids.next({ prefix: `${setupIntentId}_secret` }),
          status: 'requires_payment_method',
        };
        return okAsync(intent);
      }),

    attachPaymentMethod: ({ customerId, paymentMethodId }) =>
      call(() => {
        const stored = methods.get(paymentMethodId);
        if (!stored) return errAsync(noSuchMethod(paymentMethodId));
        // Same order as the Stripe adapter: read the method, then attach only when it is free.
        const current = stored.method.customerId;
        if (current === customerId) return okAsync(stored.method);
        if (current !== undefined) return errAsync(attachedToAnotherCustomer(paymentMethodId));
        if (!customer(customerId)) return errAsync(noSuchCustomer(customerId));
        if (stored.behaviour === 'detached') return errAsync(paymentMethodCannotBeReused());
        if (stored.behaviour === 'declines')
          return errAsync(paymentMethodAttachmentFailed(cardDeclinedMessage));
        return okAsync(attachTo(stored, customerId));
      }),

    retrievePaymentMethod: ({ paymentMethodId }) =>
      call(() => {
        const stored = methods.get(paymentMethodId);
        return stored ? okAsync(stored.method) : errAsync(noSuchMethod(paymentMethodId));
      }),

    setDefaultPaymentMethod: ({ customerId, paymentMethodId }) =>
      call(() => {
        const found = customer(customerId);
        if (!found) return errAsync(noSuchCustomer(customerId));
        if (methods.get(paymentMethodId)?.method.customerId !== customerId) {
          return errAsync(
            paymentMethodAttachmentFailed(
              `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
            ),
          );
        }
        found.defaultPaymentMethodId = paymentMethodId;
        return okAsync(undefined);
      }),

    getDefaultPaymentMethod: ({ customerId }) =>
      call(() => {
        const found = customer(customerId);
        if (!found) return errAsync(noSuchCustomer(customerId));
        return okAsync(found.defaultPaymentMethodId ? { paymentMethodId: found.defaultPaymentMethodId } : {});
      }),
  };
}
