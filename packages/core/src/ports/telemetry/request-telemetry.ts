import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import { activeTracer, type Instruments, instruments } from './otel';

const knownMethods = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'CONNECT',
  'TRACE',
]);

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/** The telemetry of one API request: its server span and its duration. */
export interface RequestWatch {
  /** Runs the request with its span active, so events it emits carry the span's trace context. */
  run(serve: () => Promise<Response>): Promise<Response>;
  /** Names the route template the request matched (with the base path it is served under). */
  matched(template: string): void;
}

/**
 * Starts watching an API request; undefined when neither a meter nor a tracer provider is
 * registered, so a host without an OpenTelemetry SDK pays one lookup per request. The span is
 * `METHOD /route/template` (SERVER kind), continues a trace context the request carries when a
 * propagator is registered, and never records the raw path, which holds ids.
 */
export function watchRequest(request: Request): RequestWatch | undefined {
  const meters = instruments();
  const tracer = activeTracer();
  if (!meters && !tracer) return undefined;
  const upper = request.method.toUpperCase();
  const method = knownMethods.has(upper) ? upper : '_OTHER';
  const startedAt = performance.now();
  let route: string | undefined;
  let span: Span | undefined;
  let parent = context.active();
  if (tracer) {
    parent = propagation.extract(parent, request.headers, headerGetter);
    span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.scheme': new URL(request.url).protocol.slice(0, -1),
        },
      },
      parent,
    );
  }
  const end = (status: number) => {
    const attributes: Attributes = { 'http.request.method': method, 'http.response.status_code': status };
    if (route !== undefined) attributes['http.route'] = route;
    if (status >= 500) attributes['error.type'] = String(status);
    finish(meters, span, attributes, status, startedAt);
  };
  return {
    matched(template) {
      route = template;
      span?.updateName(`${method} ${template}`);
      span?.setAttribute('http.route', template);
    },
    async run(serve) {
      const response = await (span ? context.with(trace.setSpan(parent, span), serve) : serve());
      end(response.status);
      return response;
    },
  };
}

function finish(
  meters: Instruments | undefined,
  span: Span | undefined,
  attributes: Attributes,
  status: number,
  startedAt: number,
): void {
  meters?.requestDuration.record((performance.now() - startedAt) / 1000, attributes);
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) {
    span.setAttribute('error.type', String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
