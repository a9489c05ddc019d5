import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import {
  memoryLogger,
  startReceiver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import {
  type Context,
  type ContextManager,
  context,
  metrics,
  propagation,
  ROOT_CONTEXT,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { TraceState, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  type DataPoint,
  type Histogram,
  MeterProvider,
  type MetricData,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../impl/memory';
import type { Logger } from '../logger';
import { nodeHttpClient } from '../net/node-http-client';
import { nodeResolver } from '../net/node-resolver';
import { coreVersion, instrumentationName } from './otel';

/**
 * Carries the active context across awaits, as `@opentelemetry/context-async-hooks` does in a
 * Node host (its CommonJS-only build cannot load under the test conditions; vitest.config.ts).
 */
class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (...args: unknown[]) => this.with(ctx, () => target(...args));
    return run as T;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

/** Collects on demand, as a host's exporter would at each interval. */
class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const reader = new TestReader();
const spans = new InMemorySpanExporter();
const meterProvider = new MeterProvider({ readers: [reader] });
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // What a host's SDK set-up does (README "Telemetry").
  context.setGlobalContextManager(new AsyncContextManager());
  metrics.setGlobalMeterProvider(meterProvider);
  trace.setGlobalTracerProvider(tracerProvider);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  metrics.disable();
  trace.disable();
  context.disable();
});
beforeEach(() => spans.reset());

/** Every metric of this package collected now, by name. */
async function collect(): Promise<Map<string, MetricData>> {
  const { resourceMetrics } = await reader.collect();
  const scope = resourceMetrics.scopeMetrics.find((s) => s.scope.name === instrumentationName);
  expect(scope?.scope.version).toBe(coreVersion);
  return new Map(scope?.metrics.map((metric) => [metric.descriptor.name, metric]));
}

/** The data point of `name` whose attributes include `attributes`. */
function point(all: Map<string, MetricData>, name: string, attributes: Record<string, unknown>) {
  const found = (all.get(name)?.dataPoints as DataPoint<unknown>[] | undefined)?.filter((p) =>
    Object.entries(attributes).every(([key, value]) => p.attributes[key] === value),
  );
  expect(found, `${name} ${JSON.stringify(attributes)}`).toHaveLength(1);
  return found![0]!;
}

function service(logger?: Logger): TestService {
  return testService({
    http: nodeHttpClient(),
    resolver: nodeResolver(),
    allowPrivateNetworks: true,
    deliveries: { random: () => 0.5, timeoutMs: 400 },
    ...(logger ? { logger } : {}),
  });
}

const call = (svc: TestService, method: string, path: string, body?: unknown) =>
  svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

async function webhook(svc: TestService, url = receiver.url): Promise<string> {
  const created = await call(svc, 'POST', '/v2/webhooks', {
    name: 'Receiver',
    url,
    webhookInterests: ['order_created'],
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

const order = (svc: TestService, orderId: string) =>
  svc.commerce.emit({
    affiliateId: 'aff_1',
    eventType: 'order_created',
    data: { order_id: orderId, order_status: 'paid' },
  });

describe('telemetry through @opentelemetry/api', () => {
  it('the meter and tracer carry the package version', () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(coreVersion).toBe(packageJson.version);
  });

  it('an API request: one SERVER span named by method and route template, and http.server.request.duration', async () => {
    const svc = service();
    const id = await webhook(svc);
    expect((await call(svc, 'GET', `/v2/webhooks/${id}`)).status).toBe(200);
    expect((await call(svc, 'GET', '/v2/webhooks/whk_missing')).status).toBe(404);
    expect((await call(svc, 'GET', '/v2/nowhere')).status).toBe(404);

    const finished = spans.getFinishedSpans();
    expect(finished.map((span) => span.name)).toEqual([
      'POST /v2/webhooks',
      'GET /v2/webhooks/{id}',
      'GET /v2/webhooks/{id}',
      'GET',
    ]);
    const read = finished[1]!;
    expect(read.kind).toBe(SpanKind.SERVER);
    expect(read.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/v2/webhooks/{id}',
      'http.response.status_code': 200,
      'url.scheme': 'http',
    });
    // Ids never land in a span: the raw path is not recorded.
    expect(JSON.stringify(finished.map((span) => [span.name, span.attributes]))).not.toMatch(/whk_/);
    expect(finished[3]!.attributes['http.route']).toBeUndefined();

    const all = await collect();
    const duration = all.get('http.server.request.duration')!;
    expect(duration.descriptor.unit).toBe('s');
    const found = point(all, 'http.server.request.duration', {
      'http.request.method': 'GET',
      'http.route': '/v2/webhooks/{id}',
      'http.response.status_code': 404,
    });
    expect((found.value as Histogram).count).toBeGreaterThanOrEqual(1);
    expect((found.value as Histogram).sum).toBeGreaterThan(0);
  });

  it('an unexpected failure: the 500 is counted with error.type and its span is an error', async () => {
    const storage = memoryStorage();
    const broken = {
      ...storage,
      webhooks: {
        ...storage.webhooks,
        list: () => Promise.reject(new Error('connection reset')),
      },
    };
    const svc = testService({ storage: broken });
    expect((await call(svc, 'GET', '/v2/webhooks')).status).toBe(500);
    const [span] = spans.getFinishedSpans();
    expect(span!.name).toBe('GET /v2/webhooks');
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    const all = await collect();
    const failed = point(all, 'http.server.request.duration', {
      'http.route': '/v2/webhooks',
      'http.response.status_code': 500,
    });
    expect(failed.attributes['error.type']).toBe('500');
  });

  it('a request carrying a traceparent continues that trace when the host registered the W3C propagator', async () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    try {
      const svc = service();
      const response = await svc.handle(
        new Request('http://api.test/v2/webhooks', {
          headers: {
            authorization: `Bearer ${testTokens.superAdmin}`,
            traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
          },
        }),
      );
      expect(response.status).toBe(200);
      const [span] = spans.getFinishedSpans();
      expect(span!.name).toBe('GET /v2/webhooks');
      expect(span!.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(span!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    } finally {
      propagation.disable();
    }
  });

  it('an event emitted inside a span: its attempt span links to it; metrics and one log line per attempt', async () => {
    const { lines, logger } = memoryLogger();
    const svc = service(logger);
    const id = await webhook(svc);
    const before = await collect();
    const succeededBefore = before.has('webhook.deliveries')
      ? Number(
          (before.get('webhook.deliveries')!.dataPoints as DataPoint<number>[]).find(
            (p) => p.attributes['webhook.delivery.outcome'] === 'succeeded',
          )?.value ?? 0,
        )
      : 0;
    let emitter: SpanContext | undefined;
    await trace.getTracer('host').startActiveSpan('host order', async (span) => {
      emitter = span.spanContext();
      await expect(order(svc, 'ord_traced')).resolves.toBeDefined();
      span.end();
    });
    receiver.answer({ status: 503 });
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ retrying: 1 });
    svc.clock.advance(6_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });

    const attempts = spans.getFinishedSpans().filter((span) => span.name === 'webhook.attempt');
    expect(attempts).toHaveLength(2);
    const [failed, succeeded] = attempts;
    expect(succeeded!.kind).toBe(SpanKind.CLIENT);
    expect(succeeded!.attributes).toMatchObject({
      'webhook.id': id,
      'webhook.event.type': 'order_created',
      'webhook.attempt': 2,
      'http.response.status_code': 200,
      'webhook.delivery.outcome': 'succeeded',
    });
    expect(failed!.attributes).toMatchObject({
      'webhook.attempt': 1,
      'http.response.status_code': 503,
      'webhook.delivery.outcome': 'retrying',
      'error.type': '503',
    });
    for (const attempt of attempts) {
      expect(attempt.links.map((link) => [link.context.traceId, link.context.spanId])).toEqual([
        [emitter!.traceId, emitter!.spanId],
      ]);
    }

    const all = await collect();
    expect(
      point(all, 'webhook.deliveries', {
        'webhook.delivery.outcome': 'succeeded',
        'webhook.event.type': 'order_created',
      }).value,
    ).toBe(succeededBefore + 1);
    expect(
      point(all, 'webhook.deliveries', { 'webhook.delivery.outcome': 'retrying' }).value,
    ).toBeGreaterThanOrEqual(1);
    const latency = point(all, 'webhook.attempt.duration', {
      'webhook.delivery.outcome': 'retrying',
      'http.response.status_code': 503,
    });
    expect((latency.value as Histogram).count).toBeGreaterThanOrEqual(1);

    const logged = lines.filter((line) => line.meta.event === 'webhook.attempt');
    expect(logged.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(logged[1]!.meta).toMatchObject({
      event: 'webhook.attempt',
      affiliateId: 'aff_1',
      webhookId: id,
      eventType: 'order_created',
      attempt: 2,
      statusCode: 200,
      outcome: 'succeeded',
    });
    expect(logged[1]!.meta).toMatchObject({
      traceId: succeeded!.spanContext().traceId,
      spanId: succeeded!.spanContext().spanId,
    });
    expect(logged[1]!.meta.deliveryId).toMatch(/^dlv_/);
    expect(logged[1]!.meta.eventId).toMatch(/^evt_/);
    expect(typeof logged[1]!.meta.latencyMs).toBe('number');
    expect(logged[1]!.meta).not.toHaveProperty('traceparent');
  });

  it('a delivery carries the emitting span as traceparent, with its tracestate (api.md: trace context)', async () => {
    const svc = service();
    await webhook(svc);
    const parent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      traceState: new TraceState('vendor=abc,other=1'),
    });
    let emitter: SpanContext | undefined;
    await trace.getTracer('host').startActiveSpan('host order', {}, parent, async (span) => {
      emitter = span.spanContext();
      await order(svc, 'ord_propagated');
      span.end();
    });
    const before = receiver.received.length;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
    const [got] = receiver.received.slice(before);
    expect(got!.headers.traceparent).toBe(`00-${emitter!.traceId}-${emitter!.spanId}-01`);
    expect(got!.headers.tracestate).toBe('vendor=abc,other=1');
    // The message log's detail shows the request as it was sent, trace headers included.
    const listed = (await (await call(svc, 'GET', '/v2/deliveries')).json()) as {
      data: { deliveries: { id: string }[] };
    };
    const detail = (await (
      await call(svc, 'GET', `/v2/deliveries/${listed.data.deliveries[0]!.id}`)
    ).json()) as {
      data: { request: { headers: Record<string, string> } };
    };
    expect(detail.data.request.headers).toMatchObject({
      traceparent: got!.headers.traceparent,
      tracestate: 'vendor=abc,other=1',
    });
    const [attempt] = spans.getFinishedSpans().filter((span) => span.name === 'webhook.attempt');
    expect(attempt!.links.map((link) => link.context.spanId)).toEqual([emitter!.spanId]);
  });

  it('propagateTrace: false sends no trace headers, and the attempt span still links (api.md: trace context)', async () => {
    const svc = testService({
      http: nodeHttpClient(),
      resolver: nodeResolver(),
      allowPrivateNetworks: true,
      deliveries: { timeoutMs: 400, propagateTrace: false },
    });
    await webhook(svc);
    await trace.getTracer('host').startActiveSpan('host order', async (span) => {
      await order(svc, 'ord_private');
      span.end();
    });
    const before = receiver.received.length;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
    const [got] = receiver.received.slice(before);
    expect(got!.headers).not.toHaveProperty('traceparent');
    expect(got!.headers).not.toHaveProperty('tracestate');
    const listed = (await (await call(svc, 'GET', '/v2/deliveries')).json()) as {
      data: { deliveries: { id: string }[] };
    };
    const detail = (await (
      await call(svc, 'GET', `/v2/deliveries/${listed.data.deliveries[0]!.id}`)
    ).json()) as {
      data: { request: { headers: Record<string, string> } };
    };
    expect(detail.data.request.headers).not.toHaveProperty('traceparent');
    const [attempt] = spans.getFinishedSpans().filter((span) => span.name === 'webhook.attempt');
    expect(attempt!.links).toHaveLength(1);
  });

  it('an event emitted outside any span: no trace headers on its delivery (api.md: trace context)', async () => {
    const svc = service();
    await webhook(svc);
    await order(svc, 'ord_untraced');
    const before = receiver.received.length;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
    expect(receiver.received.slice(before)[0]!.headers).not.toHaveProperty('traceparent');
  });

  it('an event emitted outside any span: no trace context stored, no link; a refused send logs its error', async () => {
    const { lines, logger } = memoryLogger();
    const svc = testService({ logger, deliveries: { random: () => 0.5, delays: [] } });
    await webhook(svc, 'https://hooks.example.com/orders');
    const emitted = await order(svc, 'ord_plain');
    expect(emitted.traceparent).toBeUndefined();
    // The test service's resolver knows no host, so the SSRF guard refuses before any HTTP.
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
    const [attempt] = spans.getFinishedSpans().filter((span) => span.name === 'webhook.attempt');
    expect(attempt!.links).toEqual([]);
    expect(attempt!.attributes['http.response.status_code']).toBeUndefined();
    const line = lines.find((one) => one.meta.event === 'webhook.attempt')!;
    expect(line.level).toBe('error');
    expect(line.meta).toMatchObject({ outcome: 'failed', attempt: 1 });
    expect(line.meta).not.toHaveProperty('statusCode');
    expect(String(line.meta.error)).toMatch(/^\w+: /);
  });

  it('an endpoint answering 410 Gone: webhook.endpoints.disabled counts it, with its reason', async () => {
    const svc = service();
    await webhook(svc);
    receiver.answer({ status: 410 });
    await order(svc, 'ord_gone');
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
    const all = await collect();
    expect(point(all, 'webhook.endpoints.disabled', { 'webhook.disabled_reason': 'gone' }).value).toBe(1);
    expect(
      point(all, 'webhook.deliveries', { 'webhook.delivery.outcome': 'failed' }).value,
    ).toBeGreaterThanOrEqual(1);
  });

  it('the worker logs its start and stop, and the breaker change it makes', async () => {
    const { lines, logger } = memoryLogger();
    const svc = testService({
      logger,
      http: nodeHttpClient(),
      resolver: nodeResolver(),
      allowPrivateNetworks: true,
      deliveries: { random: () => 0.5, timeoutMs: 400, delays: [1, 1, 1], breaker: { failures: 1 } },
    });
    const id = await webhook(svc);
    receiver.answer({ status: 500 });
    await order(svc, 'ord_breaker');
    const controller = new AbortController();
    const working = svc.deliveries.work({ signal: controller.signal, idleMs: 5, maxIdleMs: 10 });
    await until(() => lines.some((line) => line.meta.event === 'webhook.breaker'));
    // While the worker runs, each collection reads the outbox: the held delivery waits there.
    const running = await collect();
    expect(point(running, 'webhook.outbox.pending', {}).value).toBe(1);
    expect(point(running, 'webhook.outbox.due', {}).value).toBe(0);
    expect(point(running, 'webhook.outbox.oldest_due_age', {}).value).toBe(0);
    expect(running.get('webhook.outbox.oldest_due_age')!.descriptor.unit).toBe('s');
    controller.abort();
    await working;
    const events = lines.map((line) => line.meta.event);
    expect(events[0]).toBe('webhook.worker.started');
    expect(events.at(-1)).toBe('webhook.worker.stopped');
    const opened = lines.find((line) => line.meta.event === 'webhook.breaker')!;
    expect(opened).toMatchObject({
      level: 'warn',
      meta: { webhookId: id, from: 'closed', to: 'open', failures: 1 },
    });
    expect(Date.parse(String(opened.meta.retryAt))).not.toBeNaN();
    const all = await collect();
    expect(
      point(all, 'webhook.breaker.transitions', {
        'webhook.breaker.from': 'closed',
        'webhook.breaker.to': 'open',
      }).value,
    ).toBeGreaterThanOrEqual(1);
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
