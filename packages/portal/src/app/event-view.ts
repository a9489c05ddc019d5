import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { noting, usePortal } from './context';
import { html } from './html';
import { Failure, PageHeading, when } from './shared';
import type { EventAnswer, EventDelivery, Webhook } from './types';

const statusClass: Readonly<Record<EventDelivery['status'], string | undefined>> = {
  succeeded: 'ap-ok',
  failed: 'ap-bad',
  pending: undefined,
  cancelled: undefined,
};

/**
 * Where each endpoint's delivery of the event stands, one item per endpoint: facts rather than
 * a table's columns, so a narrow screen never scrolls sideways.
 */
function EventDeliveries(props: {
  readonly eventId: string;
  readonly deliveries: readonly EventDelivery[];
  readonly webhooks: readonly Webhook[];
}) {
  if (props.deliveries.length === 0)
    return html`<p>No endpoint was subscribed to this event, so it was not delivered.</p>`;
  const nameOf = (id: string) =>
    props.webhooks.find((webhook) => webhook.id === id)?.name ?? 'Deleted endpoint';
  return html`<ul class="ap-list" aria-label=${`Deliveries of event ${props.eventId}, one per endpoint`}>
    ${props.deliveries.map(
      (delivery) => html`<li key=${delivery.deliveryId} class="ap-endpoint"
        aria-label=${`Delivery of event ${props.eventId} to ${nameOf(delivery.webhookId)}`}>
        <h4>${nameOf(delivery.webhookId)}</h4>
        <dl class="ap-facts">
          <dt>Status</dt>
          <dd class=${statusClass[delivery.status]}>${delivery.status}</dd>
          <dt>Attempts</dt>
          <dd>${delivery.attempts}</dd>
          <dt>Next attempt</dt>
          <dd>${delivery.nextAttemptAt ? when(delivery.nextAttemptAt) : 'none'}</dd>
          <dt>Last status code</dt>
          <dd>${delivery.lastStatusCode ?? 'none'}</dd>
          <dt>Endpoint id</dt>
          <dd><code>${delivery.webhookId}</code></dd>
          <dt>Delivery id</dt>
          <dd><code>${delivery.deliveryId}</code></dd>
        </dl>
      </li>`,
    )}
  </ul>`;
}

/** The event's facts, its deliveries and its payload. */
function EventDetail(props: {
  readonly eventId: string;
  readonly answer: EventAnswer;
  readonly webhooks: readonly Webhook[];
}) {
  const { event, deliveries } = props.answer;
  return html`<dl class="ap-facts">
      <dt>Type</dt>
      <dd><code>${event.event_type}</code></dd>
      <dt>Occurred</dt>
      <dd>${when(event.timestamp)}</dd>
      <dt>API version</dt>
      <dd>${event.api_version}</dd>
    </dl>
    <section aria-labelledby="ap-event-deliveries-title">
      <h3 id="ap-event-deliveries-title">Deliveries</h3>
      <${EventDeliveries} eventId=${props.eventId} deliveries=${deliveries} webhooks=${props.webhooks} />
    </section>
    <section aria-labelledby="ap-event-payload-title">
      <h3 id="ap-event-payload-title">Payload</h3>
      <p class="ap-muted">What a v2 endpoint receives for this event; its timestamp is when the event occurred.</p>
      <pre class="ap-code" tabindex="0" aria-label=${`Payload of event ${props.eventId}`}>${JSON.stringify(event, null, 2)}</pre>
    </section>`;
}

/**
 * One event of the log (`GET /v2/events/{eventId}`): its v2 payload, as a v2 endpoint receives
 * it, and where its delivery to each endpoint stands. Back returns to the deliveries.
 */
export function EventView(props: {
  readonly eventId: string;
  readonly webhooks: readonly Webhook[];
  readonly onBack: () => void;
}) {
  const portal = usePortal();
  const [answer, setAnswer] = useState<EventAnswer>();
  const [error, setError] = useState<ApiFailure>();
  useEffect(() => {
    void portal.api
      .call<EventAnswer>('GET', `/v2/events/${encodeURIComponent(props.eventId)}`)
      .then((result) => {
        noting(portal, 'readWebhooks', result);
        if (result.ok) setAnswer(result.data);
        else setError(result.error);
      });
  }, [props.eventId]);
  return html`<section class="ap-event-view" aria-labelledby="ap-page-title">
    <${PageHeading} text=${`Event ${props.eventId}`} />
    <button type="button" onClick=${props.onBack}>Back to deliveries</button>
    <${Failure} error=${error} />
    ${answer || error ? null : html`<p class="ap-muted">Loading the event…</p>`}
    ${answer ? html`<${EventDetail} eventId=${props.eventId} answer=${answer} webhooks=${props.webhooks} />` : null}
  </section>`;
}
