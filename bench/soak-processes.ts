/**
 * The child processes of the soak benchmark (bench/soak.bench.ts): the affiliates' receivers, and
 * a delivery worker running `runWorker` (the first one also running the retention pruner).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, runWorker, type ServiceOptions, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { withApplicationName } from './postgres-cpu';

/** How a receiver answers: healthy (200 after 5–50 ms), flaky (the same, but 500 a third of the time), or hangs (never). */
export type ReceiverKind = 'healthy' | 'flaky' | 'hangs';

/** What the receivers saw since the last poll. */
export interface ReceiverReport {
  /** Healthy receipts, `[affiliateId, eventId, received at (epoch ms)]`; a sample when there were many. */
  readonly receipts: [string, string, number][];
  /** Healthy receipts in all (the sample's population). */
  readonly healthy: number;
  readonly flakyOk: number;
  readonly flaky500: number;
  readonly hung: number;
  /** Healthy or flaky endpoints that got an event they had already answered with success. */
  readonly duplicates: number;
}

/** Most receipts kept per poll for the lag: a uniform sample of them (reservoir). */
const receiptSample = 3_000;

/**
 * The receivers, on one node:http server on 127.0.0.1: a webhook's URL is
 * `/h/<affiliateId>/<kind>/<n>`. Answers `{ port }` once listening, a {@link ReceiverReport} on
 * `poll`, and leaves on `exit`.
 */
export async function receivers(): Promise<void> {
  let receipts: [string, string, number][] = [];
  let counts = { healthy: 0, flakyOk: 0, flaky500: 0, hung: 0, duplicates: 0 };
  const answered = new Set<string>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = Date.now();
      const [, , affiliateId = '', kind = 'healthy', n = '0'] = (req.url ?? '').split('/');
      const eventId = String(req.headers['x-webhook-id'] ?? '');
      if (kind === 'hangs') {
        counts.hung += 1;
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const fails = kind === 'flaky' && Math.random() < 1 / 3;
      setTimeout(
        () => {
          if (fails) {
            counts.flaky500 += 1;
            res.writeHead(500).end('no');
            return;
          }
          const key = `${affiliateId}/${kind}/${n}/${eventId}`;
          if (answered.has(key)) counts.duplicates += 1;
          answered.add(key);
          if (kind === 'flaky') counts.flakyOk += 1;
          else {
            counts.healthy += 1;
            // Reservoir sampling: every receipt of the period is equally likely to be kept.
            if (receipts.length < receiptSample) receipts.push([affiliateId, eventId, at]);
            else {
              const slot = Math.floor(Math.random() * counts.healthy);
              if (slot < receiptSample) receipts[slot] = [affiliateId, eventId, at];
            }
          }
          res.writeHead(200).end('ok');
        },
        5 + Math.random() * 45,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: string) => {
    if (message === 'poll') {
      const report: ReceiverReport = { receipts, ...counts };
      receipts = [];
      counts = { healthy: 0, flakyOk: 0, flaky500: 0, hung: 0, duplicates: 0 };
      process.send?.(report);
    }
    if (message === 'exit') {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      process.exit(0);
    }
  });
  process.send?.({ port: (server.address() as AddressInfo).port });
}

/** What a worker process reports each second: deltas since its last report. */
export interface WorkerReport {
  readonly succeeded: number;
  readonly failed: number;
  readonly errors: number;
  readonly pruned: { deliveries: number; attempts: number; events: number };
  readonly pruneMs: number;
}

/** A report of nothing yet, to count into. */
export const emptyWorkerReport = (): { -readonly [K in keyof WorkerReport]: WorkerReport[K] } => ({
  succeeded: 0,
  failed: 0,
  errors: 0,
  pruned: { deliveries: 0, attempts: 0, events: 0 },
  pruneMs: 0,
});

/** How the soak runs `runWorker`. */
export const soakWorkerPacing = { batchSize: 100, concurrency: 32, perEndpoint: 8 } as const;

/**
 * One worker process: `runWorker` on the schema from the start, reporting each second, until
 * `exit`. With `prune`, it also runs `service.deliveries.prune` every `everyMs` (as a worker's
 * `prune` option does) on a pool of its own, named apart, so the benchmark can tell its database
 * CPU from delivery's.
 */
export async function soakWorker(input: {
  readonly databaseUrl: string;
  readonly schema: string;
  readonly workerName: string;
  readonly pruneName: string;
  readonly serviceOptions: (storage: Storage) => ServiceOptions;
  readonly prune?: { readonly everyMs: number; readonly olderThanMs: number };
}): Promise<void> {
  const storage = await connectPostgres({
    connectionString: withApplicationName(input.databaseUrl, input.workerName),
    schema: input.schema,
    max: 4,
    migrate: false,
  });
  const service = createService(input.serviceOptions(storage));
  const pruneStorage = input.prune
    ? await connectPostgres({
        connectionString: withApplicationName(input.databaseUrl, input.pruneName),
        schema: input.schema,
        max: 1,
        migrate: false,
        // The worker's own storage of this process already keeps the statistics.
        keepStatistics: false,
      })
    : undefined;
  const pruneService = pruneStorage ? createService(input.serviceOptions(pruneStorage)) : undefined;
  let report = emptyWorkerReport();
  const controller = new AbortController();
  const running = runWorker({
    service,
    signal: controller.signal,
    ...soakWorkerPacing,
    onBatch: (summary) => {
      report.succeeded += summary.succeeded;
      report.failed += summary.failed;
    },
    onError: (error) => {
      report.errors += 1;
      if (report.errors <= 3) console.error('worker:', error);
    },
  });
  const pruning = (async () => {
    if (!pruneService || !input.prune) return;
    while (!controller.signal.aborted) {
      const started = performance.now();
      try {
        const removed = await pruneService.deliveries.prune({
          olderThanMs: input.prune.olderThanMs,
          failedOlderThanMs: input.prune.olderThanMs,
          signal: controller.signal,
        });
        report.pruned.deliveries += removed.deliveries;
        report.pruned.attempts += removed.attempts;
        report.pruned.events += removed.events;
      } catch (error) {
        report.errors += 1;
        console.error('prune:', error);
      }
      report.pruneMs += performance.now() - started;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          controller.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, input.prune?.everyMs);
        controller.signal.addEventListener('abort', done, { once: true });
      });
    }
  })();
  const reporting = setInterval(() => {
    process.send?.(report);
    report = emptyWorkerReport();
  }, 1_000);
  process.on('message', async (message: string) => {
    if (message !== 'exit') return;
    controller.abort();
    await Promise.all([running, pruning]);
    clearInterval(reporting);
    process.send?.(report);
    await pruneStorage?.close();
    await storage.close();
    process.exit(0);
  });
  process.send?.({ ready: true });
}
