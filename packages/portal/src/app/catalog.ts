import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { usePortal } from './context';
import { html } from './html';
import { byCategory, countOf, matchesSearch, whyNotSubscribable } from './interests';
import { Failure, PageHeading } from './shared';
import type { Catalog, DictionaryEntry, ExampleAnswer } from './types';

/**
 * How a receiver in any language verifies a delivery with a stock Standard Webhooks library
 * (Python here; the same call exists for Node, Go, Ruby, PHP, Java, C#, Rust and Elixir).
 */
export const standardSample = `# pip install standardwebhooks
from standardwebhooks.webhooks import Webhook

# raw_body: the bytes as received; headers: webhook-id, webhook-timestamp, webhook-signature
event = Webhook(WEBHOOK_SECRET).verify(raw_body, headers)  # raises on a bad or stale signature`;

/** How a receiver verifies a delivery (the webhook-verify README's Workers/Deno/Bun form). */
export const verifySample = `import { verifyWebhookAsync } from '@affiliate-commerce/webhook-verify';

export default {
  async fetch(request: Request, env: { WEBHOOK_SECRET: string }) {
    const result = await verifyWebhookAsync({
      payload: await request.arrayBuffer(), // the raw bytes, never re-serialized JSON
      headers: request.headers, // X-Webhook-Signature, or the Standard Webhooks set
      secret: env.WEBHOOK_SECRET, // the whole whsec_… string shown once in the portal
      throwOnError: false, // a result instead of an exception
    });
    if (!result.ok) return new Response(result.error.code, { status: 400 });
    // dedupe by result.event.event_id, then process result.event (typed by event_type)
    return new Response('ok');
  },
};`;

/** One event's example payload, fetched from the API the first time its details open. */
function Example(props: { readonly name: string }) {
  const portal = usePortal();
  const [example, setExample] = useState<ExampleAnswer>();
  const [error, setError] = useState<ApiFailure>();
  useEffect(() => {
    void portal.api
      .call<ExampleAnswer>('GET', `/v2/webhooks/eventTypes/${encodeURIComponent(props.name)}/example`)
      .then((result) => (result.ok ? setExample(result.data) : setError(result.error)));
  }, [props.name]);
  if (error) return html`<${Failure} error=${error} />`;
  if (!example) return html`<p class="ap-muted">Loading the example…</p>`;
  return html`<p>Example v2 payload:</p>
    <pre class="ap-code" tabindex="0" aria-label=${`Example payload of ${props.name}`}>${JSON.stringify(example.v2, null, 2)}</pre>`;
}

/** catalog.json: core's allowlists and, per event type, the fields that type carries. */
type EventCatalog = Catalog & { readonly eventFields?: Readonly<Record<string, readonly string[]>> };

/** The allowlisted fields an event carries: its own list, else its category's. */
export function fieldsOf(entry: DictionaryEntry, catalog: EventCatalog | undefined): readonly string[] {
  if (!catalog) return [];
  return catalog.eventFields?.[entry.name] ?? catalog.categoryFields[entry.category] ?? [];
}

/** One event, closed to a line (its name, description and status) until its details open. */
function EventEntry(props: { readonly entry: DictionaryEntry; readonly catalog: EventCatalog | undefined }) {
  const { entry, catalog } = props;
  const [open, setOpen] = useState(false);
  const why = whyNotSubscribable(entry);
  const fields = fieldsOf(entry, catalog);
  return html`<li class="ap-event" id=${`ap-event-${entry.name}`}>
    <details onToggle=${(event: Event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>
        <code class="ap-event-name">${entry.name}</code>
        ${why ? html` <span class="ap-badge ap-badge-warning">Not subscribable</span>` : null}
        <span class="ap-event-about">${entry.description}</span>
      </summary>
      <div class="ap-event-body">
        <p>
          ${`Category ${entry.category}. `}
          ${why ? html`<span class="ap-bad">Not subscribable: ${why}.</span>` : html`<span class="ap-ok">Subscribable.</span>`}
        </p>
        ${
          catalog
            ? html`<p class="ap-event-fields">
                ${fields.length ? 'Fields it carries: ' : 'No fields of its own: the identity block alone.'}
                ${fields.map((field, i) => html`${i ? ', ' : ''}<code>${field}</code>`)}
              </p>`
            : null
        }
        ${open && !why ? html`<${Example} name=${entry.name} />` : null}
      </div>
    </details>
  </li>`;
}

/** The dictionary and catalog.json, loaded once. */
function useCatalog() {
  const portal = usePortal();
  const [dictionary, setDictionary] = useState<readonly DictionaryEntry[]>();
  const [catalog, setCatalog] = useState<EventCatalog>();
  const [error, setError] = useState<ApiFailure>();
  const [catalogError, setCatalogError] = useState<string>();
  useEffect(() => {
    void portal.api.call<DictionaryEntry[]>('GET', '/webhooks/actions/getDictionary').then((result) => {
      if (result.ok) setDictionary(result.data);
      else setError(result.error);
    });
    fetch(portal.catalogUrl, { credentials: 'omit' })
      .then((response) =>
        response.ok ? (response.json() as Promise<EventCatalog>) : Promise.reject(response.status),
      )
      .then(setCatalog, (reason: unknown) =>
        setCatalogError(`The field list could not be loaded (${String(reason)}).`),
      );
  }, []);
  return { dictionary, catalog, error, catalogError };
}

/** What the catalog's search looks through for one event: type, category, description and fields. */
const searchable = (entry: DictionaryEntry, catalog: EventCatalog | undefined): string[] => [
  entry.name,
  entry.category,
  entry.description,
  ...fieldsOf(entry, catalog),
];

/** How a receiver checks a delivery's signature: Standard Webhooks, then webhook-verify. */
function VerifySection() {
  return html`<section aria-labelledby="ap-verify-title">
    <h3 id="ap-verify-title">Verify a delivery</h3>
    <p>
      Check every delivery's signature before trusting it. Endpoints whose details say
      ${' '}<q>Standard Webhooks</q>${' '}also carry <code>webhook-id</code>, <code>webhook-timestamp</code>
      ${' and '}<code>webhook-signature</code>, which any Standard Webhooks or Svix library verifies
      with the same secret, in any language:
    </p>
    <pre class="ap-code" tabindex="0" aria-label="Verification with a Standard Webhooks library">${standardSample}</pre>
    <p>
      In TypeScript, <code>@affiliate-commerce/webhook-verify</code>${' '}checks either scheme
      (<code>X-Webhook-Signature</code>${' '}first) and types the event:
    </p>
    <pre class="ap-code" tabindex="0" aria-label="Verification code sample">${verifySample}</pre>
  </section>`;
}

/**
 * Event catalog: every public event, grouped by category, one line each until opened (fields and
 * an example inside), with a search over types, categories, descriptions and field names.
 */
export function CatalogPage() {
  const { dictionary, catalog, error, catalogError } = useCatalog();
  const [query, setQuery] = useState('');
  const visible = (dictionary ?? []).filter((entry) => entry.visibility === 'public');
  const shown = visible.filter((entry) => matchesSearch(query, searchable(entry, catalog)));
  return html`<section aria-labelledby="ap-page-title" class="ap-catalog">
    <${PageHeading} text="Event catalog" />
    <${Failure} error=${error} />
    ${catalogError ? html`<p class="ap-error" role="alert">${catalogError}</p>` : null}
    <p class="ap-muted">
      Fields come from the v2 allowlists the API applies to every payload; examples from the API
      (<code>GET /v2/webhooks/eventTypes/{type}/example</code>), built from the same lists.
      ${
        catalog
          ? html` Every payload also carries the envelope
              (${catalog.envelopeFields.map((field, i) => html`${i ? ', ' : ''}<code>${field}</code>`)})
              and the identity block
              (${catalog.identityFields.map((field, i) => html`${i ? ', ' : ''}<code>${field}</code>`)}).`
          : null
      }
    </p>
    <div class="ap-search">
      <label for="ap-catalog-search">Search events</label>
      <input
        id="ap-catalog-search"
        type="search"
        value=${query}
        aria-describedby="ap-catalog-search-hint ap-catalog-count"
        onInput=${(event: Event) => setQuery((event.target as HTMLInputElement).value)}
      />
      <span id="ap-catalog-search-hint" class="ap-muted">by type, category, description or field name</span>
    </div>
    <p id="ap-catalog-count" class="ap-muted" role="status">${dictionary ? countOf(shown.length, visible.length) : ''}</p>
    ${dictionary ? null : error ? null : html`<p>Loading events…</p>`}
    ${dictionary && shown.length === 0 ? html`<p>No event matches the search.</p>` : null}
    ${byCategory(shown).map(
      ([category, entries]) => html`<section key=${category} aria-labelledby=${`ap-cat-${category}`}>
        <h3 id=${`ap-cat-${category}`}>${category}</h3>
        <ul class="ap-list ap-catalog-list">
          ${entries.map((entry) => html`<${EventEntry} key=${entry.name} entry=${entry} catalog=${catalog} />`)}
        </ul>
      </section>`,
    )}
    <${VerifySection} />
  </section>`;
}
