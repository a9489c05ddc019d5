import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createService, type Service, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions, benchWorkerPacing } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { controlledWorker, startWorkers, type Workers } from './worker-processes';

const entities = Number(process.env.ENTITIES ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 3);
/** The events of one order, in the order they are emitted. */
const steps = [
  'order_created',
  'order_case_status_changed',
  'order_status_changed',
  'order_updated',
  'order_completed',
] as const;
const workerCount = 2;
const emitters = 8;
const answerDelayMs = 5;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? `bench_ordering_${randomBytes(3).toString('hex')}`;
const secretKey = process.env.BENCH_SECRET_KEY ?? randomBytes(32).toString('base64');
/** Longest one run may take before it is reported as a failure. */
const runDeadlineMs = 180_000;

type Ordering = 'none' | 'entity';

const serviceOf = (storage: Storage, affiliateId = 'aff_ordering'): Service =>
  createService(benchServiceOptions(storage, { affiliateId, secretKey }));

// ---- worker processes -----------------------------------------------------------------------

/** One worker process: `runWorker` from each `go` to the next `halt`. */
const worker = () => controlledWorker({ databaseUrl, schema, serviceOf: (storage) => serviceOf(storage) });

// ---- the receiver ---------------------------------------------------------------------------

/** What the current run's receiver saw, in performance.now() milliseconds. */
let seen = {
  target: 0,
  receipts: new Map<string, number>(),
  /** Event ids in the order of their first arrival. */
  arrivals: [] as string[],
  duplicates: 0,
  onAllReceived: () => {},
};
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const at = performance.now();
    const id = String(req.headers['x-webhook-id']);
    if (seen.receipts.has(id)) seen.duplicates += 1;
    else {
      seen.receipts.set(id, at);
      seen.arrivals.push(id);
      if (seen.receipts.size === seen.target) seen.onAllReceived();
    }
    setTimeout(() => res.writeHead(200).end('ok'), answerDelayMs);
  });
});

// ---- one run --------------------------------------------------------------------------------

/** One phase of a run: what the receiver got. */
interface Phase {
  /** Deliveries per second, from the first emission (live) or the workers' start (backlog) to the last receipt. */
  readonly rate: number;
  /** Lag from when emit returned (live) or from the workers' start (backlog), ms. */
  readonly lag: { p50: number; p99: number };
  /** Orders some of whose events first arrived out of the order they were emitted in. */
  readonly outOfOrder: number;
  readonly duplicates: number;
}

interface Run {
  readonly ordering: Ordering;
  readonly live: Phase;
  /** Events emitted per second in the live phase. */
  readonly emitRate: number;
  readonly backlog: Phase;
  readonly load: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type EventOf = Map<string, { order: string; step: number }>;

/**
 * Emits every order's events, `emitters` callers at once, each over its own share of the orders
 * in a random interleaving; answers when each emit returned and which order and step each event is.
 */
async function emitOrders(service: Service, affiliateId: string, prefix: string, count: number) {
  const emittedAt = new Map<string, number>();
  const eventOf: EventOf = new Map();
  const caller = async (index: number) => {
    let open = Array.from({ length: Math.ceil((count - index) / emitters) }, (_, i) => ({
      order: `co_${prefix}_${index + i * emitters}`,
      next: 0,
    }));
    while (open.length > 0) {
      const one = open[Math.floor(Math.random() * open.length)]!;
      const step = one.next;
      const event = await service.commerce.emit({
        affiliateId,
        eventType: steps[step]!,
        data: { order_id: one.order, order_status: step === steps.length - 1 ? 'completed' : 'in_review' },
      });
      emittedAt.set(event.eventId, performance.now());
      eventOf.set(event.eventId, { order: one.order, step });
      one.next += 1;
      if (one.next === steps.length) open = open.filter((each) => each !== one);
    }
  };
  await Promise.all(Array.from({ length: emitters }, (_, index) => caller(index)));
  return { emittedAt, eventOf };
}

/** Orders whose events did not first arrive in their emitted order. */
function outOfOrderOrders(arrivals: readonly string[], eventOf: EventOf): number {
  const nextStep = new Map<string, number>();
  const bad = new Set<string>();
  for (const id of arrivals) {
    const { order, step } = eventOf.get(id)!;
    if (step !== (nextStep.get(order) ?? 0)) bad.add(order);
    nextStep.set(order, step + 1);
  }
  return bad.size;
}

/** Resets the receiver for `total` events; resolves once all came (or the run's deadline passed). */
function receiving(total: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = setTimeout(resolve, runDeadlineMs);
    seen = {
      target: total,
      receipts: new Map(),
      arrivals: [],
      duplicates: 0,
      onAllReceived: () => {
        clearTimeout(deadline);
        resolve();
      },
    };
  });
}

/** What the receiver got since `receiving`, timed from `start`, lag from `from` (each event's emit, or the start). */
function phaseOf(start: number, eventOf: EventOf, from: (id: string) => number): Phase {
  if (seen.receipts.size !== seen.target)
    throw new Error(`received ${seen.receipts.size} of ${seen.target} in ${runDeadlineMs} ms`);
  const receipts = [...seen.receipts.entries()];
  const last = Math.max(...receipts.map(([, at]) => at));
  // A receipt can be handled before its emit's answer: no lag then.
  const lags = receipts.map(([id, at]) => Math.max(0, at - from(id))).sort((a, b) => a - b);
  return {
    rate: (seen.target / (last - start)) * 1000,
    lag: { p50: percentile(lags, 50), p99: percentile(lags, 99) },
    outOfOrder: outOfOrderOrders(seen.arrivals, eventOf),
    duplicates: seen.duplicates,
  };
}

/** The worker processes, started and halted together. */
let runNumber = 0;
/**
 * One webhook, ordered or not: a live phase (the workers deliver while the orders' events are
 * emitted) and a backlog phase (the same number of events emitted with the workers halted, then
 * drained).
 */
async function run(input: {
  storage: Storage;
  admin: pg.Client;
  workers: Workers;
  url: string;
  ordering: Ordering;
  count?: number;
}): Promise<Run> {
  const { storage, admin, workers, url, ordering, count = entities } = input;
  runNumber += 1;
  const affiliateId = `aff_ord_${runNumber}`;
  const service = serviceOf(storage, affiliateId);
  await service.affiliates.upsert({ id: affiliateId, name: `Ordering ${runNumber}` });
  await service.webhooks.create({
    affiliateId,
    name: `ordering ${ordering}`,
    url,
    authentication: true,
    webhookInterests: [...steps],
    ordering,
  });
  // What autovacuum does on a live database; without it the planner misjudges a grown outbox.
  await admin.query(`analyze "${schema}".deliveries`);
  const load = loadavg()[0]!;
  const total = count * steps.length;

  const liveDone = receiving(total);
  workers.go();
  const liveStart = performance.now();
  const live = await emitOrders(service, affiliateId, `${runNumber}_live`, count);
  const emitRate = (total / (performance.now() - liveStart)) * 1000;
  await liveDone;
  const livePhase = phaseOf(liveStart, live.eventOf, (id) => live.emittedAt.get(id)!);

  await workers.halt();
  const queued = await emitOrders(service, affiliateId, `${runNumber}_backlog`, count);
  await admin.query(`analyze "${schema}".deliveries`);
  const backlogDone = receiving(total);
  const backlogStart = performance.now();
  workers.go();
  await backlogDone;
  const backlogPhase = phaseOf(backlogStart, queued.eventOf, () => backlogStart);
  await workers.halt();

  const result: Run = { ordering, live: livePhase, emitRate, backlog: backlogPhase, load };
  console.log(
    `ordering ${ordering}: live ${Math.round(livePhase.rate)}/s (emitted at ${Math.round(emitRate)}/s), lag p50 ${ms(livePhase.lag.p50)} p99 ${ms(livePhase.lag.p99)}; backlog ${Math.round(backlogPhase.rate)}/s, lag from start p50 ${ms(backlogPhase.lag.p50)} p99 ${ms(backlogPhase.lag.p99)}; out of order ${livePhase.outOfOrder} + ${backlogPhase.outOfOrder} orders, ${livePhase.duplicates + backlogPhase.duplicates} duplicates, load ${load.toFixed(1)}`,
  );
  return result;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

// ---- the parent -----------------------------------------------------------------------------

async function main(): Promise<void> {
  // Before this benchmark starts any process of its own: other work on the machine shows here.
  const loadBefore = loadavg()[0]!;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const storage = await connectPostgres({ connectionString: databaseUrl, schema, max: 10 });
  const workers = startWorkers(
    fileURLToPath(import.meta.url),
    { BENCH_SCHEMA: schema, BENCH_SECRET_KEY: secretKey },
    workerCount,
  );
  try {
    await workers.ready;
    const started = performance.now();
    // Warm-up, unmeasured: both kinds of webhook once, so no measured run compiles code paths.
    for (const ordering of ['none', 'entity'] as const)
      await run({ storage, admin, workers, url, ordering, count: Math.ceil(entities / 5) });
    const pairs: Pair[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order: Ordering[] = round % 2 === 0 ? ['none', 'entity'] : ['entity', 'none'];
      const pair: Partial<Pair> = {};
      for (const ordering of order) pair[ordering] = await run({ storage, admin, workers, url, ordering });
      pairs.push(pair as Pair);
    }
    report(pairs, (performance.now() - started) / 1000, loadBefore);
  } finally {
    await workers.exit();
    server.close();
    await storage.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

// ---- the table ------------------------------------------------------------------------------

type Pair = Record<Ordering, Run>;

function report(pairs: readonly Pair[], totalSeconds: number, loadBefore: number): void {
  const aim = 0.8;
  const ratio = (pair: Pair, phase: 'live' | 'backlog') => pair.entity[phase].rate / pair.none[phase].rate;
  const median = [...pairs].sort((a, b) => ratio(a, 'backlog') - ratio(b, 'backlog'))[
    Math.floor(pairs.length / 2)
  ]!;
  const rate = (value: number) => Math.round(value).toLocaleString('en-US');
  const row = (one: Run, vs: (phase: 'live' | 'backlog') => string) =>
    `| \`${one.ordering}\` | ${rate(one.live.rate)} | ${vs('live')} | ${ms(one.live.lag.p50)} / ${ms(one.live.lag.p99)} | ${rate(one.emitRate)} | ${rate(one.backlog.rate)} | ${vs('backlog')} | ${ms(one.backlog.lag.p50)} / ${ms(one.backlog.lag.p99)} |`;
  const loads = pairs.flatMap((pair) => [pair.none.load, pair.entity.load]).sort((a, b) => a - b);
  const roundsLine = pairs
    .map(
      (pair) =>
        `live ${rate(pair.entity.live.rate)} vs ${rate(pair.none.live.rate)} (${ratio(pair, 'live').toFixed(2)}), p99 ${ms(pair.entity.live.lag.p99)} vs ${ms(pair.none.live.lag.p99)}; backlog ${rate(pair.entity.backlog.rate)} vs ${rate(pair.none.backlog.rate)} (${ratio(pair, 'backlog').toFixed(2)})`,
    )
    .join(' — ');
  const met = ratio(median, 'backlog') >= aim;
  const outOfOrder = pairs.reduce(
    (sum, pair) => sum + pair.entity.live.outOfOrder + pair.entity.backlog.outOfOrder,
    0,
  );
  const duplicates = pairs.reduce(
    (sum, pair) =>
      sum +
      pair.entity.live.duplicates +
      pair.entity.backlog.duplicates +
      pair.none.live.duplicates +
      pair.none.backlog.duplicates,
    0,
  );
  const total = (entities * steps.length).toLocaleString('en-US');
  const range = (values: readonly number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  const markdown = `## Entity ordering: an ordered webhook beside an unordered one (\`bench/ordering.bench.ts\`)

${machineLine()} ${workerCount} worker processes run \`runWorker\` (batches of ${benchWorkerPacing.batchSize}, ${benchWorkerPacing.concurrency} sends in
flight, \`perEndpoint\` ${benchWorkerPacing.perEndpoint}) against the PostgreSQL server on the same 2 cores; the receiver (node:http on
127.0.0.1, in the benchmark's process) answers 200 after ${answerDelayMs} ms. Each run gives a fresh affiliate one webhook, with
\`ordering: 'entity'\` or \`'none'\`, subscribed to five clinical-order events, and has two phases of ${entities.toLocaleString('en-US')} orders × ${steps.length}
events (${total} events) emitted with \`service.commerce.emit\`, ${emitters} callers at once, each over its own orders in a
random interleaving (one order's events one after the other). Live: the workers deliver while the events
are emitted; deliveries/s is from the first emission to the last receipt, lag from when \`emit\` returned to
when the receiver got the event. Backlog: the events are emitted with the workers halted, then drained;
deliveries/s and lag are from the workers' start. One warm-up pair, then ${pairs.length} rounds, each an unordered and an
ordered run back to back (the unordered one first in odd rounds, last in even ones); the table shows the
round with the median backlog throughput ratio (1-minute load average before the benchmark ${loadBefore.toFixed(1)}${
    loadBefore > 1 ? ', other work shared the machine' : ''
  }; at the start of the runs, its own processes included, ${loads[0]!.toFixed(1)}–${loads.at(-1)!.toFixed(1)}).

| ordering | live deliveries/s | vs unordered | live lag p50 / p99 | emitted/s | backlog deliveries/s | vs unordered | backlog lag p50 / p99 |
|---|---:|---:|---:|---:|---:|---:|---:|
${row(median.none, () => '–')}
${row(median.entity, (phase) => ratio(median, phase).toFixed(2))}

Against the aim (an ordered webhook keeps ≥ ${aim} of the unordered throughput): ${met ? 'met' : '**not met**'} (backlog ${ratio(median, 'backlog').toFixed(2)}, live ${ratio(median, 'live').toFixed(2)}). The live phase delivers
about as fast as the events are emitted, so its throughput follows emission; its lag shows what waiting
for an order's earlier event adds. ${
    outOfOrder === 0
      ? "Every order's events first reached the ordered webhook in the order they were emitted, in every run"
      : `**${outOfOrder} orders' events reached the ordered webhook out of order**`
  }; ${duplicates === 0 ? 'no event arrived twice' : `${duplicates} events arrived twice`}. Without ordering, ${range(pairs.map((pair) => pair.none.live.outOfOrder))}
of the ${entities.toLocaleString('en-US')} orders had an event arrive before an earlier one in the live phase, and ${range(pairs.map((pair) => pair.none.backlog.outOfOrder))} in the backlog.

Rounds (ordered vs unordered deliveries/s, ratio): ${roundsLine}. Total ${Math.round(totalSeconds)} s.
`;
  writeSection('ordering', markdown);
  console.log(markdown);
}

if (process.argv[2] === 'worker') await worker();
else await main();
