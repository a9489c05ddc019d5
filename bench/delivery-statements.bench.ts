/**
 * Where PostgreSQL's time goes per event emitted and per delivery, statement by statement, from
 * `pg_stat_statements`. Writes its tables to docs/benchmarks.md (`delivery-statements`).
 *
 * Starts a PostgreSQL server of its own (faults/own-postgres.ts: a temporary folder and port,
 * `pg_stat_statements` preloaded; the shared server loads no such library), then, once with
 * statements prepared once per connection (`preparedStatements`, the default) and once without:
 * queues EVENTS order_created events for one webhook (8 emissions at a time) and delivers them
 * with `runWorker` and an HTTP client that answers 200 at once, so only the outbox's own work is
 * measured. After a warm-up of each, the statistics are reset before each phase and read after it.
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/delivery-statements.bench.ts
 * (EVENTS=10000 by default.)
 */
import { loadavg } from 'node:os';
import { createService } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { startOwnPostgres } from '../faults/own-postgres';
import { benchServiceOptions, deliverAll, queueOrderEvents } from './bench-service';
import { machineLine, writeSection } from './docs-section';

const events = Number(process.env.EVENTS ?? 10_000);

interface Statement {
  readonly query: string;
  readonly calls: string;
  readonly plans: string;
  readonly rows: string;
  readonly exec: number;
  readonly plan: number;
  readonly blocks: string;
  readonly wal: string;
}

interface Phase {
  readonly perSecond: number;
  readonly statements: Statement[];
}

/** What a statement is, in a few words, from its text. */
function nameOf(query: string): string {
  const text = query.replace(/\s+/g, ' ');
  if (text.startsWith('with target as')) return 'event and its deliveries (publish)';
  if (text.startsWith('with input as ( select * from json_to_recordset'))
    return 'outcomes: deliveries moved, attempts logged, hours counted';
  if (text.startsWith('with due as')) return 'claim: due deliveries leased, with their events';
  if (/^select \* from \S+\.orders where/.test(text)) return 'order read (the event carries it)';
  if (/^select \* from \S+\.webhooks where/.test(text)) return 'webhook read (once per batch)';
  if (text === 'begin' || text === 'commit') return text.toUpperCase();
  return text.slice(0, 60);
}

const server = await startOwnPostgres({
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track_planning': 'on',
});
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query('create extension pg_stat_statements');

async function statements(): Promise<Statement[]> {
  const { rows } = await admin.query<Statement>(
    `select query, calls, plans, rows, total_exec_time as exec, total_plan_time as plan,
       shared_blks_hit + shared_blks_read as blocks, wal_bytes as wal
     from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = current_database() and query not like '%pg_stat_statements%'
       and query not ilike 'analyze%' and calls > 0
     order by total_exec_time + total_plan_time desc limit 6`,
  );
  return rows;
}

/** Emits and delivers `count` events on a schema of its own; measures each phase when `measure` is set. */
async function emitAndDeliver(
  prepared: boolean,
  count: number,
  measure: boolean,
): Promise<{ emit: Phase; deliver: Phase }> {
  const schema = `bench_statements_${prepared ? 'named' : 'unnamed'}_${measure ? 'run' : 'warm'}`;
  const storage = await connectPostgres({
    connectionString: server.url,
    schema,
    max: 8,
    preparedStatements: prepared,
  });
  let received = 0;
  const service = createService({
    ...benchServiceOptions(storage),
    http: {
      request: async () => {
        received += 1;
        return { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 0 };
      },
    },
  });
  await service.handle(
    new Request('http://bench/v2/webhooks', {
      method: 'POST',
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench',
        url: 'http://127.0.0.1:9/hook',
        authentication: true,
        webhookInterests: ['order_created'],
      }),
    }),
  );
  await admin.query('select pg_stat_statements_reset()');
  let started = performance.now();
  await queueOrderEvents(service, count);
  const emit = { perSecond: (count / (performance.now() - started)) * 1000, statements: await statements() };
  // What autovacuum does on a live database; without it the planner misjudges a freshly filled outbox.
  await admin.query(`analyze "${schema}".deliveries, "${schema}".delivery_queue`);
  await admin.query('select pg_stat_statements_reset()');
  started = performance.now();
  await deliverAll(service, count);
  const deliver = {
    perSecond: (count / (performance.now() - started)) * 1000,
    statements: await statements(),
  };
  await storage.close();
  if (received !== count) throw new Error(`received ${received} of ${count}`);
  if (!measure) return { emit, deliver };
  console.log(
    `${prepared ? 'prepared' : 'unnamed'}: emitted ${Math.round(emit.perSecond)}/s, delivered ${Math.round(deliver.perSecond)}/s`,
  );
  return { emit, deliver };
}

const load = loadavg()[0]!;
const results = new Map<boolean, { emit: Phase; deliver: Phase }>();
for (const prepared of [true, false]) {
  await emitAndDeliver(prepared, 1_000, false);
  results.set(prepared, await emitAndDeliver(prepared, events, true));
}
await admin.end();
server.destroy();

const us = (ms: number) => `${Math.round((ms * 1000) / events)} µs`;
function table(phase: 'emit' | 'deliver', unit: string): string {
  const lines = [
    `| statement | prepared: calls per ${unit} | prepared: plans per ${unit} | prepared: execution / planning | unnamed: execution / planning | buffers per ${unit} | WAL bytes per ${unit} |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const named = results.get(true)![phase].statements;
  const unnamed = results.get(false)![phase].statements;
  for (const row of named) {
    const twin = unnamed.find((other) => nameOf(other.query) === nameOf(row.query));
    lines.push(
      `| ${nameOf(row.query)} | ${(Number(row.calls) / events).toFixed(3)} | ${(Number(row.plans) / events).toFixed(3)} | ${us(row.exec)} / ${us(row.plan)} | ${twin ? `${us(twin.exec)} / ${us(twin.plan)}` : '–'} | ${(Number(row.blocks) / events).toFixed(1)} | ${Math.round(Number(row.wal) / events)} |`,
    );
  }
  const total = (rows: Statement[]) => rows.reduce((sum, row) => sum + row.exec + row.plan, 0);
  lines.push(`| **all of the above** | | | **${us(total(named))}** | **${us(total(unnamed))}** | | |`);
  return lines.join('\n');
}

const rate = (prepared: boolean, phase: 'emit' | 'deliver') =>
  Math.round(results.get(prepared)![phase].perSecond).toLocaleString('en-US');
const markdown = `## Where PostgreSQL's time goes, statement by statement (\`bench/delivery-statements.bench.ts\`)

${machineLine()} Load average at the start: ${load.toFixed(2)}. A PostgreSQL server of the benchmark's own
(the Debian server's binaries, \`pg_stat_statements\` loaded, fsync off) on the same 2 cores;
${events.toLocaleString('en-US')} order_created events for one webhook, emitted 8 at a time, then delivered by \`runWorker\` (batches of
100, 16 sends in flight) through an HTTP client that answers 200 at once; once with statements
prepared once per connection (\`preparedStatements\`, the default) and once with every statement
sent unnamed, each after a warm-up of its own. Times are the server's own for each statement
(\`total_exec_time\` and \`total_plan_time\`) divided by the events: execution includes waiting for
the CPU the two cores share.

Emitting (${rate(true, 'emit')} events/s prepared, ${rate(false, 'emit')}/s unnamed):

${table('emit', 'event')}

Delivering (${rate(true, 'deliver')} deliveries/s prepared, ${rate(false, 'deliver')}/s unnamed):

${table('deliver', 'delivery')}
`;
writeSection('delivery-statements', markdown);
console.log(markdown);
