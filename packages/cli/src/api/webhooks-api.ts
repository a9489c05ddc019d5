import type { ApiClient } from './api-client';

/** What `sendExample` queued: the example event and its one delivery. */
export interface SentExample {
  readonly eventId: string;
  readonly deliveryId: string;
}

/** One attempt of a delivery, as the delivery log lists it. */
export interface DeliveryAttempt {
  readonly id: string;
  readonly deliveryId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly attemptedAt: string;
  readonly succeeded: boolean;
  readonly statusCode?: number;
  readonly latencyMs: number;
  readonly responseBody?: string;
  readonly error?: string;
}

/** A delivery as the retry route answers it. */
export interface Delivery {
  readonly id: string;
  readonly webhookId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: string;
  readonly attempts: number;
  readonly nextAttemptAt?: string;
}

const webhookPath = (webhookId: string) => `/v2/webhooks/${encodeURIComponent(webhookId)}`;

/** `POST /v2/webhooks/{id}/actions/sendExample`: queue an example of one event type to one webhook. */
export function sendExample(api: ApiClient, webhookId: string, eventType: string): Promise<SentExample> {
  return api.post<SentExample>(`${webhookPath(webhookId)}/actions/sendExample`, { eventType });
}

/** `GET /v2/webhooks/{id}/deliveries`: the newest attempts of a webhook's deliveries, newest first. */
export async function recentAttempts(api: ApiClient, webhookId: string): Promise<readonly DeliveryAttempt[]> {
  const data = await api.get<{ items: DeliveryAttempt[] }>(`${webhookPath(webhookId)}/deliveries`, {
    page: 1,
    limit: 100,
  });
  return data.items;
}

/** `POST /v2/webhooks/{id}/deliveries/{deliveryId}/actions/retry`: make a delivery due again now. */
export function retryDelivery(api: ApiClient, webhookId: string, deliveryId: string): Promise<Delivery> {
  return api.post<Delivery>(
    `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/actions/retry`,
  );
}
