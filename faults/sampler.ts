import { sleep } from './free-port';
import type { Answer } from './probe';

/** Calls that sample one route; undefined skips the tick (a host not listening yet). */
export type Targets = Readonly<Record<string, () => Promise<Answer> | undefined>>;

/** Every answer each target gave, in order. */
export type Samples = Record<string, Answer[]>;

/**
 * Calls every target together each `everyMs` until `stop()`, which resolves with what they
 * answered; a slow answer delays the next tick rather than piling calls up.
 */
export function startSampler(targets: Targets, everyMs: number): { stop(): Promise<Samples> } {
  const samples: Samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      await Promise.all(
        Object.entries(targets).map(async ([name, call]) => {
          const answer = await call();
          if (answer) samples[name]!.push(answer);
        }),
      );
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}
