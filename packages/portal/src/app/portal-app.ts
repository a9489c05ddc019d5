import { useMemo, useState } from 'preact/hooks';
import { createApiClient } from './api';
import { CatalogPage } from './catalog';
import { Portal, type PortalContext } from './context';
import { CouponsPage } from './coupons';
import { DeliveriesPage } from './deliveries';
import { EndpointsPage } from './endpoints';
import { html } from './html';
import { type Capability, may } from './roles';

/** The portal's pages, in menu order, each with the capability it needs to be listed. */
const pages = [
  { id: 'endpoints', label: 'Endpoints', needs: 'readWebhooks' },
  { id: 'deliveries', label: 'Deliveries', needs: 'readWebhooks' },
  { id: 'catalog', label: 'Event catalog', needs: undefined },
  { id: 'coupons', label: 'Coupon report', needs: 'readCoupons' },
] as const satisfies readonly { id: string; label: string; needs: Capability | undefined }[];

type PageId = (typeof pages)[number]['id'];

/** What `<affiliate-portal>` passes down. */
export interface PortalAppProps {
  readonly baseUrl: string;
  readonly token: string;
  readonly roles: readonly string[] | undefined;
  readonly catalogUrl: string;
  /** Called on every 401: the element tells its host the token needs replacing. */
  readonly onUnauthorized: () => void;
}

/** The whole portal: a menu of pages, the page, and one polite live region for results. */
export function PortalApp(props: PortalAppProps) {
  const [refused, setRefused] = useState<ReadonlySet<Capability>>(new Set());
  const [message, setMessage] = useState('');
  const allowed = (capability: Capability) => may(capability, props.roles, refused);
  const listed = pages.filter((page) => page.needs === undefined || may(page.needs, props.roles, new Set()));
  const [page, setPage] = useState<PageId>(listed[0]?.id ?? 'catalog');
  const [deliveriesOf, setDeliveriesOf] = useState<string>();
  const context = useMemo<PortalContext>(
    () => ({
      api: createApiClient(props.baseUrl, props.token, props.onUnauthorized),
      may: allowed,
      refuse: (capability) =>
        setRefused((previous) => (previous.has(capability) ? previous : new Set([...previous, capability]))),
      announce: setMessage,
      catalogUrl: props.catalogUrl,
    }),
    [props.baseUrl, props.token, props.catalogUrl, refused, props.roles],
  );
  const open = (id: PageId) => {
    setMessage('');
    setPage(id);
  };
  return html`<${Portal.Provider} value=${context}>
    <div class="ap-portal">
      <nav class="ap-nav" aria-label="Portal">
        <ul>
          ${listed.map(
            (item) => html`<li key=${item.id}>
              <button type="button" aria-current=${page === item.id ? 'page' : undefined}
                onClick=${() => open(item.id)}>${item.label}</button>
            </li>`,
          )}
        </ul>
      </nav>
      <p class="ap-live" role="status" aria-live="polite">${message}</p>
      <div class="ap-page">
        ${
          page === 'endpoints'
            ? html`<${EndpointsPage} onDeliveries=${(id: string) => {
                setDeliveriesOf(id);
                open('deliveries');
              }} />`
            : null
        }
        ${page === 'deliveries' ? html`<${DeliveriesPage} webhookId=${deliveriesOf} onPick=${setDeliveriesOf} />` : null}
        ${page === 'catalog' ? html`<${CatalogPage} />` : null}
        ${page === 'coupons' ? html`<${CouponsPage} />` : null}
      </div>
    </div>
  </${Portal.Provider}>`;
}
