/**
 * Outbox retention under load: does `deliveries.prune` slow the worker down? Writes its table to
 * docs/benchmarks.md (`prune`).
 *
 * A schema of its own on the PostgreSQL server is seeded with SEED old succeeded deliveries (60
 * days old), each with its attempt and its event (INSERT ... SELECT from generate_series). Then
 * ROUNDS paired rounds: EVENTS fresh events delivered by `runWorker` to a local receiver that
 * answers at once, once alone and once with `service.deliveries.prune` running beside it (the
 * order alternates between rounds, so the machine's drift falls on both). Each claim is timed.
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/prune.bench.ts
 * (SEED=1000000, EVENTS=2000 and ROUNDS=5 by default; needs the PostgreSQL server of DATABASE_URL.)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createService, type PruneCounts, runWorker, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions, benchWorkerPacing, deliverAll, queueOrderEvents } from './bench-service';
import { machineLine, writeSection } from './docs-section';

const seed = Number(process.env.SEED ?? 1_000_000);
const events = Number(process.env.EVENTS ?? 2000);
const rounds = Number(process.env.ROUNDS ?? 5);
const { batchSize, concurrency } = benchWorkerPacing;
const pruneBatch = 1_000;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_prune_${randomBytes(3).toString('hex')}`;
const started = performance.now();
const load0 = loadavg()[0]!;

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const storage = await connectPostgres({ connectionString: databaseUrl, schema, max: 20 });
// Every claim of the worker, timed.
let claims: number[] = [];
const watched: Storage = {
  ...storage,
  deliveries: {
    ...storage.deliveries,
    claimDue: async (input) => {
      const at = performance.now();
      const rows = await storage.deliveries.claimDue(input);
      claims.push(performance.now() - at);
      return rows;
    },
  },
};
const service = createService(benchServiceOptions(watched));
await service.affiliates.upsert({ id: 'aff_bench', name: 'Bench' });
const created = await service.handle(
  new Request('http://bench/v2/webhooks', {
    method: 'POST',
    headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', url, authentication: true, webhookInterests: ['order_created'] }),
  }),
);
const webhookId = ((await created.json()) as { data: { id: string } }).data.id;

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const s = `"${schema}"`;
const seedStarted = performance.now();
await admin.query('set synchronous_commit = off');
await admin.query(
  `insert into ${s}.events (affiliate_id, id, event_type, occurred_at, data)
   select 'aff_bench', 'evt_old_' || g, 'order_created', now() - interval '60 days', '{"order_id":"ord_old"}'::jsonb
   from generate_series(1, $1::int) g`,
  [seed],
);
await admin.query(
  `insert into ${s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
     last_attempt_at, last_status_code, created_at, updated_at)
   select 'aff_bench', 'dlv_old_' || g, $2, 'evt_old_' || g, 'order_created', 'succeeded', 1,
     now() - interval '60 days', 200, now() - interval '60 days', now() - interval '60 days'
   from generate_series(1, $1::int) g`,
  [seed, webhookId],
);
await admin.query(
  `insert into ${s}.delivery_attempts (affiliate_id, id, delivery_id, webhook_id, event_id, event_type, attempt,
     attempted_at, payload_version, succeeded, status_code, latency_ms, response_body)
   select 'aff_bench', 'att_old_' || g, 'dlv_old_' || g, $2, 'evt_old_' || g, 'order_created', 1,
     now() - interval '60 days', 'v2', true, 200, 5, 'ok'
   from generate_series(1, $1::int) g`,
  [seed, webhookId],
);
await admin.query(`analyze ${s}.events; analyze ${s}.deliveries; analyze ${s}.delivery_attempts`);
const seedSeconds = (performance.now() - seedStarted) / 1000;
console.log(
  `seeded ${seed.toLocaleString('en-US')} old deliveries, attempts and events in ${seedSeconds.toFixed(1)} s`,
);

async function queue(count: number): Promise<void> {
  await queueOrderEvents(service, count);
  await admin.query(`analyze ${s}.deliveries`);
}

interface Run {
  readonly ms: number;
  readonly maxClaimMs: number;
  readonly pruned?: PruneCounts;
  readonly pruneMs?: number;
}

/** Delivers `count` queued events with runWorker, with a prune running beside it when asked. */
async function deliver(count: number, withPrune: boolean): Promise<Run> {
  received = 0;
  claims = [];
  const pruning = new AbortController();
  const at = performance.now();
  const prune = withPrune
    ? service.deliveries.prune({ signal: pruning.signal, batchSize: pruneBatch }).then((pruned) => ({
        pruned,
        pruneMs: performance.now() - at,
      }))
    : undefined;
  const delivered = await deliverAll(service, count);
  const ms = performance.now() - at;
  pruning.abort();
  const pruneRun = await prune;
  if (delivered !== count || received !== count)
    throw new Error(`delivered ${delivered}, received ${received} of ${count}`);
  return { ms, maxClaimMs: Math.max(...claims), ...pruneRun };
}

// Warm-up, unmeasured.
await queue(500);
await deliver(500, false);

const alone: Run[] = [];
const beside: Run[] = [];
for (let round = 0; round < rounds; round += 1) {
  for (const withPrune of round % 2 === 0 ? [false, true] : [true, false]) {
    await queue(events);
    const run = await deliver(events, withPrune);
    (withPrune ? beside : alone).push(run);
  }
  const a = alone.at(-1)!;
  const b = beside.at(-1)!;
  console.log(
    `round ${round + 1}: alone ${rate(a)}/s (longest claim ${a.maxClaimMs.toFixed(1)} ms), with prune ${rate(b)}/s (longest claim ${b.maxClaimMs.toFixed(1)} ms, pruned ${pruneRate(b)} rows/s)`,
  );
}

/**
 * Emits and delivers without pause (an emitter keeps events coming while the worker sends them)
 * until `done` settles; the worker's deliveries/s over that time.
 */
async function streaming(
  done: Promise<unknown>,
): Promise<{ perSecond: number; ms: number; maxClaimMs: number }> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  claims = [];
  let delivered = 0;
  const worker = new AbortController();
  const at = performance.now();
  const emitting = (async () => {
    while (!finished) await queueOrderEvents(service, 200);
  })();
  const working = runWorker({
    service,
    signal: worker.signal,
    ...benchWorkerPacing,
    onBatch: (summary) => {
      delivered += summary.succeeded;
    },
  });
  await done;
  const ms = performance.now() - at;
  const counted = delivered;
  await emitting;
  worker.abort();
  await working;
  return { perSecond: (counted / ms) * 1000, ms, maxClaimMs: Math.max(...claims) };
}

// The whole of what is left, pruned to the end while events keep streaming in, beside the same
// stream alone for a while first.
const streamAlone = await streaming(new Promise((resolve) => setTimeout(resolve, 10_000)));
const wholeAt = performance.now();
let whole: { pruned: PruneCounts; ms: number } | undefined;
const streamPruned = await streaming(
  service.deliveries.prune({ batchSize: pruneBatch }).then((pruned) => {
    whole = { pruned, ms: performance.now() - wholeAt };
  }),
);
console.log(
  `whole prune: ${JSON.stringify(whole)}; streaming alone ${streamAlone.perSecond.toFixed(0)}/s, with prune ${streamPruned.perSecond.toFixed(0)}/s`,
);

const left = await admin.query<{ n: number }>(
  `select count(*)::int as n from ${s}.deliveries where id like 'dlv\\_old\\_%'`,
);
server.close();
await storage.close();
await admin.query(`drop schema ${s} cascade`);
await admin.end();

function rate(run: Run): number {
  return Math.round((events / run.ms) * 1000);
}
function rowsOf(run: Run): number {
  return run.pruned ? run.pruned.deliveries + run.pruned.attempts + run.pruned.events : 0;
}
function pruneRate(run: Run): number {
  return run.pruneMs ? Math.round((rowsOf(run) / run.pruneMs) * 1000) : 0;
}
const ratios = alone.map((a, i) => rate(beside[i]!) / rate(a));
const middle = ratios.map((_, i) => i).sort((x, y) => ratios[x]! - ratios[y]!)[
  Math.floor(ratios.length / 2)
]!;
const a = alone[middle]!;
const b = beside[middle]!;
const fmt = (n: number) => n.toLocaleString('en-US');
const prunedInRounds = beside.reduce((sum, run) => sum + (run.pruned?.deliveries ?? 0), 0);
const wholeRows = whole ? whole.pruned.deliveries + whole.pruned.attempts + whole.pruned.events : 0;
const totalSeconds = Math.round((performance.now() - started) / 1000);
const markdown = `## Retention beside delivery (\`bench/prune.bench.ts\`)

${machineLine()} Load average at the start: ${load0.toFixed(2)}; the paired ratio is the figure to read, the
absolute numbers move with the machine. PostgreSQL server on the same 2 cores, a schema of its own
seeded with ${fmt(seed)} succeeded deliveries 60 days old, each with its attempt and its event
(${seedSeconds.toFixed(0)} s with INSERT ... SELECT from generate_series). Each round delivers ${fmt(events)} fresh order_created
events with \`runWorker\` (batches of ${batchSize}, ${concurrency} sends in flight) to a local receiver that answers at once, once
alone and once while \`service.deliveries.prune()\` (defaults: 30 days, batches of ${fmt(pruneBatch)}) deletes old rows
beside it; the order alternates between rounds. The table shows the round with the median ratio;
"longest claim" is the slowest \`claimDue\` of the worker in that run.

| worker | deliveries/s | vs alone | longest claim | prune rows/s (deliveries + attempts + events) |
|---|---:|---:|---:|---:|
| alone | ${fmt(rate(a))} | 1.00 | ${a.maxClaimMs.toFixed(1)} ms | |
| with prune beside it | ${fmt(rate(b))} | ${ratios[middle]!.toFixed(2)} | ${b.maxClaimMs.toFixed(1)} ms | ${fmt(pruneRate(b))} |

Rounds (alone vs with prune, deliveries/s; longest claim): ${alone
  .map(
    (run, i) =>
      `${fmt(rate(run))} vs ${fmt(rate(beside[i]!))} (${run.maxClaimMs.toFixed(0)} / ${beside[i]!.maxClaimMs.toFixed(0)} ms)`,
  )
  .join('; ')}. ${
  ratios[middle]! >= 0.9
    ? `Ratios ranged from ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}: on this loaded machine the prune's cost is within the noise between rounds.`
    : `The prune cost the worker about ${Math.round((1 - ratios[middle]!) * 100)} % of its throughput here (ratios ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}).`
} Prune never touches pending rows and passes over locked ones, so claims do not wait
on it; what it costs the worker is CPU and I/O on the shared cores. ${fmt(prunedInRounds)} of the
${fmt(seed)} old deliveries were pruned over the rounds.

**The rest, to the end**: then \`service.deliveries.prune()\` ran until nothing old was left
(${fmt(wholeRows)} rows: ${fmt(whole!.pruned.deliveries)} deliveries, ${fmt(whole!.pruned.attempts)} attempts, ${fmt(whole!.pruned.events)} events) in
${(whole!.ms / 1000).toFixed(1)} s, ${fmt(Math.round((wholeRows / whole!.ms) * 1000))} rows/s, while an emitter kept events coming and
the worker delivered them: ${fmt(Math.round(streamPruned.perSecond))} deliveries/s, against ${fmt(Math.round(streamAlone.perSecond))}/s for the
same stream without the prune over the 10 s before (${(streamPruned.perSecond / streamAlone.perSecond).toFixed(2)}); longest claim
${streamPruned.maxClaimMs.toFixed(1)} ms with the prune, ${streamAlone.maxClaimMs.toFixed(1)} ms without. ${fmt(left.rows[0]!.n)} old deliveries were left; the whole run took ${totalSeconds} s.
`;
writeSection('prune', markdown);
console.log(markdown);
