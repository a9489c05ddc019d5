/** The API's webhook view (GET /v2/webhooks). */
export interface Webhook {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly authentication: boolean;
  readonly webhookInterests: readonly string[];
  readonly status: 'enabled' | 'disabled';
  readonly isEnabled: boolean;
  readonly payloadVersion: 'v1' | 'v2';
  /** Deliveries also carry the Standard Webhooks headers (false for a secret issued before them). */
  readonly standardWebhooks: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly lastHealthCheck?: HealthCheck;
  /** Custom header names, each with a masked value. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly filter?: Readonly<Record<string, unknown>>;
  readonly rateLimit?: number;
  readonly ordering: WebhookOrdering;
  readonly credentials?: { readonly secret: string };
}

/** How an endpoint's deliveries are ordered. */
export type WebhookOrdering = 'none' | 'entity';

/** A health probe's result (POST /v2/webhooks/{webhook}/actions/checkHealth). */
export interface HealthCheck {
  readonly reachable: boolean;
  readonly statusCode: number;
  readonly latencyMs: number;
  readonly checkedAt: string;
  readonly url?: string;
  readonly reason?: string;
  readonly detail?: string;
}

/** One row of the event dictionary (GET /webhooks/actions/getDictionary). */
export interface DictionaryEntry {
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly visibility: 'public' | 'internal';
  readonly implemented: boolean;
  readonly subscribable: boolean;
}

/** One delivery attempt (GET /v2/webhooks/{id}/deliveries). */
export interface Attempt {
  readonly id: string;
  readonly deliveryId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly attemptedAt: string;
  readonly payloadVersion: 'v1' | 'v2';
  readonly succeeded: boolean;
  readonly statusCode?: number;
  readonly latencyMs: number;
  readonly responseBody?: string;
  readonly error?: string;
}

/** The page frame of every listing. */
export interface Pagination {
  readonly page: number;
  readonly limit: number;
  readonly total: number;
  readonly totalPages: number;
}

/** The event catalog the portal's build makes from core's allowlists (catalog.json). */
export interface Catalog {
  readonly envelopeFields: readonly string[];
  readonly identityFields: readonly string[];
  readonly categoryFields: Readonly<Record<string, readonly string[]>>;
}

/** GET /v2/webhooks/eventTypes/{type}/example: what the event would be delivered as. */
export interface ExampleAnswer {
  readonly eventType: string;
  readonly category: string;
  readonly v2: Record<string, unknown>;
  readonly v1: Record<string, unknown>;
}

/** An event as the event log shows it: the v2 payload a receiver gets, `timestamp` when it occurred. */
export interface EventPayload {
  readonly event_type: string;
  readonly event_id: string;
  readonly api_version: string;
  readonly timestamp: string;
  readonly timestamp_epoch: number;
  readonly affiliate_id: string;
  /** The category's fields, attribution and the identity block, as the API sends them. */
  readonly [field: string]: unknown;
}

/** Where one endpoint's delivery of an event stands (`nextAttemptAt` only while pending). */
export interface EventDelivery {
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  readonly attempts: number;
  readonly nextAttemptAt?: string;
  readonly lastAttemptAt?: string;
  readonly lastStatusCode?: number;
}

/** GET /v2/events/{eventId}: the event and one delivery per endpoint it went to (none when unsubscribed). */
export interface EventAnswer {
  readonly event: EventPayload;
  readonly deliveries: readonly EventDelivery[];
}
