import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { noting, usePortal } from './context';
import { DeliveryDialog } from './delivery-detail';
import { EventView } from './event-view';
import { html } from './html';
import {
  deliveryName,
  isoOf,
  LogFilterForm,
  type LogFilters,
  LogPager,
  LogTable,
  narrowed,
  useMessageLog,
} from './message-log';
import type { Delivery, DeliveryDetail } from './message-types';
import { Failure, PageHeading } from './shared';
import type { DictionaryEntry, Webhook } from './types';

const pollEveryMs = 1000;
const pollForMs = 60_000;

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

/** Send an example event of a chosen type to the endpoint, then watch its delivery until it is attempted. */
function SendExampleForm(props: {
  readonly webhook: Webhook;
  readonly dictionary: readonly DictionaryEntry[];
  readonly onSent: (deliveryId: string) => void;
}) {
  const portal = usePortal();
  const types = props.dictionary.filter((entry) => entry.subscribable).map((entry) => entry.name);
  const [picked, setPicked] = useState('');
  // Until the reader picks one: the endpoint's first subscribable interest, else the first
  // subscribable type (known once the dictionary has loaded).
  const eventType = types.includes(picked)
    ? picked
    : (props.webhook.webhookInterests.find((name) => types.includes(name)) ?? types[0] ?? '');
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
    <h3 id="ap-example-title">Send an example event to ${props.webhook.name}</h3>
    <div class="ap-field">
      <label for="ap-example-type">Example event type</label>
      <select id="ap-example-type" value=${eventType}
        onChange=${(e: Event) => setPicked((e.target as HTMLSelectElement).value)}>
        ${types.map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
      </select>
    </div>
    <button type="submit" disabled=${!eventType}>Send example</button>
    <${Failure} error=${error} />
  </form>`;
}

/** The endpoints and the event dictionary, read once. */
function useEndpoints() {
  const portal = usePortal();
  const [webhooks, setWebhooks] = useState<readonly Webhook[]>();
  const [dictionary, setDictionary] = useState<readonly DictionaryEntry[]>([]);
  const [error, setError] = useState<ApiFailure>();
  useEffect(() => {
    void portal.api.call<Webhook[]>('GET', '/v2/webhooks').then((result) => {
      noting(portal, 'readWebhooks', result);
      if (result.ok) setWebhooks(result.data);
      else setError(result.error);
    });
    void portal.api.call<DictionaryEntry[]>('GET', '/webhooks/actions/getDictionary').then((result) => {
      if (result.ok) setDictionary(result.data);
    });
  }, []);
  return { webhooks, dictionary, error };
}

/** How an attempt that arrived is said: "Delivery of order_created evt_… arrived: failed with status 500." */
function arrival(detail: DeliveryDetail): string {
  const { delivery } = detail;
  const latest = detail.attempts[detail.attempts.length - 1];
  const outcome = latest
    ? `${latest.succeeded ? 'succeeded' : 'failed'}${latest.statusCode === undefined ? ', no answer' : ` with status ${latest.statusCode}`}`
    : delivery.status;
  return `Delivery of ${deliveryName(delivery)} arrived: ${outcome}.`;
}

/**
 * Delivery details by id, and watching: after a retry or an example, the delivery is read every
 * second until a new attempt arrives; its row and its detail follow, and the result is announced.
 */
function useDeliveryWatch(onUpdate: (delivery: Delivery) => void) {
  const portal = usePortal();
  const [details, setDetails] = useState<Readonly<Record<string, DeliveryDetail>>>({});
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<ApiFailure>();
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const read = async (id: string): Promise<DeliveryDetail | undefined> => {
    const result = noting(
      portal,
      'readWebhooks',
      await portal.api.call<DeliveryDetail>('GET', `/v2/deliveries/${encodeURIComponent(id)}`),
    );
    if (!live.current) return undefined;
    if (!result.ok) {
      setError(result.error);
      return undefined;
    }
    setError(undefined);
    setDetails((current) => ({ ...current, [id]: result.data }));
    onUpdate(result.data.delivery);
    return result.data;
  };
  const mark = (id: string, on: boolean) =>
    setWaiting((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  /** Reads the delivery until it has more than `before` attempts, then says what the last one did. */
  const watch = async (id: string, before: number) => {
    mark(id, true);
    const started = Date.now();
    let detail: DeliveryDetail | undefined;
    while (live.current && Date.now() - started < pollForMs) {
      await new Promise((resolve) => setTimeout(resolve, pollEveryMs));
      detail = await read(id);
      if (detail && detail.delivery.attempts > before) break;
      detail = undefined;
    }
    if (!live.current) return;
    mark(id, false);
    const message = detail ? arrival(detail) : `Delivery ${id} has not been attempted yet; refresh later.`;
    setSaid((current) => ({ ...current, [id]: message }));
    portal.announce(message);
  };
  const retry = async (delivery: Delivery) => {
    if (waiting.has(delivery.id)) return;
    setError(undefined);
    const result = noting(
      portal,
      'writeWebhooks',
      await portal.api.call<Delivery>(
        'POST',
        `/v2/webhooks/${encodeURIComponent(delivery.webhookId)}/deliveries/${encodeURIComponent(delivery.id)}/actions/retry`,
      ),
    );
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onUpdate(result.data);
    portal.announce(`Delivery of ${deliveryName(delivery)} is due again; waiting for its answer.`);
    await watch(delivery.id, delivery.attempts);
  };
  return { details, waiting, said, error, read, watch, retry };
}

/** The delivery whose detail is open, or the event opened from a row; focus returns to the row's button. */
function useOpened() {
  const [delivery, setDelivery] = useState<Delivery>();
  const [event, setEvent] = useState<Delivery>();
  const returnTo = useRef<string>();
  const section = useRef<HTMLElement>(null);
  const button = (attribute: string, id: string | undefined) =>
    id === undefined
      ? null
      : (section.current?.querySelector<HTMLButtonElement>(`button[${attribute}="${CSS.escape(id)}"]`) ??
        null);
  // Runs after the page heading has taken focus: the row's button that opened the event takes it back.
  useEffect(() => {
    if (event || returnTo.current === undefined) return;
    button('data-open-event', returnTo.current)?.focus();
    returnTo.current = undefined;
  }, [event]);
  const back = () => {
    returnTo.current = event?.id;
    setEvent(undefined);
  };
  const opener = () => button('data-open-delivery', delivery?.id);
  return { delivery, setDelivery, event, setEvent, back, section, opener };
}

/** What the page says when the log is empty, and what to do about it. */
function EmptyLog(props: { readonly filters: LogFilters; readonly onClear: () => void }) {
  if (narrowed(props.filters))
    return html`<div class="ap-empty">
      <p>No deliveries match these filters. Widen the time range, or choose any status and all event types.</p>
      <button type="button" onClick=${props.onClear}>Clear filters</button>
    </div>`;
  return html`<div class="ap-empty">
    <p>${props.filters.webhookId ? 'No deliveries to this endpoint yet.' : 'No deliveries yet.'}
      Deliveries show here when an event an endpoint subscribes to happens.
      Send an example event to an endpoint to see one.</p>
  </div>`;
}

const noFilters = { status: '', type: '', from: '', until: '' } as const;

/** Deliveries: the message log of every endpoint or one, its detail, retry, send example and recover. */
export function DeliveriesPage(props: {
  readonly webhookId: string | undefined;
  readonly onPick: (id: string | undefined) => void;
}) {
  const portal = usePortal();
  const { webhooks, dictionary, error: listError } = useEndpoints();
  const [narrowing, setNarrowing] = useState<Omit<LogFilters, 'webhookId'>>(noFilters);
  const webhook = webhooks?.find((candidate) => candidate.id === props.webhookId);
  // Until the endpoints are known, the one asked for; then only if it still exists.
  const filters: LogFilters = { ...narrowing, webhookId: webhooks ? webhook?.id : props.webhookId };
  const log = useMessageLog(filters);
  const watching = useDeliveryWatch(log.patch);
  const opened = useOpened();
  const canWrite = portal.may('writeWebhooks');
  const names = new Map((webhooks ?? []).map((candidate) => [candidate.id, candidate.name]));
  if (opened.event)
    return html`<${EventView} eventId=${opened.event.eventId} webhooks=${webhooks ?? []} onBack=${opened.back} />`;
  const open = (delivery: Delivery) => {
    opened.setDelivery(delivery);
    void watching.read(delivery.id);
  };
  const sent = (deliveryId: string) => {
    log.restart();
    void watching.watch(deliveryId, 0).then(() => log.reload());
  };
  /** A retry from a row: when its button goes with the status, focus goes to the row's event button. */
  const retryRow = async (delivery: Delivery) => {
    await watching.retry(delivery);
    if (document.activeElement && document.activeElement !== document.body) return;
    opened.section.current
      ?.querySelector<HTMLButtonElement>(`button[data-open-delivery="${CSS.escape(delivery.id)}"]`)
      ?.focus();
  };
  const rows = log.page?.deliveries;
  const shown = opened.delivery;
  return html`<section aria-labelledby="ap-page-title" ref=${opened.section}>
    <${PageHeading} text="Deliveries" />
    <${Failure} error=${listError ?? log.error ?? (shown ? undefined : watching.error)} />
    ${webhooks && webhooks.length === 0 ? html`<p>No endpoints yet: create one on the Endpoints page, then its deliveries show here.</p>` : null}
    ${
      webhooks && webhooks.length > 0
        ? html`
          <${LogFilterForm} filters=${filters} webhooks=${webhooks} dictionary=${dictionary}
            onChange=${(next: LogFilters) => {
              const { webhookId, ...rest } = next;
              setNarrowing(rest);
              if (webhookId !== filters.webhookId) props.onPick(webhookId);
            }} />
          <div class="ap-actions">
            <button type="button" onClick=${() => log.reload()}>Refresh</button>
            ${isoOf(narrowing.until) && isoOf(narrowing.from) && narrowing.from >= narrowing.until ? html`<span class="ap-error">Created from must come before created until.</span>` : null}
          </div>
          ${
            rows === undefined
              ? log.error
                ? null
                : html`<p>Loading deliveries…</p>`
              : rows.length === 0
                ? html`<${EmptyLog} filters=${filters} onClear=${() => setNarrowing(noFilters)} />`
                : html`<${LogTable} deliveries=${rows} endpoints=${webhook ? undefined : names}
                    canRetry=${canWrite} retrying=${watching.waiting}
                    onOpen=${open} onOpenEvent=${opened.setEvent} onRetry=${retryRow} />`
          }
          <${LogPager} newer=${log.paging.newer} older=${log.paging.older} />
          ${
            canWrite && webhook
              ? html`<div class="ap-columns">
                  <${SendExampleForm} key=${webhook.id} webhook=${webhook} dictionary=${dictionary} onSent=${sent} />
                  <${RecoverForm} key=${webhook.id} webhookId=${webhook.id} onDone=${() => log.restart()} />
                </div>`
              : canWrite
                ? html`<p class="ap-hint">Choose one endpoint to send it an example event or recover its failed deliveries.</p>`
                : null
          }`
        : null
    }
    ${
      shown
        ? html`<${DeliveryDialog} key=${shown.id} delivery=${shown} detail=${watching.details[shown.id]}
            error=${watching.error} endpoint=${names.get(shown.webhookId) ?? 'Deleted endpoint'}
            canRetry=${canWrite} waiting=${watching.waiting.has(shown.id)} said=${watching.said[shown.id] ?? ''}
            onRetry=${watching.retry} onClose=${() => opened.setDelivery(undefined)} returnTo=${opened.opener} />`
        : null
    }
  </section>`;
}
