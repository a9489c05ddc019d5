import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cardDeclinedMessage,
  type TestMethodBehaviour,
  type TestPaymentMethod,
  testPaymentMethods,
} from '@affiliate-commerce/core/sandbox';
import Stripe from 'stripe';
import {
  customerObject,
  errorBody,
  paymentMethodObject,
  setupIntentObject,
} from './stripe-objects.test-support';

/** One request the fake server received, with its form body flattened (`metadata[affiliateId]`). */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly form: Readonly<Record<string, string>>;
}

/** A local stand-in for api.stripe.com, speaking Stripe's JSON for the calls the adapter makes. */
export interface FakeStripe {
  readonly port: number;
  /** Every request since the last reset, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** Forgets every customer and setup intent and restores the shared test methods, unattached. */
  reset(): void;
  /** The next request is answered 500 with an `api_error`. */
  failNext(): void;
  /** The next request is never answered, so the client's time-out fires. */
  hangNext(): void;
  /** Adds or replaces a PaymentMethod object, with how it behaves on attach. */
  putPaymentMethod(object: Stripe.PaymentMethod, behaviour?: TestMethodBehaviour): void;
  /** Marks a customer deleted, as deleting it in the dashboard does. */
  deleteCustomer(id: string): void;
  close(): Promise<void>;
}

/** The secret key the fake server accepts. */
export const fakeSecretKey = 'sk_test_fake';

/**
 * A real `Stripe` client pointed at the fake server: no retries, so each test sees exactly one
 * request per call, and a short time-out for the hanging-answer test.
 */
export function fakeStripeClient(port: number, secretKey = fakeSecretKey): Stripe {
  return new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    timeout: 1_000,
    telemetry: false,
  });
}

interface StoredMethod {
  object: Stripe.PaymentMethod;
  behaviour: TestMethodBehaviour;
}

interface StoredCustomer {
  object: Stripe.Customer;
  deleted: boolean;
}

const detachedMessage =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.';

class StripeAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

const noSuch = (kind: 'PaymentMethod' | 'customer', id: string, param: string, status = 404) =>
  new StripeAnswer(
    status,
    errorBody({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${id}'`,
    }),
  );

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * Starts the fake Stripe API on 127.0.0.1, on a free port. It holds the shared test methods of
 * core (same ids, same data, same behaviours as the sandbox processor) and simulates the
 * bank-account flow the same way: creating a setup intent attaches the first unattached
 * `setupIntentFlow` method to that customer.
 *
 * @example
 * const fake = await startFakeStripe();
 * const processor = stripeProcessor({ stripe: fakeStripeClient(fake.port) });
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const methods = new Map<string, StoredMethod>();
  const customers = new Map<string, StoredCustomer>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let counter = 0;
  let failNext = false;
  let hangNext = false;

  const nextId = (prefix: string) => `${prefix}_Fake${String(++counter).padStart(10, '0')}`;

  function reset(): void {
    methods.clear();
    customers.clear();
    requests.length = 0;
    counter = 0;
    failNext = false;
    hangNext = false;
    for (const { method, behaviour } of testPaymentMethods as readonly TestPaymentMethod[]) {
      methods.set(method.id, { object: paymentMethodObject(method, null), behaviour });
    }
  }

  const liveCustomer = (id: string) => {
    const found = customers.get(id);
    return found && !found.deleted ? found : undefined;
  };

  function route(method: string, path: string, form: Record<string, string>): StripeAnswer {
    const [, version, resource, rawId, action] = path.split('/');
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    if (version !== 'v1') return unrecognised(method, path);

    if (resource === 'payment_methods' && id && method === 'GET' && !action) {
      const found = methods.get(id);
      return found ? new StripeAnswer(200, found.object) : noSuch('PaymentMethod', id, 'payment_method');
    }

    if (resource === 'payment_methods' && id && method === 'POST' && action === 'attach') {
      const found = methods.get(id);
      if (!found) return noSuch('PaymentMethod', id, 'payment_method');
      const customerId = form.customer ?? '';
      if (!liveCustomer(customerId)) return noSuch('customer', customerId, 'customer', 400);
      if (found.object.customer === customerId) return new StripeAnswer(200, found.object);
      if (found.object.customer) {
        return new StripeAnswer(
          400,
          errorBody({
            type: 'invalid_request_error',
            message: 'The payment method you provided has already been attached to a customer.',
          }),
        );
      }
      if (found.behaviour === 'detached') {
        return new StripeAnswer(400, errorBody({ type: 'invalid_request_error', message: detachedMessage }));
      }
      if (found.behaviour === 'declines') {
        return new StripeAnswer(
          402,
          errorBody({
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            param: '',
            message: cardDeclinedMessage,
          }),
        );
      }
      found.object = { ...found.object, customer: customerId };
      return new StripeAnswer(200, found.object);
    }

    if (resource === 'customers' && !id && method === 'POST') {
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const object = customerObject({
        id: nextId('cus'),
        name: form.name ?? null,
        metadata,
        defaultPaymentMethod: null,
      });
      customers.set(object.id, { object, deleted: false });
      return new StripeAnswer(200, object);
    }

    if (resource === 'customers' && id && !action) {
      const found = customers.get(id);
      if (!found) return noSuch('customer', id, 'id');
      if (found.deleted) return new StripeAnswer(200, { id, object: 'customer', deleted: true });
      if (method === 'GET') return new StripeAnswer(200, found.object);
      const defaultMethod = form['invoice_settings[default_payment_method]'];
      if (method === 'POST' && defaultMethod !== undefined) {
        const pm = methods.get(defaultMethod);
        if (!pm)
          return noSuch('PaymentMethod', defaultMethod, 'invoice_settings[default_payment_method]', 400);
        if (pm.object.customer !== id) {
          return new StripeAnswer(
            400,
            errorBody({
              type: 'invalid_request_error',
              param: 'invoice_settings[default_payment_method]',
              message: `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
            }),
          );
        }
        found.object = {
          ...found.object,
          invoice_settings: { ...found.object.invoice_settings, default_payment_method: defaultMethod },
        };
        return new StripeAnswer(200, found.object);
      }
      if (method === 'POST') return new StripeAnswer(200, found.object);
    }

    if (resource === 'setup_intents' && !id && method === 'POST') {
      if (Object.keys(form).some((key) => key.startsWith('payment_method_types'))) {
        return new StripeAnswer(
          400,
          errorBody({
            type: 'invalid_request_error',
            code: 'payment_method_types_no_longer_supported',
            param: 'payment_method_types',
            message:
              'payment_method_types is not supported on this API version; use allowed_payment_method_types.',
          }),
        );
      }
      const customerId = form.customer ?? '';
      if (!liveCustomer(customerId)) return noSuch('customer', customerId, 'customer', 400);
      const permissions = Object.entries(form)
        .filter(([key]) =>
          key.startsWith('payment_method_options[us_bank_account][financial_connections][permissions]'),
        )
        .map(([, value]) => value);
      const pending = [...methods.values()].find(
        (stored) => stored.behaviour === 'setupIntentFlow' && stored.object.customer === null,
      );
      if (pending) pending.object = { ...pending.object, customer: customerId };
      return new StripeAnswer(
        200,
        setupIntentObject({ id: nextId('seti'), customer: customerId, permissions }),
      );
    }

    return unrecognised(method, path);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const form = await readForm(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, headers: request.headers, form });
    if (hangNext) {
      hangNext = false;
      hanging.add(response);
      return;
    }
    const answer = answerFor(request, url.pathname, form);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
    });
    response.end(JSON.stringify(answer.body));
  });

  function answerFor(request: IncomingMessage, path: string, form: Record<string, string>): StripeAnswer {
    if (request.headers.authorization !== `Bearer ${fakeSecretKey}`) {
      return new StripeAnswer(
        401,
        errorBody({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' }),
      );
    }
    if (failNext) {
      failNext = false;
      return new StripeAnswer(500, errorBody({ type: 'api_error', message: 'An unknown error occurred' }));
    }
    return route(request.method ?? 'GET', path, form);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  reset();

  return {
    port: (server.address() as AddressInfo).port,
    requests,
    reset,
    failNext: () => {
      failNext = true;
    },
    hangNext: () => {
      hangNext = true;
    },
    putPaymentMethod: (object, behaviour = 'attachable') => {
      methods.set(object.id, { object, behaviour });
    },
    deleteCustomer: (id) => {
      const found = customers.get(id);
      if (found) found.deleted = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function unrecognised(method: string, path: string): StripeAnswer {
  return new StripeAnswer(
    404,
    errorBody({ type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` }),
  );
}
