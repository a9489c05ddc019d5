import { randomBytes } from 'node:crypto';
import {
  type EventRecord,
  flexibleRateLimiter,
  type Principal,
  type RunSummary,
  randomIds,
  runWorker,
  type Service,
  type ServiceOptions,
  type Storage,
  systemClock,
} from '@affiliate-commerce/core';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';

/**
 * The service a delivery benchmark runs: real clock and ids, the sandbox processor and case
 * system, webhooks allowed on this machine's receivers, and a super-admin token `tok` for
 * `affiliateId` (or the principals given).
 *
 * @example
 * const service = createService(benchServiceOptions(storage, { affiliateId: 'aff_bench' }));
 */
export function benchServiceOptions(
  storage: Storage,
  options: {
    affiliateId?: string;
    principals?: Record<string, Principal>;
    secretKey?: string;
  } & Partial<ServiceOptions> = {},
): ServiceOptions {
  const { affiliateId = 'aff_bench', principals, secretKey, ...rest } = options;
  return {
    storage,
    auth: staticTokenAuth(
      principals ?? { tok: { userId: 'u', affiliateId, roles: ['affiliate_super_admin'] } },
    ),
    clock: systemClock(),
    ids: randomIds(),
    rateLimiter: flexibleRateLimiter(),
    secretKey: secretKey ?? randomBytes(32).toString('base64'),
    allowPrivateNetworks: true,
    processor: sandboxProcessor(),
    caseSystem: sandboxCaseSystem(),
    ...rest,
  };
}

/**
 * How the delivery benchmarks pace a worker: batches of 100, 16 sends in flight, all of them
 * free for one endpoint (as a host with one high-volume endpoint sets it), and a short idle
 * back-off so a round ends as soon as it is delivered.
 *
 * @example
 * await runWorker({ service, signal, ...benchWorkerPacing, onBatch });
 */
export const benchWorkerPacing = {
  batchSize: 100,
  concurrency: 16,
  perEndpoint: 16,
  idleMs: 1,
  maxIdleMs: 5,
} as const;

/**
 * Runs `runWorker` paced as {@link benchWorkerPacing} until `count` deliveries have succeeded, and
 * answers how many did; `onBatch` sees each written batch too.
 *
 * @example
 * const delivered = await deliverAll(service, 5_000);
 */
export async function deliverAll(
  service: Service,
  count: number,
  onBatch?: (summary: RunSummary) => void,
): Promise<number> {
  let delivered = 0;
  const controller = new AbortController();
  await runWorker({
    service,
    signal: controller.signal,
    ...benchWorkerPacing,
    onBatch: (summary) => {
      onBatch?.(summary);
      delivered += summary.succeeded;
      if (delivered >= count) controller.abort();
    },
  });
  return delivered;
}

let emitted = 0;

/**
 * Queues `count` order_created events of `affiliateId` (8 emissions at a time), as a host's
 * back end would emit them, and returns their records.
 *
 * @example
 * const records = await queueOrderEvents(service, 5_000);
 */
export async function queueOrderEvents(
  service: Service,
  count: number,
  affiliateId = 'aff_bench',
): Promise<EventRecord[]> {
  const records: EventRecord[] = [];
  let started = 0;
  const emitOne = async (): Promise<void> => {
    while (started < count) {
      started += 1;
      emitted += 1;
      const result = await service.commerce.emit({
        affiliateId,
        eventType: 'order_created',
        data: {
          order_id: `ord_${process.pid}_${emitted}`,
          order_status: 'created',
          total_value_cents: 12_900,
          currency: 'USD',
        },
      });
      records.push(result);
    }
  };
  await Promise.all(Array.from({ length: 8 }, emitOne));
  return records;
}
