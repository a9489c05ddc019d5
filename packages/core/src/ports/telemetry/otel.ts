import {
  type Counter,
  createNoopMeter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  type ObservableGauge,
  ProxyTracerProvider,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';

/** The name of this package's meter and tracer. */
export const instrumentationName = '@affiliate-commerce/core';

/** The version of `@affiliate-commerce/core`, on its meter and tracer (a test keeps it equal to package.json). */
export const coreVersion = '0.1.0';

/** Bucket bounds of the semantic conventions' HTTP duration histograms, in seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Every instrument this package records to; see docs/decisions/operations-telemetry.md. */
export interface Instruments {
  readonly requestDuration: Histogram;
  readonly deliveries: Counter;
  readonly attemptDuration: Histogram;
  readonly endpointsDisabled: Counter;
  readonly breakerTransitions: Counter;
  readonly outboxPending: ObservableGauge;
  readonly outboxDue: ObservableGauge;
  readonly outboxOldestDueAge: ObservableGauge;
  readonly meter: Meter;
}

function createInstruments(meter: Meter): Instruments {
  return {
    meter,
    requestDuration: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of API requests served by the kernel.',
      unit: 's',
      advice: { explicitBucketBoundaries: durationBuckets },
    }),
    deliveries: meter.createCounter('webhook.deliveries', {
      description: 'Claimed webhook deliveries by what became of them.',
      unit: '{delivery}',
    }),
    attemptDuration: meter.createHistogram('webhook.attempt.duration', {
      description: 'Duration of webhook delivery attempts, from the SSRF check to the answer.',
      unit: 's',
      advice: { explicitBucketBoundaries: durationBuckets },
    }),
    endpointsDisabled: meter.createCounter('webhook.endpoints.disabled', {
      description: 'Webhook endpoints the worker disabled.',
      unit: '{endpoint}',
    }),
    breakerTransitions: meter.createCounter('webhook.breaker.transitions', {
      description: 'Changes of state of webhook circuit breakers.',
      unit: '{transition}',
    }),
    outboxPending: meter.createObservableGauge('webhook.outbox.pending', {
      description: 'Deliveries waiting in the outbox, due or scheduled.',
      unit: '{delivery}',
    }),
    outboxDue: meter.createObservableGauge('webhook.outbox.due', {
      description: 'Deliveries in the outbox due now.',
      unit: '{delivery}',
    }),
    outboxOldestDueAge: meter.createObservableGauge('webhook.outbox.oldest_due_age', {
      description: 'How long the oldest due delivery has been due; 0 when none is.',
      unit: 's',
    }),
  };
}

const NoopMeter = createNoopMeter().constructor;
let meterCache: { provider: MeterProvider; instruments: Instruments | undefined } | undefined;

/**
 * The instruments of the meter provider registered now, or undefined when none is: callers then
 * skip building attributes at all. Instruments are made once per provider.
 */
export function instruments(): Instruments | undefined {
  const provider = metrics.getMeterProvider();
  if (meterCache?.provider === provider) return meterCache.instruments;
  const meter = provider.getMeter(instrumentationName, coreVersion);
  const made = meter instanceof NoopMeter ? undefined : createInstruments(meter);
  meterCache = { provider, instruments: made };
  return made;
}

const noopTracerProvider = new ProxyTracerProvider().getDelegate();
let tracerCache: { provider: TracerProvider; tracer: Tracer | undefined } | undefined;

/** This package's tracer, or undefined while no tracer provider is registered. */
export function activeTracer(): Tracer | undefined {
  let provider: TracerProvider = trace.getTracerProvider();
  // The registered proxy may come from another copy of the API package than this one.
  if ('getDelegate' in provider && typeof provider.getDelegate === 'function') {
    provider = (provider as ProxyTracerProvider).getDelegate();
  }
  if (tracerCache?.provider === provider) return tracerCache.tracer;
  const tracer =
    provider === noopTracerProvider ? undefined : provider.getTracer(instrumentationName, coreVersion);
  tracerCache = { provider, tracer };
  return tracer;
}
