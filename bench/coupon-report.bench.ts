/**
 * The coupon report at a million orders: GET /v2/ecommerceReports/coupons/used-on-orders through
 * `service.handle` on the PostgreSQL server, side by side with the floor (the fastest
 * hand-written SQL for the same answer, run directly with `pg`).
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/coupon-report.bench.ts
 * Writes its table into docs/benchmarks.md between <!-- bench:coupon-report --> markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { createPostgresStorage, type Db, pgPoolDb } from '@affiliate-commerce/storage-postgres';
import { testService } from '@affiliate-commerce/testkit';
import Papa from 'papaparse';
import pg from 'pg';
import { generateCouponData } from './coupon-report-data';
import { type FloorQuery, floors } from './coupon-report-floor';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_coupons_${process.pid}`;
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const affiliateId = 'aff_bench';
const jsonRuns = Number(process.env.RUNS ?? 25);
const csvRuns = Number(process.env.CSV_RUNS ?? 4);

const pool = new pg.Pool({ connectionString: url, max: 4 });
const statements: { text: string; params: readonly unknown[] }[] = [];
/** The pool as the storage sees it, recording each statement (in transactions too) so its plan can be shown. */
function recording(db: Db): Db {
  return {
    ...db,
    query: (text, params) => {
      statements.push({ text, params: params ?? [] });
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Runs each pair alternately, so drift and cache state hit both sides alike. */
async function sideBySide(runs: number, ours: () => Promise<unknown>, floor: () => Promise<unknown>) {
  for (let i = 0; i < 3; i += 1) {
    await ours();
    await floor();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    if (i % 2 === 0) {
      a.push(await time(ours));
      b.push(await time(floor));
    } else {
      b.push(await time(floor));
      a.push(await time(ours));
    }
  }
  return { ours: a, floor: b };
}

/**
 * Reads a streamed body to the end. With `sample`, collects garbage every 10 chunks and records
 * the largest retained heap and RSS above the start: what the export keeps alive, not garbage
 * waiting for the collector.
 */
async function drain(body: ReadableStream<Uint8Array>, sample = false) {
  gc();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
    chunks += 1;
    if (sample && chunks % 10 === 0) {
      gc();
      const usage = process.memoryUsage();
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakRss = Math.max(peakRss, usage.rss);
    }
  }
  return { bytes, rows: lines - 1, heapGrowth: peakHeap - base.heapUsed, rssGrowth: peakRss - base.rss };
}

/** The floor of the CSV: one query for every row, then papaparse over all of them in memory. */
async function floorCsv(query: FloorQuery, measure: boolean) {
  if (measure) gc();
  const base = process.memoryUsage();
  const { text, params } = floors.allRows(schema, query);
  const { rows } = await pool.query(text, params);
  const csv = Papa.unparse(
    rows.map((row) => [row.code, row.code, row.amount, row.discount_type, row.uses, row.cents]),
  );
  // Both are alive until the response is sent: measure what they retain.
  if (measure) gc();
  const usage = process.memoryUsage();
  return {
    bytes: Buffer.byteLength(csv),
    rows: rows.length,
    heapGrowth: usage.heapUsed - base.heapUsed,
    rssGrowth: usage.rss - base.rss,
  };
}

const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const lines: string[] = [];
  const log = (line = '') => {
    console.log(line);
    lines.push(line);
  };
  const setup = await pool.connect();
  try {
    await setup.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    setup.release();
  }
  const storage = await createPostgresStorage({ db: recording(pgPoolDb(pool)), schema });
  try {
    const generated = await generateCouponData(pool, schema, affiliateId, now);
    console.log(`generated in ${(generated.ms / 1000).toFixed(1)} s: ${JSON.stringify(generated.counts)}`);
    await storage.affiliates.upsert({
      affiliate: { id: affiliateId, name: 'Bench', ecommerceEnabled: true, createdAt: now },
    });
    const service = testService({
      storage,
      now: now.toISOString(),
      validateResponses: false,
      auth: staticTokenAuth({ tok_bench: { userId: 'usr_bench', affiliateId, roles: ['affiliate_admin'] } }),
    });
    const ask = async (query: string) => {
      const response = await service.handle(
        new Request(`http://bench/v2/ecommerceReports/coupons/used-on-orders?${query}`, {
          headers: { authorization: 'Bearer tok_bench' },
        }),
      );
      if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
      return response;
    };

    log(
      `Run ${now.toISOString().slice(0, 10)} on Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
        `load average ${loadavg()[0]!.toFixed(2)} at start; PostgreSQL server ${(await pool.query('show server_version')).rows[0].server_version} on the same machine (default settings).`,
    );
    log();
    log(
      `Data, made with generate_series into a dedicated schema (dropped at the end): ${generated.counts.orders.toLocaleString('en-US')} orders over 365 days ` +
        `and ${generated.counts.redemptions.toLocaleString('en-US')} coupon redemptions (70 % on 200 shared codes, 30 % on single-use codes), one affiliate; ` +
        'the day counts built with one grouped insert (the bulk-load path), then VACUUM ANALYZE.',
    );
    log();
    log(
      `JSON: ${jsonRuns} runs of each, alternating with the floor, after 3 warm-ups; median and p95. The floor is the fastest of ` +
        `${floors.pageVariants.length} hand-written statements for the same answer (each checked to give exactly the service's answer), run directly with pg. ` +
        'The service runs one statement in a short transaction that raises work_mem (BEGIN, SET, the statement, COMMIT).',
    );
    log();
    log('| report | through service.handle | floor (pg, best hand-written SQL) | ratio (median) | rows |');
    log('|---|---:|---:|---:|---:|');

    const cases = [
      { name: 'month_to_date, page 1', query: 'dateRange=month_to_date' },
      { name: 'last_90_days, page 1', query: 'dateRange=last_90_days' },
      {
        name: 'last_90_days, sortBy=coupon, page 40',
        query: 'dateRange=last_90_days&sortBy=coupon&sortOrder=asc&page=40',
      },
      {
        name: 'last_90_days, productVariationId=pv_7',
        query: 'dateRange=last_90_days&productVariationId=pv_7',
      },
    ];
    const results: { name: string; ratio: number; ours: number }[] = [];
    for (const { name, query } of cases) {
      const body = (await (await ask(query)).json()) as {
        data: { range: { startDate: string; endDate: string }; pagination: { total: number } };
      };
      const params = new URLSearchParams(query);
      const floorQuery: FloorQuery = {
        affiliateId,
        start: new Date(body.data.range.startDate),
        end: new Date(body.data.range.endDate),
        sortBy: (params.get('sortBy') ?? 'uses') as FloorQuery['sortBy'],
        sortOrder: (params.get('sortOrder') ?? 'desc') as FloorQuery['sortOrder'],
        page: Number(params.get('page') ?? 1),
        limit: 25,
        productVariationId: params.get('productVariationId') ?? undefined,
      };
      const best = await floors.fastestPage(pool, schema, floorQuery, body as never);
      const { ours, floor } = await sideBySide(
        jsonRuns,
        () => ask(query).then((r) => r.text()),
        () => pool.query(best.text, best.params),
      );
      const ratio = median(ours) / median(floor);
      results.push({ name, ratio, ours: median(ours) });
      log(
        `| ${name} | ${ms(median(ours))} (p95 ${ms(p95(ours))}) | ${ms(median(floor))} (p95 ${ms(p95(floor))}, ${best.name}) | ${ratio.toFixed(2)}x | ${body.data.pagination.total.toLocaleString('en-US')} |`,
      );
    }

    log();
    log(
      `CSV of every row (export=true), ${csvRuns} runs each (median). Memory, from one more run: the largest heap and RSS ` +
        'retained above a collected start, sampled after a full collection every 10 chunks while the body is read; for the ' +
        'floor (one query for every row, the CSV built in memory), what its rows and CSV string retain.',
    );
    log();
    log('| export | through service.handle (streamed) | floor (one query, in memory) | rows | CSV size |');
    log('|---|---:|---:|---:|---:|');
    const csvCases = [
      { name: 'last_90_days', query: 'dateRange=last_90_days&export=true' },
      {
        name: 'custom, the whole year',
        query: `dateRange=custom&startDate=${new Date(now.getTime() - 366 * 86_400_000).toISOString().slice(0, 10)}&endDate=${now.toISOString().slice(0, 10)}&export=true`,
      },
    ];
    for (const { name, query } of csvCases) {
      const first = await ask(query);
      const range = /_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})\.csv/.exec(
        first.headers.get('content-disposition')!,
      )!;
      await first.body!.cancel();
      const floorQuery: FloorQuery = {
        affiliateId,
        start: new URLSearchParams(query).get('startDate')
          ? new Date(`${range[1]}T00:00:00.000Z`)
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 89 * 86_400_000),
        end: new URLSearchParams(query).get('startDate') ? new Date(`${range[2]}T23:59:59.999Z`) : now,
        sortBy: 'uses',
        sortOrder: 'desc',
        page: 1,
        limit: 25,
      };
      const oursTimes: number[] = [];
      const floorTimes: number[] = [];
      for (let i = 0; i < csvRuns; i += 1) {
        oursTimes.push(await time(async () => drain((await ask(query)).body!)));
        floorTimes.push(await time(() => floorCsv(floorQuery, false)));
      }
      const ours = await drain((await ask(query)).body!, true);
      const floor = await floorCsv(floorQuery, true);
      if (floor.rows !== ours.rows) throw new Error(`CSV rows differ: ${ours.rows} vs floor ${floor.rows}`);
      log(
        `| ${name} | ${ms(median(oursTimes))}; heap +${mib(ours.heapGrowth)}, RSS +${mib(ours.rssGrowth)} | ` +
          `${ms(median(floorTimes))}; heap +${mib(floor.heapGrowth)}, RSS +${mib(floor.rssGrowth)} | ` +
          `${ours.rows.toLocaleString('en-US')} | ${mib(ours.bytes)} |`,
      );
    }

    statements.length = 0;
    await ask('dateRange=last_90_days');
    const reportStatement = statements.find((s) => s.text.includes('json_agg'))!;
    const plan = await pool.query(
      `explain (analyze, buffers, costs off, timing off) ${reportStatement.text}`,
      [...reportStatement.params],
    );
    const scans = plan.rows
      .map((row) => String(row['QUERY PLAN']).trim())
      .filter((line) => /Scan|Aggregate|Heap Fetches/.test(line))
      .map((line) => line.replace(/^->\s*/, ''));
    log();
    log('Plan of the report statement (last_90_days, EXPLAIN ANALYZE): one statement; scans and aggregates:');
    log();
    for (const line of scans) log(`- \`${line}\``);
    log();
    const slowest = results.reduce((a, b) => (a.ratio > b.ratio ? a : b));
    log(
      `Aim: JSON within 1.3x of the floor and under 100 ms. Worst ratio: ${slowest.ratio.toFixed(2)}x (${slowest.name}); slowest median: ${ms(Math.max(...results.map((r) => r.ours)))}.`,
    );
    writeSection(lines.join('\n'));
  } finally {
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
  }
}

function writeSection(table: string): void {
  const file = new URL('../docs/benchmarks.md', import.meta.url);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const section = `<!-- bench:coupon-report -->\n## Coupon report at a million orders (\`bench/coupon-report.bench.ts\`)\n\n${table}\n<!-- /bench:coupon-report -->`;
  const pattern = /<!-- bench:coupon-report -->[\s\S]*?<!-- \/bench:coupon-report -->/;
  writeFileSync(
    file,
    pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`,
  );
}

await main();
