import type { ServiceDeps } from '../deps/service-deps';
import { withDeadline } from '../ports/net/deadline';
import { runningWorkers } from './worker-liveness';

/** Overall health: `down` cannot serve, `degraded` serves but needs a look. */
export type HealthStatus = 'ok' | 'degraded' | 'down';

/**
 * The health report of a service: no tenant data and no secrets, so it may be served publicly.
 * Times are ISO 8601 strings and ages milliseconds.
 */
export interface HealthReport {
  readonly status: HealthStatus;
  readonly checkedAt: string;
  /** Why the status is not `ok`, one short line each. */
  readonly reasons: readonly string[];
  readonly storage: {
    readonly reachable: boolean;
    /** Round trip of the storage check, in milliseconds. */
    readonly latencyMs: number;
  };
  /** Shipped migrations the database lacks, and applied ones this code does not ship (absent when storage is unreachable). */
  readonly migrations?: { readonly missing: readonly number[]; readonly unknown: readonly number[] };
  /** The outbox at the time of the check, every affiliate together (absent when it could not be read in time, or migrations are missing). */
  readonly outbox?: {
    readonly pending: number;
    readonly due: number;
    /** How long the longest-waiting due delivery has waited; absent when none is due. */
    readonly oldestDueAgeMs?: number;
  };
  /** Delivery workers (`work`, `runWorker`) running in this process for this service. */
  readonly workers: {
    readonly running: number;
    /** Workers whose loop has not gone round within `staleWorkerMs`. */
    readonly stale: number;
    /** Age of the least recent loop of any of them; absent when none runs here. */
    readonly oldestLoopAgeMs?: number;
  };
}

/** Thresholds of {@link checkHealth}. */
export interface HealthOptions {
  /** Longest each storage call may take before it counts as failed. Default 2,000 ms. */
  readonly timeoutMs?: number;
  /** A due delivery waiting longer than this makes the status `degraded`. Default 5 minutes. */
  readonly maxDueAgeMs?: number;
  /** A worker of this process whose loop has not gone round for this long makes it `degraded`. Default 60 s. */
  readonly staleWorkerMs?: number;
}

/** Defaults of {@link HealthOptions}. */
export const healthDefaults = { timeoutMs: 2_000, maxDueAgeMs: 5 * 60_000, staleWorkerMs: 60_000 } as const;

/**
 * Checks the service's health: storage reachable within `timeoutMs` (one cheap query) and its
 * migrations all applied, the outbox backlog, and the liveness of this process's workers.
 * `down` when storage is unreachable or migrations are missing; `degraded` when a due delivery
 * has waited over `maxDueAgeMs`, a worker here is stale, the backlog could not be read in time,
 * or the database has migrations this code does not know; else `ok`. Never rejects.
 *
 * @example
 * const report = await checkHealth(deps);
 * if (report.status === 'down') process.exitCode = 1;
 */
export async function checkHealth(deps: ServiceDeps, options: HealthOptions = {}): Promise<HealthReport> {
  const timeoutMs = options.timeoutMs ?? healthDefaults.timeoutMs;
  const maxDueAgeMs = options.maxDueAgeMs ?? healthDefaults.maxDueAgeMs;
  const staleWorkerMs = options.staleWorkerMs ?? healthDefaults.staleWorkerMs;
  const now = deps.clock.now();
  const down: string[] = [];
  const degraded: string[] = [];

  const started = performance.now();
  const answer = await withDeadline(deps.storage.check(), timeoutMs).catch(() => 'unreachable' as const);
  if (answer === 'timeout') down.push('storage did not answer in time');
  if (answer === 'unreachable') down.push('storage is unreachable');
  const check = typeof answer === 'string' ? undefined : answer;
  const latencyMs = Math.round(performance.now() - started);
  if (check && check.missingMigrations.length > 0) down.push('migrations are missing');
  if (check && check.unknownMigrations.length > 0)
    degraded.push('the database has migrations this code does not ship');

  // With migrations missing, the outbox tables may not be there to read.
  // A failed read counts as one not done in time.
  const read =
    check && check.missingMigrations.length === 0
      ? await withDeadline(deps.storage.deliveries.backlog({ now }), timeoutMs).catch(
          () => 'timeout' as const,
        )
      : undefined;
  if (read === 'timeout') degraded.push('the outbox backlog could not be read in time');
  const backlog = read === 'timeout' ? undefined : read;
  const oldestDueAgeMs = backlog?.oldestDueAt && Math.max(0, now.getTime() - backlog.oldestDueAt.getTime());
  if (oldestDueAgeMs !== undefined && oldestDueAgeMs > maxDueAgeMs)
    degraded.push('a due delivery has waited longer than its threshold');

  const workers = runningWorkers(deps);
  const ages = workers.map((w) => Math.max(0, now.getTime() - w.lastLoopAt.getTime()));
  const stale = ages.filter((age) => age > staleWorkerMs).length;
  if (stale > 0) degraded.push('a delivery worker of this process has stopped going round');

  return {
    status: down.length > 0 ? 'down' : degraded.length > 0 ? 'degraded' : 'ok',
    checkedAt: now.toISOString(),
    reasons: [...down, ...degraded],
    storage: { reachable: check !== undefined, latencyMs },
    ...(check
      ? { migrations: { missing: [...check.missingMigrations], unknown: [...check.unknownMigrations] } }
      : {}),
    ...(backlog
      ? {
          outbox: {
            pending: backlog.pending,
            due: backlog.due,
            ...(oldestDueAgeMs === undefined ? {} : { oldestDueAgeMs }),
          },
        }
      : {}),
    workers: {
      running: workers.length,
      stale,
      ...(ages.length > 0 ? { oldestLoopAgeMs: Math.max(...ages) } : {}),
    },
  };
}
