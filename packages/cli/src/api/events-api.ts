import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

/**
 * One event as `GET /v2/events` returns it: exactly the body of a v2 delivery. Only the fields
 * the CLI reads are typed; the rest passes through untouched.
 */
export interface EventEnvelope {
  readonly event_id: string;
  readonly event_type: string;
  readonly timestamp?: string;
  readonly [field: string]: unknown;
}

/** One page of events, newest first. */
export interface EventPage {
  readonly events: readonly EventEnvelope[];
  /** More events lie beyond this page: older ones, or newer ones when paging with `endingBefore`. */
  readonly hasMore: boolean;
}

/** A delivery of one event to one webhook, as `GET /v2/events/{eventId}` lists it. */
export interface EventDelivery {
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly status: string;
  readonly attempts: number;
  readonly nextAttemptAt?: string;
  readonly lastAttemptAt?: string;
  readonly lastStatusCode?: number;
}

/** An event with its deliveries. */
export interface EventDetail {
  readonly event: EventEnvelope;
  readonly deliveries: readonly EventDelivery[];
}

/** The query of `GET /v2/events`; `startingAfter` pages to older events, `endingBefore` to newer ones. */
export interface EventQuery {
  readonly limit?: number | undefined;
  readonly startingAfter?: string | undefined;
  readonly endingBefore?: string | undefined;
  readonly types?: readonly string[] | undefined;
  readonly createdGte?: string | undefined;
  readonly createdLt?: string | undefined;
  readonly webhookId?: string | undefined;
}

/** `GET /v2/events`: a page of the affiliate's events, newest first. */
export async function listEvents(api: ApiClient, query: EventQuery): Promise<EventPage> {
  const data = await api.get<Partial<EventPage> | null>('/v2/events', { ...query });
  if (!Array.isArray(data?.events)) {
    throw new ApiError({ status: 200, code: 'UNEXPECTED_ANSWER', message: 'the answer has no events list' });
  }
  return { events: data.events.filter(isEnvelope), hasMore: data.hasMore === true };
}

/** `GET /v2/events/{eventId}`: one event and its deliveries. */
export function getEvent(api: ApiClient, eventId: string): Promise<EventDetail> {
  return api.get<EventDetail>(`/v2/events/${encodeURIComponent(eventId)}`);
}

function isEnvelope(value: unknown): value is EventEnvelope {
  const envelope = value as Partial<EventEnvelope> | null;
  return typeof envelope?.event_id === 'string' && typeof envelope.event_type === 'string';
}
