/**
 * Delivery throughput from the PostgreSQL outbox to a local receiver, side by side in one run
 * with the floor: plain undici POSTs of the same bodies at the same concurrency to the same
 * receiver. Writes its table to docs/benchmarks.md (`delivery`).
 *
 * Two receivers: one that answers at once (the comparison measures CPU) and one that answers
 * after 5 ms, as a fast receiver on the same network would. Each round queues EVENTS fresh
 * events (not timed), delivers them with `runWorker` (the production entry point), then POSTs
 * the same signed bodies with undici. A warm-up round of each comes first, so neither side is
 * measured while its code is still being compiled; the table gives, per receiver, the round
 * with the median SDK/floor ratio of ROUNDS rounds.
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/delivery.bench.ts
 * (EVENTS=5000 and ROUNDS=5 by default; needs the PostgreSQL server of DATABASE_URL.)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, type EventRecord, webhookHeaders } from '@affiliate-commerce/core';
import { buildV2Payload } from '@affiliate-commerce/core/http';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { Agent, request } from 'undici';
import { benchServiceOptions, benchWorkerPacing, deliverAll, queueOrderEvents } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { followPostgres, withApplicationName } from './postgres-cpu';

const events = Number(process.env.EVENTS ?? 5000);
const rounds = Number(process.env.ROUNDS ?? 5);
const { batchSize, concurrency } = benchWorkerPacing;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_delivery_${randomBytes(3).toString('hex')}`;

let received = 0;
/** How long the receiver takes to answer: 0 (at once), or a few ms as a fast receiver on the same network. */
let answerDelayMs = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    if (answerDelayMs === 0) res.writeHead(200).end('ok');
    else setTimeout(() => res.writeHead(200).end('ok'), answerDelayMs);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const applicationName = `bench_delivery_${process.pid}`;
const storage = await connectPostgres({
  connectionString: withApplicationName(databaseUrl, applicationName),
  schema,
  max: 20,
});
const options = benchServiceOptions(storage);
const service = createService(options);
// The same outbox with no network at all: an HTTP client that answers 200 at once, to show what
// the database work alone allows.
const offline = createService({
  ...options,
  http: {
    request: async () => {
      received += 1;
      return { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 0 };
    },
  },
});
const created = await service.handle(
  new Request('http://bench/v2/webhooks', {
    method: 'POST',
    headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', url, authentication: true, webhookInterests: ['order_created'] }),
  }),
);
const secret = ((await created.json()) as { data: { credentials: { secret: string } } }).data.credentials
  .secret;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();

/** Queues `count` order_created events, then refreshes the planner's statistics. */
async function queue(count: number): Promise<EventRecord[]> {
  const records = await queueOrderEvents(service, count);
  // What autovacuum does on a live database; without it the planner misjudges a freshly filled outbox.
  await admin.query(`analyze "${schema}".deliveries, "${schema}".delivery_queue`);
  return records;
}

interface Run {
  readonly ms: number;
  readonly nodeCpuMs: number;
  readonly postgresCpuMs: number;
}

async function measured(run: () => Promise<void>): Promise<Run> {
  const cpu = process.cpuUsage();
  // Only the server processes of this benchmark's own connections: other databases' work on the
  // same server is not counted.
  const postgres = followPostgres(admin, applicationName);
  await postgres.sample();
  const sampling = setInterval(() => void postgres.sample(), 100);
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  clearInterval(sampling);
  await postgres.sample();
  const used = process.cpuUsage(cpu);
  return { ms, nodeCpuMs: (used.user + used.system) / 1000, postgresCpuMs: postgres.usedMicros() / 1000 };
}

let writes = 0;
/** This SDK: runWorker claims batches of 100 with FOR UPDATE SKIP LOCKED, keeps 16 sends in flight, records every attempt. */
async function sdk(count: number, worker = service): Promise<Run> {
  received = 0;
  let delivered = 0;
  writes = 0;
  const run = await measured(async () => {
    delivered = await deliverAll(worker, count, () => {
      writes += 1;
    });
  });
  if (delivered !== count || received !== count)
    throw new Error(`delivered ${delivered}, received ${received} of ${count}`);
  return run;
}

/** The floor: the same bodies and headers, POSTed with undici at the same concurrency, nothing recorded. */
const agent = new Agent({ connections: concurrency });
async function floor(records: readonly EventRecord[]): Promise<Run> {
  // The same request the SDK sends: body, signature and the headers of docs/api.md §11.1, built beforehand.
  const bodies = await Promise.all(
    records.map(async (record) => {
      const body = JSON.stringify(buildV2Payload(record, { attemptAt: new Date() }));
      const headers = await webhookHeaders({
        version: 'v2',
        eventId: record.eventId,
        secrets: [secret],
        timestamp: Math.floor(Date.now() / 1000),
        body,
      });
      return { body, headers };
    }),
  );
  received = 0;
  let next = 0;
  const run = await measured(async () => {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < bodies.length; i = next++) {
          const { body, headers } = bodies[i]!;
          const answer = await request(url, { method: 'POST', body, dispatcher: agent, headers });
          await answer.body.dump();
        }
      }),
    );
  });
  if (received !== bodies.length) throw new Error(`floor received ${received} of ${bodies.length}`);
  return run;
}

// Warm-up: both paths once, unmeasured.
const warm = await queue(1000);
await sdk(warm.length);
await floor(warm);

interface Scenario {
  readonly delayMs: number;
  readonly offline: boolean;
  readonly ours: Run[];
  readonly floors: Run[];
}

async function scenario(delayMs: number, count: number, offlineSdk = false): Promise<Scenario> {
  answerDelayMs = delayMs;
  const result: Scenario = { delayMs, offline: offlineSdk, ours: [], floors: [] };
  for (let round = 0; round < count; round += 1) {
    const records = await queue(events);
    result.ours.push(await sdk(events, offlineSdk ? offline : service));
    result.floors.push(await floor(records));
    console.log(
      `receiver +${delayMs} ms${offlineSdk ? ' (SDK offline)' : ''}, round ${round + 1}: SDK ${rate(result.ours.at(-1)!)}/s (${writes} outcome writes), floor ${rate(result.floors.at(-1)!)}/s`,
    );
  }
  return result;
}

const rate = (run: Run) => Math.round((events / run.ms) * 1000);
const scenarios = [await scenario(0, rounds), await scenario(5, rounds), await scenario(0, rounds, true)];

await agent.close();
server.close();
await storage.close();
await admin.query(`drop schema "${schema}" cascade`);
await admin.end();

// The machine's speed drifts between rounds (shared cores), so each round is a pair run back to
// back, and the table shows the round whose SDK/floor ratio is the median.
function medianRound({ ours, floors }: Scenario): { sdk: Run; floor: Run; ratio: (i: number) => number } {
  const ratio = (i: number) => floors[i]!.ms / ours[i]!.ms;
  const middle = ours.map((_, i) => i).sort((a, b) => ratio(a) - ratio(b))[Math.floor(ours.length / 2)]!;
  return { sdk: ours[middle]!, floor: floors[middle]!, ratio };
}
/** Deliveries per second that `cpuMs` of CPU per `events` deliveries allows on one core. */
const ceiling = (cpuMs: number) => Math.round((events / cpuMs) * 1000);
const perDelivery = (ms: number) => `${Math.round((ms * 1000) / events)} µs`;
const row = (receiver: string, sender: string, run: Run, floorRun: Run) =>
  `| ${receiver} | ${sender} | ${rate(run).toLocaleString('en-US')} | ${(floorRun.ms / run.ms).toFixed(2)} | ${perDelivery(run.nodeCpuMs)} | ${perDelivery(run.postgresCpuMs)} |`;
const rows = scenarios.flatMap((each) => {
  const { sdk: sdkRun, floor: floorRun } = medianRound(each);
  const receiver = each.delayMs === 0 ? 'answers at once' : `answers after ${each.delayMs} ms`;
  if (each.offline) {
    return [
      row('none (SDK offline)', 'this SDK with an HTTP client that answers 200 at once', sdkRun, floorRun),
    ];
  }
  return [
    row(receiver, `floor: undici POSTs, concurrency ${concurrency}`, floorRun, floorRun),
    row(receiver, 'this SDK: outbox → runWorker → receiver', sdkRun, floorRun),
  ];
});
const { sdk: sdkRun, floor: floorRun } = medianRound(scenarios[0]!);
const roundsLine = (each: Scenario) =>
  each.ours
    .map(
      (run, i) =>
        `${rate(run).toLocaleString('en-US')} vs ${rate(each.floors[i]!).toLocaleString('en-US')} (${medianRound(each).ratio(i).toFixed(2)})`,
    )
    .join('; ');
const offlineRatio = medianRound(scenarios[2]!).floor.ms / medianRound(scenarios[2]!).sdk.ms;
const markdown = `## Delivery throughput from the PostgreSQL outbox (\`bench/delivery.bench.ts\`)

${machineLine()} ${events.toLocaleString('en-US')} order_created events per round queued for one signed v2
webhook on a local receiver (node:http on 127.0.0.1, in the same process) that answers at once or after 5 ms,
with the PostgreSQL server on the same 2 cores. The SDK runs \`runWorker\` (batches of ${batchSize} claimed with
\`FOR UPDATE SKIP LOCKED\`, the next batch claimed while the current one is sent, ${concurrency} sends in flight (\`perEndpoint\` ${concurrency}) through
the SSRF guard, every attempt recorded, outcomes written in groups). The floor POSTs the same signed bodies
with the same headers (prepared beforehand) with undici at the same concurrency, and records nothing. One
warm-up round of each, then ${rounds} rounds per receiver, each the SDK then the floor back to back; the table shows
the round with the median ratio (the machine's speed drifts between rounds). CPU is what each side cost per
delivery in this process (the receiver included, for both) and in PostgreSQL (the server processes of
this benchmark's own connections only, found by their \`application_name\`).

| receiver | sender | deliveries/s | vs floor | Node CPU / delivery | PostgreSQL CPU / delivery |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}

Where the time goes, with a receiver that answers at once: every delivery costs this process
${perDelivery(sdkRun.nodeCpuMs)} of CPU (the floor's whole request, receiver included, ${perDelivery(floorRun.nodeCpuMs)}) and PostgreSQL
${perDelivery(sdkRun.postgresCpuMs)} (claim, lease, attempt log, outcome). This process's main thread alone caps the SDK near
${ceiling(sdkRun.nodeCpuMs).toLocaleString('en-US')}/s, and the two cores, shared with PostgreSQL, near
${ceiling((sdkRun.nodeCpuMs + sdkRun.postgresCpuMs) / 2).toLocaleString('en-US')}/s, while the floor does a fraction of the work on one core: against an instant
receiver the comparison measures CPU, and the durable outbox costs several times a bare POST. A
receiver that takes time to answer, as every real one does, leaves room for that work: the SDK's
${concurrency} sends stay in flight while its database work overlaps them. More throughput comes from more worker
processes on more cores; they share the outbox safely (\`examples/demo-server/src/worker.test.ts\`).

A CPU profile of the worker alone (receiver in another process, 20,000 deliveries, receiver
answering at once; 139 µs of worker CPU per delivery on a quiet machine): 29 % of it is the
\`writev\` system call, where on one machine the kernel does the loopback TCP work of both ends;
20 % is core's own code (the send loop, endpoint slots, breakers, building and signing the v2
payload); 12 % Node's internals (streams, timers, microtasks); 11 % undici; 7 % the PostgreSQL
driver and store (claims and the grouped outcome writes); 5 % garbage collection. No single
function stands out: what the floor skips is the outbox itself (a claim and an outcome per
delivery, the attempt log, the SSRF-pinned client), not a slow step inside it.

The offline row compares with the floor of its own rounds (receiver answering at once): with no
network at all, the outbox's database work alone runs at ${offlineRatio.toFixed(2)} of the floor${
  offlineRatio < 0.5
    ? ', so no HTTP client could bring the SDK to half of it on this machine.'
    : '; the rest of the gap is the HTTP exchange sharing the cores with the database work.'
}

Rounds (SDK vs floor, deliveries/s, ratio), receiver answering at once: ${roundsLine(scenarios[0]!)}; after 5 ms: ${roundsLine(scenarios[1]!)}; SDK offline: ${roundsLine(scenarios[2]!)}.
`;
writeSection('delivery', markdown);
console.log(markdown);
