import { useEffect, useState } from 'preact/hooks';
import { noting, usePortal } from './context';
import { html } from './html';
import { when } from './shared';
import type { ApiData } from './types';

/** GET /v2/webhooks/{id}/operationalEvents: an endpoint's recent operational events, newest first. */
type OperationalEvents = ApiData<'listWebhookOperationalEvents'>;

/** One operational event of an endpoint. */
export type OperationalEventItem = OperationalEvents['items'][number];

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

/** An operational event as one sentence, e.g. "Disabled: it answered 410 Gone". */
export function operationalEventText(event: OperationalEventItem): string {
  const d = event.details;
  switch (event.type) {
    case 'endpoint.failing':
      return `Failing for ${Math.round(Number(d.fraction) * 100)} % of the time before it is disabled; disabled at ${when(text(d.disableAt))} unless a delivery succeeds`;
    case 'endpoint.disabled':
      return d.reason === 'gone' ? 'Disabled: it answered 410 Gone' : 'Disabled: it kept failing';
    case 'endpoint.enabled':
      return 'Enabled again';
    case 'endpoint.recovered':
      return `Recovered after ${text(d.failures)} failed attempts`;
    case 'delivery.exhausted':
      return `A ${text(d.eventType)} delivery failed for good after ${text(d.attempts)} attempts${
        d.lastStatusCode === undefined ? '' : ` (last answer ${text(d.lastStatusCode)})`
      }`;
    case 'secret.rotated':
      return d.overlapEndsAt
        ? `Signing secret rotated; the old one signs until ${when(text(d.overlapEndsAt))}`
        : 'Signing secret rotated';
    default:
      return `The replaced signing secret stops signing at ${when(text(d.expiresAt))}`;
  }
}

/** An endpoint's recent operational events (the newest five), read again when `version` changes. */
export function EndpointOperationalEvents(props: {
  readonly webhookId: string;
  readonly name: string;
  readonly version: unknown;
}) {
  const portal = usePortal();
  const [events, setEvents] = useState<OperationalEvents['items']>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const path = `/v2/webhooks/${encodeURIComponent(props.webhookId)}/operationalEvents?limit=5`;
    void portal.api.call<OperationalEvents>('GET', path).then((result) => {
      if (!current) return;
      noting(portal, 'readWebhooks', result);
      if (result.ok) setEvents(result.data.items);
      setFailed(!result.ok);
    });
    return () => {
      current = false;
    };
  }, [props.webhookId, props.version]);
  if (failed) return html`<p class="ap-muted">Recent events of ${props.name} could not be read.</p>`;
  if (!events) return null;
  return html`<section class="ap-op-events" aria-label=${`Recent events of endpoint ${props.name}`}>
    <h4>Recent events</h4>
    ${
      events.length === 0
        ? html`<p class="ap-muted">None: it has not failed, been disabled or had its secret rotated.</p>`
        : html`<ul>
            ${events.map(
              (event) => html`<li key=${event.id}>
                <time datetime=${event.at}>${when(event.at)}</time> ${operationalEventText(event)}
              </li>`,
            )}
          </ul>`
    }
  </section>`;
}
