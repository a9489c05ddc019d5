import type { PayloadFilter } from '../rules/filters/payload-filter';

/** Payload generation of a webhook (docs/api.md §9.5): v1 legacy raw objects, v2 sanitized envelopes. */
export type PayloadVersion = 'v1' | 'v2';

/** Whether deliveries go out. `status` and `isEnabled` in the API both come from this. */
export type WebhookStatus = 'enabled' | 'disabled';

/** A signing secret encrypted with AES-256-GCM; every part is base64. */
export interface SealedSecret {
  readonly ciphertext: string;
  /** 12-byte nonce, fresh for every seal. */
  readonly iv: string;
  /** 16-byte GCM authentication tag. */
  readonly tag: string;
}

/** One signing secret of a webhook, at rest. */
export interface StoredSecret {
  readonly sealed: SealedSecret;
  readonly createdAt: Date;
  /** Set on a replaced secret: it keeps signing until then (the 24 h rotation overlap). */
  readonly expiresAt?: Date;
  /** Set once `secret.expiring` was announced for this replaced secret, so it is announced once. */
  readonly expiringAnnounced?: true;
}

/**
 * One ed25519 key pair that signs a webhook's deliveries with Standard Webhooks `v1a` signatures
 * (docs/api.md §5.5). The public half is in the clear; the private half is sealed like a
 * secret (the default signer) or held by the host's signer, which `keyRef` then names.
 */
export interface StoredSigningKey {
  /** Names the key in the JWKS document and to the host's signer. */
  readonly kid: string;
  /** The 32 raw bytes of the ed25519 public key, in standard base64. */
  readonly publicKey: string;
  /** The PKCS #8 private key, sealed for this webhook and kid; absent when the host's signer holds it. */
  readonly sealed?: SealedSecret;
  /** What the host's signer calls the private key (a KMS key id); absent for a sealed key. */
  readonly keyRef?: string;
  readonly createdAt: Date;
  /** Set on a replaced key: it keeps signing until then (the 24 h rotation overlap). */
  readonly expiresAt?: Date;
}

/**
 * OAuth 2.0 client credentials (RFC 6749, section 4.4) the worker uses to get a bearer token for
 * a webhook's deliveries (docs/api.md §5.6); the client secret is sealed like a signing secret.
 */
export interface StoredOAuth {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly scope?: string;
  readonly sealedSecret: SealedSecret;
}

/** A client certificate a webhook's deliveries present (mutual TLS, docs/api.md §5.7); the key is sealed. */
export interface StoredClientCertificate {
  /** PEM: the certificate and any intermediates. */
  readonly certificate: string;
  /** The PEM private key, sealed for this webhook like a signing secret. */
  readonly sealedKey: SealedSecret;
  /** PEM: CA certificates that alone are trusted for the endpoint's server certificate. */
  readonly ca?: string;
}

/** The last health check of a webhook (docs/api.md §4.7), stored on the record. */
export interface HealthCheck {
  readonly reachable: boolean;
  /** The HTTP status answered; 0 when there was no HTTP answer. */
  readonly statusCode: number;
  readonly latencyMs: number;
  readonly checkedAt: Date;
  readonly url: string;
  /** Why it is not reachable (`http_status`, `timeout`, `blocked_address`, ...); absent when reachable. */
  readonly reason?: string;
  readonly detail?: string;
}

/**
 * The circuit breaker of a webhook's deliveries. Closed, it counts consecutive failed attempts;
 * open, nothing is sent to the endpoint until `retryAt` (the waiting deliveries spend no
 * attempts); half-open, one probe is in flight and its outcome closes or reopens the breaker.
 */
export interface WebhookBreaker {
  readonly state: 'closed' | 'open' | 'half_open';
  /** Consecutive failed attempts; a success resets it. */
  readonly failures: number;
  /** When the breaker opened from closed: the start of the current outage. */
  readonly openedAt?: Date;
  /** Open: when the next probe may go. Half-open: when a probe that never reported is given up on. */
  readonly retryAt?: Date;
  /** The cooling period now in force; it doubles with each failed probe, up to a cap. */
  readonly coolingMs?: number;
  readonly changedAt: Date;
}

/**
 * Why a webhook is disabled: the worker disabled it after a 410 Gone (`gone`) or after failing
 * continuously for `deliveries.disableAfterMs` (`failing`), or the status call did (`manual`).
 */
export type WebhookDisabledReason = 'gone' | 'failing' | 'manual';

/**
 * A webhook's own request headers at rest: the names in the clear (the API shows them), the
 * values sealed together like a signing secret, so a database dump does not hold an API key.
 */
export interface StoredHeaders {
  /** Header names as given, in order. */
  readonly names: readonly string[];
  /** A JSON object of name to value, sealed for this webhook (`sealHeaders`). */
  readonly sealed: SealedSecret;
}

/**
 * How a webhook's deliveries are ordered: `none` sends each as soon as it is due; `entity` sends
 * the deliveries about one entity (an order, a subscription, a journey...) one at a time, in the
 * order their events were recorded (docs/api.md §11.9).
 */
export type WebhookOrdering = 'none' | 'entity';

/**
 * When a failed delivery is tried again (docs/api.md §11.11): a list of delays, or delays growing
 * by `factor` from `firstMs` up to `maxMs`, `retries` of them. N delays give N + 1 attempts.
 */
export type RetrySchedule =
  | { readonly delaysMs: readonly number[] }
  | {
      readonly exponential: {
        readonly firstMs: number;
        /** Default 2. */
        readonly factor?: number;
        readonly maxMs: number;
        readonly retries: number;
      };
    };

/** A webhook endpoint of an affiliate (docs/api.md §2.1). */
export interface Webhook {
  /** Globally unique, so the master token can name a webhook by id alone. */
  readonly id: string;
  readonly affiliateId: string;
  readonly name: string;
  readonly url: string;
  readonly authentication: boolean;
  /** Subscribed event names, de-duplicated, in the order given. */
  readonly interests: readonly string[];
  readonly status: WebhookStatus;
  readonly payloadVersion: PayloadVersion;
  /** Current secret first, then replaced ones still in their overlap; empty without authentication. */
  readonly secrets: readonly StoredSecret[];
  /** ed25519 keys signing `v1a`, current first, then replaced ones in their overlap; absent: no `v1a`. */
  readonly signingKeys?: readonly StoredSigningKey[];
  /** Client credentials for a bearer token sent with every delivery; absent: none. */
  readonly oauth?: StoredOAuth;
  /** A client certificate presented to the endpoint; absent: none. */
  readonly clientCertificate?: StoredClientCertificate;
  readonly lastHealthCheck?: HealthCheck;
  /** The delivery circuit breaker; absent until an attempt first fails. */
  readonly breaker?: WebhookBreaker;
  /** Request headers of the webhook's own, sent on every request to it; absent when there are none. */
  readonly headers?: StoredHeaders;
  /** Only events whose v2 payload matches are delivered (docs/api.md §11.7); absent: every subscribed event. */
  readonly filter?: PayloadFilter;
  /** Deliveries a second the endpoint is sent at most, counted across every worker; absent: no limit. */
  readonly rateLimit?: number;
  /** How its deliveries are ordered; absent means `none`. */
  readonly ordering?: WebhookOrdering;
  /** Its own retry schedule, before the host's; absent: the host's for the event type, else the default. */
  readonly retrySchedule?: RetrySchedule;
  /**
   * The last `endpoint.failing` operational event announced for it: the failing streak it was
   * about (`since`) and the fraction of the disable period reached, so each is announced once.
   */
  readonly failingNotice?: { readonly since: Date; readonly fraction: number };
  /** Why the webhook is disabled; absent while it is enabled (enabling clears it). */
  readonly disabledReason?: WebhookDisabledReason;
  /** When it was disabled; absent while it is enabled. */
  readonly disabledAt?: Date;
  /** Bumped by every configuration change; writes compare it so concurrent changes never both win. */
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * What `onEndpointDisabled` hears when the delivery worker disables an endpoint: the webhook as
 * stored after the change (with `disabledReason` and `disabledAt`), and why.
 *
 * @example
 * const onEndpointDisabled = ({ webhook, reason }: EndpointDisabledNotice) => mailer.tellAffiliate(webhook.affiliateId, reason);
 */
export interface EndpointDisabledNotice {
  readonly webhook: Webhook;
  readonly reason: Exclude<WebhookDisabledReason, 'manual'>;
}

/**
 * An operational event kept about one webhook, for its affiliate to read (docs/api.md §11.12):
 * the newest {@link keptOperationalEvents} of each webhook are kept.
 */
export interface StoredOperationalEvent {
  readonly id: string;
  readonly affiliateId: string;
  readonly webhookId: string;
  /** The operational event type, e.g. `endpoint.disabled`. */
  readonly type: string;
  readonly at: Date;
  /** The event's other fields, dates as ISO 8601 text. */
  readonly details: Readonly<Record<string, unknown>>;
}

/** How many operational events of a webhook are kept: older ones are deleted as new ones come. */
export const keptOperationalEvents = 50;

/**
 * Storage of webhooks. Every method but {@link WebhookStore.findForOperator} names the affiliate,
 * so another tenant's id is simply not found.
 */
export interface WebhookStore {
  insert(input: { webhook: Webhook }): Promise<void>;
  get(input: { affiliateId: string; id: string }): Promise<Webhook | undefined>;
  /** The affiliate's webhooks, oldest first (ties by id). */
  list(input: { affiliateId: string }): Promise<Webhook[]>;
  /**
   * Compare-and-set: stores `webhook` (all but `lastHealthCheck` and `breaker`, which only
   * {@link WebhookStore.recordHealthCheck} and {@link WebhookStore.setBreaker} write) when the stored revision is still
   * `expectedRevision`. False when it changed, was deleted, or belongs to another affiliate.
   */
  replace(input: { webhook: Webhook; expectedRevision: number }): Promise<boolean>;
  /** True when a webhook was deleted. */
  remove(input: { affiliateId: string; id: string }): Promise<boolean>;
  /** Keeps an operational event of a webhook, deleting the webhook's oldest beyond {@link keptOperationalEvents}. */
  addOperationalEvent(input: { event: StoredOperationalEvent }): Promise<void>;
  /** The affiliate's webhook's operational events, newest first (ties by id, descending), at most `limit`. */
  recentOperationalEvents(input: {
    affiliateId: string;
    webhookId: string;
    limit: number;
  }): Promise<StoredOperationalEvent[]>;
  /** Stores the last health check; leaves revision and updatedAt alone. False when not found. */
  recordHealthCheck(input: { affiliateId: string; id: string; check: HealthCheck }): Promise<boolean>;
  /**
   * Compare-and-set of the circuit breaker alone (revision and updatedAt stay): stores `breaker`
   * when the stored one still equals `expected` (undefined: none stored yet). False when it
   * changed or the webhook is gone.
   */
  setBreaker(input: {
    affiliateId: string;
    id: string;
    breaker: WebhookBreaker;
    expected: WebhookBreaker | undefined;
  }): Promise<boolean>;
  /**
   * Reserves send slots of a webhook with a `rateLimit`, shared by every worker: its slots are
   * `1000 / rateLimit` ms apart, on one timeline kept on the webhook (`throttledUntil`, the next free
   * slot, never before `now`, so no burst builds up while it is idle). Grants up to `count` slots,
   * only those starting by `now + horizonMs`; slot i starts at `firstAt + i × intervalMs`, and
   * the next free slot is then `firstAt + granted × intervalMs`. With `granted` 0, `firstAt` is the
   * next free slot. Atomic: concurrent reservations never get the same slot. A webhook without a
   * `rateLimit` is granted `count` slots at `now` (`intervalMs` 0); undefined when it is not found.
   */
  reserveSends(input: {
    affiliateId: string;
    id: string;
    count: number;
    now: Date;
    horizonMs: number;
  }): Promise<{ granted: number; firstAt: Date; intervalMs: number } | undefined>;
  /** Looks a webhook up by its id alone: only for master-token operations (rollback). */
  findForOperator(input: { id: string }): Promise<Webhook | undefined>;
}
