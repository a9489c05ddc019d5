/**
 * The event list at a million events: pages of `GET /v2/events` on the PostgreSQL server, through
 * the storage port (`deliveries.listEvents` of `createPostgresStorage` on a pg Pool) and through the
 * HTTP kernel (`service.handle`), side by side in one run with the floor: the bare range scan of
 * the same page (one index range scan, limit 101) sent through the same pg Pool. Writes its table
 * to docs/benchmarks.md (`events-list`).
 *
 * A schema of its own is seeded with SEED events of AFFILIATES affiliates over 30 days
 * (bench/events-list-data.ts) and dropped at the end. Four pages of 100 events of one affiliate
 * (bench/events-list-cases.ts). Latency: ROUNDS rounds of PAGES pages per page and way, one
 * caller, the ways' order turned each round. Throughput: 4 callers on a pool of 4 for
 * THROUGHPUT_MS per page and way in each round; CPU per page is this process's and that of the
 * PostgreSQL server processes of this benchmark's own connections (found by application_name).
 * Then a sampling CPU profile of the first page splits its time into parts
 * (bench/events-list-profile.ts), and EXPLAIN (ANALYZE, BUFFERS) shows the server's share.
 *
 * Run: npm run bench -- events-list
 * (SEED=1000000, AFFILIATES=100, ROUNDS=5, PAGES=200, THROUGHPUT_MS=1500 by default; needs the
 * PostgreSQL server of DATABASE_URL.)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createService } from '@affiliate-commerce/core';
import { createPostgresStorage, type Db, pgPoolDb } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { answerIds, type Cursor, type PageCase, pageCases, type Way, ways } from './events-list-cases';
import { type EventSeed, type SeededEvents, seedEvents } from './events-list-data';
import { type Part, parts, profilePages } from './events-list-profile';
import { followPostgres, withApplicationName } from './postgres-cpu';

const seed: EventSeed = {
  events: Number(process.env.SEED ?? 1_000_000),
  affiliates: Number(process.env.AFFILIATES ?? 100),
  days: 30,
};
const rounds = Number(process.env.ROUNDS ?? 5);
const pages = Number(process.env.PAGES ?? 200);
const throughputMs = Number(process.env.THROUGHPUT_MS ?? 1_500);
const callers = 4;
const limit = 100;
const aimMs = 5;
const profiledPages = 300;
const filterTypes = ['order_created', 'payment_failed'];
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_events_${randomBytes(3).toString('hex')}`;
const s = `"${schema}"`;
/** The name of this benchmark's connections, so PostgreSQL's CPU counts only theirs. */
const applicationName = `bench_events_${process.pid}`;
const affiliateId = 'aff_042';
const started = performance.now();
const load0 = loadavg()[0]!;

const pool = new pg.Pool({
  connectionString: withApplicationName(databaseUrl, applicationName),
  max: callers,
});
let recorded: { text: string; params: readonly unknown[] } | undefined;
/** The pool as the storage sees it; while `recorded` is set, it keeps the last statement sent. */
const db: Db = ((inner: Db): Db => ({
  ...inner,
  query: (text, params) => {
    if (recorded) recorded = { text, params: params ?? [] };
    return inner.query(text, params);
  },
}))(pgPoolDb(pool));
const storage = await createPostgresStorage({ db, schema });
const service = createService(
  benchServiceOptions(storage, {
    principals: { tok: { userId: 'usr_bench', affiliateId, roles: ['affiliate_admin'] } },
  }),
);
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();

/** `n` depths evenly from `from` to `to`. */
const spread = (from: number, to: number, n: number) =>
  Array.from({ length: n }, (_, i) => Math.round(from + ((to - from) * i) / (n - 1)));

/** The affiliate's events `depths` down its list (newest first), as cursors. */
async function cursorsAt(depths: readonly number[]): Promise<Cursor[]> {
  const { rows } = await admin.query<{ id: string; occurred_at: Date; depth: string }>(
    `select id, occurred_at, depth from (
       select id, occurred_at, row_number() over (order by occurred_at desc, id collate "C" desc) as depth
       from ${s}.events where affiliate_id = $1) ranked
     where depth = any($2::bigint[]) order by depth`,
    [affiliateId, depths],
  );
  return rows.map((row) => ({ eventId: row.id, occurredAt: row.occurred_at, depth: Number(row.depth) }));
}

/** Every way gives the same events in the same order, a full page, for 20 turns of the cursors; the HTTP body's mean size. */
async function check(pageCase: PageCase): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < 20; i += 1) {
    const answers = await Promise.all(ways.map((way) => pageCase.call[way](i)));
    const [floor, ...others] = ways.map((way, k) => answerIds[way](answers[k]));
    if (floor!.length !== limit) throw new Error(`${pageCase.name}: ${floor!.length} events, not ${limit}`);
    for (const other of others)
      if (JSON.stringify(other) !== JSON.stringify(floor)) throw new Error(`${pageCase.name}: ways differ`);
    bytes += Buffer.byteLength(answers[ways.indexOf('express')] as string);
  }
  return bytes / 20;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** What the server does for the storage's own statement of a page (EXPLAIN ANALYZE, BUFFERS). */
async function plan(pageCase: PageCase) {
  recorded = { text: '', params: [] };
  await pageCase.call.port(3);
  const { text, params } = recorded;
  recorded = undefined;
  const { rows } = await pool.query(`explain (analyze, buffers, format json) ${text}`, params as unknown[]);
  const [top] = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] })['QUERY PLAN'];
  // Every index the plan reads, and the entries it reads from each over all its loops.
  const scans: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    if (node['Index Name'] !== undefined) scans.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  const entries = (scan: PlanNode) =>
    (scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0)) * (scan['Actual Loops'] ?? 1);
  return {
    entries: scans.reduce((sum, scan) => sum + entries(scan), 0),
    buffers: top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks'],
    ms: top['Execution Time'],
    node: scans
      .map(
        (scan) =>
          `${scan['Node Type']} using ${scan['Index Name']}${(scan['Actual Loops'] ?? 1) > 1 ? ` (${scan['Actual Loops']} loops)` : ''}`,
      )
      .join(', then '),
  };
}

/** Latencies (ms) of `pages` pages in a row, one caller. */
async function sequential(call: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < pages; i += 1) {
    const at = performance.now();
    await call(i);
    times.push(performance.now() - at);
  }
  return times;
}

interface Throughput {
  readonly perSecond: number;
  /** CPU per page, µs: this process, and the PostgreSQL server processes of its connections. */
  readonly nodeMicros: number;
  readonly postgresMicros: number;
}

/** `callers` callers at once for `throughputMs`. */
async function concurrent(call: (i: number) => Promise<unknown>): Promise<Throughput> {
  const postgres = followPostgres(admin, applicationName);
  await postgres.sample();
  const cpu = process.cpuUsage();
  let done = 0;
  const at = performance.now();
  const ends = at + throughputMs;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < ends) {
        await call(done);
        done += 1;
      }
    }),
  );
  const ms = performance.now() - at;
  const used = process.cpuUsage(cpu);
  await postgres.sample();
  return {
    perSecond: (done / ms) * 1000,
    nodeMicros: (used.user + used.system) / done,
    postgresMicros: postgres.usedMicros() / done,
  };
}

interface Measured {
  readonly latencies: number[];
  readonly roundMedians: number[];
  readonly throughput: Throughput[];
}

interface Run {
  readonly seeded: SeededEvents;
  readonly affiliateEvents: number;
  readonly cases: readonly PageCase[];
  readonly checks: readonly { bytes: number; plan: Awaited<ReturnType<typeof plan>> }[];
  readonly results: readonly Record<Way, Measured>[];
  readonly server: { server_version: string; shared_buffers: string };
  /** The first page's time split by a CPU profile, ms per page, for the port and the HTTP kernel. */
  readonly split: Readonly<Record<'port' | 'fetch' | 'express', Record<Part, number>>>;
  readonly measureSeconds: number;
  /** Load average after the measurements, and after the profile. */
  readonly load1: number;
  readonly profileLoad: number;
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;
};
const median = (values: readonly number[]) => quantile(values, 0.5);

/** Seeds, checks the ways agree, then measures every page through every way, round after round. */
async function run(): Promise<Run> {
  const { rows: server } = await admin.query<Run['server']>(
    "select current_setting('server_version') as server_version, current_setting('shared_buffers') as shared_buffers",
  );
  const seeded = await seedEvents(admin, schema, seed);
  console.log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from ${s}.events where affiliate_id = $1`,
    [affiliateId],
  );
  const affiliateEvents = rows[0]!.n;
  const cases = pageCases({
    pool,
    storage,
    service,
    schema,
    affiliateId,
    limit,
    deep: await cursorsAt(spread(affiliateEvents / 2, affiliateEvents - 2 * limit, 20)),
    up: await cursorsAt(spread(Math.max(2 * limit, affiliateEvents / 10), (affiliateEvents * 9) / 10, 20)),
    types: filterTypes,
  });
  const bytes = [];
  for (const pageCase of cases) bytes.push(await check(pageCase));
  // Warm-up: every path compiled and every cursor's page read, unmeasured.
  for (const pageCase of cases) for (const way of ways) await sequential(pageCase.call[way]);
  const checks = [];
  for (const [c, pageCase] of cases.entries()) checks.push({ bytes: bytes[c]!, plan: await plan(pageCase) });

  const empty = (): Measured => ({ latencies: [], roundMedians: [], throughput: [] });
  const results = cases.map(
    () => Object.fromEntries(ways.map((way) => [way, empty()])) as Record<Way, Measured>,
  );
  const measureStarted = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    for (const [c, pageCase] of cases.entries()) {
      const order = ways.map((_, k) => ways[(k + round + c) % ways.length]!);
      for (const way of order) {
        const times = await sequential(pageCase.call[way]);
        results[c]![way].latencies.push(...times);
        results[c]![way].roundMedians.push(median(times));
      }
      for (const way of [...order].reverse())
        results[c]![way].throughput.push(await concurrent(pageCase.call[way]));
    }
    const medians = cases.map(
      (pageCase, c) =>
        `${pageCase.name}: ${ways.map((way) => results[c]![way].roundMedians.at(-1)!.toFixed(2)).join(' / ')} ms`,
    );
    console.log(`round ${round + 1} (p50 ${ways.join(' / ')}): ${medians.join('; ')}`);
  }
  const measureSeconds = (performance.now() - measureStarted) / 1000;
  const load1 = loadavg()[0]!;
  const split = {
    port: await profilePages(cases[0]!.call.port, profiledPages),
    fetch: await profilePages(cases[0]!.call.fetch, profiledPages),
    express: await profilePages(cases[0]!.call.express, profiledPages),
  };
  return {
    seeded,
    split,
    affiliateEvents,
    cases,
    checks,
    results,
    server: server[0]!,
    measureSeconds,
    load1,
    profileLoad: loadavg()[0]!,
  };
}

let measured: Run;
try {
  measured = await run();
} finally {
  await storage.close();
  await pool.end();
  await admin.query(`drop schema if exists ${s} cascade`);
  await admin.end();
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => fmt(n, 2);
const mib = (bytes: number) => `${fmt(bytes / 1_048_576)} MiB`;
const { seeded, cases, checks, results, server, split } = measured;
const medianOf = (m: Measured, key: keyof Throughput) => median(m.throughput.map((t) => t[key]));
const p50 = (c: number, way: Way) => median(results[c]![way].latencies);
const wayNames: Record<Way, string> = {
  floor: 'floor: bare range scan, `pool.query`',
  port: 'storage port: `deliveries.listEvents`',
  fetch: '`service.handle`, body read as bytes',
  express: '`service.handle`, `textBodies` (Express adapter)',
};

const rows = cases.flatMap((pageCase, c) =>
  ways.map((way) => {
    const r = results[c]![way];
    const page = way === 'floor' ? pageCase.name : '';
    const strong = (text: string) => (way === 'fetch' ? `**${text}**` : text);
    return `| ${page} | ${wayNames[way]} | ${strong(ms(p50(c, way)))} | ${ms(quantile(r.latencies, 0.99))} | ${(p50(c, way) / p50(c, 'floor')).toFixed(2)}x | ${fmt(medianOf(r, 'perSecond'))} | ${fmt(medianOf(r, 'nodeMicros'))} | ${fmt(medianOf(r, 'postgresMicros'))} |`;
  }),
);
const planRows = cases.map((pageCase, c) => {
  const { plan: p, bytes } = checks[c]!;
  return `| ${pageCase.name} | ${p.node} | ${fmt(p.entries)} | ${fmt(p.buffers)} | ${ms(p.ms)} ms | ${fmt(bytes / 1024)} KiB |`;
});
const roundLines = cases.map((pageCase, c) => {
  const perRound = results[c]!.floor.roundMedians.map((_, round) =>
    ways.map((way) => ms(results[c]![way].roundMedians[round]!)).join(' / '),
  );
  return `${pageCase.name}: ${perRound.join('; ')}`;
});
const listing = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const judged = (way: Way, met: boolean) =>
  listing(
    cases.flatMap((pageCase, c) =>
      p50(c, way) <= aimMs === met ? [`${pageCase.short} (${ms(p50(c, way))} ms)`] : [],
    ),
  );
const verdictOf = (way: Way) => {
  const metFor = judged(way, true);
  const missedFor = judged(way, false);
  return missedFor === ''
    ? `met on every page (${range(cases.map((_, c) => p50(c, way)))} ms)`
    : metFor === ''
      ? `not met: ${missedFor}`
      : `met for ${metFor}; not met for ${missedFor}`;
};
const profileWays = ['port', 'fetch', 'express'] as const;
const totals = Object.fromEntries(
  profileWays.map((way) => [way, parts.reduce((sum, part) => sum + split[way][part], 0)]),
) as Record<(typeof profileWays)[number], number>;
const share = (way: (typeof profileWays)[number], part: Part) =>
  `${Math.round((split[way][part] / totals[way]) * 100)} %`;
const splitRows = [
  ...parts.map(
    (part) =>
      `| ${part} | ${profileWays.map((way) => `${ms(split[way][part])} (${share(way, part)})`).join(' | ')} |`,
  ),
  `| total | ${profileWays.map((way) => ms(totals[way])).join(' | ')} |`,
];
const unfiltered = cases.slice(0, -1).map((_, c) => c);
const range = (values: readonly number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return ms(low) === ms(high) ? ms(low) : `${ms(low)} to ${ms(high)}`;
};
const unfilteredMet = unfiltered.filter((c) => p50(c, 'fetch') <= aimMs).length;
const unfilteredVerdict =
  unfilteredMet === unfiltered.length
    ? `So every page without a filter meets the aim, with ${ms(aimMs - Math.max(...unfiltered.map((c) => p50(c, 'fetch'))))} ms to spare at worst.`
    : unfilteredMet === 0
      ? `So no page of ${limit} such events meets the aim here.`
      : `So a page of ${limit} such events lands at the aim, on one side of it or the other depending on the page and on
what else the two cores run.`;
const addedNames: Partial<Record<Part, string>> = {
  'v2 payloads (`buildV2Payload`)': 'building the v2 payloads',
  'answer text (`JSON.stringify`) and its `Response`': "the answer's text and its `Response`",
  'garbage collection': 'collecting what each page allocates',
  'the rest: routing, token, query, cursor, promises': 'the routing, the token, the query and the promises',
};
const largest = Object.entries(addedNames)
  .map(([part, name]) => ({ name, ms: split.fetch[part as Part] - split.port[part as Part] }))
  .reduce((a, b) => (b.ms > a.ms ? b : a));
const typesPlan = checks.at(-1)!.plan;
const typesCase = cases.length - 1;
const text = 'answer text (`JSON.stringify`) and its `Response`';
const why = `**Why.** The database's part is small: without a filter a page is one range of \`events_list\`, ${limit + 1} index
entries and about as many heap pages, ${range(unfiltered.map((c) => checks[c]!.plan.ms))} ms on the server. The floor
(${range(unfiltered.map((c) => p50(c, 'floor')))} ms at p50) is mostly the trip: ${limit} rows of about ${fmt(seeded.jsonbBytes.mean / 1000, 1)} KB of jsonb each through
the socket, parsed by the driver with \`JSON.parse\`, on the two cores the server runs on too; the storage port
stays within ${Math.max(...unfiltered.map((c) => p50(c, 'port') / p50(c, 'floor'))).toFixed(2)}x of it. \`service.handle\` adds ${range(unfiltered.map((c) => p50(c, 'fetch') - p50(c, 'port')))} ms at p50 to the port:
from rows it already holds it builds ${limit} v2 payloads and a ${fmt(checks[0]!.bytes / 1024)} KiB answer, and for a cursor it first reads
the cursor's event. In the profile of the first page (taken at a load average of ${measured.profileLoad.toFixed(2)}, so read the
shares), v2 payloads take ${share('fetch', 'v2 payloads (`buildV2Payload`)')} of its time, the answer's text and \`Response\` ${share('fetch', text)} (${share('express', text)} as
text alone, the Express adapter's form), and garbage collection ${share('fetch', 'garbage collection')} against ${share('port', 'garbage collection')} for the port; the largest
part it adds is ${largest.name} (${ms(largest.ms)} ms a page more than the port). ${unfilteredVerdict} With \`types\`,
each type is one short range of \`events_type_list\`, read for the page's ids only, merged and cut to the page, then the page's rows
by their key: ${fmt(typesPlan.entries)} index entries and ${fmt(typesPlan.buffers)} buffers for ${filterTypes.length} types of ${seeded.types} (${ms(typesPlan.ms)} ms on the server under EXPLAIN
ANALYZE), where one range of the affiliate's events read until ${limit + 1} match would take about ${fmt(((limit + 1) * seeded.types) / filterTypes.length)} entries; the floor, the same ranges
in one statement, takes ${ms(p50(typesCase, 'floor'))} ms against ${ms(p50(0, 'floor'))} for the unfiltered first page.`;

const markdown = `## The event list at a million events (\`bench/events-list.bench.ts\`)

${machineLine()} Load average ${load0.toFixed(2)} at the start, ${measured.load1.toFixed(2)} at the end of the
measurements; PostgreSQL ${server.server_version} on the same 2 cores (default settings, shared_buffers ${server.shared_buffers}).

Data, in a schema of its own made by the storage's migrations and dropped at the end: ${fmt(seed.events)} events of
${seed.affiliates} affiliates over ${seed.days} days, ${seeded.types} event types, inserted oldest first with the affiliate and the type
drawn for each event, as an outbox fed by many affiliates at once fills (so a page of one affiliate lies on
about as many heap pages as it has events); ${fmt(seeded.ms / 1000)} s with one INSERT ... SELECT from generate_series,
then VACUUM ANALYZE. An event stores ${fmt(seeded.jsonbBytes.mean)} bytes of jsonb on average (${fmt(seeded.jsonbBytes.min)} to
${fmt(seeded.jsonbBytes.max)}: its type's example data, with the host's customer record beside the smaller ones, the patient
and the attribution); table ${mib(seeded.tableBytes)}, indexes ${mib(seeded.indexBytes)}. The affiliate read has ${fmt(measured.affiliateEvents)} events.

A page is ${limit} events of that affiliate, newest first; each cursor takes 20 events in turn. Four ways to the same
page, checked to give the same events in the same order: the **floor**, the bare range scan (the storage's
columns, one range of the \`events_list\` index, or of \`events_type_list\` per type, \`limit ${limit + 1}\`, handed the cursor's position) sent with
\`pool.query\`; the **storage port**, \`deliveries.listEvents\` of \`createPostgresStorage\` on the same pg Pool (handed
the position too); and the **HTTP kernel**, \`service.handle(new Request('…/v2/events?limit=${limit}…'))\` with an
admin token, which also reads the cursor's event by its id (one primary-key read) and builds each event's v2
payload: its \`Response\` read as bytes, as a fetch runtime sends it, and its text, as the Express adapter asks
for it (\`textBodies\`, no body stream). Latency: ${rounds} rounds of ${pages} pages per page and way, one caller, the ways'
order turned each round, after a warm-up; p50 and p99 of all ${fmt(rounds * pages)}. Pages/s and CPU: ${callers} callers on a
pool of ${callers}, ${fmt(throughputMs / 1000, 1)} s per page and way in each round, medians of the rounds; CPU per page of this
process and of the PostgreSQL server processes of its own connections.

| page of ${limit} events | way | p50 ms | p99 ms | p50 vs floor | pages/s, ${callers} callers | Node CPU µs/page | PostgreSQL CPU µs/page |
|---|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

What the server does for the storage's own statement (EXPLAIN (ANALYZE, BUFFERS)), and the answer's size:

| page | plan | index entries read | buffers | execution | HTTP body |
|---|---|---:|---:|---:|---:|
${planRows.join('\n')}

Rounds (p50 ms, ${ways.join(' / ')}): ${roundLines.join('. ')}.

**Aim, at most ${aimMs} ms p50 for a page of ${limit} events listed from PostgreSQL: through the storage port, ${verdictOf('port')}; through \`service.handle\` with the answer read as bytes, ${verdictOf('fetch')}; as the Express adapter asks for it, ${verdictOf('express')}.**

Where the first page's time goes: a sampling CPU profile of this process over ${profiledPages} more pages one after
another, each sample given to the nearest frame that names a part (ms per page and share; the profiler
adds a little):

| part | storage port | \`service.handle\`, bytes | \`service.handle\`, \`textBodies\` |
|---|---:|---:|---:|
${splitRows.join('\n')}

${why}

Measuring took ${fmt(measured.measureSeconds)} s, the whole run ${Math.round((performance.now() - started) / 1000)} s.
`;
writeSection('events-list', markdown);
console.log(markdown);
