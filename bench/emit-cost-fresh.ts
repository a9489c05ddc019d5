/**
 * The fresh-schema part of `bench/emit-cost.bench.ts`: `recordOrder` on a schema made moments
 * before by `connectPostgres` (as a new install meets it), paired round by round with the floor's
 * plain INSERTs in the same schema, from the schema's first seconds on.
 */

import { loadavg } from 'node:os';
import type { Service, Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { testService } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { processCpuMicros, withApplicationName } from './postgres-cpu';

/** Calls in flight at once, for one affiliate. */
export const freshCallers = 8;
/** Connections of the storage's pool (the README's `max: 10`), and of the floor's. */
export const freshPoolSize = 10;
/** Each side's time per round. */
export const freshRoundMs = 6_000;
/** How often the server processes of a side are sampled while it runs. */
const sampleEveryMs = 100;
/** The journeys the storefront captured before the first orders; each order comes from one of them. */
export const freshJourneys = 1_000;
/** The aim: recordOrder at least this share of its floor's calls per second, in every round. */
export const freshAim = 0.8;

/**
 * Follows the CPU of the PostgreSQL server processes serving connections named `applicationName`
 * from `start()` to `stop()`, sampling them every {@link sampleEveryMs}: a connection the pool
 * opens while the side runs is counted from its start (a new server process starts at no CPU),
 * and one it closes up to its last sample.
 */
function followServer(admin: pg.Client, applicationName: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let since: Date | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();
  const sample = async (): Promise<void> => {
    const { rows } = await admin.query<{ pid: number; opened: boolean; now: Date }>(
      `select pid, backend_start >= coalesce($2::timestamptz, 'infinity') as opened, clock_timestamp() as now
       from pg_stat_activity where application_name = $1`,
      [applicationName, since ?? null],
    );
    for (const { pid, opened } of rows) {
      const cpu = processCpuMicros(pid);
      if (cpu === undefined) continue;
      if (!first.has(pid)) first.set(pid, opened ? 0 : cpu);
      last.set(pid, cpu);
    }
  };
  return {
    async start(): Promise<void> {
      const { rows } = await admin.query<{ now: Date }>('select clock_timestamp() as now');
      since = rows[0]!.now;
      await sample();
      timer = setInterval(() => {
        pending = pending.then(sample);
      }, sampleEveryMs);
    },
    async stop(): Promise<number> {
      clearInterval(timer);
      await pending;
      await sample();
      return [...last].reduce((sum, [pid, cpu]) => sum + cpu - (first.get(pid) ?? cpu), 0);
    },
  };
}

interface FreshSide {
  /** Seconds from the schema's making to this side's start. */
  readonly startedAt: number;
  readonly perSecond: number;
  /** PostgreSQL CPU per call of this side's own connections, µs. */
  readonly postgresMicros: number;
}

/** Runs {@link freshCallers} loops of `one` for {@link freshRoundMs}. */
async function measure(
  admin: pg.Client,
  applicationName: string,
  madeAt: number,
  next: () => number,
  one: (n: number) => Promise<void>,
): Promise<FreshSide> {
  const server = followServer(admin, applicationName);
  await server.start();
  const startedAt = (performance.now() - madeAt) / 1000;
  let calls = 0;
  const ends = performance.now() + freshRoundMs;
  await Promise.all(
    Array.from({ length: freshCallers }, async () => {
      while (performance.now() < ends) {
        await one(next());
        calls += 1;
      }
    }),
  );
  const used = await server.stop();
  return { startedAt, perSecond: calls / (freshRoundMs / 1000), postgresMicros: used / calls };
}

export interface FreshOptions {
  readonly url: string;
  readonly admin: pg.Client;
  readonly affiliateId: string;
  readonly webhookCounts: readonly number[];
  readonly rounds: number;
  /** Ids of the stored journeys: this prefix and a number from 0. */
  readonly journeyPrefix: string;
  /** Number the next call (unique across the whole run). */
  readonly next: () => number;
  readonly call: (service: Pick<Service, 'commerce'>, n: number, journeyId: string) => Promise<void>;
  readonly floor: (
    client: pg.PoolClient,
    schema: string,
    n: number,
    webhookIds: readonly string[],
    journeyId: string,
  ) => Promise<void>;
  readonly setWebhooks: (service: Service, count: number) => Promise<string[]>;
}

export interface FreshResult {
  readonly lines: readonly string[];
  /** The lowest SDK / floor of any round, with its webhooks and round (1-based). */
  readonly lowest: { readonly ratio: number; readonly webhooks: number; readonly round: number };
  readonly met: boolean;
  /** The load average (1 min) when the part started. */
  readonly load: number;
}

/**
 * For each webhook count, a new schema made by `connectPostgres` (its default options, so the
 * storage keeps the statistics of the tables it grows), the affiliate, its webhooks and the
 * journeys stored, and from then on paired rounds of `recordOrder` and the floor, the SDK first.
 */
/**
 * The benchmark's affiliate and `journeys` started journeys with attribution (`<journeyPrefix>0`,
 * `1`, …), which the orders of both sides come from.
 */
export async function storeAffiliate(input: {
  readonly storage: Storage;
  readonly query: (text: string, params: unknown[]) => Promise<unknown>;
  readonly schema: string;
  readonly affiliateId: string;
  readonly journeyPrefix: string;
  readonly journeys: number;
}): Promise<void> {
  const { storage, schema, affiliateId } = input;
  await storage.affiliates.upsert({
    affiliate: { id: affiliateId, name: 'Emit', ecommerceEnabled: true, createdAt: new Date() },
  });
  const touch = () => ({
    captured_at: new Date().toISOString(),
    landing_url: 'https://shop.example.com/start',
    params: {},
  });
  const attribution = { first: touch(), last: touch(), touch_count: 1, visitor_id: 'v_emit' };
  await input.query(
    `insert into "${schema}".journeys (affiliate_id, id, template_id, template_slug, attribution, status,
       started_at, updated_at)
     select $1, $2 || n, 'jtp_emit', 'start', $3, 'started', now(), now()
     from generate_series(0, $4::int - 1) as n`,
    [affiliateId, input.journeyPrefix, JSON.stringify(attribution), input.journeys],
  );
}

export async function freshSchemaCost(options: FreshOptions): Promise<FreshResult> {
  const { url, admin, affiliateId } = options;
  const load = loadavg()[0]!;
  const lines: string[] = [];
  let lowest = { ratio: Number.POSITIVE_INFINITY, webhooks: 0, round: 0 };
  for (const count of options.webhookCounts) {
    const schema = `bench_emit_fresh_${process.pid}_${count}`;
    const sdkName = `bench_emit_sdk_${process.pid}`;
    const floorName = `bench_emit_floor_${process.pid}`;
    await admin.query(`drop schema if exists "${schema}" cascade`);
    const storage = await connectPostgres({
      connectionString: withApplicationName(url, sdkName),
      schema,
      max: freshPoolSize,
    });
    const madeAt = performance.now();
    const floorPool = new pg.Pool({
      connectionString: withApplicationName(url, floorName),
      max: freshPoolSize,
    });
    try {
      const service = testService({ storage, validateResponses: false });
      await storeAffiliate({
        storage,
        query: (text, params) => admin.query(text, params),
        schema,
        affiliateId,
        journeyPrefix: options.journeyPrefix,
        journeys: freshJourneys,
      });
      const webhookIds = await options.setWebhooks(service, count);
      const journeyId = (n: number) => `${options.journeyPrefix}${n % freshJourneys}`;
      const sdkSide = () =>
        measure(admin, sdkName, madeAt, options.next, (n) => options.call(service, n, journeyId(n)));
      const floorSide = () =>
        measure(admin, floorName, madeAt, options.next, async (n) => {
          const client = await floorPool.connect();
          try {
            await options.floor(client, schema, n, webhookIds, journeyId(n));
          } finally {
            client.release();
          }
        });
      for (let round = 0; round < options.rounds; round += 1) {
        let sdk: FreshSide;
        let floor: FreshSide;
        if (round % 2 === 0) {
          sdk = await sdkSide();
          floor = await floorSide();
        } else {
          floor = await floorSide();
          sdk = await sdkSide();
        }
        const ratio = sdk.perSecond / floor.perSecond;
        if (ratio < lowest.ratio) lowest = { ratio, webhooks: count, round: round + 1 };
        const line = `| ${count} | ${round + 1} | ${sdk.startedAt.toFixed(1)} / ${floor.startedAt.toFixed(1)} | ${sdk.perSecond.toFixed(
          0,
        )} | ${floor.perSecond.toFixed(0)} | **${ratio.toFixed(2)}** | ${sdk.postgresMicros.toFixed(
          0,
        )} / ${floor.postgresMicros.toFixed(0)} µs |`;
        console.log(line);
        lines.push(line);
      }
    } finally {
      await storage.close();
      await floorPool.end();
      await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    }
  }
  return { lines, lowest, met: lowest.ratio >= freshAim, load };
}

/** The fresh-schema table with the paragraph saying how it was measured. */
export function freshSection(result: FreshResult, rounds: number): string {
  const { lowest } = result;
  return [
    `From a fresh schema, as a new install meets it: for each number of webhooks a new schema, made right before its first round by \`connectPostgres({ connectionString, schema, max: ${freshPoolSize} })\` ` +
      '(a pool of 10 and the storage’s default options, under which it analyzes a table of its schema once the table has doubled since its last analysis, looked for every 2 s). ' +
      `Nothing stored before but the affiliate, its webhooks and the ${freshJourneys.toLocaleString('en-US')} journeys its orders come from; nothing analyzed by the benchmark. ` +
      `${freshCallers} recordOrder calls in flight at once for the one affiliate, against the floor above (the same rows in plain INSERTs) on a pool of its own of ${freshPoolSize} connections in the same schema; ` +
      `each side ${freshRoundMs / 1000} s per round, ${rounds} paired rounds with the order flipped, the SDK first in the first round; every round shown. ` +
      "PostgreSQL CPU is that of each side's own pool's server processes while the side runs (those it opens counted from their start). " +
      `Load average when this part started: ${result.load.toFixed(2)}.`,
    '',
    `Aim: recordOrder at least ${freshAim} of its floor in every round, the first included: **${result.met ? 'met' : 'not met'}** ` +
      `(lowest ${lowest.ratio.toFixed(2)}, round ${lowest.round} with ${lowest.webhooks} webhook${lowest.webhooks === 1 ? '' : 's'}).`,
    '',
    '| subscribed webhooks | round | seconds after the schema was made, SDK / floor | SDK calls/s | floor calls/s | SDK / floor | PostgreSQL CPU per order, SDK / floor |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...result.lines,
  ].join('\n');
}
