import { html } from './html';
import type { StatsHour } from './message-types';

const barWidth = 4;
const gap = 1;
const height = 24;

/**
 * One bar per hour, oldest first: its height the hour's attempts against the busiest hour, the
 * failed part stacked on top of the succeeded part. `label` is the text alternative.
 */
export function Sparkline(props: { readonly hours: readonly StatsHour[]; readonly label: string }) {
  const busiest = Math.max(1, ...props.hours.map((hour) => hour.succeeded + hour.failed));
  const width = props.hours.length * (barWidth + gap);
  const scale = (count: number) => (count / busiest) * (height - 1);
  return html`<svg class="ap-spark" role="img" aria-label=${props.label} viewBox=${`0 0 ${width} ${height}`}
    width=${width * 2} height=${height * 1.5} preserveAspectRatio="none" focusable="false">
    <line class="ap-spark-base" x1="0" y1=${height - 0.5} x2=${width} y2=${height - 0.5} stroke-width="1" />
    ${props.hours.map((hour, index) => {
      const x = index * (barWidth + gap);
      const ok = scale(hour.succeeded);
      const bad = scale(hour.failed);
      return html`<g key=${hour.hour}>
        ${ok > 0 ? html`<rect class="ap-spark-ok" x=${x} y=${height - 1 - ok} width=${barWidth} height=${ok} />` : null}
        ${bad > 0 ? html`<rect class="ap-spark-bad" x=${x} y=${height - 1 - ok - bad} width=${barWidth} height=${bad} />` : null}
      </g>`;
    })}
  </svg>`;
}

/** "98% of 1,204 attempts succeeded in the last 24 hours", or that there were none. */
export function successSentence(succeeded: number, failed: number, hours: number): string {
  const total = succeeded + failed;
  const span = `in the last ${hours} hours`;
  if (total === 0) return `No delivery attempts ${span}.`;
  // Rounded down, so 100% means every attempt succeeded.
  const rate = Math.floor((succeeded / total) * 100);
  const attempts = total === 1 ? 'attempt' : 'attempts';
  return `${rate}% of ${total.toLocaleString('en-US')} ${attempts} succeeded ${span}.`;
}
