import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { noting, usePortal } from './context';
import { Dialog } from './dialog';
import { draftOf, EndpointOptions, optionFacts, optionsBody } from './endpoint-options';
import { EndpointHealthSummary } from './health';
import { html } from './html';
import { InterestsPicker } from './interests';
import { EndpointOperationalEvents } from './operational-events';
import { Failure, PageHeading, when } from './shared';
import type { DictionaryEntry, HealthCheck, Webhook } from './types';

/** A secret the API just issued: shown once, with a copy button. */
interface ShownSecret {
  readonly name: string;
  readonly secret: string;
}

function SecretOnce(props: { readonly shown: ShownSecret; readonly onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => ref.current?.focus(), [props.shown.secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.shown.secret);
      setCopied(true);
    } catch {
      // Clipboard refused (no permission): select the text so the reader can copy it by hand.
      const range = document.createRange();
      const code = ref.current?.querySelector('code');
      if (code) {
        range.selectNodeContents(code);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
    }
  };
  return html`<div class="ap-secret" role="region" aria-label="Signing secret" tabindex="-1" ref=${ref}>
    <p><strong>Signing secret of ${props.shown.name}.</strong> Copy it now: you will not see this again.</p>
    <p><code class="ap-secret-value">${props.shown.secret}</code></p>
    <button type="button" onClick=${copy}>Copy secret</button>
    <span role="status">${copied ? ' Copied.' : ''}</span>
    <button type="button" onClick=${props.onDone}>I have stored it</button>
  </div>`;
}

/** Which signature headers the endpoint's deliveries carry, and how to get the standard ones. */
function signing(webhook: Webhook): string {
  if (!webhook.authentication) return 'no';
  if (webhook.standardWebhooks) return 'yes: X-Webhook-Signature and the Standard Webhooks headers';
  if (webhook.payloadVersion === 'v1') return 'yes: X-Webhook-Signature';
  return 'yes: X-Webhook-Signature only (secret issued before Standard Webhooks; rotate it to add them)';
}

function HealthResult(props: { readonly check: HealthCheck }) {
  const { check } = props;
  return html`<p class=${check.reachable ? 'ap-ok' : 'ap-bad'}>
    ${check.reachable ? 'Reachable' : 'Not reachable'}: status ${check.statusCode}, ${check.latencyMs} ms,
    checked ${when(check.checkedAt)}${check.reason ? ` (${check.reason}${check.detail ? `: ${check.detail}` : ''})` : ''}
  </p>`;
}

/** The create and edit form; `webhook` is undefined for a new endpoint. */
function EndpointForm(props: {
  readonly webhook: Webhook | undefined;
  readonly dictionary: readonly DictionaryEntry[];
  readonly onSaved: (webhook: Webhook) => void;
  readonly onCancel: () => void;
}) {
  const portal = usePortal();
  const editing = props.webhook;
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [authentication, setAuthentication] = useState(editing?.authentication ?? true);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(editing?.webhookInterests ?? []));
  const [options, setOptions] = useState(() => draftOf(editing));
  const [mistake, setMistake] = useState<string>();
  const [error, setError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const [probe, setProbe] = useState<HealthCheck>();
  const first = useRef<HTMLInputElement>(null);
  /** Probes the typed URL before saving (POST /v2/webhooks/actions/checkHealth; nothing stored). */
  const checkUrl = async () => {
    setError(undefined);
    setProbe(undefined);
    const result = noting(
      portal,
      'readWebhooks',
      await portal.api.call<HealthCheck>('POST', '/v2/webhooks/actions/checkHealth', { url }),
    );
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setProbe(result.data);
    portal.announce(
      `${url}: ${result.data.reachable ? 'reachable' : 'not reachable'}, status ${result.data.statusCode}.`,
    );
  };
  useEffect(() => first.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    const more = optionsBody(options, editing);
    setMistake(typeof more === 'string' ? more : undefined);
    if (typeof more === 'string') return;
    setBusy(true);
    const body = { name, url, authentication, webhookInterests: [...selected], ...more };
    const result = noting(
      portal,
      'writeWebhooks',
      editing
        ? await portal.api.call<Webhook>('PUT', `/v2/webhooks/${encodeURIComponent(editing.id)}`, body)
        : await portal.api.call<Webhook>('POST', '/v2/webhooks', body),
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    props.onSaved(result.data);
  };
  // From the latest selection, so a group's button may change many events in one click.
  const toggle = (interest: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(interest);
      else next.delete(interest);
      return next;
    });
  const title = editing ? `Edit ${editing.name}` : 'New endpoint';
  return html`<form class="ap-form" aria-label=${title} onSubmit=${submit}>
    <h3>${title}</h3>
    <div class="ap-field">
      <label for="ap-endpoint-name">Name</label>
      <input id="ap-endpoint-name" ref=${first} required maxlength="100" value=${name}
        onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} />
    </div>
    <div class="ap-field">
      <label for="ap-endpoint-url">URL</label>
      <input id="ap-endpoint-url" type="url" required value=${url} placeholder="https://example.com/webhooks"
        onInput=${(e: Event) => setUrl((e.target as HTMLInputElement).value)} />
      <button type="button" disabled=${!url} onClick=${checkUrl}>Check this URL</button>
    </div>
    ${probe ? html`<${HealthResult} check=${probe} />` : null}
    <div class="ap-check">
      <input id="ap-endpoint-auth" type="checkbox" checked=${authentication}
        onChange=${(e: Event) => setAuthentication((e.target as HTMLInputElement).checked)} />
      <label for="ap-endpoint-auth">Sign deliveries (a signing secret is issued)</label>
    </div>
    <h4>Events</h4>
    <${InterestsPicker} dictionary=${props.dictionary} selected=${selected} onToggle=${toggle} />
    <${EndpointOptions}
      draft=${options}
      onChange=${(next: typeof options) => {
        setOptions(next);
        setMistake(undefined);
      }}
    />
    ${mistake ? html`<p class="ap-error" role="alert">${mistake}</p>` : null}
    <${Failure} error=${error} />
    <div class="ap-actions">
      <button type="submit" disabled=${busy}>${editing ? 'Save changes' : 'Create endpoint'}</button>
      <button type="button" onClick=${props.onCancel}>Cancel</button>
    </div>
  </form>`;
}

/** Asks before deleting an endpoint; focus starts on "Keep it", and Escape keeps it too. */
function ConfirmDelete(props: {
  readonly webhook: Webhook;
  readonly busy: boolean;
  readonly error: ApiFailure | undefined;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const id = `ap-delete-title-${props.webhook.id}`;
  return html`<${Dialog} labelledBy=${id} onClose=${props.onCancel}>
    <h3 id=${id}>Delete endpoint ${props.webhook.name}?</h3>
    <p>No more events are sent to it, and its signing secret is dropped. This cannot be undone.</p>
    <${Failure} error=${props.error} />
    <div class="ap-actions">
      <button type="button" class="ap-danger" disabled=${props.busy} onClick=${props.onConfirm}>Yes, delete</button>
      <button type="button" data-initial-focus onClick=${props.onCancel}>Keep it</button>
    </div>
  <//>`;
}

/** One endpoint's row of actions; the write actions only for callers who may write. */
function EndpointRow(props: {
  readonly webhook: Webhook;
  readonly onChanged: (webhook: Webhook | undefined, message: string) => void;
  readonly onEdit: () => void;
  readonly onSecret: (shown: ShownSecret) => void;
  readonly onDeliveries: () => void;
}) {
  const portal = usePortal();
  const { webhook } = props;
  const [error, setError] = useState<ApiFailure>();
  const [health, setHealth] = useState<HealthCheck | undefined>(webhook.lastHealthCheck);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = `/v2/webhooks/${encodeURIComponent(webhook.id)}`;
  const write = async (method: string, suffix: string, body: unknown, done: (data: Webhook) => void) => {
    setBusy(true);
    setError(undefined);
    const result = noting(
      portal,
      'writeWebhooks',
      await portal.api.call<Webhook>(method, path + suffix, body),
    );
    setBusy(false);
    if (result.ok) done(result.data);
    else setError(result.error);
  };
  const checkHealth = async () => {
    setBusy(true);
    setError(undefined);
    const result = noting(
      portal,
      'readWebhooks',
      await portal.api.call<HealthCheck>('POST', `${path}/actions/checkHealth`),
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setHealth(result.data);
    portal.announce(
      `Health check of ${webhook.name}: ${result.data.reachable ? 'reachable' : 'not reachable'}, status ${result.data.statusCode}.`,
    );
  };
  const canWrite = portal.may('writeWebhooks');
  return html`<li class="ap-endpoint" aria-label=${webhook.name}>
    <h3>${webhook.name}</h3>
    <dl class="ap-facts">
      <dt>URL</dt><dd><code>${webhook.url}</code></dd>
      <dt>Status</dt><dd>${webhook.status}</dd>
      <dt>Payload version</dt><dd>${webhook.payloadVersion}</dd>
      <dt>Signed</dt><dd>${signing(webhook)}</dd>
      <dt>Events</dt><dd>${webhook.webhookInterests.join(', ') || 'none'}</dd>
      ${optionFacts(webhook)}
    </dl>
    <${EndpointHealthSummary} webhookId=${webhook.id} name=${webhook.name}
      version=${`${webhook.updatedAt} ${webhook.status}`} />
    <${EndpointOperationalEvents} webhookId=${webhook.id} name=${webhook.name}
      version=${`${webhook.updatedAt} ${webhook.status}`} />
    ${health ? html`<${HealthResult} check=${health} />` : null}
    <div class="ap-actions">
      <button type="button" aria-label=${`Deliveries of endpoint ${webhook.name}`} onClick=${props.onDeliveries}>Deliveries</button>
      <button type="button" disabled=${busy} aria-label=${`Check health of endpoint ${webhook.name}`}
        onClick=${checkHealth}>Check health</button>
      ${
        canWrite
          ? html`
            <button type="button" aria-label=${`Edit endpoint ${webhook.name}`} onClick=${props.onEdit}>Edit</button>
            <button type="button" disabled=${busy} onClick=${() =>
              write('PATCH', '/status', { status: webhook.isEnabled ? 'disabled' : 'enabled' }, (data) =>
                props.onChanged(data, `${webhook.name} is ${data.status}.`),
              )}>${webhook.isEnabled ? 'Disable' : 'Enable'}</button>
            ${
              webhook.payloadVersion === 'v1'
                ? html`<button type="button" disabled=${busy} onClick=${() =>
                    write('POST', '/actions/upgrade', undefined, (data) =>
                      props.onChanged(data, `${webhook.name} now receives v2 payloads.`),
                    )}>Upgrade to v2</button>`
                : null
            }
            ${
              webhook.authentication
                ? html`<button type="button" disabled=${busy} onClick=${() =>
                    write('POST', '/actions/rotateSecret', undefined, (data) => {
                      props.onChanged(data, `New signing secret issued for ${webhook.name}.`);
                      if (data.credentials)
                        props.onSecret({ name: data.name, secret: data.credentials.secret });
                    })}>Rotate secret</button>`
                : null
            }
            <button type="button" class="ap-danger" aria-label=${`Delete endpoint ${webhook.name}`}
              onClick=${() => setConfirming(true)}>Delete</button>
            ${
              confirming
                ? html`<${ConfirmDelete} webhook=${webhook} busy=${busy} error=${error}
                    onCancel=${() => setConfirming(false)}
                    onConfirm=${() =>
                      write('DELETE', '', undefined, () =>
                        props.onChanged(undefined, `${webhook.name} deleted.`),
                      )} />`
                : null
            }`
          : null
      }
    </div>
    <${Failure} error=${error} />
  </li>`;
}

/** Endpoints: list, create, edit, enable/disable, upgrade, health check, rotate, delete. */
export function EndpointsPage(props: { readonly onDeliveries: (webhookId: string) => void }) {
  const portal = usePortal();
  const [webhooks, setWebhooks] = useState<readonly Webhook[]>();
  const [dictionary, setDictionary] = useState<readonly DictionaryEntry[]>([]);
  const [error, setError] = useState<ApiFailure>();
  const [editing, setEditing] = useState<Webhook | 'new'>();
  const [secret, setSecret] = useState<ShownSecret>();

  const load = async () => {
    const result = noting(portal, 'readWebhooks', await portal.api.call<Webhook[]>('GET', '/v2/webhooks'));
    if (result.ok) {
      setWebhooks(result.data);
      setError(undefined);
    } else setError(result.error);
  };
  useEffect(() => {
    void load();
    void portal.api.call<DictionaryEntry[]>('GET', '/webhooks/actions/getDictionary').then((result) => {
      if (result.ok) setDictionary(result.data);
    });
  }, []);

  const saved = (webhook: Webhook) => {
    setEditing(undefined);
    if (webhook.credentials) setSecret({ name: webhook.name, secret: webhook.credentials.secret });
    portal.announce(`${webhook.name} saved.`);
    void load();
  };
  const changed = (webhook: Webhook | undefined, message: string) => {
    portal.announce(message);
    // A deleted endpoint takes its buttons with it: focus goes to the page's heading.
    void load().then(() => {
      if (!webhook) document.getElementById('ap-page-title')?.focus();
    });
  };
  return html`<section aria-labelledby="ap-page-title">
    <${PageHeading} text="Endpoints" />
    <${Failure} error=${error} />
    ${secret ? html`<${SecretOnce} shown=${secret} onDone=${() => setSecret(undefined)} />` : null}
    ${
      editing
        ? html`<${EndpointForm}
            key=${editing === 'new' ? 'new' : editing.id}
            webhook=${editing === 'new' ? undefined : editing}
            dictionary=${dictionary}
            onSaved=${saved}
            onCancel=${() => setEditing(undefined)}
          />`
        : portal.may('writeWebhooks') && webhooks
          ? html`<button type="button" onClick=${() => setEditing('new')}>New endpoint</button>`
          : null
    }
    ${
      webhooks
        ? webhooks.length === 0
          ? html`<p>No endpoints yet.</p>`
          : html`<ul class="ap-list">
              ${webhooks.map(
                (webhook) => html`<${EndpointRow}
                  key=${webhook.id}
                  webhook=${webhook}
                  onChanged=${changed}
                  onEdit=${() => setEditing(webhook)}
                  onSecret=${setSecret}
                  onDeliveries=${() => props.onDeliveries(webhook.id)}
                />`,
              )}
            </ul>`
        : error
          ? null
          : html`<p>Loading endpoints…</p>`
    }
  </section>`;
}
