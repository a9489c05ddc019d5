import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { noting, usePortal } from './context';
import { html } from './html';
import type { Delivery, DeliveryPage, DeliveryStatus } from './message-types';
import { when } from './shared';
import type { DictionaryEntry, Webhook } from './types';

/** What the log shows: one endpoint or all, a status, an event type, a creation time range. */
export interface LogFilters {
  readonly webhookId: string | undefined;
  readonly status: DeliveryStatus | '';
  readonly type: string;
  /** `datetime-local` text in the reader's zone; empty for no bound. */
  readonly from: string;
  readonly until: string;
}

/** Where the page stands: the newest deliveries, or those older or newer than a delivery. */
export type Cursor =
  | { readonly kind: 'first' }
  | { readonly kind: 'older'; readonly after: string }
  | { readonly kind: 'newer'; readonly before: string };

export const pageSize = 25;

/** `datetime-local` text (the reader's zone) as an ISO instant, or undefined when empty or invalid. */
export const isoOf = (local: string): string | undefined => {
  const date = local ? new Date(local) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};

/** The GET /v2/deliveries query for the filters and the cursor. */
export function logQuery(filters: LogFilters, cursor: Cursor): string {
  const query = new URLSearchParams();
  if (filters.webhookId) query.set('webhookId', filters.webhookId);
  if (filters.status) query.set('status', filters.status);
  if (filters.type) query.set('types', filters.type);
  const from = isoOf(filters.from);
  const until = isoOf(filters.until);
  if (from) query.set('createdGte', from);
  if (until) query.set('createdLt', until);
  if (cursor.kind === 'older') query.set('startingAfter', cursor.after);
  if (cursor.kind === 'newer') query.set('endingBefore', cursor.before);
  query.set('limit', String(pageSize));
  return `/v2/deliveries?${query}`;
}

/** Whether any filter besides the endpoint narrows the log. */
export const narrowed = (filters: LogFilters): boolean =>
  Boolean(filters.status || filters.type || filters.from || filters.until);

/** The log for the filters, one page at a time; `patch` puts a fresher copy of a delivery in its row. */
export function useMessageLog(filters: LogFilters) {
  const portal = usePortal();
  const [cursor, setCursor] = useState<Cursor>({ kind: 'first' });
  const [page, setPage] = useState<DeliveryPage>();
  const [error, setError] = useState<ApiFailure>();
  const key = JSON.stringify(filters);
  /** The newest read: an older answer that comes in after it is dropped. */
  const latest = useRef(0);
  const load = async (at: Cursor = cursor) => {
    const asked = ++latest.current;
    const result = noting(
      portal,
      'readWebhooks',
      await portal.api.call<DeliveryPage>('GET', logQuery(filters, at)),
    );
    if (asked !== latest.current) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(undefined);
    setPage(result.data);
  };
  // New filters start again from the newest deliveries.
  useEffect(() => {
    setCursor({ kind: 'first' });
    void load({ kind: 'first' });
  }, [key]);
  const go = (next: Cursor) => {
    setCursor(next);
    void load(next);
  };
  const rows = page?.deliveries ?? [];
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasMore = page?.hasMore ?? false;
  const paging = {
    newer:
      first && (cursor.kind === 'older' || (cursor.kind === 'newer' && hasMore))
        ? () => go({ kind: 'newer', before: first.id })
        : undefined,
    older:
      last && (cursor.kind !== 'newer' ? hasMore : true)
        ? () => go({ kind: 'older', after: last.id })
        : undefined,
  };
  const patch = (delivery: Delivery) =>
    setPage((current) =>
      current
        ? {
            ...current,
            deliveries: current.deliveries.map((row) => (row.id === delivery.id ? delivery : row)),
          }
        : current,
    );
  const restart = () => go({ kind: 'first' });
  return { page, error, cursor, paging, patch, reload: () => load(), restart };
}

/** The badge variant of each delivery status. */
const statusVariants: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'danger',
  cancelled: '',
};

export function StatusBadge(props: { readonly status: DeliveryStatus }) {
  const variant = statusVariants[props.status];
  return html`<span class=${variant ? `ap-badge ap-badge-${variant}` : 'ap-badge'}>${props.status}</span>`;
}

/** The receiver's last answer: its status code, or why there is none. */
export const lastAnswer = (delivery: Delivery): string =>
  delivery.lastStatusCode !== undefined
    ? String(delivery.lastStatusCode)
    : delivery.attempts > 0
      ? 'no answer'
      : 'not sent yet';

/** A delivery as its buttons name it: "order_created evt_…". */
export const deliveryName = (delivery: Delivery): string => `${delivery.eventType} ${delivery.eventId}`;

/** Whether a delivery can be sent again now. */
export const retryable = (delivery: Delivery): boolean =>
  delivery.status === 'pending' || delivery.status === 'failed';

/** The filters above the log; each change shows the newest matching deliveries. */
export function LogFilterForm(props: {
  readonly filters: LogFilters;
  readonly webhooks: readonly Webhook[];
  readonly dictionary: readonly DictionaryEntry[];
  readonly onChange: (filters: LogFilters) => void;
}) {
  const { filters, onChange } = props;
  const value = (e: Event) => (e.target as HTMLInputElement | HTMLSelectElement).value;
  const types = props.dictionary.filter((entry) => entry.subscribable).map((entry) => entry.name);
  return html`<form class="ap-filters" aria-label="Filter deliveries" onSubmit=${(e: Event) => e.preventDefault()}>
    <div class="ap-filter">
      <label for="ap-deliveries-endpoint">Endpoint</label>
      <select id="ap-deliveries-endpoint" value=${filters.webhookId ?? ''}
        onChange=${(e: Event) => onChange({ ...filters, webhookId: value(e) || undefined })}>
        <option value="">All endpoints</option>
        ${props.webhooks.map((webhook) => html`<option key=${webhook.id} value=${webhook.id}>${webhook.name}</option>`)}
      </select>
    </div>
    <div class="ap-filter">
      <label for="ap-deliveries-status">Status</label>
      <select id="ap-deliveries-status" value=${filters.status}
        onChange=${(e: Event) => onChange({ ...filters, status: value(e) as LogFilters['status'] })}>
        <option value="">Any status</option>
        <option value="pending">pending</option>
        <option value="failed">failed</option>
        <option value="succeeded">succeeded</option>
        <option value="cancelled">cancelled</option>
      </select>
    </div>
    <div class="ap-filter">
      <label for="ap-deliveries-type">Event type</label>
      <select id="ap-deliveries-type" value=${filters.type}
        onChange=${(e: Event) => onChange({ ...filters, type: value(e) })}>
        <option value="">All event types</option>
        ${types.map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
      </select>
    </div>
    <div class="ap-filter">
      <label for="ap-deliveries-from">Created from</label>
      <input id="ap-deliveries-from" type="datetime-local" value=${filters.from}
        onChange=${(e: Event) => onChange({ ...filters, from: value(e) })} />
    </div>
    <div class="ap-filter">
      <label for="ap-deliveries-until">Created until</label>
      <input id="ap-deliveries-until" type="datetime-local" value=${filters.until}
        onChange=${(e: Event) => onChange({ ...filters, until: value(e) })} />
    </div>
  </form>`;
}

/** One delivery's row: the event (its button opens the detail), status, attempts, last answer, next attempt. */
function LogRow(props: {
  readonly delivery: Delivery;
  readonly endpoint: string | undefined;
  readonly canRetry: boolean;
  readonly busy: boolean;
  readonly onOpen: (delivery: Delivery) => void;
  readonly onOpenEvent: (delivery: Delivery) => void;
  readonly onRetry: (delivery: Delivery) => void;
}) {
  const { delivery } = props;
  const name = deliveryName(delivery);
  return html`<tr data-delivery-id=${delivery.id}>
    <td data-label="Event">
      <code class="ap-log-type">${delivery.eventType}</code>
      <button type="button" class="ap-link ap-log-open" data-open-delivery=${delivery.id}
        aria-label=${`Open delivery of ${name}`} onClick=${() => props.onOpen(delivery)}>${delivery.eventId}</button>
    </td>
    ${props.endpoint === undefined ? null : html`<td data-label="Endpoint">${props.endpoint}</td>`}
    <td data-label="Status"><${StatusBadge} status=${delivery.status} /></td>
    <td data-label="Attempts">${delivery.attempts}</td>
    <td data-label="Last answer">${lastAnswer(delivery)}</td>
    <td data-label="Next attempt">${delivery.nextAttemptAt ? when(delivery.nextAttemptAt) : 'none'}</td>
    <td data-label="Created">${when(delivery.createdAt)}</td>
    <td>
      <div class="ap-log-actions">
        <button type="button" data-open-event=${delivery.id} aria-label=${`Open event ${delivery.eventId}`}
          onClick=${() => props.onOpenEvent(delivery)}>Open event</button>
        ${
          props.canRetry && retryable(delivery)
            ? html`<button type="button" aria-disabled=${props.busy ? 'true' : undefined}
                aria-label=${`Retry now: delivery of ${name}`}
                onClick=${() => props.busy || props.onRetry(delivery)}>Retry now</button>`
            : null
        }
      </div>
    </td>
  </tr>`;
}

/** The log's table, newest first; on a narrow screen each row stacks into a card. */
export function LogTable(props: {
  readonly deliveries: readonly Delivery[];
  /** Endpoint names by id when the log shows every endpoint; undefined for one endpoint. */
  readonly endpoints: ReadonlyMap<string, string> | undefined;
  readonly canRetry: boolean;
  readonly retrying: ReadonlySet<string>;
  readonly onOpen: (delivery: Delivery) => void;
  readonly onOpenEvent: (delivery: Delivery) => void;
  readonly onRetry: (delivery: Delivery) => void;
}) {
  const { endpoints } = props;
  return html`<div class="ap-table-wrap ap-log-wrap">
    <table class="ap-table ap-stack ap-log">
      <caption>Deliveries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          ${endpoints ? html`<th scope="col">Endpoint</th>` : null}
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
          <th scope="col">Next attempt</th>
          <th scope="col">Created</th>
          <th scope="col"><span class="ap-visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${props.deliveries.map(
          (delivery) => html`<${LogRow} key=${delivery.id} delivery=${delivery}
            endpoint=${endpoints ? (endpoints.get(delivery.webhookId) ?? 'Deleted endpoint') : undefined}
            canRetry=${props.canRetry} busy=${props.retrying.has(delivery.id)}
            onOpen=${props.onOpen} onOpenEvent=${props.onOpenEvent} onRetry=${props.onRetry} />`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** Newer / Older: the cursors of the page's first and last rows. */
export function LogPager(props: {
  readonly newer: (() => void) | undefined;
  readonly older: (() => void) | undefined;
}) {
  if (!props.newer && !props.older) return null;
  return html`<nav class="ap-pager" aria-label="Delivery pages">
    <button type="button" disabled=${!props.newer} onClick=${props.newer}>Newer</button>
    <button type="button" disabled=${!props.older} onClick=${props.older}>Older</button>
  </nav>`;
}
