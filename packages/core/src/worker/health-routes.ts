import { okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { storageRetryAfterSeconds } from '../base/errors';
import type { ServiceDeps } from '../deps/service-deps';
import { type AnyRoute, defineRoute, type RouteResult } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import { checkHealth, type HealthReport } from './health';

const reportSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  checkedAt: z.iso.datetime(),
  reasons: z.array(z.string()),
  storage: z.object({ reachable: z.boolean(), latencyMs: z.number().int() }),
  migrations: z.object({ missing: z.array(z.number().int()), unknown: z.array(z.number().int()) }).optional(),
  outbox: z
    .object({
      pending: z.number().int(),
      due: z.number().int(),
      oldestDueAgeMs: z.number().int().optional(),
    })
    .optional(),
  workers: z.object({
    running: z.number().int(),
    stale: z.number().int(),
    oldestLoopAgeMs: z.number().int().optional(),
  }),
});

const tags = ['health'];

/** The check in flight per service: a flood of probes shares one instead of each querying storage. */
const inFlight = new WeakMap<ServiceDeps, Promise<HealthReport>>();

function sharedCheck(deps: ServiceDeps): Promise<HealthReport> {
  let running = inFlight.get(deps);
  if (!running) {
    running = checkHealth(deps).finally(() => inFlight.delete(deps));
    inFlight.set(deps, running);
  }
  return running;
}

/**
 * Probes for load balancers and orchestrators: public (no token), never rate limited, served
 * under the service's base path. `live` touches nothing; `ready` runs {@link checkHealth}, one at
 * a time per service: probes arriving while a check runs get its report.
 */
export const healthRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/health/live',
    operationId: 'healthLive',
    summary: 'Liveness: 200 whenever the process serves requests (no storage call).',
    tags,
    access: { kind: 'public' },
    responses: {
      200: {
        description: 'The process serves.',
        schema: z.object({ success: z.literal(true), data: z.object({ status: z.literal('ok') }) }),
      },
    },
    errors: [],
    handle: () => okAsync({ status: 200, body: { success: true, data: { status: 'ok' } } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/health/ready',
    operationId: 'healthReady',
    summary:
      'Readiness: storage reachable, migrations applied, outbox backlog and workers of this process. 503 when down.',
    tags,
    access: { kind: 'public' },
    responses: {
      200: {
        description: 'Ready (`ok` or `degraded`), with the report.',
        schema: z.object({ success: z.literal(true), data: reportSchema }),
      },
      503: {
        description: 'Not ready (`down`: storage unreachable or migrations missing); the message says why.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: [],
    handle: ({ deps }) =>
      ResultAsync.fromSafePromise(sharedCheck(deps)).map(
        (report): RouteResult =>
          report.status === 'down'
            ? {
                status: 503,
                headers: { 'Cache-Control': 'no-store', 'Retry-After': String(storageRetryAfterSeconds) },
                body: {
                  success: false,
                  error: { code: 'NOT_READY', message: `Not ready: ${report.reasons.join('; ')}.` },
                },
              }
            : {
                status: 200,
                headers: { 'Cache-Control': 'no-store' },
                body: { success: true, data: report },
              },
      ),
  }),
];
