import type { AuthPort } from './ports/auth';
import type { Clock } from './ports/clock';
import type { IdGenerator } from './ports/ids';
import type { Logger } from './ports/logger';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { Storage } from './storage';

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
}
