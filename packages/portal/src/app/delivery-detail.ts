import { useEffect, useRef } from 'preact/hooks';
import type { ApiFailure } from './api';
import { Dialog } from './dialog';
import { html } from './html';
import { deliveryName, lastAnswer, retryable, StatusBadge } from './message-log';
import type { Delivery, DeliveryAttempt, DeliveryDetail, DeliveryRequest } from './message-types';
import { Failure, when } from './shared';

/** The payload pretty-printed; a string the API stored as is stays as it is. */
const pretty = (payload: unknown): string =>
  typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);

/** The request as it was sent: method and URL, headers (the signature elided), the payload. */
function RequestSent(props: { readonly request: DeliveryRequest | undefined }) {
  const { request } = props;
  if (!request) return html`<p>The request of this delivery is no longer stored.</p>`;
  const headers = Object.entries(request.headers);
  return html`
    <p class="ap-wrap"><code>${request.method} ${request.url}</code> (payload ${request.payloadVersion})</p>
    <h4>Headers</h4>
    ${
      headers.length === 0
        ? html`<p>None.</p>`
        : html`<dl class="ap-pairs" aria-label="Request headers">
            ${headers.map(([name, value]) => html`<dt key=${`n-${name}`}><code>${name}</code></dt><dd key=${`v-${name}`}><code>${value}</code></dd>`)}
          </dl>`
    }
    <p class="ap-hint">The signature is left out; custom header values are masked.</p>
    <h4>Payload</h4>
    <pre class="ap-code" tabindex="0" aria-label="Payload as sent">${pretty(request.payload)}</pre>`;
}

/**
 * Each attempt, oldest first, with the receiver's stored answer as text. Attempts are numbered in
 * the order they were made: the stored number starts again at 1 when a retry or a recovery
 * restarts the retry schedule, which the attempt then says.
 */
function Attempts(props: { readonly attempts: readonly DeliveryAttempt[] }) {
  if (props.attempts.length === 0) return html`<p>Not attempted yet.</p>`;
  return html`<ol class="ap-attempts" aria-label="Attempts, oldest first">
    ${props.attempts.map(
      (attempt, index) => html`<li key=${attempt.id} class="ap-attempt">
        <h4>Attempt ${index + 1}</h4>
        ${
          index > 0 && attempt.attempt === 1
            ? html`<p class="ap-hint">Sent again by hand: the retry schedule started over here.</p>`
            : null
        }
        <dl class="ap-pairs">
          <dt>Time</dt><dd>${when(attempt.attemptedAt)}</dd>
          <dt>Result</dt>
          <dd class=${attempt.succeeded ? 'ap-ok' : 'ap-bad'}>
            ${attempt.succeeded ? 'succeeded' : 'failed'}${attempt.statusCode === undefined ? ', no answer' : ` with status ${attempt.statusCode}`}
          </dd>
          <dt>Latency</dt><dd>${attempt.latencyMs} ms</dd>
          ${attempt.error ? html`<dt>Error</dt><dd class="ap-wrap">${attempt.error}</dd>` : null}
        </dl>
        ${
          attempt.responseBody === undefined
            ? null
            : html`<pre class="ap-code ap-answer-body" tabindex="0"
                aria-label=${`Receiver's answer to attempt ${index + 1}`}>${attempt.responseBody || '(empty)'}</pre>`
        }
      </li>`,
    )}
  </ol>`;
}

/** One delivery in a dialog: where it stands, Retry now, the request as sent, and every attempt. */
export function DeliveryDialog(props: {
  readonly delivery: Delivery;
  readonly detail: DeliveryDetail | undefined;
  readonly error: ApiFailure | undefined;
  readonly endpoint: string;
  readonly canRetry: boolean;
  readonly waiting: boolean;
  /** The result of the last retry, said in the dialog too (the page behind it is inert). */
  readonly said: string;
  readonly onRetry: (delivery: Delivery) => void;
  readonly onClose: () => void;
  readonly returnTo: () => HTMLElement | null;
}) {
  const delivery = props.detail?.delivery ?? props.delivery;
  const name = deliveryName(delivery);
  const heading = useRef<HTMLHeadingElement>(null);
  // A retry that ends removes its button: focus goes to the heading rather than the page.
  useEffect(() => {
    const dialog = heading.current?.closest('dialog');
    if (!props.waiting && dialog && !dialog.contains(document.activeElement)) heading.current?.focus();
  }, [props.waiting, delivery.status]);
  return html`<${Dialog} labelledBy="ap-delivery-title" onClose=${props.onClose} returnTo=${props.returnTo} class="ap-delivery">
    <div class="ap-dialog-head">
      <h2 id="ap-delivery-title" tabindex="-1" data-initial-focus ref=${heading}>
        Delivery of <code>${delivery.eventType}</code> <span class="ap-wrap">${delivery.eventId}</span>
      </h2>
      <button type="button" aria-label="Close delivery details" onClick=${props.onClose}>Close</button>
    </div>
    <dl class="ap-pairs">
      <dt>Status</dt><dd><${StatusBadge} status=${delivery.status} /></dd>
      <dt>Endpoint</dt><dd class="ap-wrap">${props.endpoint}</dd>
      <dt>Attempts</dt><dd>${delivery.attempts}</dd>
      <dt>Last answer</dt><dd>${lastAnswer(delivery)}</dd>
      <dt>Next attempt</dt><dd>${delivery.nextAttemptAt ? when(delivery.nextAttemptAt) : 'none'}</dd>
      <dt>Created</dt><dd>${when(delivery.createdAt)}</dd>
      <dt>Delivery id</dt><dd class="ap-wrap"><code>${delivery.id}</code></dd>
    </dl>
    ${
      props.canRetry && retryable(delivery)
        ? html`<div class="ap-actions">
            <button type="button" aria-disabled=${props.waiting ? 'true' : undefined}
              aria-label=${`Retry now: delivery of ${name}`}
              onClick=${() => props.waiting || props.onRetry(delivery)}>Retry now</button>
          </div>`
        : null
    }
    <p role="status" class="ap-muted">${props.waiting ? 'Sent again: waiting for the receiver’s answer…' : props.said}</p>
    <${Failure} error=${props.error} />
    ${
      props.detail
        ? html`<h3>Request</h3>
            <${RequestSent} request=${props.detail.request} />
            <h3>Attempts</h3>
            <${Attempts} attempts=${props.detail.attempts} />`
        : props.error
          ? null
          : html`<p>Loading the delivery…</p>`
    }
  <//>`;
}
