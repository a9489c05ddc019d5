/**
 * What a delivery costs, for the capacity model of docs/operations.md: worker processes running
 * `runWorker` (the production entry point) drain an outbox of EVENTS queued deliveries on the
 * PostgreSQL server to a receiver in a process of its own that answers 200 at once. Measured per
 * delivery: each worker's CPU (`process.cpuUsage`), the receiver's, and PostgreSQL's — only the
 * server processes of this benchmark's own connections (found by `application_name` in
 * `pg_stat_activity`, read from /proc). Runs with 1, 2 and 4 workers; from the 1-worker costs it
 * predicts what more workers reach on this machine and compares with what they did. Writes its table
 * to docs/benchmarks.md (`capacity`).
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/capacity.bench.ts
 * (EVENTS=10000, ROUNDS=2 by default; needs the PostgreSQL server of DATABASE_URL.)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createService, runWorker, type Service, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions, benchWorkerPacing, queueOrderEvents } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { followPostgres, withApplicationName } from './postgres-cpu';
import { nextMessage } from './worker-processes';

const events = Number(process.env.EVENTS ?? 10_000);
const rounds = Number(process.env.ROUNDS ?? 2);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Every connection of this benchmark carries this name, so its server processes can be found. */
const appName = process.env.BENCH_APP ?? `bench_capacity_${process.pid}`;
const secretKey = process.env.BENCH_SECRET_KEY ?? randomBytes(32).toString('base64');

const serviceOptions = (storage: Storage) =>
  benchServiceOptions(storage, { affiliateId: 'aff_cap', secretKey });

const cpuMicros = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

// ---- child processes -----------------------------------------------------------------------

/** A receiver answering 200 at once; reports its CPU when asked. */
async function receiver(): Promise<void> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: string) => {
    if (message === 'report') process.send?.({ received, cpu: cpuMicros() });
    if (message === 'exit') process.exit(0);
  });
  process.send?.({ port: (server.address() as AddressInfo).port });
}

/** One worker process: `runWorker` until told to stop, then its CPU and deliveries. */
async function worker(schema: string): Promise<void> {
  const storage = await connectPostgres({
    connectionString: withApplicationName(databaseUrl, appName),
    schema,
    max: 4,
  });
  const service = createService(serviceOptions(storage));
  const controller = new AbortController();
  let delivered = 0;
  let cpuAtGo = 0;
  process.on('message', (message: string) => {
    if (message === 'go') {
      cpuAtGo = cpuMicros();
      void runWorker({
        service,
        signal: controller.signal,
        ...benchWorkerPacing,
        onBatch: (summary) => {
          delivered += summary.succeeded;
        },
      }).then(async () => {
        process.send?.({ delivered, cpu: cpuMicros() - cpuAtGo });
        await storage.close();
        process.exit(0);
      });
    }
    if (message === 'stop') controller.abort();
  });
  process.send?.({ ready: true });
}

// ---- the parent ----------------------------------------------------------------------------

function child(args: readonly string[]): ChildProcess {
  return fork(fileURLToPath(import.meta.url), [...args], {
    execArgv: ['--conditions=@affiliate-commerce/source', '--import', 'tsx'],
    env: { ...process.env, BENCH_APP: appName, BENCH_SECRET_KEY: secretKey },
  });
}

interface Run {
  readonly workers: number;
  readonly perSecond: number;
  readonly workerMicros: number;
  readonly postgresMicros: number;
  readonly receiverMicros: number;
}

async function queue(service: Service, admin: pg.Client, schema: string) {
  await queueOrderEvents(service, events, 'aff_cap');
  await admin.query(`analyze "${schema}".deliveries, "${schema}".delivery_queue`);
}

async function drain(
  schema: string,
  count: number,
  admin: pg.Client,
  receiverProc: ChildProcess,
): Promise<Run> {
  const workers = Array.from({ length: count }, () => child(['worker', schema]));
  await Promise.all(workers.map((proc) => nextMessage(proc)));
  receiverProc.send('report');
  const receiverBefore = await nextMessage<{ received: number; cpu: number }>(receiverProc);
  const postgres = followPostgres(admin, appName);
  await postgres.sample();
  const started = performance.now();
  const reports = workers.map((proc) => nextMessage<{ delivered: number; cpu: number }>(proc));
  for (const proc of workers) proc.send('go');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await postgres.sample();
    const { rows } = await admin.query<{ n: string }>(`select count(*) as n from "${schema}".delivery_queue`);
    if (Number(rows[0]?.n) === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await postgres.sample();
  for (const proc of workers) proc.send('stop');
  const done = await Promise.all(reports);
  receiverProc.send('report');
  const receiverAfter = await nextMessage<{ received: number; cpu: number }>(receiverProc);
  const delivered = done.reduce((sum, report) => sum + report.delivered, 0);
  if (delivered !== events) throw new Error(`delivered ${delivered} of ${events}`);
  return {
    workers: count,
    perSecond: events / seconds,
    workerMicros: done.reduce((sum, report) => sum + report.cpu, 0) / events,
    postgresMicros: postgres.usedMicros() / events,
    receiverMicros: (receiverAfter.cpu - receiverBefore.cpu) / events,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const schema = `bench_capacity_${randomBytes(3).toString('hex')}`;
  const load0 = loadavg()[0]!;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const receiverProc = child(['receiver']);
  const { port } = await nextMessage<{ port: number }>(receiverProc);
  const storage = await connectPostgres({ connectionString: databaseUrl, schema, max: 8 });
  try {
    const service = createService(serviceOptions(storage));
    await storage.affiliates.upsert({
      affiliate: { id: 'aff_cap', name: 'Capacity', ecommerceEnabled: true, createdAt: new Date() },
    });
    const created = await service.handle(
      new Request('http://bench/v2/webhooks', {
        method: 'POST',
        headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'capacity',
          url: `http://127.0.0.1:${port}/hook`,
          authentication: true,
          webhookInterests: ['order_created'],
        }),
      }),
    );
    if (created.status !== 201) throw new Error(`creating the webhook answered ${created.status}`);
    const runs: Run[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      for (const count of [1, 2, 4]) {
        await queue(service, admin, schema);
        const run = await drain(schema, count, admin, receiverProc);
        // Round 0 warms the server's caches and plans; it is not kept.
        if (round > 0) runs.push(run);
        console.log(
          `round ${round}, ${count} worker(s): ${fmt(run.perSecond)}/s, worker ${fmt(run.workerMicros)} µs, PostgreSQL ${fmt(
            run.postgresMicros,
          )} µs, receiver ${fmt(run.receiverMicros)} µs per delivery`,
        );
      }
    }
    const of = (count: number) => {
      const mine = runs.filter((run) => run.workers === count);
      return {
        perSecond: median(mine.map((run) => run.perSecond)),
        workerMicros: median(mine.map((run) => run.workerMicros)),
        postgresMicros: median(mine.map((run) => run.postgresMicros)),
        receiverMicros: median(mine.map((run) => run.receiverMicros)),
      };
    };
    const one = of(1);
    const two = of(2);
    const four = of(4);
    const cores = cpus().length;
    // Everything shares this machine's cores: two workers can at most use all of them.
    const perDelivery = one.workerMicros + one.postgresMicros + one.receiverMicros;
    const predicted = (cores * 1_000_000) / perDelivery;
    const row = (label: string, run: ReturnType<typeof of>) =>
      `| ${label} | ${fmt(run.perSecond)} | ${fmt(run.workerMicros)} µs | ${fmt(run.postgresMicros)} µs | ${fmt(run.receiverMicros)} µs |`;
    const markdown = [
      '## Capacity: what one delivery costs (`bench/capacity.bench.ts`)',
      '',
      machineLine(),
      `Load average at the start: ${load0.toFixed(2)}. ${fmt(events)} queued order_created deliveries per run to one signed v2 webhook; ` +
        'each worker is a process of its own running `runWorker` (batches of 100, 16 sends in flight, pool of 4 connections); ' +
        'the receiver is a process of its own answering 200 at once; the PostgreSQL server is on the same cores. ' +
        `CPU per delivery: the workers' own (\`process.cpuUsage\`), the receiver's, and PostgreSQL's server processes of this benchmark's connections only. ` +
        `Medians of ${rounds} rounds after a warm-up round.`,
      '',
      '| workers | deliveries/s | worker CPU / delivery | PostgreSQL CPU / delivery | receiver CPU / delivery |',
      '|---|---:|---:|---:|---:|',
      row('1 process', one),
      row('2 processes', two),
      row('4 processes', four),
      '',
      `Check of the model: from the 1-worker costs, ${fmt(perDelivery)} µs of CPU per delivery in all (worker, database, receiver), ` +
        `the ${cores} cores of this machine allow at most ${fmt(predicted)} deliveries/s; 2 workers reached ${fmt(two.perSecond)}/s ` +
        `(${((two.perSecond / predicted) * 100).toFixed(0)} % of that bound) and 4 workers ${fmt(four.perSecond)}/s ` +
        `(${((four.perSecond / predicted) * 100).toFixed(0)} %): more processes than cores only add contention.`,
    ].join('\n');
    console.log(`\n${markdown}`);
    writeSection('capacity', markdown);
  } finally {
    receiverProc.send('exit');
    await storage.close();
    await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await admin.end();
  }
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'receiver') await receiver();
else if (mode === 'worker') await worker(arg!);
else await main();
