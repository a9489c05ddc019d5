import { html } from './html';

/** One coupon's figures for the chart. */
export interface CouponBar {
  readonly coupon: string;
  readonly uses: number;
  readonly revenueImpact: number;
}

const rowHeight = 34;
const labelWidth = 120;
const barWidth = 360;
const width = labelWidth + barWidth + 90;

const money = (value: number): string =>
  value.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/**
 * Uses and revenue impact per coupon as inline SVG: two bars a coupon, each scaled to its own
 * largest value. No chart library; the table beside it carries the same figures for screen readers.
 */
export function CouponChart(props: { readonly bars: readonly CouponBar[] }) {
  const { bars } = props;
  if (bars.length === 0) return null;
  const maxUses = Math.max(1, ...bars.map((bar) => bar.uses));
  const maxImpact = Math.max(0.01, ...bars.map((bar) => Math.abs(bar.revenueImpact)));
  const height = bars.length * rowHeight + 30;
  return html`<figure class="ap-chart">
    <svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img"
      aria-labelledby="ap-chart-title">
      <title id="ap-chart-title">Uses and revenue impact per coupon</title>
      ${bars.map((bar, i) => {
        const y = i * rowHeight;
        const usesWidth = Math.max(1, (bar.uses / maxUses) * barWidth);
        const impactWidth = Math.max(1, (Math.abs(bar.revenueImpact) / maxImpact) * barWidth);
        return html`<g key=${bar.coupon}>
          <text x="0" y=${y + 20} class="ap-chart-label">${bar.coupon}</text>
          <rect x=${labelWidth} y=${y + 4} width=${usesWidth} height="12" class="ap-bar-uses" />
          <text x=${labelWidth + usesWidth + 4} y=${y + 14} class="ap-chart-value">${bar.uses}</text>
          <rect x=${labelWidth} y=${y + 18} width=${impactWidth} height="12" class="ap-bar-impact" />
          <text x=${labelWidth + impactWidth + 4} y=${y + 28} class="ap-chart-value">${money(bar.revenueImpact)}</text>
        </g>`;
      })}
      <g transform=${`translate(${labelWidth}, ${height - 12})`}>
        <rect x="0" y="-9" width="10" height="10" class="ap-bar-uses" />
        <text x="14" y="0" class="ap-chart-value">uses</text>
        <rect x="70" y="-9" width="10" height="10" class="ap-bar-impact" />
        <text x="84" y="0" class="ap-chart-value">revenue impact</text>
      </g>
    </svg>
    <figcaption class="ap-muted">Bars are scaled per measure; the table below lists the exact figures.</figcaption>
  </figure>`;
}
