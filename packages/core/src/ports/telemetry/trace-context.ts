import { context, isSpanContextValid, type SpanContext, trace } from '@opentelemetry/api';

const traceparentPattern = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The W3C `traceparent` of the span active now, or undefined outside a valid span (no SDK
 * registered, or no span started). Stored with an emitted event so its delivery attempts link back.
 */
export function currentTraceparent(): string | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!isSpanContextValid(span.spanContext())) return undefined;
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The longest `tracestate` carried: the W3C limit of 512 characters; a longer one is dropped. */
const maxTracestateLength = 512;

/**
 * The W3C trace context of the span active now (`traceparent`, and `tracestate` when the span
 * has one), or undefined outside a valid span. Stored with an emitted event, so its deliveries
 * carry it to the receiver and their attempt spans link back.
 */
export function currentTraceContext(): { traceparent: string; tracestate?: string } | undefined {
  const traceparent = currentTraceparent();
  if (!traceparent) return undefined;
  const tracestate = trace.getSpan(context.active())?.spanContext().traceState?.serialize();
  return tracestate && tracestate.length <= maxTracestateLength
    ? { traceparent, tracestate }
    : { traceparent };
}

/**
 * The trace headers a delivery of `event` carries: `traceparent` (when it is a valid one) and
 * `tracestate` beside it; none when `propagate` is false.
 */
export function traceHeaders(
  event: { readonly traceparent?: string; readonly tracestate?: string },
  propagate: boolean,
): Record<string, string> {
  if (!propagate || !parseTraceparent(event.traceparent)) return {};
  return { traceparent: event.traceparent!, ...(event.tracestate ? { tracestate: event.tracestate } : {}) };
}

/** The span context a `traceparent` names, for a span link; undefined when it is not one. */
export function parseTraceparent(traceparent: string | undefined): SpanContext | undefined {
  const parts = traceparent ? traceparentPattern.exec(traceparent) : null;
  if (!parts) return undefined;
  const spanContext: SpanContext = {
    traceId: parts[1]!,
    spanId: parts[2]!,
    traceFlags: Number.parseInt(parts[3]!, 16),
    isRemote: true,
  };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}
