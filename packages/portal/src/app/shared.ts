import { useEffect, useRef } from 'preact/hooks';
import { type ApiFailure, describeFailure, failureCode } from './api';
import { html } from './html';

/** A page's heading; it takes focus when the page opens, so screen readers land on it. */
export function PageHeading(props: { readonly text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return html`<h2 id="ap-page-title" tabindex="-1" ref=${ref}>${props.text}</h2>`;
}

/**
 * An API failure, shown in an alert region as a sentence, with the status and code in small
 * print for support (a 403 is shown like any other failure).
 */
export function Failure(props: { readonly error: ApiFailure | undefined }) {
  if (!props.error) return null;
  return html`<div class="ap-error" role="alert">
    <p>${describeFailure(props.error)}</p>
    <p class="ap-error-code"><small>${failureCode(props.error)}</small></p>
  </div>`;
}

/** Previous / next page buttons and where the list stands. */
export function Pager(props: {
  readonly page: number;
  readonly totalPages: number;
  readonly label: string;
  readonly onPage: (page: number) => void;
}) {
  if (props.totalPages <= 1) return null;
  return html`<nav class="ap-pager" aria-label=${props.label}>
    <button type="button" disabled=${props.page <= 1} onClick=${() => props.onPage(props.page - 1)}>
      Previous page
    </button>
    <span>Page ${props.page} of ${props.totalPages}</span>
    <button
      type="button"
      disabled=${props.page >= props.totalPages}
      onClick=${() => props.onPage(props.page + 1)}
    >
      Next page
    </button>
  </nav>`;
}

/** `2026-11-24T06:38:08.623Z` as the reader's local date and time. */
export const when = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};
