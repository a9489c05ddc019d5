/**
 * The message log's names for the API's shapes: aliases into the types generated from
 * docs/openapi.json, as in types.ts.
 */
import type { ApiData } from './types';

/** GET /v2/deliveries/{deliveryId}: the delivery, its request, and its attempts oldest first. */
export type DeliveryDetail = ApiData<'getDelivery'>;

/** One delivery of one event to one endpoint. */
export type Delivery = DeliveryDetail['delivery'];

/** Where a delivery stands. */
export type DeliveryStatus = Delivery['status'];

/** One page of the message log, newest first; `hasMore` when more lie beyond it in the paging direction. */
export type DeliveryPage = ApiData<'listDeliveries'>;

/** The request as it is sent: the signature elided, custom header values masked. */
export type DeliveryRequest = NonNullable<DeliveryDetail['request']>;

/** One attempt of a delivery, with the receiver's stored answer. */
export type DeliveryAttempt = DeliveryDetail['attempts'][number];

/** GET /v2/webhooks/{id}/stats: attempts per hour (oldest first), totals and health. */
export type WebhookStats = ApiData<'getWebhookStats'>;

/** An endpoint's health as the stats call judges it. */
export type EndpointHealth = WebhookStats['health'];

/** One hour of an endpoint's attempts. */
export type StatsHour = WebhookStats['hours'][number];
