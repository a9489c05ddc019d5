import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createService, type Service, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions, benchWorkerPacing, queueOrderEvents } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { controlledWorker, startWorkers, type Workers } from './worker-processes';

const rate = Number(process.env.RATE ?? 50);
const windowS = Number(process.env.WINDOW ?? 20);
const throttledCount = Number(process.env.THROTTLED ?? 1250);
const freeCount = Number(process.env.FREE ?? 12000);
const rounds = Number(process.env.ROUNDS ?? 5);
const workerCount = 2;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? `bench_throttle_${randomBytes(3).toString('hex')}`;
const secretKey = process.env.BENCH_SECRET_KEY ?? randomBytes(32).toString('base64');
/** Longest one run may take before it is reported as a failure. */
const runDeadlineMs = 180_000;

const serviceOf = (storage: Storage, affiliateId = 'aff_throttle'): Service =>
  createService(benchServiceOptions(storage, { affiliateId, secretKey }));

// ---- worker processes -----------------------------------------------------------------------

/** One worker process: `runWorker` from each `go` to the next `halt`. */
const worker = () => controlledWorker({ databaseUrl, schema, serviceOf: (storage) => serviceOf(storage) });

// ---- the receiver ---------------------------------------------------------------------------

type Path = 'throttled' | 'free';

/** What the current run's receiver saw, per path, in performance.now() milliseconds. */
let seen = {
  receipts: { throttled: new Map<string, number>(), free: new Map<string, number>() },
  duplicates: 0,
  done: () => {},
};
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const at = performance.now();
    const path: Path = req.url?.endsWith('/throttled') ? 'throttled' : 'free';
    const id = String(req.headers['x-webhook-id']);
    if (seen.receipts[path].has(id)) seen.duplicates += 1;
    else seen.receipts[path].set(id, at);
    seen.done();
    res.writeHead(200).end('ok');
  });
});

// ---- one run --------------------------------------------------------------------------------

interface Run {
  readonly beside: boolean;
  /** The unthrottled webhook's deliveries/s, from the workers' start to its last receipt. */
  readonly freeRate: number;
  /** The throttled webhook: deliveries/s over the window from its first receipt, and per whole second. */
  readonly throttled?: { rate: number; perSecond: number[]; maxAttempts: number; allMs: number };
  readonly duplicates: number;
  readonly load: number;
}

/** The worker processes, started and halted together. */
let runNumber = 0;
async function run(input: {
  storage: Storage;
  admin: pg.Client;
  workers: Workers;
  url: string;
  beside: boolean;
  throttledEvents?: number;
  freeEvents?: number;
}): Promise<Run> {
  const { storage, admin, workers, url, beside } = input;
  const throttledEvents = input.throttledEvents ?? throttledCount;
  const freeEvents = input.freeEvents ?? freeCount;
  runNumber += 1;
  const webhook = async (name: Path, limit?: number) => {
    const affiliateId = `aff_${name}_${runNumber}`;
    const service = serviceOf(storage, affiliateId);
    await service.affiliates.upsert({ id: affiliateId, name: `${name} ${runNumber}` });
    const created = await service.webhooks.create({
      affiliateId,
      name,
      url: `${url}/${name}`,
      authentication: true,
      webhookInterests: ['order_created'],
      ...(limit === undefined ? {} : { rateLimit: limit }),
    });
    return { service, affiliateId, id: created.id };
  };
  const free = await webhook('free');
  const throttled = beside ? await webhook('throttled', rate) : undefined;
  if (throttled) await queueOrderEvents(throttled.service, throttledEvents, throttled.affiliateId);
  await queueOrderEvents(free.service, freeEvents, free.affiliateId);
  // What autovacuum does on a live database; without it the planner misjudges a grown outbox.
  await admin.query(`analyze "${schema}".deliveries`);
  const load = loadavg()[0]!;

  const finished = new Promise<void>((resolve) => {
    const deadline = setTimeout(resolve, runDeadlineMs);
    seen = {
      receipts: { throttled: new Map(), free: new Map() },
      duplicates: 0,
      done: () => {
        const all =
          seen.receipts.free.size >= freeEvents &&
          seen.receipts.throttled.size >= (beside ? throttledEvents : 0);
        if (!all) return;
        clearTimeout(deadline);
        resolve();
      },
    };
  });
  const start = performance.now();
  workers.go();
  await finished;
  await workers.halt();
  if (seen.receipts.free.size !== freeEvents || (beside && seen.receipts.throttled.size !== throttledEvents))
    throw new Error(
      `received ${seen.receipts.free.size} of ${freeEvents} free, ${seen.receipts.throttled.size} throttled, in ${runDeadlineMs} ms`,
    );
  const freeLast = Math.max(...seen.receipts.free.values());
  const freeRate = (freeEvents / (freeLast - start)) * 1000;
  let throttledResult: Run['throttled'];
  if (throttled) {
    const times = [...seen.receipts.throttled.values()].sort((a, b) => a - b);
    const first = times[0]!;
    const perSecond = Array.from({ length: windowS }, (_, k) => {
      const from = first + k * 1000;
      return times.filter((at) => at >= from && at < from + 1000).length;
    });
    const { rows } = await admin.query<{ max: number }>(
      `select max(attempts)::int as max from "${schema}".deliveries where webhook_id = $1`,
      [throttled.id],
    );
    throttledResult = {
      rate: perSecond.reduce((sum, n) => sum + n, 0) / windowS,
      perSecond,
      maxAttempts: rows[0]!.max,
      allMs: times.at(-1)! - first,
    };
  }
  const result: Run = {
    beside,
    freeRate,
    ...(throttledResult ? { throttled: throttledResult } : {}),
    duplicates: seen.duplicates,
    load,
  };
  console.log(
    `${beside ? 'beside' : 'alone '}: unthrottled ${Math.round(freeRate)}/s${
      throttledResult
        ? `; throttled ${throttledResult.rate.toFixed(2)}/s over ${windowS} s (per second ${Math.min(...throttledResult.perSecond)}–${Math.max(...throttledResult.perSecond)}), all ${throttledEvents} in ${ms(throttledResult.allMs)}, most attempts ${throttledResult.maxAttempts}`
        : ''
    }; ${seen.duplicates} duplicates, load ${load.toFixed(1)}`,
  );
  return result;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

// ---- the parent -----------------------------------------------------------------------------

type Pair = { alone: Run; beside: Run };

async function main(): Promise<void> {
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
    // Warm-up, unmeasured: both runs once (the throttled backlog short), so no measured run compiles code paths.
    for (const beside of [false, true])
      await run({ storage, admin, workers, url, beside, throttledEvents: rate * 2 });
    const pairs: Pair[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      const pair: Partial<Pair> = {};
      for (const beside of order)
        pair[beside ? 'beside' : 'alone'] = await run({ storage, admin, workers, url, beside });
      pairs.push(pair as Pair);
    }
    report(pairs, (performance.now() - started) / 1000);
  } finally {
    await workers.exit();
    server.close();
    await storage.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

// ---- the table ------------------------------------------------------------------------------

function report(pairs: readonly Pair[], totalSeconds: number): void {
  const aim = { rate: 0.05, throughput: 0.9 };
  const ratio = (pair: Pair) => pair.beside.freeRate / pair.alone.freeRate;
  const median = [...pairs].sort((a, b) => ratio(a) - ratio(b))[Math.floor(pairs.length / 2)]!;
  const throttled = median.beside.throttled!;
  const whole = (value: number) => Math.round(value).toLocaleString('en-US');
  const off = Math.abs(throttled.rate - rate) / rate;
  const loads = pairs.flatMap((pair) => [pair.alone.load, pair.beside.load]).sort((a, b) => a - b);
  const duplicates = pairs.reduce((sum, pair) => sum + pair.alone.duplicates + pair.beside.duplicates, 0);
  const maxAttempts = Math.max(...pairs.map((pair) => pair.beside.throttled!.maxAttempts));
  const rateMet = pairs.every((pair) => Math.abs(pair.beside.throttled!.rate - rate) / rate <= aim.rate);
  const roundsLine = pairs
    .map((pair) => {
      const one = pair.beside.throttled!;
      return `throttled ${one.rate.toFixed(2)}/s (${Math.min(...one.perSecond)}–${Math.max(...one.perSecond)} a second), unthrottled ${whole(pair.beside.freeRate)} vs ${whole(pair.alone.freeRate)}/s (${ratio(pair).toFixed(2)})`;
    })
    .join(' — ');
  const markdown = `## Rate limits: a throttled webhook beside an unthrottled one (\`bench/throttle.bench.ts\`)

${machineLine()} ${workerCount} worker processes run \`runWorker\` (batches of ${benchWorkerPacing.batchSize}, ${benchWorkerPacing.concurrency} sends in
flight, \`perEndpoint\` ${benchWorkerPacing.perEndpoint}) against the PostgreSQL server on the same 2 cores; the receiver (node:http on
127.0.0.1, in the benchmark's process) answers 200 at once. Each run gives fresh affiliates their webhooks and
queues the backlogs with the workers halted, then starts both workers. Beside: a webhook with \`rateLimit: ${rate}\` and
${throttledCount.toLocaleString('en-US')} events queued (${(throttledCount / rate).toFixed(0)} s of its rate), and an unthrottled webhook with ${freeCount.toLocaleString('en-US')} events queued
after them; the run lasts until every throttled event was received. Alone: the unthrottled webhook and its
${freeCount.toLocaleString('en-US')} events by themselves. The throttled rate is what the receiver got in the ${windowS} s from the throttled
webhook's first receipt (least and most in any of those whole seconds); unthrottled deliveries/s is from the
workers' start to its last receipt. One warm-up pair (a short throttled backlog), then ${pairs.length} rounds, each an alone and a beside run back
to back (alone first in odd rounds, last in even ones); the table shows the round with the median unthrottled
throughput ratio (1-minute load average at the start of the runs: ${loads[0]!.toFixed(1)}–${loads.at(-1)!.toFixed(1)}${
    loads.at(-1)! > 2.5 ? ', other work shared the machine' : ''
  }).

| run | throttled deliveries/s over ${windowS} s | least / most in a second | unthrottled deliveries/s | vs alone |
|---|---:|---:|---:|---:|
| alone | – | – | ${whole(median.alone.freeRate)} | – |
| beside | ${throttled.rate.toFixed(2)} | ${Math.min(...throttled.perSecond)} / ${Math.max(...throttled.perSecond)} | ${whole(median.beside.freeRate)} | ${ratio(median).toFixed(2)} |

Against the aim (the throttled webhook within ±${aim.rate * 100} % of ${rate}/s, the unthrottled one keeping ≥ ${aim.throughput} of its
throughput): rate ${rateMet ? 'met in every round' : '**not met in every round**'} (median round ${(off * 100).toFixed(1)} % off); throughput ${
    ratio(median) >= aim.throughput ? 'met' : '**not met**'
  } (${ratio(median).toFixed(2)}). Every throttled delivery took ${maxAttempts === 1 ? 'one attempt' : `at most ${maxAttempts} attempts`} (held deliveries spend none); ${
    duplicates === 0 ? 'no event arrived twice' : `${duplicates} events arrived twice`
  }.

Rounds: ${roundsLine}. Total ${Math.round(totalSeconds)} s.
`;
  writeSection('throttle', markdown);
  console.log(markdown);
}

if (process.argv[2] === 'worker') await worker();
else await main();
