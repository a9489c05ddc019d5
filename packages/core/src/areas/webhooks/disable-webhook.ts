import { ok } from 'neverthrow';
import { announce } from '../../deps/operational-events';
import type { ServiceDeps } from '../../deps/service-deps';
import { type AutomaticDisableReason, endpointDisabled } from '../../ports/telemetry/delivery-telemetry';
import type { EndpointDisabledNotice, Webhook } from '../../storage/webhook-store';
import { changeWebhook } from './change-webhook';
import { withStatus } from './update-webhook';

type DisableDeps = Pick<
  ServiceDeps,
  'storage' | 'clock' | 'logger' | 'onEndpointDisabled' | 'onOperationalEvent'
>;

/**
 * Disables an endpoint for the delivery worker, through the same compare-and-set as the status
 * call, recording why and when. Only the call that changes it from enabled gives notice: a log
 * line, the `webhook.endpoints.disabled` count, the host's `onEndpointDisabled` and the
 * `endpoint.disabled` operational event, neither awaited (their errors are logged and dropped). So of workers racing to disable one endpoint, one
 * notifies.
 *
 * @returns the disabled webhook when this call disabled it; undefined when it already was, or is gone
 */
export async function disableEndpoint(
  deps: DisableDeps,
  input: { affiliateId: string; id: string; reason: AutomaticDisableReason },
): Promise<Webhook | undefined> {
  let changed = false;
  const result = await changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: input.affiliateId, id: input.id }),
    (current, now) => {
      changed = current.status === 'enabled';
      return ok(
        changed
          ? { next: withStatus(current, { status: 'disabled', reason: input.reason, at: now }) }
          : 'unchanged',
      );
    },
  );
  if (result.isErr() || !changed) return undefined;
  const { webhook } = result.value;
  endpointDisabled(deps.logger, {
    affiliateId: webhook.affiliateId,
    webhookId: webhook.id,
    reason: input.reason,
  });
  notify(deps, { webhook, reason: input.reason });
  announce(deps, {
    type: 'endpoint.disabled',
    affiliateId: webhook.affiliateId,
    webhookId: webhook.id,
    at: webhook.disabledAt ?? webhook.updatedAt,
    reason: input.reason,
  });
  return webhook;
}

/** Calls the host's hook without waiting on it; a throw or a rejection is logged, never passed on. */
function notify(deps: DisableDeps, notice: EndpointDisabledNotice): void {
  const hook = deps.onEndpointDisabled;
  if (!hook) return;
  const failed = (cause: unknown) =>
    deps.logger.error('onEndpointDisabled failed', {
      event: 'webhook.endpoint_disabled_hook_failed',
      affiliateId: notice.webhook.affiliateId,
      webhookId: notice.webhook.id,
      cause,
    });
  try {
    Promise.resolve(hook(notice)).catch(failed);
  } catch (cause) {
    failed(cause);
  }
}
