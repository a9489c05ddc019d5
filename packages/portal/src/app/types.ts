/**
 * The portal's names for the API's shapes. Each is an alias into the types generated from
 * docs/openapi.json (api-types.generated.ts, `npm run portal-types`), so the portal reads what
 * the API documents and a change to the API shows up here as a type error.
 */
import type { CatalogData } from '../server/catalog';
import type { Operations, Schemas } from './api-types.generated';

/** The `data` of an operation's success answer, by its operationId. */
export type ApiData<Id extends keyof Operations> = Operations[Id]['data'];

/** The JSON body an operation takes, by its operationId. */
export type ApiBody<Id extends keyof Operations> = Operations[Id]['body'];

/** The API's webhook view (GET /v2/webhooks); `credentials` only on create and rotate. */
export type Webhook = ApiData<'createWebhook'>;

/** How an endpoint's deliveries are ordered. */
export type WebhookOrdering = Webhook['ordering'];

/** A health probe's result (POST /v2/webhooks/{webhook}/actions/checkHealth). */
export type HealthCheck = NonNullable<Webhook['lastHealthCheck']>;

/** One row of the event dictionary (GET /webhooks/actions/getDictionary). */
export type DictionaryEntry = ApiData<'getEventDictionary'>[number];

/** One delivery attempt (GET /v2/webhooks/{id}/deliveries). */
export type Attempt = ApiData<'listWebhookDeliveryAttempts'>['items'][number];

/** The page frame of every listing. */
export type Pagination = ApiData<'listWebhookDeliveryAttempts'>['pagination'];

/** The event catalog the portal's build makes from core's allowlists (catalog.json). */
export type Catalog = CatalogData;

/** GET /v2/webhooks/eventTypes/{type}/example: what the event would be delivered as. */
export type ExampleAnswer = ApiData<'getEventTypeExample'>;

/** An event as the event log shows it: the v2 envelope a receiver gets, and its other fields. */
export type EventPayload = Schemas['WebhookEnvelope'];

/** GET /v2/events/{eventId}: the event and one delivery per endpoint it went to (none when unsubscribed). */
export type EventAnswer = ApiData<'getEvent'>;

/** Where one endpoint's delivery of an event stands (`nextAttemptAt` only while pending). */
export type EventDelivery = EventAnswer['deliveries'][number];
