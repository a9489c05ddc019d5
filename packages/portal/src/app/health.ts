import { useEffect, useState } from 'preact/hooks';
import { noting, usePortal } from './context';
import { html } from './html';
import type { EndpointHealth, WebhookStats } from './message-types';
import { when } from './shared';
import { Sparkline, successSentence } from './sparkline';

/** The badge variant of each health. */
const variants: Readonly<Record<EndpointHealth['status'], string>> = {
  healthy: 'success',
  failing: 'danger',
  breaker_open: 'warning',
  disabled: '',
  idle: '',
};

/** Why an endpoint was disabled, as a reader says it. */
const reasons: Readonly<Record<string, string>> = {
  gone: ' because it answered 410 Gone',
  failing: ' because it kept failing',
  manual: ' by hand',
};

/** A health as one line: "Breaker open until …", "Disabled because it kept failing since …". */
export function healthText(health: EndpointHealth): string {
  switch (health.status) {
    case 'healthy':
      return 'Healthy';
    case 'failing':
      return health.since ? `Failing since ${when(health.since)}` : 'Failing';
    case 'breaker_open':
      return health.until ? `Breaker open until ${when(health.until)}` : 'Breaker open';
    case 'disabled': {
      const why = health.reason ? (reasons[health.reason] ?? ` because ${health.reason}`) : '';
      return `Disabled${why}${health.since ? ` since ${when(health.since)}` : ''}`;
    }
    default:
      return 'Idle: no attempts lately';
  }
}

export function HealthBadge(props: { readonly health: EndpointHealth }) {
  const variant = variants[props.health.status];
  return html`<span class=${variant ? `ap-badge ap-badge-${variant}` : 'ap-badge'}>
    ${healthText(props.health)}
  </span>`;
}

/** An endpoint's health at a glance: its badge and the last 24 hours of attempts. */
export function EndpointHealthSummary(props: {
  readonly webhookId: string;
  readonly name: string;
  readonly version: unknown;
}) {
  const portal = usePortal();
  const [stats, setStats] = useState<WebhookStats>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void portal.api
      .call<WebhookStats>('GET', `/v2/webhooks/${encodeURIComponent(props.webhookId)}/stats?hours=24`)
      .then((result) => {
        if (!current) return;
        noting(portal, 'readWebhooks', result);
        if (result.ok) setStats(result.data);
        setFailed(!result.ok);
      });
    return () => {
      current = false;
    };
  }, [props.webhookId, props.version]);
  if (failed) return html`<p class="ap-muted">Health of ${props.name} could not be read.</p>`;
  if (!stats) return html`<p class="ap-muted">Reading the health of ${props.name}…</p>`;
  const sentence = successSentence(stats.succeeded, stats.failed, stats.hours.length || 24);
  return html`<div class="ap-health">
    <${HealthBadge} health=${stats.health} />
    ${stats.succeeded + stats.failed > 0 ? html`<${Sparkline} hours=${stats.hours} label=${sentence} />` : null}
    <span class="ap-health-rate">${sentence}</span>
  </div>`;
}
