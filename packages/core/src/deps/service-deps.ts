import type { AuthPort } from '../ports/auth';
import type { CaseSystem } from '../ports/case-system/case-system';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/ids';
import type { Logger } from '../ports/logger';
import type { PaymentProcessor } from '../ports/payments/processor';
import type { RateLimiter } from '../ports/rate-limit/rate-limiter';
import type { Storage } from '../storage/storage';
import type { EndpointDisabledNotice } from '../storage/webhook-store';
import type { CaseOptions } from './case-options';
import type { CorsOrigins } from './cors-origins';
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
}

/**
 * What use cases receive: the {@link ServicePorts} and the {@link ServiceSettings}, resolved
 * from `createService`'s options with their defaults filled in (`service.deps`).
 */
export interface ServiceDeps extends ServicePorts, ServiceSettings {}
