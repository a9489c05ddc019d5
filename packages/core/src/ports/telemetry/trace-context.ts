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
