import { sleep } from './free-port';
import { describeAnswer, probe } from './probe';

/** An order the host acknowledged with 201, and the phase it was acknowledged in. */
export interface Acknowledged {
  readonly phase: string;
  readonly at: number;
}

/** Answers of `POST /orders` by phase (`201`, `503 STORAGE_UNAVAILABLE RA=5`, `network`, …) with their counts. */
export type StatusTally = Map<string, Map<string, number>>;

/** A checkout back end calling the host's `POST /orders` at a steady rate. */
export interface OrderLoader {
  readonly acknowledged: Map<string, Acknowledged>;
  readonly statuses: StatusTally;
  /** Starts no new order until `resume`; resolves once none is in flight (or after `maxWaitMs`). */
  pause(maxWaitMs?: number): Promise<void>;
  resume(): void;
  /** Records `count` more orders, ten at a time, beside the lanes; resolves once they are acknowledged. */
  burst(count: number): Promise<void>;
  /** Finishes the orders in flight (each retried until acknowledged or `giveUpAt`), then stops. */
  stop(giveUpAt: number): Promise<void>;
}

/** Adds one answer to the tally of `phase`. */
export function tally(statuses: StatusTally, phase: string, status: string): void {
  const counts = statuses.get(phase) ?? new Map<string, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statuses.set(phase, counts);
}

/**
 * Records orders through `hostUrl()` in `lanes` lanes of one order at a time, `perSecond` orders a
 * second in all while the host answers. An order that gets a 503 is retried after its Retry-After
 * (at most 1 s), as a checkout would retry; any other failure after 250 ms. Lanes keep the number
 * of retrying orders bounded, so an outage does not become a flood of requests.
 */
export function startOrderLoader(input: {
  hostUrl: () => string;
  phase: () => string;
  perSecond: number;
  lanes: number;
}): OrderLoader {
  const acknowledged = new Map<string, Acknowledged>();
  const statuses: StatusTally = new Map();
  const laneGapMs = (1000 * input.lanes) / input.perSecond;
  let next = 0;
  let stopping = false;
  let giveUpAt = Number.POSITIVE_INFINITY;

  const attempt = async (id: string): Promise<{ status: string; waitMs: number }> => {
    // Longer than the pool's 5 s wait for a connection, after which the host answers 503 itself.
    const answer = await probe(`${input.hostUrl()}/orders`, {
      method: 'POST',
      body: { id },
      timeoutMs: 10_000,
    });
    const retryAfterMs = Number(answer.retryAfter ?? 0) * 1000;
    return { status: describeAnswer(answer), waitMs: Math.min(Math.max(retryAfterMs, 250), 1_000) };
  };

  const record = async (id: string) => {
    while (Date.now() < giveUpAt) {
      const { status, waitMs } = await attempt(id);
      tally(statuses, input.phase(), status);
      if (status === '201') {
        acknowledged.set(id, { phase: input.phase(), at: Date.now() });
        return;
      }
      await sleep(waitMs);
    }
  };

  // Orders start only while the gate is open; `busy` counts the lanes with an order in flight.
  let gate: Promise<void> | undefined;
  let open = () => {};
  let busy = 0;
  const lane = async () => {
    while (!stopping) {
      if (gate) {
        await gate;
        continue;
      }
      const started = Date.now();
      busy += 1;
      next += 1;
      await record(`ord_faults_${next}`);
      busy -= 1;
      await sleep(Math.max(0, laneGapMs - (Date.now() - started)));
    }
  };
  const lanes = Array.from({ length: input.lanes }, lane);

  return {
    acknowledged,
    statuses,
    burst: async (count) => {
      let left = count;
      // Ten at a time: a backlog of checkouts retrying, not a flood the host's pool must queue.
      const drain = async () => {
        while (left > 0) {
          left -= 1;
          next += 1;
          await record(`ord_faults_${next}`);
        }
      };
      await Promise.all(Array.from({ length: 10 }, drain));
    },
    pause: async (maxWaitMs = 15_000) => {
      gate ??= new Promise((resolve) => {
        open = resolve;
      });
      for (const deadline = Date.now() + maxWaitMs; busy > 0 && Date.now() < deadline; ) await sleep(20);
    },
    resume: () => {
      gate = undefined;
      open();
    },
    stop: async (at) => {
      giveUpAt = at;
      stopping = true;
      gate = undefined;
      open();
      await Promise.all(lanes);
    },
  };
}
