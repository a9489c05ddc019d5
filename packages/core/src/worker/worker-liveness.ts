import type { ServiceDeps } from '../deps/service-deps';

/** One running `work` loop, as the health report sees it. */
export interface WorkerBeat {
  /** When the loop started. */
  readonly startedAt: Date;
  /** When the loop last went round (a claim, or a wake-up with nothing due). */
  readonly lastLoopAt: Date;
}

/** The liveness record one worker keeps up to date. */
export interface WorkerPulse {
  beat(): void;
  /** The worker stopped: it leaves the report. */
  stop(): void;
}

// Keyed by the service's dependencies, so each service sees the workers it started, and a
// dropped service takes its records with it.
const registries = new WeakMap<ServiceDeps, Set<{ startedAt: Date; lastLoopAt: Date }>>();

function registryOf(deps: ServiceDeps): Set<{ startedAt: Date; lastLoopAt: Date }> {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new Set();
    registries.set(deps, registry);
  }
  return registry;
}

/** Registers a running worker of this process; its loop calls `beat` each time round. */
export function workerPulse(deps: ServiceDeps): WorkerPulse {
  const registry = registryOf(deps);
  const now = deps.clock.now();
  const record = { startedAt: now, lastLoopAt: now };
  registry.add(record);
  return {
    beat: () => {
      record.lastLoopAt = deps.clock.now();
    },
    stop: () => {
      registry.delete(record);
    },
  };
}

/** The workers running in this process for the service of `deps`, oldest first. */
export function runningWorkers(deps: ServiceDeps): WorkerBeat[] {
  return [...registryOf(deps)].map((r) => ({ startedAt: r.startedAt, lastLoopAt: r.lastLoopAt }));
}
