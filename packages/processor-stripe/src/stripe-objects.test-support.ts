import type { TestPaymentMethod } from '@affiliate-commerce/core/sandbox';
import type Stripe from 'stripe';

/**
 * Stripe's JSON objects as the API documents them (API version 2026-10-28.endive), typed
 * against the SDK's own types so a wrong field name or shape fails to compile.
 */

const created = 1_795_000_000;

/** A PaymentMethod object for one of the shared test methods, attached to `customer` or to none. */
export function paymentMethodObject(
  method: TestPaymentMethod['method'],
  customer: string | null,
): Stripe.PaymentMethod {
  const common = {
    id: method.id,
    object: 'payment_method' as const,
    allow_redisplay: 'unspecified' as const,
    billing_details: {
      address: {
        city: null,
        country: 'US',
        line1: null,
        line2: null,
        postal_code: method.type === 'card' ? (method.postalCode ?? null) : null,
        state: null,
      },
      email: null,
      name: method.name ?? null,
      phone: null,
      tax_id: null,
    },
    created,
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
  };
  if (method.type === 'card') {
    return {
      ...common,
      type: 'card',
      card: {
        brand: method.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: method.brand,
        exp_month: method.expMonth,
        exp_year: method.expYear,
        fingerprint: `fp_${method.id}`,
        funding: 'credit',
        generated_from: null,
        last4: method.last4,
        networks: { available: [method.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
    };
  }
  return {
    ...common,
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: 'individual',
      account_type: method.accountType ?? null,
      bank_name: method.bankName ?? null,
      financial_connections_account: `fca_${method.id}`,
      fingerprint: `fp_${method.id}`,
      last4: method.last4,
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: '110000000',
      status_details: {},
    },
  };
}

/** A payment method of a type docs/api.md §4.4 does not take. */
export function sepaDebitObject(id: string): Stripe.PaymentMethod {
  return {
    id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: 'Jenny Rosen', phone: null, tax_id: null },
    created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'sepa_debit',
    sepa_debit: {
      bank_code: '37040044',
      branch_code: null,
      country: 'DE',
      fingerprint: null,
      generated_from: null,
      last4: '3000',
    },
  };
}

/** A Customer object. */
export function customerObject(input: {
  id: string;
  name: string | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
}): Stripe.Customer {
  return {
    id: input.id,
    object: 'customer',
    balance: 0,
    created,
    default_source: null,
    description: null,
    email: null,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    shipping: null,
  };
}

/** A SetupIntent object for a bank account, as created (`requires_payment_method`). */
export function setupIntentObject(input: {
  id: string;
  customer: string;
  permissions: string[];
}): Stripe.SetupIntent {
  return {
    id: input.id,
    object: 'setup_intent',
    allowed_payment_method_types: ['us_bank_account'],
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${input.id}_secret_${input.id.slice(5)}x`,
    created,
    customer: input.customer,
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      us_bank_account: {
        financial_connections: {
          permissions:
            input.permissions as Stripe.SetupIntent.PaymentMethodOptions.UsBankAccount.FinancialConnections.Permission[],
          prefetch: [],
        },
        verification_method: 'automatic',
      },
    },
    payment_method_types: ['us_bank_account'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
}

/** Stripe's error body: `{ error: { type, code, message, param, ... } }`. */
export function errorBody(error: {
  type: 'api_error' | 'card_error' | 'invalid_request_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}): { error: Record<string, string | undefined> } {
  const docs = error.code
    ? { doc_url: `https://docs.stripe.com/error-codes/${error.code.replaceAll('_', '-')}` }
    : {};
  return { error: { ...error, ...docs, request_log_url: 'https://dashboard.stripe.com/test/logs/req_fake' } };
}
