import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { usePortal } from './context';
import { html } from './html';
import { byCategory, whyNotSubscribable } from './interests';
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

/** One event's example payloads, fetched from the API the first time its details open. */
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

function EventEntry(props: { readonly entry: DictionaryEntry; readonly catalog: Catalog | undefined }) {
  const { entry, catalog } = props;
  const [open, setOpen] = useState(false);
  const why = whyNotSubscribable(entry);
  const fields = catalog
    ? [
        ...catalog.envelopeFields,
        ...catalog.identityFields,
        ...(catalog.categoryFields[entry.category] ?? []),
      ]
    : [];
  return html`<li class="ap-event" id=${`ap-event-${entry.name}`}>
    <h4><code>${entry.name}</code></h4>
    <p>${entry.description}</p>
    <p>
      ${`Category ${entry.category}. `}
      ${why ? html`<span class="ap-bad">Not subscribable: ${why}.</span>` : html`<span class="ap-ok">Subscribable.</span>`}
    </p>
    <details onToggle=${(event: Event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>v2 fields${why ? '' : ' and example payload'}<span class="ap-visually-hidden"> of ${entry.name}</span></summary>
      ${
        catalog
          ? html`<p>Fields a v2 payload may carry: ${fields.map((field, i) => html`${i ? ', ' : ''}<code>${field}</code>`)}</p>`
          : null
      }
      ${open && !why ? html`<${Example} name=${entry.name} />` : null}
    </details>
  </li>`;
}

/** Event catalog: every public event with category, subscribability, v2 fields and an example. */
export function CatalogPage() {
  const portal = usePortal();
  const [dictionary, setDictionary] = useState<readonly DictionaryEntry[]>();
  const [catalog, setCatalog] = useState<Catalog>();
  const [error, setError] = useState<ApiFailure>();
  const [catalogError, setCatalogError] = useState<string>();
  useEffect(() => {
    void portal.api.call<DictionaryEntry[]>('GET', '/webhooks/actions/getDictionary').then((result) => {
      if (result.ok) setDictionary(result.data);
      else setError(result.error);
    });
    fetch(portal.catalogUrl, { credentials: 'omit' })
      .then((response) =>
        response.ok ? (response.json() as Promise<Catalog>) : Promise.reject(response.status),
      )
      .then(setCatalog, (reason: unknown) =>
        setCatalogError(`The field list could not be loaded (${String(reason)}).`),
      );
  }, []);
  const visible = (dictionary ?? []).filter((entry) => entry.visibility === 'public');
  return html`<section aria-labelledby="ap-page-title">
    <${PageHeading} text="Event catalog" />
    <${Failure} error=${error} />
    ${catalogError ? html`<p class="ap-error" role="alert">${catalogError}</p>` : null}
    <p class="ap-muted">
      Fields come from the v2 allowlists the API applies to every payload; examples from the API
      (<code>GET /v2/webhooks/eventTypes/{type}/example</code>), built from the same allowlists.
    </p>
    ${dictionary ? null : error ? null : html`<p>Loading events…</p>`}
    ${byCategory(visible).map(
      ([category, entries]) => html`<section key=${category} aria-labelledby=${`ap-cat-${category}`}>
        <h3 id=${`ap-cat-${category}`}>${category}</h3>
        <ul class="ap-list">
          ${entries.map((entry) => html`<${EventEntry} key=${entry.name} entry=${entry} catalog=${catalog} />`)}
        </ul>
      </section>`,
    )}
    <section aria-labelledby="ap-verify-title">
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
    </section>
  </section>`;
}
