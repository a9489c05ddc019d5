import { render } from 'preact';
import { resolveApiBase } from './app/api';
import { html } from './app/html';
import { PortalApp } from './app/portal-app';
import { parseRoles } from './app/roles';

// Imported on a server (SSR, type checks that load it), the class is defined on a stand-in and
// never registered; in a browser it is a real custom element.
const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * `<affiliate-portal base-url="https://api.example.com" token="…">`: the affiliate portal as a
 * custom element, rendered into the page (no shadow root, so the host's `portal.css` applies).
 *
 * Attributes: `base-url` (where the API is served: an absolute URL such as
 * `https://api.example.com/api` or a path such as `/api`, resolved against the document; default
 * the root of the page's origin), `token` (a bearer token; the
 * `token` property takes one without putting it in the DOM), `roles` (the caller's roles,
 * comma-separated: pages and buttons the roles may not use are not shown; without it the portal
 * hides what the API refuses with 403), `catalog-url` (the event catalog's fields and examples,
 * default `catalog.json` beside this script).
 *
 * The token is held in memory only: never in localStorage, sessionStorage or a cookie. Hosts pass
 * a short-lived token minted for the logged-in user (README, "Short-lived tokens"); on every 401
 * the element fires `affiliate-portal-unauthorized` (bubbling) so the host can set a fresh one.
 *
 * @example
 * import '@affiliate-commerce/portal/element';
 * const portal = document.createElement('affiliate-portal');
 * portal.setAttribute('base-url', 'https://api.example.com/api');
 * portal.token = await mintShortLivedToken();
 * document.body.append(portal);
 */
export class AffiliatePortalElement extends ElementBase {
  static readonly observedAttributes = ['base-url', 'token', 'roles', 'catalog-url'];
  #token: string | undefined;
  // The API answered 401: the host should mint a fresh token and set `token` again.
  #unauthorized = (): void => {
    this.dispatchEvent(new CustomEvent('affiliate-portal-unauthorized', { bubbles: true, composed: true }));
  };

  /** The bearer token; setting it re-renders. Kept in memory only. */
  get token(): string | undefined {
    return this.#token ?? this.getAttribute('token') ?? undefined;
  }

  set token(value: string | undefined) {
    this.#token = value;
    this.#render();
  }

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    render(null, this);
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#render();
  }

  #render(): void {
    if (!this.isConnected) return;
    const token = this.token;
    if (!token) {
      render(
        html`<p class="ap-error" role="alert">No token: the portal needs the affiliate's bearer token.</p>`,
        this,
      );
      return;
    }
    let baseUrl: string;
    try {
      baseUrl = resolveApiBase(this.getAttribute('base-url'), document.baseURI);
    } catch (error) {
      render(html`<p class="ap-error" role="alert">${(error as Error).message}</p>`, this);
      return;
    }
    const catalogUrl = this.getAttribute('catalog-url') || new URL('catalog.json', import.meta.url).href;
    // A new key per token: a different caller starts from a fresh state (nothing learned carries over).
    render(
      html`<${PortalApp} key=${token} baseUrl=${baseUrl} token=${token} roles=${parseRoles(this.getAttribute('roles'))}
        catalogUrl=${catalogUrl} onUnauthorized=${this.#unauthorized} />`,
      this,
    );
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('affiliate-portal')) {
  customElements.define('affiliate-portal', AffiliatePortalElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'affiliate-portal': AffiliatePortalElement;
  }
}
