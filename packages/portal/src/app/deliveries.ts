import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { noting, usePortal } from './context';
import { EventView } from './event-view';
import { html } from './html';
import { Failure, PageHeading, Pager, when } from './shared';
import type { Attempt, DictionaryEntry, Pagination, Webhook } from './types';

const pollEveryMs = 1000;
const pollForMs = 60_000;

/** The attempt log of one endpoint, one page at a time; each row's event id opens the event. */
function AttemptLog(props: {
  readonly attempts: readonly Attempt[];
  readonly canRetry: boolean;
  readonly onRetry: (attempt: Attempt) => void;
  readonly onOpenEvent: (attempt: Attempt) => void;
}) {
  if (props.attempts.length === 0) return html`<p>No delivery attempts yet.</p>`;
  return html`<table class="ap-table">
    <caption>Delivery attempts, newest first</caption>
    <thead>
      <tr>
        <th scope="col">Time</th>
        <th scope="col">Event</th>
        <th scope="col">Attempt</th>
        <th scope="col">Status</th>
        <th scope="col">Latency</th>
        <th scope="col">Receiver's answer</th>
        ${props.canRetry ? html`<th scope="col"><span class="ap-visually-hidden">Actions</span></th>` : null}
      </tr>
    </thead>
    <tbody>
      ${props.attempts.map(
        (attempt) => html`<tr key=${attempt.id} data-delivery-id=${attempt.deliveryId}>
          <td>${when(attempt.attemptedAt)}</td>
          <td>
            <code>${attempt.eventType}</code>
            <button type="button" class="ap-link" data-attempt-id=${attempt.id}
              aria-label=${`Open event ${attempt.eventId}`} onClick=${() => props.onOpenEvent(attempt)}>
              ${attempt.eventId}
            </button>
          </td>
          <td>${attempt.attempt}</td>
          <td class=${attempt.succeeded ? 'ap-ok' : 'ap-bad'}>
            ${attempt.succeeded ? 'succeeded' : 'failed'}${attempt.statusCode === undefined ? '' : ` (${attempt.statusCode})`}
          </td>
          <td>${attempt.latencyMs} ms</td>
          <td><pre class="ap-answer">${attempt.responseBody ?? attempt.error ?? ''}</pre></td>
          ${
            props.canRetry
              ? html`<td><button type="button" aria-label=${`Retry delivery ${attempt.deliveryId}`}
                  onClick=${() => props.onRetry(attempt)}>Retry</button></td>`
              : null
          }
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** `datetime-local` text (the reader's zone) as an ISO instant, or undefined when empty. */
const isoOf = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

/** Recover: send again every event since a time (super admins). */
function RecoverForm(props: { readonly webhookId: string; readonly onDone: () => void }) {
  const portal = usePortal();
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<ApiFailure>();
  const [result, setResult] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const body = { since: isoOf(since), ...(until ? { until: isoOf(until) } : {}) };
    const answer = noting(
      portal,
      'writeWebhooks',
      await portal.api.call<{ recovered: number; hasMore?: boolean }>(
        'POST',
        `/v2/webhooks/${encodeURIComponent(props.webhookId)}/actions/recover`,
        body,
      ),
    );
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    const more = answer.data.hasMore ? ' More wait: recover again.' : '';
    const message = `Recovery started: ${answer.data.recovered} failed delivery(ies) queued again.${more}`;
    setResult(message);
    portal.announce(message);
    props.onDone();
  };
  return html`<form class="ap-form" aria-labelledby="ap-recover-title" onSubmit=${submit}>
    <h3 id="ap-recover-title">Recover failed events</h3>
    <div class="ap-field">
      <label for="ap-recover-since">Since</label>
      <input id="ap-recover-since" type="datetime-local" required value=${since}
        onInput=${(e: Event) => setSince((e.target as HTMLInputElement).value)} />
    </div>
    <div class="ap-field">
      <label for="ap-recover-until">Until (optional)</label>
      <input id="ap-recover-until" type="datetime-local" value=${until}
        onInput=${(e: Event) => setUntil((e.target as HTMLInputElement).value)} />
    </div>
    <button type="submit">Recover</button>
    <${Failure} error=${error} />
    ${result ? html`<p>${result}</p>` : null}
  </form>`;
}

/** Send an example event of a chosen type, then watch the attempt log until it arrives. */
function SendExampleForm(props: {
  readonly webhook: Webhook;
  readonly dictionary: readonly DictionaryEntry[];
  readonly onSent: (deliveryId: string) => void;
}) {
  const portal = usePortal();
  const types = props.dictionary.filter((entry) => entry.subscribable).map((entry) => entry.name);
  const [eventType, setEventType] = useState(props.webhook.webhookInterests[0] ?? types[0] ?? '');
  const [error, setError] = useState<ApiFailure>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const answer = noting(
      portal,
      'writeWebhooks',
      await portal.api.call<{ eventId: string; deliveryId: string }>(
        'POST',
        `/v2/webhooks/${encodeURIComponent(props.webhook.id)}/actions/sendExample`,
        { eventType },
      ),
    );
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    portal.announce(`Example ${eventType} queued; waiting for its delivery.`);
    props.onSent(answer.data.deliveryId);
  };
  return html`<form class="ap-form" aria-labelledby="ap-example-title" onSubmit=${submit}>
    <h3 id="ap-example-title">Send an example event</h3>
    <div class="ap-field">
      <label for="ap-example-type">Event type</label>
      <select id="ap-example-type" value=${eventType}
        onChange=${(e: Event) => setEventType((e.target as HTMLSelectElement).value)}>
        ${types.map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
      </select>
    </div>
    <button type="submit">Send example</button>
    <${Failure} error=${error} />
  </form>`;
}

/**
 * The endpoints, the event dictionary, and the attempt log of the endpoint `webhookId` names (the
 * first one when it names none) one page at a time, read again when the endpoint or page changes.
 */
function useDeliveryLog(webhookId: string | undefined) {
  const portal = usePortal();
  const [webhooks, setWebhooks] = useState<readonly Webhook[]>();
  const [dictionary, setDictionary] = useState<readonly DictionaryEntry[]>([]);
  const [attempts, setAttempts] = useState<readonly Attempt[]>();
  const [pagination, setPagination] = useState<Pagination>();
  const [page, setPage] = useState(1);
  const [error, setError] = useState<ApiFailure>();
  /** The poll that waits for a delivery; stopped when the page goes. */
  const timer = useRef<ReturnType<typeof setInterval>>();
  const webhook = webhooks?.find((candidate) => candidate.id === webhookId) ?? webhooks?.[0];

  useEffect(() => {
    void portal.api.call<Webhook[]>('GET', '/v2/webhooks').then((result) => {
      noting(portal, 'readWebhooks', result);
      if (result.ok) setWebhooks(result.data);
      else setError(result.error);
    });
    void portal.api.call<DictionaryEntry[]>('GET', '/webhooks/actions/getDictionary').then((result) => {
      if (result.ok) setDictionary(result.data);
    });
    return () => clearInterval(timer.current);
  }, []);

  const load = async (id: string, at: number): Promise<readonly Attempt[] | undefined> => {
    const result = noting(
      portal,
      'readWebhooks',
      await portal.api.call<{ items: Attempt[]; pagination: Pagination }>(
        'GET',
        `/v2/webhooks/${encodeURIComponent(id)}/deliveries?page=${at}&limit=25`,
      ),
    );
    if (!result.ok) {
      setError(result.error);
      return undefined;
    }
    setError(undefined);
    setAttempts(result.data.items);
    setPagination(result.data.pagination);
    return result.data.items;
  };
  useEffect(() => {
    if (webhook) void load(webhook.id, page);
  }, [webhook?.id, page]);

  return { webhooks, webhook, dictionary, attempts, pagination, page, setPage, error, setError, load, timer };
}

/** Retry a delivery, or wait for an example's: either way, watch the log until its attempt arrives. */
function useDeliveryWatch(log: ReturnType<typeof useDeliveryLog>) {
  const portal = usePortal();
  const [waitingFor, setWaitingFor] = useState<string>();
  const { webhook, attempts, timer, load } = log;

  /** Polls the log's first page until a new attempt of `deliveryId` shows up, then says so. */
  const watch = (deliveryId: string) => {
    if (!webhook) return;
    clearInterval(timer.current);
    const seen = new Set((attempts ?? []).filter((a) => a.deliveryId === deliveryId).map((a) => a.id));
    setWaitingFor(deliveryId);
    log.setPage(1);
    const started = Date.now();
    timer.current = setInterval(async () => {
      const items = await load(webhook.id, 1);
      const arrived = items?.find((attempt) => attempt.deliveryId === deliveryId && !seen.has(attempt.id));
      if (arrived || Date.now() - started > pollForMs) {
        clearInterval(timer.current);
        setWaitingFor(undefined);
        portal.announce(
          arrived
            ? `Delivery ${deliveryId} arrived: ${arrived.succeeded ? 'succeeded' : 'failed'}${arrived.statusCode === undefined ? '' : ` with status ${arrived.statusCode}`}.`
            : `Delivery ${deliveryId} has not been attempted yet; refresh later.`,
        );
      }
    }, pollEveryMs);
  };
  const retry = async (attempt: Attempt) => {
    if (!webhook) return;
    const result = noting(
      portal,
      'writeWebhooks',
      await portal.api.call<{ status: string }>(
        'POST',
        `/v2/webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(attempt.deliveryId)}/actions/retry`,
      ),
    );
    if (!result.ok) {
      log.setError(result.error);
      return;
    }
    portal.announce(`Delivery ${attempt.deliveryId} is due again (${result.data.status}).`);
    watch(attempt.deliveryId);
  };
  return { waitingFor, watch, retry };
}

/** The event an attempt's link opened, and Back, which puts focus on that link again. */
function useOpenedEvent() {
  const [opened, setOpened] = useState<Attempt>();
  /** The attempt whose event was open, so Back can put focus on its link again. */
  const returnTo = useRef<string>();
  const section = useRef<HTMLElement>(null);
  // Runs after the page heading has taken focus: the link that opened the event takes it back.
  useEffect(() => {
    if (opened || returnTo.current === undefined) return;
    section.current
      ?.querySelector<HTMLButtonElement>(`button[data-attempt-id="${CSS.escape(returnTo.current)}"]`)
      ?.focus();
    returnTo.current = undefined;
  }, [opened]);
  const back = () => {
    returnTo.current = opened?.id;
    setOpened(undefined);
  };
  return { opened, setOpened, back, section };
}

/** Deliveries: per endpoint, the attempt log, retry, recover and send example. */
export function DeliveriesPage(props: {
  readonly webhookId: string | undefined;
  readonly onPick: (id: string) => void;
}) {
  const portal = usePortal();
  const log = useDeliveryLog(props.webhookId);
  const { webhooks, webhook, dictionary, attempts, pagination, page, setPage, error, load } = log;
  const { waitingFor, watch, retry } = useDeliveryWatch(log);
  const { opened, setOpened, back, section } = useOpenedEvent();
  const canWrite = portal.may('writeWebhooks');
  if (opened)
    return html`<${EventView} eventId=${opened.eventId} webhooks=${webhooks ?? []} onBack=${back} />`;
  return html`<section aria-labelledby="ap-page-title" ref=${section}>
    <${PageHeading} text="Deliveries" />
    <${Failure} error=${error} />
    ${
      webhooks && webhooks.length === 0
        ? html`<p>No endpoints yet: create one on the Endpoints page.</p>`
        : null
    }
    ${
      webhook
        ? html`
          <div class="ap-field">
            <label for="ap-deliveries-endpoint">Endpoint</label>
            <select id="ap-deliveries-endpoint" value=${webhook.id}
              onChange=${(e: Event) => {
                setPage(1);
                props.onPick((e.target as HTMLSelectElement).value);
              }}>
              ${webhooks?.map((candidate) => html`<option key=${candidate.id} value=${candidate.id}>${candidate.name}</option>`)}
            </select>
            <button type="button" onClick=${() => load(webhook.id, page)}>Refresh</button>
          </div>
          ${waitingFor ? html`<p class="ap-muted">Waiting for delivery ${waitingFor}…</p>` : null}
          ${attempts ? html`<${AttemptLog} attempts=${attempts} canRetry=${canWrite} onRetry=${retry} onOpenEvent=${setOpened} />` : null}
          ${
            pagination
              ? html`<${Pager} page=${pagination.page} totalPages=${pagination.totalPages} label="Delivery pages" onPage=${setPage} />`
              : null
          }
          ${
            canWrite
              ? html`<div class="ap-columns">
                  <${SendExampleForm} key=${webhook.id} webhook=${webhook} dictionary=${dictionary} onSent=${watch} />
                  <${RecoverForm} key=${webhook.id} webhookId=${webhook.id} onDone=${() => load(webhook.id, 1)} />
                </div>`
              : null
          }`
        : null
    }
  </section>`;
}
