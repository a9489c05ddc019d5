/**
 * Payload generation of a webhook (SPEC 9.5): v1 legacy raw objects, v2 sanitized envelopes.
 *
 * @example
 * const version: PayloadVersion = webhook.payloadVersion; // 'v1' | 'v2'
 */
export type PayloadVersion = 'v1' | 'v2';

/**
 * Whether deliveries go out. `status` and `isEnabled` in the API both come from this.
 *
 * @example
 * const isEnabled = webhook.status === 'enabled';
 */
export type WebhookStatus = 'enabled' | 'disabled';

/**
 * A signing secret encrypted with AES-256-GCM; every part is base64.
 *
 * @example
 * const sealed: SealedSecret = deps.secretBox.seal({ plaintext: 'whsec_...', webhookId: 'whk_1' });
 */
export interface SealedSecret {
  readonly ciphertext: string;
  /** 12-byte nonce, fresh for every seal. */
  readonly iv: string;
  /** 16-byte GCM authentication tag. */
  readonly tag: string;
}

/**
 * One signing secret of a webhook, at rest.
 *
 * @example
 * const stored: StoredSecret = { sealed, createdAt: now };
 */
export interface StoredSecret {
  readonly sealed: SealedSecret;
  readonly createdAt: Date;
  /** Set on a replaced secret: it keeps signing until then (the 24 h rotation overlap). */
  readonly expiresAt?: Date;
}

/**
 * The last health check of a webhook (SPEC 4.7), stored on the record.
 *
 * @example
 * const check: HealthCheck = { reachable: true, statusCode: 204, latencyMs: 31, checkedAt: now, url };
 */
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
 * A webhook endpoint of an affiliate (SPEC 2.1, plus DESIGN's extra fields).
 *
 * @example
 * const webhook: Webhook | undefined = await storage.webhooks.get({ affiliateId: 'aff_1', id: 'whk_1' });
 */
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
  readonly lastHealthCheck?: HealthCheck;
  /** Bumped by every configuration change; writes compare it so concurrent changes never both win. */
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Storage of webhooks. Every method but {@link WebhookStore.findForOperator} names the affiliate,
 * so another tenant's id is simply not found.
 *
 * @example
 * const webhook = await storage.webhooks.get({ affiliateId: 'aff_1', id: 'whk_1' });
 */
export interface WebhookStore {
  insert(input: { webhook: Webhook }): Promise<void>;
  get(input: { affiliateId: string; id: string }): Promise<Webhook | undefined>;
  /** The affiliate's webhooks, oldest first (ties by id). */
  list(input: { affiliateId: string }): Promise<Webhook[]>;
  /**
   * Compare-and-set: stores `webhook` (all but `lastHealthCheck`, which only
   * {@link WebhookStore.recordHealthCheck} writes) when the stored revision is still
   * `expectedRevision`. False when it changed, was deleted, or belongs to another affiliate.
   */
  replace(input: { webhook: Webhook; expectedRevision: number }): Promise<boolean>;
  /** True when a webhook was deleted. */
  remove(input: { affiliateId: string; id: string }): Promise<boolean>;
  /** Stores the last health check; leaves revision and updatedAt alone. False when not found. */
  recordHealthCheck(input: { affiliateId: string; id: string; check: HealthCheck }): Promise<boolean>;
  /** Looks a webhook up by its id alone: only for master-token operations (rollback). */
  findForOperator(input: { id: string }): Promise<Webhook | undefined>;
}
