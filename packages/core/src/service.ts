import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { Affiliate } from './affiliates/affiliate-store';
import type { DomainError } from './errors';
import { validate } from './http/input';
import { createKernel, type HandleOptions, type KernelOptions } from './http/kernel';
import type { AnyRoute } from './http/route';
import type { RecordOrderInput, SetOrderStatusInput } from './orders/order-input';
import type { Order } from './orders/order-store';
import { type RecordedOrder, recordOrder } from './orders/record-order';
import { setOrderStatus } from './orders/set-order-status';
import { silentLogger } from './ports/logger';
import { routes } from './routes';
import type { ServiceDeps } from './service-deps';
import { type RecordSubscriptionInput, recordSubscription } from './subscriptions/record-subscription';
import type { Subscription } from './subscriptions/subscription-store';
import { type WebhookDeps, type WebhookServiceOptions, webhookDeps } from './webhooks/webhook-options';

/** Options of {@link createService}: every port, plus kernel options. */
export type ServiceOptions = Omit<ServiceDeps, 'logger' | keyof WebhookDeps> &
  Partial<Pick<ServiceDeps, 'logger'>> &
  WebhookServiceOptions &
  KernelOptions;

const affiliateInput = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
  ecommerceEnabled: z.boolean().default(true),
});

/** The service: the HTTP kernel plus the calls the host's own back end makes. */
export interface Service {
  /** Serves one API request. Never throws; unexpected failures answer a generic 500. */
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  /** The route table, for adapters and documentation. */
  readonly routes: readonly AnyRoute[];
  /** Records that the host's commerce back end reports. */
  readonly commerce: {
    recordSubscription(input: RecordSubscriptionInput): ResultAsync<Subscription, DomainError>;
    /** Creates or replaces an order with its coupon redemptions, in one transaction. */
    recordOrder(input: RecordOrderInput): ResultAsync<RecordedOrder, DomainError>;
    /** Sets the status of a recorded order; 404 when it does not exist for the affiliate. */
    setOrderStatus(input: SetOrderStatusInput): ResultAsync<Order, DomainError>;
  };
  /** Affiliate (tenant) management for the host. */
  readonly affiliates: {
    upsert(input: z.input<typeof affiliateInput>): ResultAsync<Affiliate, DomainError>;
  };
  /** The ports the service was built with. */
  readonly deps: ServiceDeps;
}

/**
 * Builds the service from its ports.
 *
 * @example
 * const service = createService({ storage, auth, clock: systemClock(), ids: randomIds() });
 * const response = await service.handle(new Request('http://localhost/v2/ecommerceSubscriptions/sub_1'));
 */
export function createService(options: ServiceOptions): Service {
  const { basePath, validateResponses, secretKey, allowPrivateNetworks, http, resolver, ...ports } = options;
  const webhooks = webhookDeps({ secretKey, allowPrivateNetworks, http, resolver });
  const deps: ServiceDeps = { logger: silentLogger(), ...ports, ...webhooks };
  const handle = createKernel(routes, deps, { basePath, validateResponses });
  return {
    handle,
    routes,
    deps,
    commerce: {
      recordSubscription: (input) => recordSubscription(deps, input),
      recordOrder: (input) => recordOrder(deps, input),
      setOrderStatus: (input) => setOrderStatus(deps, input),
    },
    affiliates: {
      upsert(raw) {
        const input = validate(affiliateInput, raw, 'input');
        if (input.isErr()) return errAsync(input.error);
        return ResultAsync.fromSafePromise(
          (async () => {
            const existing = await deps.storage.affiliates.get({ affiliateId: input.value.id });
            const affiliate = { ...input.value, createdAt: existing?.createdAt ?? deps.clock.now() };
            await deps.storage.affiliates.upsert({ affiliate });
            return affiliate;
          })(),
        );
      },
    },
  };
}
