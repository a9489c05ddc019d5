import { err, errAsync, ok, okAsync, type Result, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import { checkUrl, guardedRequest } from '../../ports/net/guarded-request';
import type { HttpOutcome } from '../../ports/net/http-client';
import type { HealthCheck, Webhook } from '../../storage/webhook-store';
import { openHeaders } from './endpoint-controls';
import { webhookHeaders } from './signature';
import { signingSecretsOf } from './signing-secrets';

/** Deadline of a health-check probe. */
export const probeTimeoutMs = 5_000;

/** `event_type` of the probe's test payload. */
export const probeEventType = 'webhook_health_check';

type ProbeDeps = Pick<
  ServiceDeps,
  'storage' | 'clock' | 'ids' | 'secretBox' | 'http' | 'resolver' | 'allowPrivateNetworks'
>;

/**
 * Refuses (422) what is not a URL a probe could ever use: not absolute, or not `https:` (plain
 * `http:` only when private networks are allowed). Refused addresses are the probe's own
 * answer (`reachable: false`), not a validation error.
 */
function probeUrl(url: string, deps: ProbeDeps): Result<string, DomainError> {
  const checked = checkUrl(url, deps);
  if (checked.ok) return ok(checked.url.href);
  if (checked.reason === 'blocked_address') return ok(url);
  return err(invalidField('url', `is refused: ${checked.message}`));
}

function toHealthCheck(outcome: HttpOutcome, url: string, checkedAt: Date): HealthCheck {
  const base = { url, checkedAt, latencyMs: Math.max(0, Math.round(outcome.latencyMs)) };
  if (!outcome.ok) {
    return { ...base, reachable: false, statusCode: 0, reason: outcome.reason, detail: outcome.message };
  }
  if (outcome.status >= 200 && outcome.status < 300)
    return { ...base, reachable: true, statusCode: outcome.status };
  const redirect = outcome.status >= 300 && outcome.status < 400 ? ' (redirects are not followed)' : '';
  return {
    ...base,
    reachable: false,
    statusCode: outcome.status,
    reason: 'http_status',
    detail: `answered HTTP ${outcome.status}${redirect}; only 2xx counts as reachable`,
  };
}

/**
 * Sends one short test request: a JSON payload with `event_type: webhook_health_check`, signed
 * like the webhook's deliveries when it has authentication on (v2 `t=..,sha256=..` or v1
 * `sha256=..`), through the SSRF guard with a 5 s deadline.
 */
async function probe(deps: ProbeDeps, url: string, webhook: Webhook | undefined): Promise<HealthCheck> {
  const now = deps.clock.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  const eventId = deps.ids.next({ prefix: 'probe' });
  const body = JSON.stringify({
    event_type: probeEventType,
    event_id: eventId,
    timestamp: now.toISOString(),
    timestamp_epoch: timestamp,
    ...(webhook ? { affiliate_id: webhook.affiliateId, webhook_id: webhook.id } : {}),
  });
  const secrets = webhook ? await signingSecretsOf(webhook, { secretBox: deps.secretBox, now }) : [];
  // The webhook's own headers (an API key, say) go to its saved URL only, never to an override.
  const custom = webhook && url === webhook.url ? await openHeaders(deps.secretBox, webhook) : {};
  const headers = await webhookHeaders({
    version: webhook?.payloadVersion ?? 'v2',
    eventId,
    secrets,
    timestamp,
    body,
    custom,
  });
  const outcome = await guardedRequest(deps, {
    url,
    method: 'POST',
    headers,
    body,
    timeoutMs: probeTimeoutMs,
  });
  return toHealthCheck(outcome, url, now);
}

/**
 * Probes a saved webhook's URL, or an override URL, and records the result on the webhook
 * (docs/api.md §4.7). A refused or failed probe is a result with `reachable: false` and a reason.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD (url) for an override that is not an absolute https URL
 */
export function checkWebhookHealth(
  deps: ProbeDeps,
  request: { affiliateId: string; id: string; url?: string },
): ResultAsync<HealthCheck, DomainError> {
  const scoped = { affiliateId: request.affiliateId, id: request.id };
  return ResultAsync.fromSafePromise(deps.storage.webhooks.get(scoped))
    .andThen((webhook) => (webhook ? okAsync(webhook) : errAsync(notFound('webhook'))))
    .andThen((webhook) =>
      // Only an override can be a 422: a saved URL the policy now refuses is an unreachable result.
      (request.url === undefined ? ok(webhook.url) : probeUrl(request.url, deps)).asyncAndThen((url) =>
        ResultAsync.fromSafePromise(probe(deps, url, webhook)),
      ),
    )
    .andThen((check) =>
      ResultAsync.fromSafePromise(deps.storage.webhooks.recordHealthCheck({ ...scoped, check })).andThen(
        (recorded) => (recorded ? okAsync(check) : errAsync(notFound('webhook'))),
      ),
    );
}

/**
 * Probes a URL before it is saved (`POST /v2/webhooks/actions/checkHealth`): unsigned, nothing
 * stored.
 *
 * @returns 422 INVALID_FIELD (url) when it is not an absolute https URL
 */
export function checkUrlHealth(
  deps: ProbeDeps,
  request: { url: string },
): ResultAsync<HealthCheck, DomainError> {
  return probeUrl(request.url, deps).asyncAndThen((url) =>
    ResultAsync.fromSafePromise(probe(deps, url, undefined)),
  );
}
