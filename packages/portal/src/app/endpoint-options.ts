import { html } from './html';
import type { Webhook, WebhookOrdering } from './types';

/** One custom header row of the form: a saved one (value hidden) or a new one. */
interface HeaderRow {
  readonly key: number;
  readonly name: string;
  readonly value: string;
  /** Saved on the endpoint: its value is never shown and is kept unless a new one is typed. */
  readonly saved: boolean;
}

/** The delivery options as the form holds them. */
export interface OptionsDraft {
  readonly ordering: WebhookOrdering;
  readonly rateLimit: string;
  readonly filter: string;
  /** The retry schedule as JSON text (`delaysMs` or `exponential`); empty for the default. */
  readonly retrySchedule: string;
  readonly headers: readonly HeaderRow[];
  /** Saved header names the reader removed. */
  readonly removed: readonly string[];
}

let nextKey = 0;

/** The form's starting options: those of the endpoint being edited, or none. */
export function draftOf(webhook: Webhook | undefined): OptionsDraft {
  return {
    ordering: webhook?.ordering ?? 'none',
    rateLimit: webhook?.rateLimit === undefined ? '' : String(webhook.rateLimit),
    filter: webhook?.filter ? JSON.stringify(webhook.filter, null, 2) : '',
    retrySchedule: webhook?.retrySchedule ? JSON.stringify(webhook.retrySchedule) : '',
    headers: Object.keys(webhook?.headers ?? {}).map((name) => ({
      key: nextKey++,
      name,
      value: '',
      saved: true,
    })),
    removed: [],
  };
}

/**
 * The body fields of the options for a create or an update: headers as changes only (a typed
 * value sets, a removed saved header is `null`), the filter parsed, an empty rate or filter
 * cleared on an update. A string is the reader's mistake, said as a sentence.
 */
export function optionsBody(
  draft: OptionsDraft,
  editing: Webhook | undefined,
): Record<string, unknown> | string {
  let filter: unknown;
  if (draft.filter.trim() !== '') {
    try {
      filter = JSON.parse(draft.filter);
    } catch {
      return 'The filter is not valid JSON.';
    }
  }
  let retrySchedule: unknown;
  if (draft.retrySchedule.trim() !== '') {
    try {
      retrySchedule = JSON.parse(draft.retrySchedule);
    } catch {
      return 'The retry schedule is not valid JSON.';
    }
  }
  const rate = draft.rateLimit.trim();
  if (rate !== '' && !/^\d+$/.test(rate))
    return 'The rate limit must be a whole number of deliveries a second.';
  const headers: Record<string, string | null> = {};
  for (const name of draft.removed) headers[name] = null;
  for (const row of draft.headers) {
    if (row.saved && row.value === '') continue;
    if (row.name.trim() === '') return 'Every header needs a name.';
    headers[row.name.trim()] = row.value;
  }
  return {
    ordering: draft.ordering,
    ...(rate !== ''
      ? { rateLimit: Number(rate) }
      : editing?.rateLimit !== undefined
        ? { rateLimit: null }
        : {}),
    ...(filter !== undefined ? { filter } : editing?.filter ? { filter: null } : {}),
    ...(retrySchedule !== undefined
      ? { retrySchedule }
      : editing?.retrySchedule
        ? { retrySchedule: null }
        : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

/** The custom headers of the form: saved ones by name with their value hidden, new ones typed in. */
function HeadersEditor(props: {
  readonly draft: OptionsDraft;
  readonly onChange: (draft: OptionsDraft) => void;
}) {
  const { draft, onChange } = props;
  const update = (key: number, change: Partial<HeaderRow>) =>
    onChange({
      ...draft,
      headers: draft.headers.map((row) => (row.key === key ? { ...row, ...change } : row)),
    });
  const remove = (row: HeaderRow) =>
    onChange({
      ...draft,
      headers: draft.headers.filter((other) => other.key !== row.key),
      removed: row.saved ? [...draft.removed, row.name] : draft.removed,
    });
  const add = () =>
    onChange({
      ...draft,
      headers: [...draft.headers, { key: nextKey++, name: '', value: '', saved: false }],
    });
  return html`<fieldset class="ap-headers">
    <legend>Custom headers</legend>
    <p class="ap-hint">Sent with every request to this endpoint, for example an API key. Values are stored encrypted and never shown again. A new URL drops the saved ones: type a value again to keep it.</p>
    ${draft.headers.map(
      (row, index) => html`<div class="ap-header-row" key=${row.key}>
        <label for=${`ap-header-name-${row.key}`}>Header ${index + 1} name</label>
        <input id=${`ap-header-name-${row.key}`} value=${row.name} readonly=${row.saved} maxlength="64"
          onInput=${(e: Event) => update(row.key, { name: (e.target as HTMLInputElement).value })} />
        <label for=${`ap-header-value-${row.key}`}>Header ${index + 1} value</label>
        <input id=${`ap-header-value-${row.key}`} type="password" autocomplete="off" maxlength="1024"
          value=${row.value} placeholder=${row.saved ? 'unchanged' : ''}
          onInput=${(e: Event) => update(row.key, { value: (e.target as HTMLInputElement).value })} />
        <button type="button" aria-label=${`Remove header ${row.name || index + 1}`} onClick=${() => remove(row)}>Remove</button>
      </div>`,
    )}
    <button type="button" disabled=${draft.headers.length >= 10} onClick=${add}>Add header</button>
  </fieldset>`;
}

/** Ordering, rate limit, payload filter and custom headers of an endpoint. */
export function EndpointOptions(props: {
  readonly draft: OptionsDraft;
  readonly onChange: (draft: OptionsDraft) => void;
}) {
  const { draft, onChange } = props;
  return html`<fieldset class="ap-options">
    <legend>Delivery options</legend>
    <div class="ap-field">
      <label for="ap-endpoint-ordering">Ordering</label>
      <select id="ap-endpoint-ordering" value=${draft.ordering}
        onChange=${(e: Event) => onChange({ ...draft, ordering: (e.target as HTMLSelectElement).value as WebhookOrdering })}>
        <option value="none">As soon as each is due</option>
        <option value="entity">One at a time per order, subscription or journey, in order</option>
      </select>
    </div>
    <div class="ap-field">
      <label for="ap-endpoint-rate">Rate limit (deliveries a second, empty for none)</label>
      <input id="ap-endpoint-rate" inputmode="numeric" value=${draft.rateLimit}
        onInput=${(e: Event) => onChange({ ...draft, rateLimit: (e.target as HTMLInputElement).value })} />
    </div>
    <div class="ap-field">
      <label for="ap-endpoint-filter">Payload filter (JSON, empty for every event)</label>
      <textarea id="ap-endpoint-filter" rows="4" spellcheck="false"
        placeholder='{ "total_value_cents": { "$gte": 10000 } }' value=${draft.filter}
        onInput=${(e: Event) => onChange({ ...draft, filter: (e.target as HTMLTextAreaElement).value })}></textarea>
    </div>
    <div class="ap-field">
      <label for="ap-endpoint-retry">Retry schedule (JSON, empty for the default)</label>
      <textarea id="ap-endpoint-retry" rows="2" spellcheck="false"
        placeholder='{ "delaysMs": [5000, 60000, 600000] } or { "exponential": { "firstMs": 5000, "maxMs": 3600000, "retries": 8 } }'
        value=${draft.retrySchedule}
        onInput=${(e: Event) => onChange({ ...draft, retrySchedule: (e.target as HTMLTextAreaElement).value })}></textarea>
    </div>
    <${HeadersEditor} draft=${draft} onChange=${onChange} />
  </fieldset>`;
}

/** A retry schedule as a reader says it: "default", "5 s, 1 min, 10 min", or exponential. */
function scheduleText(schedule: Webhook['retrySchedule']): string {
  if (!schedule) return 'default';
  const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
  if (schedule.delaysMs) return schedule.delaysMs.map(seconds).join(', ') || 'no retries';
  const e = schedule.exponential;
  return e
    ? `${e.retries} retries from ${seconds(e.firstMs)}, ×${e.factor}, at most ${seconds(e.maxMs)}`
    : 'default';
}

/** The options of a saved endpoint, for its row. */
export function optionFacts(webhook: Webhook) {
  const names = Object.keys(webhook.headers ?? {});
  return html`
    <dt>Ordering</dt><dd>${webhook.ordering === 'entity' ? 'one at a time per entity' : 'none'}</dd>
    <dt>Rate limit</dt><dd>${webhook.rateLimit === undefined ? 'none' : `${webhook.rateLimit} a second`}</dd>
    <dt>Filter</dt><dd>${webhook.filter ? html`<code>${JSON.stringify(webhook.filter)}</code>` : 'none'}</dd>
    <dt>Retry schedule</dt><dd>${scheduleText(webhook.retrySchedule)}</dd>
    <dt>Custom headers</dt><dd>${names.length > 0 ? names.join(', ') : 'none'}</dd>`;
}
