import { webhookHeaders } from '../areas/webhooks/signature';
import type { KeySignatures } from '../areas/webhooks/signing-keys';
import { operationalPayload, operationsAffiliateId } from '../deps/operations-endpoint';
import { traceHeaders } from '../ports/telemetry/trace-context';
import { buildV1Payload, buildV2Payload, type EventRecord } from '../rules/events/v2-payload';
import type { PayloadVersion } from '../storage/webhook-store';

/** What one attempt of a delivery sends: its payload, that payload as the body, and the headers. */
export interface OutboundRequest {
  readonly payload: Record<string, unknown>;
  readonly body: string;
  readonly headers: Record<string, string>;
}

/**
 * The request of one attempt at `attemptAt`, in the webhook's payload version: the v2 payload
 * stamped at the attempt (or the v1 one), signed with `secrets` and the webhook's ed25519 keys
 * (`keySignatures`), and the webhook's own headers; with `trace`, the W3C trace context the event
 * was emitted in.
 * The payload, its timestamp and its signature are made fresh on every attempt; event_id is not.
 */
export async function outboundRequest(input: {
  version: PayloadVersion;
  event: EventRecord;
  secrets: readonly string[];
  custom: Readonly<Record<string, string>>;
  attemptAt: Date;
  keySignatures?: KeySignatures | undefined;
  /** Carries the event's `traceparent` and `tracestate` (the `propagateTrace` delivery option). */
  trace?: boolean;
}): Promise<OutboundRequest> {
  const { version, event, attemptAt } = input;
  // The operations endpoint's events are the host's, in the Standard Webhooks shape (docs/api.md §11.12).
  const payload =
    event.affiliateId === operationsAffiliateId
      ? operationalPayload(event, attemptAt)
      : version === 'v2'
        ? buildV2Payload(event, { attemptAt })
        : buildV1Payload(event);
  const body = JSON.stringify(payload);
  const headers = await webhookHeaders({
    version,
    eventId: event.eventId,
    secrets: input.secrets,
    timestamp: Math.floor(attemptAt.getTime() / 1000),
    body,
    custom: input.custom,
    keySignatures: input.keySignatures,
  });
  // Custom headers cannot name these (they are reserved), so the trace context is only ever ours.
  return { payload, body, headers: { ...headers, ...traceHeaders(event, input.trace ?? false) } };
}
