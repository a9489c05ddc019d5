import type { AuthPort } from '../ports/auth';
import type { CaseSystem } from '../ports/case-system/case-system';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/ids';
import type { Logger } from '../ports/logger';
import type { PaymentProcessor } from '../ports/payments/processor';
import type { RateLimiter } from '../ports/rate-limit/rate-limiter';
import type { Storage } from '../storage/storage';
import type { EndpointDisabledNotice, RetrySchedule } from '../storage/webhook-store';
import type { CaseOptions } from './case-options';
import type { CorsOrigins } from './cors-origins';
import type { OperationalEventHandler, OperationalLog, OperationsOutbox } from './operational-events';
import type { WebhookDeps } from './webhook-options';

/**
 * The ports the service talks through, passed in explicitly. Core reads no environment, time,
 * randomness or network except through these.
 */
export interface ServicePorts {
  readonly storage: Storage;
  readonly auth: AuthPort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly rateLimiter: RateLimiter;
  /** The payment processor holding billing profiles' customers and payment methods (docs/api.md §4.4, §4.8). */
  readonly processor: PaymentProcessor;
  /** The case-management system mirroring support cases (docs/api.md §1, §4.1, §4.3; ports/case-system/case-system.ts). */
  readonly caseSystem: CaseSystem;
  /** Encrypts webhook signing secrets at rest with the host's `secretKey` (deps/secret-box.ts). */
  readonly secretBox: WebhookDeps['secretBox'];
  /** Makes ed25519 keys and signs `v1a` with them; by default keys sealed with `secretKey` (deps/webhook-signer.ts). */
  readonly webhookSigner: WebhookDeps['webhookSigner'];
  /** Bearer tokens of webhooks' OAuth token endpoints, cached until shortly before they expire (worker/receiver-token.ts). */
  readonly receiverTokens: WebhookDeps['receiverTokens'];
  /** Outbound HTTP of deliveries and probes, behind the SSRF guard (ports/net/http-client.ts). */
  readonly http: WebhookDeps['http'];
  /** DNS of the SSRF guard (ports/net/http-client.ts). */
  readonly resolver: WebhookDeps['resolver'];
}

/** How the service behaves: plain values and callbacks, each with a default. */
export interface ServiceSettings {
  /** File size limit and reply transitions of the support-case routes (deps/case-options.ts). */
  readonly cases?: CaseOptions;
  /** Lets webhooks reach private, loopback and link-local addresses; off in production (deps/webhook-options.ts). */
  readonly allowPrivateNetworks: boolean;
  /** Origins allowed to call the public storefront routes from a browser; default `'*'` (kernel/cors.ts). */
  readonly corsOrigins?: CorsOrigins;
  /**
   * The client a public storefront request is counted against for its rate limit. Default: the
   * remote address the adapter passes in. Behind a proxy or CDN that address is the proxy's, so
   * derive the client from the header your proxy sets and you trust (for example the last
   * address of `X-Forwarded-For` that your own proxy appended, or `CF-Connecting-IP`).
   */
  readonly clientKey?: (request: Request, info: { readonly remoteAddress: string | undefined }) => string;
  /** Words refused in journey template names (docs/api.md §4.9); replaces `defaultDeniedWords` when given. */
  readonly deniedNameWords?: readonly string[];
  /**
   * Called once each time the delivery worker disables an endpoint (a 410, or failing for
   * `deliveries.disableAfterMs`), to tell the affiliate. Not awaited: delivery never waits on it,
   * and what it throws or rejects with is logged and dropped.
   */
  readonly onEndpointDisabled?: (notice: EndpointDisabledNotice) => void | Promise<void>;
  /**
   * Called with each operational event of the delivery system (docs/api.md §11.12): an endpoint
   * failing, disabled, enabled or recovered, a delivery exhausted, a secret rotated or expiring. Not awaited;
   * what it throws or rejects with is logged and dropped, so it can never break delivery.
   */
  readonly onOperationalEvent?: OperationalEventHandler;
  /** Queues each operational event for the host's operations endpoint (`operations`); absent without one. */
  readonly operationsOutbox?: OperationsOutbox;
  /** Keeps each operational event about an affiliate's webhook for the affiliate (docs/api.md §11.12). */
  readonly operationalLog?: OperationalLog;
  /** False when `deliveries.propagateTrace` is: the message log then shows no trace headers either. */
  readonly propagateTrace?: boolean;
  /**
   * The retry schedules of `deliveries` (its `delays` and `retrySchedules` by event type), read by
   * the message log to show the schedule in force for a delivery (docs/api.md §11.11).
   */
  readonly retrySchedules?: {
    readonly delays?: readonly number[];
    readonly byEventType?: Readonly<Partial<Record<string, RetrySchedule>>>;
  };
}

/**
 * What use cases receive: the {@link ServicePorts} and the {@link ServiceSettings}, resolved
 * from `createService`'s options with their defaults filled in (`service.deps`).
 */
export interface ServiceDeps extends ServicePorts, ServiceSettings {}
