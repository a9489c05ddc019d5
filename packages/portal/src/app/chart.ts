import { html } from './html';

/** One coupon's figures for the chart. */
export interface CouponBar {
  readonly coupon: string;
  readonly uses: number;
  readonly revenueImpact: number;
}

const money = (value: number): string =>
  value.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** A bar's length in percent of its track: at least a sliver, so a zero still shows. */
export const barPercent = (value: number, max: number): number =>
  Math.max(0.5, Math.min(100, (Math.abs(value) / max) * 100));

/**
 * One bar: an SVG track that stretches to its cell (the bar's length is an attribute, never a
 * style), with the figure as text beside it.
 */
function Bar(props: { readonly percent: number; readonly kind: string; readonly figure: string }) {
  return html`<div class="ap-chart-bar">
    <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width=${props.percent.toFixed(2)} height="10" class=${props.kind} />
    </svg>
    <span class="ap-chart-value">${props.figure}</span>
  </div>`;
}

/**
 * Uses and revenue impact per coupon: each coupon's code on a line of its own (a long code wraps,
 * never over a bar), then its two bars, each scaled to its own largest value. Text is HTML, sized
 * by the stylesheet, so it reads the same at any width; the table below has the exact figures.
 */
export function CouponChart(props: { readonly bars: readonly CouponBar[] }) {
  const { bars } = props;
  if (bars.length === 0) return null;
  const maxUses = Math.max(1, ...bars.map((bar) => bar.uses));
  const maxImpact = Math.max(0.01, ...bars.map((bar) => Math.abs(bar.revenueImpact)));
  return html`<figure class="ap-chart" aria-labelledby="ap-chart-title">
    <figcaption id="ap-chart-title">Uses and revenue impact per coupon</figcaption>
    <p class="ap-chart-legend" aria-hidden="true">
      <span class="ap-chart-key ap-chart-key-uses"></span> uses
      <span class="ap-chart-key ap-chart-key-impact"></span> revenue impact
    </p>
    <ul class="ap-chart-rows">
      ${bars.map(
        (bar) => html`<li key=${bar.coupon} class="ap-chart-row">
          <span class="ap-chart-label">${bar.coupon}</span>
          <${Bar} percent=${barPercent(bar.uses, maxUses)} kind="ap-bar-uses" figure=${`${bar.uses} uses`} />
          <${Bar}
            percent=${barPercent(bar.revenueImpact, maxImpact)}
            kind="ap-bar-impact"
            figure=${money(bar.revenueImpact)}
          />
        </li>`,
      )}
    </ul>
    <p class="ap-muted">Bars are scaled per measure; the table below lists the exact figures.</p>
  </figure>`;
}
