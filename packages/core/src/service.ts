import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import {
  type RecordClinicalOrderInput,
  recordClinicalOrder,
} from './areas/clinical-orders/record-clinical-order';
import {
  type CommerceRecordInput,
  recordCommerceRecord,
} from './areas/commerce-records/record-commerce-record';
import {
  type RecordOrderActivityInput,
  recordOrderActivity,
} from './areas/commerce-records/record-order-activity';
import { type CompleteIntakeFormInput, completeIntakeForm } from './areas/journeys/complete-intake-form';
import type { RecordJourneyTemplateInput, SetJourneyStatusInput } from './areas/journeys/journey-input';
import { recordJourneyTemplate } from './areas/journeys/record-journey-template';
import { setJourneyStatus } from './areas/journeys/set-journey-status';
import type { RecordOrderInput, SetOrderStatusInput } from './areas/orders/order-input';
import { type RecordedOrder, recordOrder } from './areas/orders/record-order';
import { setOrderStatus } from './areas/orders/set-order-status';
import { recordPatient, type recordPatientInput } from './areas/patients/record-patient';
import {
  type RecordRenewalFailureInput,
  recordRenewalFailure,
} from './areas/subscriptions/record-renewal-failure';
import { type RecordSubscriptionInput, recordSubscription } from './areas/subscriptions/record-subscription';
import {
  type SetSubscriptionStatusInput,
  setSubscriptionStatus,
} from './areas/subscriptions/set-subscription-status';
import { type HostWebhooks, hostWebhooks } from './areas/webhooks/host-webhooks';
import { AffiliateCommerceError, type DomainError } from './base/errors';
import { settled } from './base/host-call';
import { validate } from './base/validate';
import { type OperationsEndpoint, operationsAffiliateId } from './deps/operations-endpoint';
import type { ServiceDeps } from './deps/service-deps';
import { type WebhookServiceOptions, webhookDeps } from './deps/webhook-options';
import type { AnyRoute } from './http/route';
import { createKernel, type HandleOptions, type KernelOptions } from './kernel/kernel';
import { routes } from './kernel/routes';
import { type CommerceEmitInput, commerceEmit } from './outbox/commerce-emit';
import { silentLogger } from './ports/logger';
import type { EventRecord } from './rules/events/v2-payload';
import type { Affiliate } from './storage/affiliate-store';
import type { PruneCounts, RecoverResult } from './storage/delivery-store';
import type { Journey, JourneyTemplate } from './storage/journey-store';
import type { Order } from './storage/order-store';
import type { Patient } from './storage/patient-store';
import type { CommerceRecord } from './storage/record-store';
import type { HostTransaction, Storage } from './storage/storage';
import type { Subscription } from './storage/subscription-store';
import { checkDeliveryOptions, type DeliveryOptions } from './worker/defaults';
import { checkHealth, type HealthOptions, type HealthReport } from './worker/health';
import { checkOperationsEndpoint, operationalLog, operationsOutbox } from './worker/operations-outbox';
import type { RunSummary } from './worker/outcome-writer';
import { type PruneOptions, pruneDeliveries } from './worker/prune';
import { type RecoverInput, recoverDeliveries } from './worker/recover';
import { runDue } from './worker/run-due';
import { type WorkOptions, work } from './worker/run-worker';

/**
 * Options of {@link createService}, in one place: the ports the service talks through first,
 * then its configuration. Only the ports marked required and `secretKey` have no default.
 */
export interface ServiceOptions {
  // ---- Ports -------------------------------------------------------------------------------
  /** Where everything is stored: `connectPostgres`/`openPglite` (storage-postgres), or `memoryStorage()` (`/memory`). */
  readonly storage: ServiceDeps['storage'];
  /** Who is calling: turns a bearer token into a principal (docs/api.md §5.1). */
  readonly auth: ServiceDeps['auth'];
  /** The time; `systemClock()` in production. */
  readonly clock: ServiceDeps['clock'];
  /** Record ids; `randomIds()` in production. */
  readonly ids: ServiceDeps['ids'];
  /** Shared limits (reply rate, storefront abuse limits); `flexibleRateLimiter()`, on Redis across processes. */
  readonly rateLimiter: ServiceDeps['rateLimiter'];
  /** The payment processor of billing profiles (docs/api.md §4.4, §4.8): `stripeProcessor` or the sandbox. */
  readonly processor: ServiceDeps['processor'];
  /** The case system mirroring support cases (docs/api.md §4.1, §4.3): `jsmCaseSystem` or the sandbox. */
  readonly caseSystem: ServiceDeps['caseSystem'];
  /** Unexpected failures and routine notes. Default: a logger that drops everything. */
  readonly logger?: ServiceDeps['logger'];
  /**
   * Outbound HTTP of deliveries and probes. Default: `nodeHttpClient()` (`@affiliate-commerce/core/node`)
   * under the `node` condition (Node, Bun, Deno), `fetchHttpClient()` elsewhere.
   */
  readonly http?: WebhookServiceOptions['http'];
  /** DNS for the SSRF guard. Default: `nodeResolver()` (node:dns) under the `node` condition, `dohResolver()` elsewhere. */
  readonly resolver?: WebhookServiceOptions['resolver'];

  // ---- Configuration -----------------------------------------------------------------------
  /** 32 bytes that encrypt webhook signing secrets at rest; see {@link WebhookServiceOptions.secretKey}. */
  readonly secretKey: WebhookServiceOptions['secretKey'];
  /** Keeps the ed25519 keys of `v1a` signatures; see {@link WebhookServiceOptions.webhookSigner}. Default: sealed in storage. */
  readonly webhookSigner?: WebhookServiceOptions['webhookSigner'];
  /** Development only: plain `http:` and private addresses for webhooks. Default false. */
  readonly allowPrivateNetworks?: boolean;
  /** Ports besides 443 that webhook URLs may use. Default none. */
  readonly allowedPorts?: WebhookServiceOptions['allowedPorts'];
  /** Tuning of the webhook delivery worker: time-out, lease, retry delays, per-endpoint cap, breaker. */
  readonly deliveries?: DeliveryOptions;
  /** File size limit and reply transitions of the support-case routes. */
  readonly cases?: ServiceDeps['cases'];
  /**
   * @deprecated Use {@link ServiceOptions.cases}: the same options under the name the rest of the
   * API uses. Still read when `cases` is absent; when both are given, `cases` wins and `support`
   * is ignored. Removed in 0.3.0.
   */
  readonly support?: ServiceDeps['cases'];
  /** Origins allowed to call the public storefront routes from a browser. Default `'*'`. */
  readonly corsOrigins?: ServiceDeps['corsOrigins'];
  /** The client a public storefront request counts against; see {@link ServiceDeps.clientKey}. */
  readonly clientKey?: ServiceDeps['clientKey'];
  /** Words refused in journey template names; replaces the default list when given. */
  readonly deniedNameWords?: ServiceDeps['deniedNameWords'];
  /**
   * Called once each time the delivery worker disables an endpoint, with the webhook and why
   * (`gone`: it answered 410; `failing`: it failed for `deliveries.disableAfterMs`). Not awaited;
   * errors are logged and dropped.
   */
  readonly onEndpointDisabled?: ServiceDeps['onEndpointDisabled'];
  /**
   * Called with each operational event of the delivery system: an endpoint failing, disabled,
   * enabled or recovered, a delivery exhausted, a secret rotated or expiring (docs/api.md §11.12). Not awaited;
   * errors are logged and dropped, so it can never break delivery.
   */
  readonly onOperationalEvent?: ServiceDeps['onOperationalEvent'];
  /**
   * The host's operations endpoint: each operational event is also POSTed there as a webhook
   * signed with its own secret, by the delivery worker, retried as deliveries are (docs/api.md
   * §11.12). A URL or secret it cannot use is a `RangeError`. Default: none.
   */
  readonly operations?: OperationsEndpoint;
  /** Prefix every path is served under, e.g. `/api`. */
  readonly basePath?: KernelOptions['basePath'];
  /** Check every JSON answer against its documented schema (tests turn this on). */
  readonly validateResponses?: KernelOptions['validateResponses'];
}

const affiliateInput = z.object({
  // The owner of the operations endpoint's events is no affiliate.
  id: z
    .string()
    .min(1)
    .refine((id) => id !== operationsAffiliateId, 'is reserved'),
  name: z.string().min(1).max(200),
  ecommerceEnabled: z.boolean().default(true),
});

/** Creates or renames an affiliate (tenant), keeping when it was first created. */
function upsertAffiliate(
  deps: ServiceDeps,
  raw: z.input<typeof affiliateInput>,
): ResultAsync<Affiliate, DomainError> {
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
}

/**
 * The service: the HTTP kernel plus the calls the host's own back end makes. Every host call
 * returns a promise of its value and rejects with an {@link AffiliateCommerceError} (`code`,
 * `status`, `field`) when it fails, never resolving to an error.
 */
export interface Service {
  /** Serves one API request. Never throws; unexpected failures answer a generic 500. */
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  /** The route table, for adapters and documentation. */
  readonly routes: readonly AnyRoute[];
  /** Records that the host's commerce back end reports. */
  readonly commerce: {
    recordSubscription(input: RecordSubscriptionInput): Promise<Subscription>;
    /** Creates or replaces an order with its coupon redemptions, in one transaction. */
    recordOrder(input: RecordOrderInput): Promise<RecordedOrder>;
    /** Sets the status of a recorded order; 404 when it does not exist for the affiliate. */
    setOrderStatus(input: SetOrderStatusInput): Promise<Order>;
    /** Creates or updates the journey template of a slug; names must be neutral (docs/api.md §4.9). */
    recordJourneyTemplate(input: RecordJourneyTemplateInput): Promise<JourneyTemplate>;
    /** Sets a journey's status (completed and abandoned stamp their time); 404 when it does not exist. */
    setJourneyStatus(input: SetJourneyStatusInput): Promise<Journey>;
    /** Stores a patient; emits patient_enrolled, patient_updated and friends. */
    recordPatient(input: z.input<typeof recordPatientInput>): Promise<Patient>;
    /** Emits a dictionary event with its deliveries, in one transaction. */
    emit(input: CommerceEmitInput): Promise<EventRecord>;
    /** Stores a prescription; emits prescription_created, _approved, _denied, _sent_to_pharmacy, _renewal_requested. */
    recordPrescription(input: CommerceRecordInput): Promise<CommerceRecord>;
    /** Stores a prescription's pharmacy status; emits pharmacy_received/filled_prescription or pharmacy_status_changed. */
    recordPharmacyStatus(input: CommerceRecordInput): Promise<CommerceRecord>;
    /** Stores a shipment; emits shipment_created, _in_transit, _delivered, _exception. */
    recordShipment(input: CommerceRecordInput): Promise<CommerceRecord>;
    /** Stores a lab order; emits lab_order_created, lab_results_received/interpreted or lab_order_status_changed. */
    recordLabOrder(input: CommerceRecordInput): Promise<CommerceRecord>;
    /** Stores a payment; emits payment_succeeded, payment_failed, payment_refunded, consultation_payment_succeeded. */
    recordPayment(input: CommerceRecordInput): Promise<CommerceRecord>;
    /**
     * Stores a clinical order (the ORDER family); emits order_created, then order_status_changed,
     * _cancelled, _completed, order_case_status_changed, order_product_changed or order_updated as it changes.
     */
    recordClinicalOrder(input: RecordClinicalOrderInput): Promise<CommerceRecord>;
    /**
     * Emits what happened on a clinical order: order_message_received, order_visit_scheduled/_completed,
     * order_asset_unlocked, order_titration_changed, order_reminder_sent, order_questionnaire_completed.
     */
    recordOrderActivity(input: RecordOrderActivityInput): Promise<EventRecord>;
    /** Pauses, resumes or cancels a subscription; emits subscription_paused, _resumed or _cancelled on a real change. */
    setSubscriptionStatus(input: SetSubscriptionStatusInput): Promise<Subscription>;
    /** Emits subscription_renewal_failed for a failed renewal charge, once per cycle and attempt. */
    recordRenewalFailure(input: RecordRenewalFailureInput): Promise<EventRecord>;
    /** Emits custom_intake_form_completed for a journey, once per form instance. */
    completeIntakeForm(input: CompleteIntakeFormInput): Promise<EventRecord>;
  };
  /** Webhook management from code: the rules of the `/v2/webhooks` routes, for any affiliate. */
  readonly webhooks: HostWebhooks;
  /** The webhook delivery worker: one batch at a time (`runDue`), or continuously (`work`, which `runWorker` runs). */
  readonly deliveries: {
    runDue(input: { limit: number }): Promise<RunSummary>;
    work(input: WorkOptions): Promise<void>;
    /** The delivery options the service was built with (`ServiceOptions.deliveries`), which `runWorker` runs the worker with. */
    readonly options: DeliveryOptions;
    /** Re-queues a webhook's failed deliveries of an outage window (`POST /v2/webhooks/{id}/actions/recover`). */
    recover(input: RecoverInput): Promise<RecoverResult>;
    /** Outbox retention: deletes old finished deliveries, their attempts and unreferenced events, in batches. */
    prune(options?: PruneOptions): Promise<PruneCounts>;
  };
  /** Storage reachable, migrations applied, outbox backlog, workers of this process (`GET /health/ready`). */
  health(options?: HealthOptions): Promise<HealthReport>;
  /** Affiliate (tenant) management for the host. */
  readonly affiliates: {
    upsert(input: z.input<typeof affiliateInput>): Promise<Affiliate>;
  };
  /**
   * Runs host calls in a transaction the host opened on its own database client, so its own
   * writes and the records, events and deliveries these calls write commit or roll back together
   * (docs/api.md §10.8). `transaction` comes from the storage's adapter for the host's client
   * (`pgTransaction(client)`, `drizzleTransaction(tx)`, … from `@affiliate-commerce/storage-postgres`);
   * `fn` gets the host calls that write, bound to it. Each call is a savepoint of its own: one
   * that rejects has undone its part and left the transaction usable. Nothing here commits, rolls
   * back, retries or changes the isolation level: that stays the host's.
   *
   * @returns what `fn` returns
   * @throws AffiliateCommerceError `TRANSACTION_UNSUPPORTED` (this storage cannot join one, e.g.
   *   memory), `TRANSACTION_NOT_OPEN` (the client is in no transaction, or it has ended),
   *   `TRANSACTION_ABORTED` (an earlier statement failed it), `TRANSACTION_CONFLICT` (it lost to a
   *   concurrent one: roll back and run it again), `TRANSACTION_SCHEMA_MISSING` (its database has
   *   no migrated schema of this storage)
   * @example
   * const client = await pool.connect();
   * await client.query('begin');
   * await client.query('insert into shop.orders (id) values ($1)', ['ord_1']);
   * await service.inTransaction(pgTransaction(client), (tx) =>
   *   tx.commerce.recordOrder({ affiliateId: 'aff_1', order: { id: 'ord_1', totalCents: 4_900 } }),
   * );
   * await client.query('commit');
   * client.release();
   */
  inTransaction<T>(transaction: HostTransaction, fn: (service: TransactionService) => Promise<T>): Promise<T>;
  /** The ports the service was built with. */
  readonly deps: ServiceDeps;
}

/** The host calls that write, bound to a transaction the host opened ({@link Service.inTransaction}). */
export interface TransactionService {
  readonly commerce: Service['commerce'];
  readonly webhooks: HostWebhooks;
  readonly affiliates: Service['affiliates'];
  readonly deliveries: Pick<Service['deliveries'], 'recover'>;
}

/** The host calls that write, on `deps`: the service's own, or those of a host transaction. */
function writingCalls(deps: ServiceDeps): TransactionService {
  return {
    commerce: {
      recordSubscription: (input) => settled(recordSubscription(deps, input)),
      recordOrder: (input) => settled(recordOrder(deps, input)),
      setOrderStatus: (input) => settled(setOrderStatus(deps, input)),
      recordJourneyTemplate: (input) => settled(recordJourneyTemplate(deps, input)),
      setJourneyStatus: (input) => settled(setJourneyStatus(deps, input)),
      recordPatient: (input) => settled(recordPatient(deps, input)),
      emit: (input) => settled(commerceEmit(deps, input)),
      recordPrescription: (input) => settled(recordCommerceRecord(deps, 'prescription', input)),
      recordPharmacyStatus: (input) => settled(recordCommerceRecord(deps, 'pharmacy', input)),
      recordShipment: (input) => settled(recordCommerceRecord(deps, 'shipment', input)),
      recordLabOrder: (input) => settled(recordCommerceRecord(deps, 'labOrder', input)),
      recordPayment: (input) => settled(recordCommerceRecord(deps, 'payment', input)),
      recordClinicalOrder: (input) => settled(recordClinicalOrder(deps, input)),
      recordOrderActivity: (input) => settled(recordOrderActivity(deps, input)),
      setSubscriptionStatus: (input) => settled(setSubscriptionStatus(deps, input)),
      recordRenewalFailure: (input) => settled(recordRenewalFailure(deps, input)),
      completeIntakeForm: (input) => settled(completeIntakeForm(deps, input)),
    },
    webhooks: hostWebhooks(deps),
    affiliates: {
      upsert: (raw) => settled(upsertAffiliate(deps, raw)),
    },
    deliveries: {
      recover: (input) => settled(recoverDeliveries(deps, input)),
    },
  };
}

/** `storage` inside the host's `transaction`, or the typed error that says why it cannot be. */
function joinedStorage(storage: Storage, transaction: HostTransaction): Storage {
  if (!storage.join)
    throw new AffiliateCommerceError({
      code: 'TRANSACTION_UNSUPPORTED',
      message:
        'This storage cannot join a transaction the host opened (in-memory storage); use the PostgreSQL storage (a server, or PGlite).',
    });
  return storage.join(transaction);
}

/**
 * The writing calls of a host transaction, each run as one storage transaction of the joined
 * storage (a savepoint), one after another: two calls at once would share the host's connection.
 */
function inHostTransaction(deps: ServiceDeps, transaction: HostTransaction): TransactionService {
  const storage = joinedStorage(deps.storage, transaction);
  const calls = writingCalls({ ...deps, storage });
  let queue: Promise<unknown> = Promise.resolve();
  const one =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const run = queue.then(() => storage.transaction(() => call(...args)));
      queue = run.catch(() => undefined);
      return run;
    };
  const each = <G extends object>(group: G): G =>
    Object.fromEntries(
      Object.entries(group).map(([name, call]) => [
        name,
        one(call as (...args: unknown[]) => Promise<unknown>),
      ]),
    ) as G;
  return {
    commerce: each(calls.commerce),
    webhooks: each(calls.webhooks),
    affiliates: each(calls.affiliates),
    deliveries: each(calls.deliveries),
  };
}

/** What the message log reads of the delivery options: the retry schedules and trace propagation. */
function deliveryReadsOf(
  deliveries: DeliveryOptions | undefined,
): Pick<ServiceDeps, 'retrySchedules' | 'propagateTrace'> {
  const { delays, retrySchedules, propagateTrace } = deliveries ?? {};
  return {
    ...(propagateTrace === false ? { propagateTrace } : {}),
    ...(delays || retrySchedules
      ? {
          retrySchedules: {
            ...(delays ? { delays } : {}),
            ...(retrySchedules ? { byEventType: retrySchedules } : {}),
          },
        }
      : {}),
  };
}

/**
 * Builds the service from its ports.
 *
 * @example
 * import { randomBytes } from 'node:crypto';
 * import { createService, flexibleRateLimiter, randomIds, systemClock } from '@affiliate-commerce/core';
 * import { memoryStorage } from '@affiliate-commerce/core/memory';
 * import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';
 *
 * const service = createService({
 *   storage: memoryStorage(), // production: connectPostgres from @affiliate-commerce/storage-postgres
 *   auth: staticTokenAuth({ tok_admin: { userId: 'usr_1', affiliateId: 'aff_1', roles: ['affiliate_admin'] } }),
 *   clock: systemClock(),
 *   ids: randomIds(),
 *   rateLimiter: flexibleRateLimiter(),
 *   processor: sandboxProcessor(), // production: stripeProcessor from @affiliate-commerce/processor-stripe
 *   caseSystem: sandboxCaseSystem(), // production: jsmCaseSystem from @affiliate-commerce/case-system-jsm
 *   secretKey: randomBytes(32).toString('base64'),
 * });
 * const response = await service.handle(
 *   new Request('http://localhost/v2/webhooks', { headers: { authorization: 'Bearer tok_admin' } }),
 * );
 */
export function createService(options: ServiceOptions): Service {
  const {
    basePath,
    validateResponses,
    secretKey,
    allowPrivateNetworks,
    allowedPorts,
    http,
    resolver,
    webhookSigner,
    deliveries,
    support,
    cases = support,
    operations,
    ...ports
  } = options;
  const webhooks = webhookDeps({
    secretKey,
    allowPrivateNetworks,
    http,
    resolver,
    ...(webhookSigner === undefined ? {} : { webhookSigner }),
    ...(allowedPorts === undefined ? {} : { allowedPorts }),
  });
  checkDeliveryOptions(deliveries);
  const operationsUrl = operations && checkOperationsEndpoint(operations, webhooks);
  const deps: ServiceDeps = {
    logger: silentLogger(),
    ...ports,
    ...webhooks,
    ...(cases === undefined ? {} : { cases }),
    ...deliveryReadsOf(deliveries),
    operationalLog: operationalLog(() => deps),
    ...(operations && operationsUrl
      ? { operationsOutbox: operationsOutbox(() => deps, { ...operations, url: operationsUrl }) }
      : {}),
  };
  const handle = createKernel(routes, deps, { basePath, validateResponses });
  const calls = writingCalls(deps);
  return {
    handle,
    routes,
    deps,
    commerce: calls.commerce,
    webhooks: calls.webhooks,
    deliveries: {
      runDue: (input) => runDue(deps, { ...deliveries, ...input }),
      work: (input) => work(deps, { ...deliveries, ...input }),
      options: deliveries ?? {},
      recover: calls.deliveries.recover,
      prune: (options) => pruneDeliveries(deps, options),
    },
    health: (options) => checkHealth(deps, options),
    affiliates: calls.affiliates,
    inTransaction: async (transaction, fn) => fn(inHostTransaction(deps, transaction)),
  };
}
