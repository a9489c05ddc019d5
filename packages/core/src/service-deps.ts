import type { AuthPort } from './ports/auth';
import type { Clock } from './ports/clock';
import type { IdGenerator } from './ports/ids';
import type { Logger } from './ports/logger';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { Storage } from './storage';
import type { WebhookDeps } from './webhooks/webhook-options';

/**
 * Every port the service uses, passed in explicitly. Core reads no environment, time,
 * randomness or network except through these.
 */
export interface ServiceDeps {
  readonly storage: Storage;
  readonly auth: AuthPort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly rateLimiter: RateLimiter;
  /** Webhook secret encryption, outbound HTTP, DNS and the private-network switch (webhooks/webhook-options.ts). */
  readonly secretBox: WebhookDeps['secretBox'];
  readonly http: WebhookDeps['http'];
  readonly resolver: WebhookDeps['resolver'];
  readonly allowPrivateNetworks: boolean;
}
