import {
  type Attributes,
  type BatchObservableCallback,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { Logger } from '../logger';
import { activeTracer, instruments } from './otel';
import { parseTraceparent } from './trace-context';

/**
 * What became of a claimed delivery, as the `webhook.deliveries` counter and the log lines name
 * it. `late`: sent, but its outcome came after the lease ended and was not recorded.
 */
export type DeliveryOutcome =
  | 'succeeded'
  | 'retrying'
  | 'failed'
  | 'cancelled'
  | 'released'
  | 'deferred'
  | 'late';

/** One delivery attempt, as its log line and span name it. */
export interface AttemptFields {
  readonly affiliateId: string;
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  /** The `traceparent` stored with the event when it was emitted inside a span. */
  readonly traceparent?: string;
}

/** What an attempt came to. */
export interface AttemptResult {
  readonly outcome: 'succeeded' | 'retrying' | 'failed';
  /** The HTTP status answered; absent when there was no answer. */
  readonly statusCode?: number;
  readonly latencyMs: number;
  /** Why there was no answer (`timeout: ...`, `blocked_address: ...`). */
  readonly error?: string;
}

/** The telemetry of one attempt: its span, its duration, its log line. */
export interface AttemptWatch {
  /** Runs the send with the attempt's span active. */
  run<T>(send: () => Promise<T>): Promise<T>;
  end(result: AttemptResult): void;
}

/**
 * Starts watching a delivery attempt: a CLIENT span `webhook.attempt` linked to the span that
 * emitted the event (when there was one), and at its end the `webhook.attempt.duration`
 * histogram and one `webhook.attempt` log line (info when it succeeded, warn when it will be
 * retried, error when the delivery failed for good).
 */
export function watchAttempt(logger: Logger, fields: AttemptFields): AttemptWatch {
  const tracer = activeTracer();
  const { traceparent, ...logged } = fields;
  let span: Span | undefined;
  if (tracer) {
    const emitted = parseTraceparent(traceparent);
    span = tracer.startSpan(
      'webhook.attempt',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': 'POST',
          'webhook.id': fields.webhookId,
          'webhook.delivery.id': fields.deliveryId,
          'webhook.event.id': fields.eventId,
          'webhook.event.type': fields.eventType,
          'webhook.attempt': fields.attempt,
        },
        ...(emitted ? { links: [{ context: emitted }] } : {}),
      },
      context.active(),
    );
  }
  const startedAt = performance.now();
  return {
    async run(send) {
      if (!span) return send();
      try {
        return await context.with(trace.setSpan(context.active(), span), send);
      } catch (error) {
        // The attempt never came to an outcome: its span ends here, and the error goes on.
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        throw error;
      }
    },
    end(result) {
      const meters = instruments();
      if (meters) {
        const attributes: Attributes = {
          'webhook.event.type': fields.eventType,
          'webhook.delivery.outcome': result.outcome,
        };
        if (result.statusCode !== undefined) attributes['http.response.status_code'] = result.statusCode;
        meters.attemptDuration.record((performance.now() - startedAt) / 1000, attributes);
      }
      if (span) {
        span.setAttribute('webhook.delivery.outcome', result.outcome);
        if (result.statusCode !== undefined)
          span.setAttribute('http.response.status_code', result.statusCode);
        if (result.outcome !== 'succeeded') {
          span.setAttribute(
            'error.type',
            result.statusCode === undefined ? errorType(result.error) : String(result.statusCode),
          );
          span.setStatus({ code: SpanStatusCode.ERROR, ...(result.error ? { message: result.error } : {}) });
        }
        span.end();
      }
      const line = {
        event: 'webhook.attempt',
        ...logged,
        // The attempt's span, so a log line leads to its trace.
        ...(span ? { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId } : {}),
        ...(result.statusCode === undefined ? {} : { statusCode: result.statusCode }),
        latencyMs: result.latencyMs,
        outcome: result.outcome,
        ...(result.error === undefined ? {} : { error: result.error }),
      };
      if (result.outcome === 'succeeded') logger.info('webhook attempt succeeded', line);
      else if (result.outcome === 'retrying') logger.warn('webhook attempt failed; will retry', line);
      else logger.error('webhook attempt failed; no retries left', line);
    },
  };
}

/** `timeout: after 15000 ms` → `timeout`. */
const errorType = (error: string | undefined): string => error?.split(':', 1)[0] || 'unknown';

/**
 * Counts what became of claimed deliveries on `webhook.deliveries`. Cancelled deliveries carry no
 * event type: cancelling takes every pending delivery of the endpoint at once.
 */
export function countDeliveries(
  counted: Iterable<{
    readonly outcome: DeliveryOutcome;
    readonly eventType?: string;
    readonly count: number;
  }>,
): void {
  const meters = instruments();
  if (!meters) return;
  for (const { outcome, eventType, count } of counted) {
    if (count === 0) continue;
    meters.deliveries.add(
      count,
      eventType === undefined
        ? { 'webhook.delivery.outcome': outcome }
        : { 'webhook.delivery.outcome': outcome, 'webhook.event.type': eventType },
    );
  }
}

/** An attempt whose outcome came after its lease ended, as its log line names it. */
export interface LateAttemptFields {
  readonly affiliateId: string;
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  /** Whether the receiver answered 2xx: it may hold the event although no attempt says so. */
  readonly succeeded: boolean;
  readonly latencyMs: number;
  readonly statusCode?: number;
  readonly error?: string;
}

/**
 * The log line (warn, `webhook.attempt.late`) of an attempt whose outcome the store refused: its
 * lease had ended and another worker had claimed the delivery, so the attempt is not in the
 * attempt log, and the delivery is sent again, under the next attempt number, by whoever holds it.
 */
export function attemptLate(logger: Logger, fields: LateAttemptFields): void {
  logger.warn(
    'webhook attempt finished after its lease ended; its outcome is not recorded and whoever holds the delivery sends it again',
    { event: 'webhook.attempt.late', ...fields },
  );
}

/** Why the worker disabled an endpoint: it answered 410 Gone, or it kept failing for `disableAfterMs`. */
export type AutomaticDisableReason = 'gone' | 'failing';

/**
 * The log line (warn, `webhook.endpoint_disabled`) and the `webhook.endpoints.disabled` count of
 * an endpoint the worker disabled.
 */
export function endpointDisabled(
  logger: Logger,
  fields: {
    readonly affiliateId: string;
    readonly webhookId: string;
    readonly reason: AutomaticDisableReason;
  },
): void {
  instruments()?.endpointsDisabled.add(1, { 'webhook.disabled_reason': fields.reason });
  logger.warn('webhook endpoint disabled', { event: 'webhook.endpoint_disabled', ...fields });
}

/** A circuit breaker's state. */
export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * The log line (`webhook.breaker`: warn when it opens, info otherwise) and the
 * `webhook.breaker.transitions` count of a breaker that changed state.
 */
export function breakerChanged(
  logger: Logger,
  fields: {
    readonly affiliateId: string;
    readonly webhookId: string;
    readonly from: BreakerState;
    readonly to: BreakerState;
    readonly failures: number;
    readonly retryAt?: Date;
  },
): void {
  instruments()?.breakerTransitions.add(1, {
    'webhook.breaker.from': fields.from,
    'webhook.breaker.to': fields.to,
  });
  const { retryAt, ...rest } = fields;
  const line = { event: 'webhook.breaker', ...rest, ...(retryAt ? { retryAt: retryAt.toISOString() } : {}) };
  if (fields.to === 'open') logger.warn('webhook circuit breaker opened', line);
  else logger.info(`webhook circuit breaker ${fields.to === 'closed' ? 'closed' : 'half-open'}`, line);
}

/** What the outbox holds at a time, as the delivery store's `backlog` answers it. */
export interface BacklogReading {
  readonly pending: number;
  readonly due: number;
  readonly oldestDueAt?: Date;
}

/**
 * Reports the outbox gauges (`webhook.outbox.pending`, `.due`, `.oldest_due_age`) from `read` at
 * each metric collection, until the returned function is called. Nothing is registered while no
 * meter provider is, and a failed read reports nothing for that collection.
 */
export function observeOutbox(read: (now: Date) => Promise<BacklogReading>, now: () => Date): () => void {
  const meters = instruments();
  if (!meters) return () => {};
  const { meter, outboxPending, outboxDue, outboxOldestDueAge } = meters;
  const callback: BatchObservableCallback = async (result) => {
    const at = now();
    const backlog = await read(at).catch(() => undefined);
    if (!backlog) return;
    result.observe(outboxPending, backlog.pending);
    result.observe(outboxDue, backlog.due);
    const age = backlog.oldestDueAt ? (at.getTime() - backlog.oldestDueAt.getTime()) / 1000 : 0;
    result.observe(outboxOldestDueAge, Math.max(0, age));
  };
  const observables = [outboxPending, outboxDue, outboxOldestDueAge];
  meter.addBatchObservableCallback(callback, observables);
  return () => meter.removeBatchObservableCallback(callback, observables);
}
