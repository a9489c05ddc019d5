/**
 * A production load held for minutes, on the PostgreSQL server, from an empty schema that grows:
 * does what an order and a delivery cost the database stay flat from the first minute, and do the
 * tables stay as big as retention keeps them? Writes its table to docs/benchmarks.md (`soak`).
 *
 * Five affiliates, one with over half of the orders, each with 1–3 webhooks on local receivers (a
 * process of their own on 127.0.0.1) answering in 5–50 ms; one endpoint answers 500 a third of
 * the time, one never answers (the worker's 2 s time-out ends each attempt). The host side (this
 * process) calls `service.commerce.recordOrder`, `recordPayment`, `emit` and `recordSubscription`;
 * an API service of its own (in the same process) serves `GET /v2/ecommerceSubscriptions/{id}`, `PUT
 * .../actions/setRenewalDate`, `GET /v2/events` and the coupon report through `service.handle`,
 * and the storefront's template view and `POST /journeys`. Two worker processes run `runWorker`;
 * the first also runs `service.deliveries.prune` with a short retention. Nothing is seeded and
 * nothing is analyzed by the benchmark: the schema starts empty and autovacuum does what the
 * server is configured to do.
 *
 * First a calibration: SOAK_CALIBRATION_SECONDS (15) of 8 callers in a closed loop of the same
 * mix, with the workers delivering, on a schema of its own (dropped after); its capacity is the
 * calls/s reached, scaled down by the share of the healthy deliveries the workers kept up with.
 * Then the soak, on a fresh schema: an open loop at 70 % of that capacity (SOAK_RATE calls/s
 * instead, to skip the calibration) for SOAK_MINUTES (10) minutes, reported per minute.
 *
 * PostgreSQL CPU is that of the server processes of this benchmark's own connections, told apart
 * by `application_name`: the host's calls (per order), the workers (per delivery), the API and
 * the pruner. Delivery lag: a healthy receiver's receipt time minus the event's `occurred_at`.
 *
 * On a server of its own with autovacuum at its defaults (the documented run):
 * SOAK_MINUTES=10 npx tsx --conditions=@affiliate-commerce/source bench/soak-own-server.ts
 *
 * Run: SOAK_MINUTES=1 npx tsx --conditions=@affiliate-commerce/source bench/soak.bench.ts
 * (SOAK_MINUTES=10 by default; SOAK_RETENTION_SECONDS, by default a fifth of the run between 30 s
 * and 120 s; on a server with autovacuum off the benchmark vacuums its own schema as autovacuum
 * would at the default settings, never analyzing (bench/soak-vacuum.ts), unless SOAK_VACUUM=off;
 * needs the PostgreSQL server of DATABASE_URL.)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createService, type Service, type ServiceOptions, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { benchServiceOptions } from './bench-service';
import { machineLine, writeSection } from './docs-section';
import { followPostgres, withApplicationName } from './postgres-cpu';
import {
  emptyWorkerReport,
  type ReceiverKind,
  type ReceiverReport,
  receivers,
  soakWorker,
  soakWorkerPacing,
  type WorkerReport,
} from './soak-processes';
import { emulateAutovacuum, type Vacuums } from './soak-vacuum';
import { nextMessage } from './worker-processes';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const calibrationSeconds = Number(process.env.SOAK_CALIBRATION_SECONDS ?? 15);
const fixedRate = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : undefined;
const retentionSeconds = Number(
  process.env.SOAK_RETENTION_SECONDS ?? Math.min(120, Math.max(30, (minutes * 60) / 5)),
);
const pruneEverySeconds = retentionSeconds / 4;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tag = process.env.SOAK_TAG ?? `${process.pid}`;
const secretKey = process.env.SOAK_SECRET_KEY ?? randomBytes(32).toString('base64');
/** Each kind of connection has a name of its own, by which its server processes are found. */
const names = {
  recorder: `soak_recorder_${tag}`,
  api: `soak_api_${tag}`,
  worker: `soak_worker_${tag}`,
  prune: `soak_prune_${tag}`,
  vacuum: `soak_vacuum_${tag}`,
} as const;
/** `off`: leave vacuuming to the server even when its autovacuum is off. */
const vacuumMode = process.env.SOAK_VACUUM ?? 'auto';
const deliveries = { timeoutMs: 2_000, leaseMs: 10_000 } as const;
const share = 0.7;
const callers = 8;
/** Calls in flight at most in the open loop; a call due beyond that is dropped and counted. */
const maxInFlight = 64;

interface AffiliateSetup {
  readonly id: string;
  readonly share: number;
  readonly hooks: readonly ReceiverKind[];
}
const affiliates: readonly AffiliateSetup[] = [
  { id: 'aff_soak_0', share: 0.55, hooks: ['healthy', 'healthy', 'flaky'] },
  { id: 'aff_soak_1', share: 0.2, hooks: ['healthy', 'hangs'] },
  { id: 'aff_soak_2', share: 0.1, hooks: ['healthy'] },
  { id: 'aff_soak_3', share: 0.1, hooks: ['healthy', 'healthy'] },
  { id: 'aff_soak_4', share: 0.05, hooks: ['healthy'] },
];
const allInterests = [
  'ecommerce_order_created',
  'ecommerce_order_paid',
  'payment_succeeded',
  'order_created',
  'subscription_created',
  'journey_started',
];
/** The second webhook of an affiliate takes only what concerns money. */
const interestsOf = (n: number) => (n === 1 ? ['ecommerce_order_paid', 'payment_succeeded'] : allInterests);

const serviceOptions = (storage: Storage): ServiceOptions =>
  benchServiceOptions(storage, {
    principals: Object.fromEntries(
      affiliates.map((affiliate) => [
        `tok_${affiliate.id}`,
        { userId: `u_${affiliate.id}`, affiliateId: affiliate.id, roles: ['affiliate_super_admin'] },
      ]),
    ),
    secretKey,
    deliveries,
    // Storefront visitors come from many addresses: the benchmark says which in a header.
    clientKey: (request, { remoteAddress }) =>
      request.headers.get('x-soak-client') ?? remoteAddress ?? 'unknown',
  });

// ---- the load --------------------------------------------------------------------------------

type OpKind =
  | 'order'
  | 'payment'
  | 'emit'
  | 'subscription'
  | 'read'
  | 'renewal'
  | 'events'
  | 'coupons'
  | 'journey';
/** The mix of calls, by weight; a journey is a template view and a `POST /journeys`. */
const mix: readonly (readonly [OpKind, number])[] = [
  ['order', 35],
  ['payment', 15],
  ['emit', 8],
  ['subscription', 4],
  ['read', 15],
  ['renewal', 5],
  ['events', 3],
  ['coupons', 1],
  ['journey', 14],
];
const mixTotal = mix.reduce((sum, [, weight]) => sum + weight, 0);
const pickKind = (): OpKind => {
  let at = Math.random() * mixTotal;
  for (const [kind, weight] of mix) {
    at -= weight;
    if (at < 0) return kind;
  }
  return 'order';
};
const pickAffiliate = (): AffiliateSetup => {
  let at = Math.random();
  for (const affiliate of affiliates) {
    at -= affiliate.share;
    if (at < 0) return affiliate;
  }
  return affiliates[0]!;
};
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
/** Keeps the last `size` items. */
const remember = (items: string[], item: string, size = 500) => {
  items.push(item);
  if (items.length > size) items.splice(0, items.length - size);
};
const dateIn = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}-${at.getUTCFullYear()}`;
};

/** What one minute (or the calibration) saw. */
interface Bucket {
  orders: number;
  calls: number;
  dropped: number;
  orderMs: number[];
  readMs: number[];
  lagMs: number[];
  succeeded: number;
  failed: number;
  workerErrors: number;
  pruned: number;
  received: { healthy: number; flakyOk: number; flaky500: number; hung: number; duplicates: number };
  errors: Map<string, number>;
  /** Latencies of every kind of call, ms. */
  byKind: Map<OpKind, number[]>;
}
const newBucket = (): Bucket => ({
  orders: 0,
  calls: 0,
  dropped: 0,
  orderMs: [],
  readMs: [],
  lagMs: [],
  succeeded: 0,
  failed: 0,
  workerErrors: 0,
  pruned: 0,
  received: { healthy: 0, flakyOk: 0, flaky500: 0, hung: 0, duplicates: 0 },
  errors: new Map(),
  byKind: new Map(),
});

/** The services, tokens and what the load has made so far on one schema. */
interface Load {
  readonly schema: string;
  readonly host: Service;
  readonly api: Service;
  readonly healthyWebhookIds: string[];
  readonly close: () => Promise<void>;
  readonly subscriptions: Map<string, string[]>;
  readonly journeys: Map<string, string[]>;
  serial: number;
}

async function openLoad(schema: string, port: number): Promise<Load> {
  const hostStorage = await connectPostgres({
    connectionString: withApplicationName(databaseUrl, names.recorder),
    schema,
    max: callers,
  });
  const apiStorage = await connectPostgres({
    connectionString: withApplicationName(databaseUrl, names.api),
    schema,
    max: 4,
    migrate: false,
  });
  const host = createService(serviceOptions(hostStorage));
  const api = createService(serviceOptions(apiStorage));
  const healthyWebhookIds: string[] = [];
  for (const affiliate of affiliates) {
    await host.affiliates.upsert({ id: affiliate.id, name: affiliate.id });
    await host.commerce.recordJourneyTemplate({
      affiliateId: affiliate.id,
      template: {
        slug: `start-${affiliate.id}`,
        template_display_name: 'Start your plan',
        landing_url: `https://shop.example/start-${affiliate.id}`,
        journey_type: 'ecommerce',
      },
    });
    for (const [n, kind] of affiliate.hooks.entries()) {
      const response = await api.handle(
        new Request('http://soak/v2/webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer tok_${affiliate.id}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `${kind} ${n}`,
            url: `http://127.0.0.1:${port}/h/${affiliate.id}/${kind}/${n}`,
            authentication: true,
            webhookInterests: interestsOf(n),
          }),
        }),
      );
      if (response.status !== 201) throw new Error(`creating a webhook answered ${response.status}`);
      const { id } = ((await response.json()) as { data: { id: string } }).data;
      if (kind === 'healthy') healthyWebhookIds.push(id);
    }
  }
  return {
    schema,
    host,
    api,
    healthyWebhookIds,
    subscriptions: new Map(affiliates.map((affiliate) => [affiliate.id, []])),
    journeys: new Map(affiliates.map((affiliate) => [affiliate.id, []])),
    serial: 0,
    close: async () => {
      await apiStorage.close();
      await hostStorage.close();
    },
  };
}

async function request(
  load: Load,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; client?: string } = {},
): Promise<void> {
  const response = await load.api.handle(
    new Request(`http://soak${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.client ? { 'x-soak-client': options.client } : {}),
        'content-type': 'application/json',
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} ${path.split('?')[0]}: ${response.status} ${text.slice(0, 200)}`);
}

const couponCodes = ['SAVE10', 'SAVE15', 'WELCOME', 'SPRING', 'LOYAL', 'FRIEND'];

/** Runs one call of `kind`; answers its latency in ms, and whether it was an order or the API read. */
async function runOp(load: Load, kind: OpKind): Promise<number> {
  const affiliate = pickAffiliate();
  const affiliateId = affiliate.id;
  const token = `tok_${affiliateId}`;
  load.serial += 1;
  // Ids are the schema's own: order and payment event ids derive from them.
  const n = `${load.schema}_${load.serial}`;
  const started = performance.now();
  switch (kind) {
    case 'order': {
      const journeyId = Math.random() < 0.5 ? pick(load.journeys.get(affiliateId)!) : undefined;
      const coupon = Math.random() < 1 / 3 ? pick(couponCodes) : undefined;
      const pv = `pv_${1 + Math.floor(Math.random() * 5)}`;
      await load.host.commerce.recordOrder({
        affiliateId,
        order: {
          id: `ord_${n}`,
          status: 'paid',
          ...(journeyId ? { journeyId } : {}),
          totalCents: coupon ? 8_500 : 10_000,
          currency: 'USD',
          products: [{ productVariationId: pv, quantity: 1, unitPriceCents: 10_000 }],
          ...(coupon
            ? {
                couponRedemptions: [
                  {
                    code: coupon,
                    discountType: 'percent' as const,
                    discountAmount: 15,
                    discountCents: 1_500,
                    redeemedAt: new Date().toISOString(),
                  },
                ],
              }
            : {}),
        },
      });
      break;
    }
    case 'payment':
      await load.host.commerce.recordPayment({
        affiliateId,
        record: { id: `pay_${n}`, status: 'succeeded', fields: { amount_cents: 8_500, currency: 'USD' } },
      });
      break;
    case 'emit':
      await load.host.commerce.emit({
        affiliateId,
        eventType: 'order_created',
        data: { order_id: `co_${n}`, order_status: 'created', total_value_cents: 12_900, currency: 'USD' },
      });
      break;
    case 'subscription': {
      const subscription = await load.host.commerce.recordSubscription({
        affiliateId,
        subscription: {
          id: `sub_${n}`,
          cadence: { interval: 'month', count: 1 },
          nextBillingDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        },
      });
      remember(load.subscriptions.get(affiliateId)!, subscription.id);
      break;
    }
    case 'read': {
      const id = pick(load.subscriptions.get(affiliateId)!);
      await request(load, 'GET', id ? `/v2/ecommerceSubscriptions/${id}` : '/v2/webhooks', { token });
      break;
    }
    case 'renewal': {
      const id = pick(load.subscriptions.get(affiliateId)!);
      if (id)
        await request(load, 'PUT', `/v2/ecommerceSubscriptions/${id}/actions/setRenewalDate`, {
          token,
          body: { renewalDate: dateIn(30 + Math.floor(Math.random() * 300)) },
        });
      break;
    }
    case 'events':
      await request(load, 'GET', '/v2/events?limit=20', { token });
      break;
    case 'coupons':
      await request(load, 'GET', '/v2/ecommerceReports/coupons/used-on-orders', { token });
      break;
    case 'journey': {
      const visitorId = `v_${n}`;
      const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;
      const slug = `start-${affiliateId}`;
      const query = new URLSearchParams({
        landing_url: `https://shop.example/${slug}`,
        visitorId,
        attribution: JSON.stringify({
          track: 'first',
          visitorId,
          params: { utm_source: 'newsletter', gclid: n },
        }),
      });
      await request(load, 'GET', `/v2/journeyTemplates/${slug}/frontend?${query}`, { client });
      const response = await load.api.handle(
        new Request('http://soak/journeys', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-soak-client': client },
          body: JSON.stringify({
            templateSlug: slug,
            visitorId,
            attribution: { params: { utm_source: 'newsletter' } },
          }),
        }),
      );
      const text = await response.text();
      if (response.status !== 201)
        throw new Error(`POST /journeys: ${response.status} ${text.slice(0, 200)}`);
      remember(load.journeys.get(affiliateId)!, (JSON.parse(text) as { data: { id: string } }).data.id);
      break;
    }
  }
  return performance.now() - started;
}

let loggedErrors = 0;
/** The current 10 s of the soak, for the finer view of its first minute. */
let slice: Bucket | undefined;
async function timedOp(load: Load, kind: OpKind, bucket: () => Bucket): Promise<void> {
  try {
    const ms = await runOp(load, kind);
    const into = bucket();
    into.calls += 1;
    const ofKind = into.byKind.get(kind) ?? [];
    ofKind.push(ms);
    into.byKind.set(kind, ofKind);
    if (slice && kind === 'order') {
      slice.orders += 1;
      slice.orderMs.push(ms);
    }
    if (kind === 'order') {
      into.orders += 1;
      into.orderMs.push(ms);
    }
    if (kind === 'read') into.readMs.push(ms);
  } catch (error) {
    const into = bucket();
    const key = `${kind}: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`;
    into.errors.set(key, (into.errors.get(key) ?? 0) + 1);
    loggedErrors += 1;
    if (loggedErrors <= 5) console.error(kind, error);
  }
}

// ---- child processes -------------------------------------------------------------------------

const self = fileURLToPath(import.meta.url);
const children = new Set<ChildProcess>();
function child(args: readonly string[]): ChildProcess {
  const proc = fork(self, [...args], {
    execArgv: ['--conditions=@affiliate-commerce/source', '--import', 'tsx'],
    env: { ...process.env, SOAK_TAG: tag, SOAK_SECRET_KEY: secretKey },
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

/** Asks `proc` to exit and waits for it, at most 20 s; then ends it. */
async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.send('exit');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

interface Workers {
  readonly procs: ChildProcess[];
  /** Sums of what the workers reported since the last take. */
  take(): WorkerReport;
}

async function startWorkers(schema: string): Promise<Workers> {
  const procs = [child(['worker', schema, '0']), child(['worker', schema, '1'])];
  let sum = emptyWorkerReport();
  for (const proc of procs)
    proc.on('message', (message: WorkerReport | { ready: true }) => {
      if (!('succeeded' in message)) return;
      sum.succeeded += message.succeeded;
      sum.failed += message.failed;
      sum.errors += message.errors;
      sum.pruned.deliveries += message.pruned.deliveries;
      sum.pruned.attempts += message.pruned.attempts;
      sum.pruned.events += message.pruned.events;
      sum.pruneMs += message.pruneMs;
    });
  await Promise.all(procs.map((proc) => nextMessage(proc)));
  return {
    procs,
    take() {
      const taken = sum;
      sum = emptyWorkerReport();
      return taken;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- measuring -------------------------------------------------------------------------------

const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const median = (values: readonly number[]) => percentile(values, 50);

interface Relation {
  readonly name: string;
  readonly kind: 'table' | 'index';
  /** The relation's own size; for a table, with its indexes and TOAST in `total`. */
  readonly bytes: number;
  readonly total: number;
  readonly live?: number;
  readonly dead?: number;
  readonly analyses?: number;
  readonly autovacuums?: number;
  readonly seqScans?: number;
  readonly seqRows?: number;
  /** An index's table. */
  readonly table?: string;
}

async function relations(admin: pg.Client, schema: string): Promise<Relation[]> {
  const { rows } = await admin.query<{
    name: string;
    kind: string;
    bytes: string;
    total: string;
    live: string | null;
    dead: string | null;
    analyses: string | null;
    autovacuums: string | null;
    seq_scans: string | null;
    seq_rows: string | null;
    table: string | null;
  }>(
    `select c.relname as name, c.relkind as kind, pg_relation_size(c.oid) as bytes,
       case when c.relkind = 'r' then pg_total_relation_size(c.oid) else pg_relation_size(c.oid) end as total,
       s.n_live_tup as live, s.n_dead_tup as dead,
       s.analyze_count + s.autoanalyze_count as analyses, s.autovacuum_count + s.vacuum_count as autovacuums,
       s.seq_scan as seq_scans, s.seq_tup_read as seq_rows, t.relname as "table"
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_stat_user_tables s on s.relid = c.oid
     left join pg_index i on i.indexrelid = c.oid
     left join pg_class t on t.oid = i.indrelid
     where n.nspname = $1 and c.relkind in ('r', 'i')`,
    [schema],
  );
  return rows.map((row) => ({
    name: row.name,
    kind: row.kind === 'r' ? 'table' : 'index',
    bytes: Number(row.bytes),
    total: Number(row.total),
    ...(row.live === null ? {} : { live: Number(row.live) }),
    ...(row.dead === null ? {} : { dead: Number(row.dead) }),
    ...(row.analyses === null ? {} : { analyses: Number(row.analyses) }),
    ...(row.autovacuums === null ? {} : { autovacuums: Number(row.autovacuums) }),
    ...(row.table === null ? {} : { table: row.table }),
    ...(row.seq_scans === null ? {} : { seqScans: Number(row.seq_scans), seqRows: Number(row.seq_rows) }),
  }));
}

/** The outbox tables retention keeps bounded. */
const outboxTables = ['events', 'deliveries', 'delivery_attempts', 'delivery_queue', 'webhook_attempt_hours'];

/** Looks up when the sampled receipts' events occurred, and adds their lags to the bucket of their receipt. */
async function addLags(
  admin: pg.Client,
  schema: string,
  report: ReceiverReport,
  bucketAt: (epochMs: number) => Bucket | undefined,
): Promise<void> {
  if (report.receipts.length === 0) return;
  const { rows } = await admin.query<{ affiliate_id: string; id: string; at: number }>(
    // A lookup by key per receipt (never a scan of the events, which would show among the SDK's).
    `select u.a as affiliate_id, u.i as id, extract(epoch from e.occurred_at) * 1000 as at
     from unnest($1::text[], $2::text[]) as u(a, i)
     cross join lateral (select occurred_at from "${schema}".events where affiliate_id = u.a and id = u.i) e`,
    [report.receipts.map((r) => r[0]), report.receipts.map((r) => r[1])],
  );
  const occurred = new Map(rows.map((row) => [`${row.affiliate_id}/${row.id}`, Number(row.at)]));
  for (const [affiliateId, eventId, at] of report.receipts) {
    const from = occurred.get(`${affiliateId}/${eventId}`);
    if (from === undefined) continue;
    bucketAt(at)?.lagMs.push(at - from);
  }
}

// ---- the run ---------------------------------------------------------------------------------

/** The outbox every 10 s: its tables' size, and its deliveries (`n_live_tup`) still pending and finished. */
interface SizeSample {
  readonly at: number;
  readonly bytes: number;
  readonly pending: number;
  readonly finished: number;
}

/** Ten seconds of the soak. */
interface Slice {
  /** Seconds from the start to its start and its end. */
  readonly from: number;
  readonly at: number;
  readonly orders: number;
  readonly succeeded: number;
  readonly orderP99: number;
  readonly perOrder: number;
  readonly perDelivery: number;
}

interface Minute {
  readonly n: number;
  readonly seconds: number;
  readonly bucket: Bucket;
  readonly cpu: { recorder: number; api: number; worker: number; prune: number; vacuum: number };
  readonly relations: Relation[];
  readonly dueBacklog: number;
  readonly load: number;
  /** Rows read by sequential scans of the schema's tables during the minute. */
  readonly seqRows: number;
  /** The tables whose sequential scans read the most rows during the minute. */
  readonly seqTop: string;
  /** This process's event-loop delay, p99 ms: above a few ms the load generator itself lags. */
  readonly loopP99: number;
}

async function calibrate(
  admin: pg.Client,
  port: number,
  receiverProc: ChildProcess,
): Promise<{
  readonly callsPerSecond: number;
  readonly keptUp: number;
  readonly capacity: number;
}> {
  const schema = `bench_soak_cal_${randomBytes(3).toString('hex')}`;
  let load: Load | undefined;
  let workers: Workers | undefined;
  try {
    load = await openLoad(schema, port);
    workers = await startWorkers(schema);
    const bucket = newBucket();
    const until = performance.now() + calibrationSeconds * 1000;
    const opened = load;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < until) await timedOp(opened, pickKind(), () => bucket);
      }),
    );
    const { rows } = await admin.query<{ created: string; succeeded: string }>(
      `select count(*) as created, count(*) filter (where status = 'succeeded') as succeeded
       from "${schema}".deliveries where webhook_id = any($1)`,
      [load.healthyWebhookIds],
    );
    const keptUp = Math.min(1, Number(rows[0]!.succeeded) / Math.max(1, Number(rows[0]!.created)));
    const callsPerSecond = bucket.calls / calibrationSeconds;
    console.log(
      `calibration latency p50 / p99 ms: ${mix
        .map(
          ([kind]) =>
            `${kind} ${ms(percentile(bucket.byKind.get(kind) ?? [], 50))} / ${ms(percentile(bucket.byKind.get(kind) ?? [], 99))}`,
        )
        .join(', ')}`,
    );
    receiverProc.send('poll');
    await nextMessage(receiverProc);
    return { callsPerSecond, keptUp, capacity: callsPerSecond * keptUp };
  } finally {
    await Promise.all((workers?.procs ?? []).map(stop));
    await load?.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
  }
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const settings = Object.fromEntries(
    (
      await admin.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('autovacuum', 'autovacuum_naptime', 'server_version')`,
      )
    ).rows.map((row) => [row.name, row.setting]),
  );
  const load0 = loadavg()[0]!;
  const receiverProc = child(['receivers']);
  const { port } = await nextMessage<{ port: number }>(receiverProc);
  const schema = `bench_soak_${randomBytes(3).toString('hex')}`;
  let load: Load | undefined;
  let workers: Workers | undefined;
  let vacuumClient: pg.Client | undefined;
  let vacuums: Vacuums | undefined;
  let stopping = false;
  const onSignal = () => {
    stopping = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const calibration = fixedRate === undefined ? await calibrate(admin, port, receiverProc) : undefined;
    const rate = fixedRate ?? share * calibration!.capacity;
    if (calibration)
      console.log(
        `calibration: ${calibration.callsPerSecond.toFixed(0)} calls/s with ${callers} callers, workers kept up with ${(
          calibration.keptUp * 100
        ).toFixed(
          0,
        )} % of healthy deliveries: capacity ${calibration.capacity.toFixed(0)} calls/s; soak at ${rate.toFixed(0)} calls/s`,
      );

    // The soak: a fresh, empty schema.
    load = await openLoad(schema, port);
    workers = await startWorkers(schema);
    if (vacuumMode !== 'off' && settings.autovacuum === 'off') {
      vacuumClient = new pg.Client({ connectionString: withApplicationName(databaseUrl, names.vacuum) });
      await vacuumClient.connect();
      vacuums = emulateAutovacuum(vacuumClient, schema, Number(settings.autovacuum_naptime) * 1000);
    }
    const cpu = {
      recorder: followPostgres(admin, names.recorder),
      api: followPostgres(admin, names.api),
      worker: followPostgres(admin, names.worker),
      prune: followPostgres(admin, names.prune),
      vacuum: followPostgres(admin, names.vacuum),
    };
    // One query at a time on the admin connection.
    const sampleCpu = async () => {
      for (const one of Object.values(cpu)) await one.sample();
    };
    const usedCpu = () => ({
      recorder: cpu.recorder.usedMicros(),
      api: cpu.api.usedMicros(),
      worker: cpu.worker.usedMicros(),
      prune: cpu.prune.usedMicros(),
      vacuum: cpu.vacuum.usedMicros(),
    });
    await sampleCpu();
    workers.take();
    receiverProc.send('poll');
    await nextMessage(receiverProc);

    const start = performance.now();
    const startEpoch = Date.now();
    const end = start + minutes * 60_000;
    const buckets = Array.from({ length: minutes }, newBucket);
    const minuteOf = (now: number) => Math.min(minutes - 1, Math.max(0, Math.floor((now - start) / 60_000)));
    const bucketNow = () => buckets[minuteOf(performance.now())]!;
    const bucketAtEpoch = (epochMs: number) =>
      buckets[Math.min(minutes - 1, Math.max(0, Math.floor((epochMs - startEpoch) / 60_000)))];
    const sizeSamples: SizeSample[] = [];
    const minuteRows: Minute[] = [];

    // The open loop: calls start on schedule whatever the earlier ones are doing.
    let inFlight = 0;
    const running = new Set<Promise<void>>();
    const pacing = (async () => {
      let started = 0;
      while (!stopping && performance.now() < end) {
        const due = Math.floor(((performance.now() - start) / 1000) * rate);
        while (started < due) {
          started += 1;
          if (inFlight >= maxInFlight) {
            bucketNow().dropped += 1;
            continue;
          }
          inFlight += 1;
          const one = timedOp(load!, pickKind(), bucketNow).finally(() => {
            inFlight -= 1;
            running.delete(one);
          });
          running.add(one);
        }
        await sleep(5);
      }
    })();

    // The measuring loop: CPU each second, receipts each 5 s, outbox sizes each 10 s, a row each minute.
    let cpuBefore = usedCpu();
    let relsBefore = await relations(admin, schema);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let sliceCpu = cpuBefore;
    const slices: Slice[] = [];
    slice = newBucket();
    let lastMinuteAt = start;
    let tick = 0;
    while (!stopping && minuteRows.length < minutes) {
      await sleep(1_000);
      tick += 1;
      await sampleCpu();
      const worked = workers.take();
      const into = bucketNow();
      into.succeeded += worked.succeeded;
      into.failed += worked.failed;
      into.workerErrors += worked.errors;
      into.pruned += worked.pruned.deliveries;
      if (slice) slice.succeeded += worked.succeeded;
      if (tick % 5 === 0) {
        receiverProc.send('poll');
        const report = await nextMessage<ReceiverReport>(receiverProc);
        for (const key of Object.keys(into.received) as (keyof Bucket['received'])[])
          into.received[key] += report[key];
        await addLags(admin, schema, report, bucketAtEpoch);
      }
      if (tick % 10 === 0 && slice) {
        const cpuNow = usedCpu();
        const one: Slice = {
          from: slices.at(-1)?.at ?? 0,
          at: Math.round((performance.now() - start) / 1000),
          orders: slice.orders,
          succeeded: slice.succeeded,
          orderP99: percentile(slice.orderMs, 99),
          perOrder: (cpuNow.recorder - sliceCpu.recorder) / Math.max(1, slice.orders),
          perDelivery: (cpuNow.worker - sliceCpu.worker) / Math.max(1, slice.succeeded),
        };
        slices.push(one);
        console.log(
          `  ${one.from}–${one.at} s: ${one.orders} orders, ${one.succeeded} deliveries; PostgreSQL ${fmt(one.perOrder)} µs/order, ${fmt(
            one.perDelivery,
          )} µs/delivery; recordOrder p99 ${ms(one.orderP99)} ms`,
        );
        sliceCpu = cpuNow;
        slice = newBucket();
      }
      if (tick % 10 === 0) {
        const now = await relations(admin, schema);
        const liveOf = (name: string) => now.find((r) => r.name === name)?.live ?? 0;
        sizeSamples.push({
          pending: liveOf('delivery_queue'),
          finished: liveOf('deliveries') - liveOf('delivery_queue'),
          at: (performance.now() - start) / 1000,
          bytes: now
            .filter((r) => r.kind === 'table' && outboxTables.includes(r.name))
            .reduce((sum, r) => sum + r.total, 0),
        });
      }
      const now = performance.now();
      if (now - lastMinuteAt >= 60_000 || now >= end) {
        const n = minuteRows.length + 1;
        // Receipts up to the minute's end, so its lags are complete.
        receiverProc.send('poll');
        const report = await nextMessage<ReceiverReport>(receiverProc);
        for (const key of Object.keys(into.received) as (keyof Bucket['received'])[])
          into.received[key] += report[key];
        await addLags(admin, schema, report, bucketAtEpoch);
        await sampleCpu();
        const cpuNow = usedCpu();
        const rels = await relations(admin, schema);
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from "${schema}".delivery_queue where due_at <= now()`,
        );
        minuteRows.push({
          n,
          seconds: (now - lastMinuteAt) / 1000,
          bucket: buckets[n - 1]!,
          cpu: {
            recorder: cpuNow.recorder - cpuBefore.recorder,
            api: cpuNow.api - cpuBefore.api,
            worker: cpuNow.worker - cpuBefore.worker,
            prune: cpuNow.prune - cpuBefore.prune,
            vacuum: cpuNow.vacuum - cpuBefore.vacuum,
          },
          relations: rels,
          dueBacklog: Number(rows[0]!.n),
          load: loadavg()[0]!,
          seqRows: seqRowsOf(rels) - seqRowsOf(relsBefore),
          seqTop: seqTopOf(rels, relsBefore),
          loopP99: loop.percentile(99) / 1e6,
        });
        loop.reset();
        relsBefore = rels;
        console.log(minuteLine(minuteRows.at(-1)!));
        cpuBefore = cpuNow;
        lastMinuteAt = now;
      }
    }
    stopping = true;
    await pacing;
    await Promise.all(running);
    const finalRelations = await relations(admin, schema);
    const markdown = report({
      minuteRows,
      slices,
      finalRelations,
      sizeSamples,
      rate,
      calibration,
      settings,
      load0,
      vacuumed: vacuums
        ? [...vacuums.counts].map(([table, n]) => `${table} ${n}`).join(', ') || 'none'
        : undefined,
    });
    console.log(`\n${markdown}`);
    if (minuteRows.length === minutes) writeSection('soak', markdown);
    else console.log('stopped early: docs/benchmarks.md left as it was');
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await vacuums?.stop().catch(() => undefined);
    await vacuumClient?.end().catch(() => undefined);
    await Promise.all((workers?.procs ?? []).map(stop));
    await stop(receiverProc);
    await load?.close();
    await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await admin.end();
    for (const proc of children) proc.kill('SIGKILL');
  }
}

// ---- the report ------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';
const ms = (n: number) => (Number.isFinite(n) ? (n >= 100 ? fmt(n) : fmt(n, 1)) : '–');
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${fmt(bytes / 1024 / 1024, 1)} MB` : `${fmt(bytes / 1024)} kB`;

const perOrder = (m: Minute) => m.cpu.recorder / Math.max(1, m.bucket.orders);
const perDelivery = (m: Minute) => m.cpu.worker / Math.max(1, m.bucket.succeeded);
const largest = (rels: readonly Relation[], count: number) =>
  [...rels]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((r) => `${r.name} ${size(r.bytes)}`)
    .join(', ');
const seqRowsOf = (rels: readonly Relation[]) => rels.reduce((sum, r) => sum + (r.seqRows ?? 0), 0);
const seqTopOf = (rels: readonly Relation[], before: readonly Relation[]) =>
  rels
    .map((r) => {
      const was = before.find((b) => b.name === r.name);
      return {
        name: r.name,
        scans: (r.seqScans ?? 0) - (was?.seqScans ?? 0),
        rows: (r.seqRows ?? 0) - (was?.seqRows ?? 0),
      };
    })
    .filter((r) => r.rows > 0)
    .sort((a, b) => b.rows - a.rows)
    .slice(0, 2)
    .map((r) => `${r.name} ${fmt(r.rows)} in ${fmt(r.scans)}`)
    .join(', ');
const deadOf = (rels: readonly Relation[]) => rels.reduce((sum, r) => sum + (r.dead ?? 0), 0);
const mostDead = (rels: readonly Relation[]) => [...rels].sort((a, b) => (b.dead ?? 0) - (a.dead ?? 0))[0];

function minuteLine(m: Minute): string {
  const b = m.bucket;
  const errors = [...b.errors.values()].reduce((sum, n) => sum + n, 0);
  return `minute ${m.n}: ${fmt(b.orders / m.seconds, 1)} orders/s, ${fmt(b.succeeded / m.seconds, 1)} deliveries/s; recordOrder p50 ${ms(
    percentile(b.orderMs, 50),
  )} p99 ${ms(percentile(b.orderMs, 99))} ms; read p50 ${ms(percentile(b.readMs, 50))} p99 ${ms(
    percentile(b.readMs, 99),
  )} ms; lag p50 ${ms(percentile(b.lagMs, 50))} p99 ${ms(percentile(b.lagMs, 99))} ms; PostgreSQL ${fmt(
    perOrder(m),
  )} µs/order, ${fmt(perDelivery(m))} µs/delivery, API ${fmt(m.cpu.api / 1000)} ms, prune ${fmt(
    m.cpu.prune / 1000,
  )} ms, vacuum ${fmt(m.cpu.vacuum / 1000)} ms; seq-scanned rows ${fmt(m.seqRows)} (${m.seqTop}); loop p99 ${ms(m.loopP99)} ms; due backlog ${fmt(m.dueBacklog)}; dead tuples ${fmt(deadOf(m.relations))}; largest ${largest(
    m.relations,
    4,
  )}${b.dropped ? `; ${b.dropped} dropped` : ''}${errors ? `; ${errors} errors: ${[...b.errors.keys()].slice(0, 3).join(' | ')}` : ''}`;
}

function report(input: {
  readonly minuteRows: readonly Minute[];
  readonly slices: readonly Slice[];
  readonly finalRelations: readonly Relation[];
  readonly sizeSamples: readonly SizeSample[];
  readonly rate: number;
  readonly calibration: { callsPerSecond: number; keptUp: number; capacity: number } | undefined;
  readonly settings: Record<string, string>;
  readonly load0: number;
  /** What the emulated autovacuum vacuumed, when it ran. */
  readonly vacuumed: string | undefined;
}): string {
  const { minuteRows, slices, finalRelations, sizeSamples, rate, calibration, settings } = input;
  const firstMinute = slices
    .filter((one) => one.from < 60)
    .map(
      (one) =>
        `${one.from}–${one.at} s: ${fmt(one.perOrder)} / ${fmt(one.perDelivery)} µs, p99 ${ms(one.orderP99)} ms (${fmt(
          one.orders,
        )} orders)`,
    )
    .join('; ');
  const latencyByKind = mix
    .map(([kind]) => {
      const all = minuteRows.flatMap((m) => m.bucket.byKind.get(kind) ?? []);
      return `${kind} ${ms(percentile(all, 50))} / ${ms(percentile(all, 99))}`;
    })
    .join(', ');
  const orderCosts = minuteRows.map(perOrder);
  const deliveryCosts = minuteRows.map(perDelivery);
  const within = (values: readonly number[]) => {
    const mid = median(values);
    const worst = Math.max(...values.map((v) => Math.abs(v / mid - 1)));
    return { mid, worst, met: worst <= 0.2 };
  };
  const orderFlat = within(orderCosts);
  const deliveryFlat = within(deliveryCosts);
  const worstOrderP99 = Math.max(...minuteRows.map((m) => percentile(m.bucket.orderMs, 99)));
  const worstLagP99 = Math.max(...minuteRows.map((m) => percentile(m.bucket.lagMs, 99)));
  // Retention holds once a delivery could have been pruned (retention, then a prune), and a sample later.
  const steadyFrom = retentionSeconds + pruneEverySeconds + 10;
  const steady = sizeSamples.filter((s) => s.at >= steadyFrom);
  const bounded =
    steady.length >= 6
      ? (() => {
          const middle = steady[Math.floor(steady.length / 2)]!;
          const last = steady.at(-1)!;
          const growth = last.bytes / middle.bytes - 1;
          const kept = last.finished / Math.max(1, middle.finished) - 1;
          const signed = (n: number) => `${n >= 0 ? '+' : ''}${fmt(n * 100)} %`;
          // Retention removes finished deliveries; pending ones (the hanging endpoint's, held by its
          // breaker until the endpoint is disabled after days) are kept whatever their age.
          return {
            text: `finished deliveries kept ${fmt(middle.finished)} at ${fmt(middle.at)} s and ${fmt(last.finished)} at ${fmt(
              last.at,
            )} s (${signed(kept)}); pending deliveries, which retention never removes, ${fmt(middle.pending)} and ${fmt(
              last.pending,
            )}; the outbox tables (${outboxTables.join(', ')}, with their indexes) ${size(middle.bytes)} and ${size(
              last.bytes,
            )} (${signed(growth)})`,
            met: kept <= 0.25,
          };
        })()
      : {
          text: `not checked: the run ends ${fmt(minuteRows.length * 60 - steadyFrom)} s after retention (${fmt(
            retentionSeconds,
          )} s) and a prune could apply, a minute at least is needed`,
          met: undefined,
        };
  const verdict = (met: boolean | undefined) =>
    met === undefined ? 'not checked' : met ? 'met' : '**not met**';
  const aims = [
    `PostgreSQL CPU per order within ±20 % of the run's median (${fmt(orderFlat.mid)} µs) every minute: ${verdict(
      orderFlat.met,
    )} (furthest ${fmt(orderFlat.worst * 100)} %)`,
    `per delivery within ±20 % of its median (${fmt(deliveryFlat.mid)} µs): ${verdict(deliveryFlat.met)} (furthest ${fmt(
      deliveryFlat.worst * 100,
    )} %)`,
    `p99 recordOrder < 50 ms every minute: ${verdict(worstOrderP99 < 50)} (worst ${ms(worstOrderP99)} ms)`,
    `healthy receivers' delivery lag p99 < 2 s every minute: ${verdict(worstLagP99 < 2_000)} (worst ${ms(worstLagP99)} ms)`,
    `table sizes bounded by retention: ${verdict(bounded.met)}, ${bounded.text}`,
  ];
  const rows = minuteRows.map((m) => {
    const b = m.bucket;
    const errors = [...b.errors.values()].reduce((sum, n) => sum + n, 0);
    const dead = mostDead(m.relations);
    return `| ${m.n} | ${fmt(b.calls / m.seconds)} | ${fmt(b.orders / m.seconds, 1)} | ${fmt(b.succeeded / m.seconds)} | ${ms(
      percentile(b.orderMs, 50),
    )} / ${ms(percentile(b.orderMs, 99))} | ${ms(percentile(b.readMs, 50))} / ${ms(percentile(b.readMs, 99))} | ${ms(
      percentile(b.lagMs, 50),
    )} / ${ms(percentile(b.lagMs, 99))} | ${fmt(perOrder(m))} | ${fmt(perDelivery(m))} | ${fmt(
      m.cpu.api / 1000 / m.seconds,
    )} / ${fmt(m.cpu.prune / 1000 / m.seconds)} / ${fmt(m.cpu.vacuum / 1000 / m.seconds)} | ${fmt(m.seqRows)}${m.seqTop ? ` (${m.seqTop})` : ''} | ${fmt(b.pruned)} | ${fmt(m.dueBacklog)} | ${fmt(deadOf(m.relations))}${
      dead?.dead ? ` (${dead.name} ${fmt(dead.dead)})` : ''
    } | ${largest(m.relations, 3)} | ${fmt(m.load, 1)} | ${ms(m.loopP99)} | ${b.dropped + errors}${b.workerErrors ? ` (+${b.workerErrors} worker)` : ''} |`;
  });
  const receivedTotals = minuteRows.reduce(
    (sum, m) => ({
      flakyOk: sum.flakyOk + m.bucket.received.flakyOk,
      flaky500: sum.flaky500 + m.bucket.received.flaky500,
      hung: sum.hung + m.bucket.received.hung,
      duplicates: sum.duplicates + m.bucket.received.duplicates,
      healthy: sum.healthy + m.bucket.received.healthy,
    }),
    { flakyOk: 0, flaky500: 0, hung: 0, duplicates: 0, healthy: 0 },
  );
  const errorLines = new Map<string, number>();
  for (const m of minuteRows)
    for (const [key, n] of m.bucket.errors) errorLines.set(key, (errorLines.get(key) ?? 0) + n);
  const tables = finalRelations.filter((r) => r.kind === 'table').sort((a, b) => b.total - a.total);
  const sizeRows = tables.flatMap((table) => {
    const indexes = finalRelations
      .filter((r) => r.kind === 'index' && r.table === table.name)
      .sort((a, b) => b.bytes - a.bytes);
    return [
      `| ${table.name} | ${size(table.bytes)} | ${size(table.total)} | ${fmt(table.live ?? 0)} | ${fmt(table.dead ?? 0)} | ${fmt(
        table.analyses ?? 0,
      )} / ${fmt(table.autovacuums ?? 0)} | ${fmt(table.seqScans ?? 0)} (${fmt(table.seqRows ?? 0)}) |`,
      ...indexes.map((index) => `| ↳ ${index.name} | ${size(index.bytes)} | | | | | |`),
    ];
  });
  const mixText = mix.map(([kind, weight]) => `${kind} ${weight}`).join(', ');
  return [
    '## Soak: a production load held for minutes (`bench/soak.bench.ts`)',
    '',
    `${machineLine()} PostgreSQL ${settings.server_version}, autovacuum ${settings.autovacuum}${
      settings.autovacuum === 'off'
        ? input.vacuumed === undefined
          ? ' (this server turns it off, and SOAK_VACUUM=off: dead rows stay)'
          : ` on this server, so the benchmark vacuums its schema as autovacuum would at the default settings (every ${settings.autovacuum_naptime} s, a table with dead rows over 50 + 20 % of its rows or inserted rows over 1,000 + 20 %, cost delay 2 ms; never analyzing; bench/soak-vacuum.ts); vacuumed: ${input.vacuumed}`
        : ` (naptime ${settings.autovacuum_naptime} s)`
    }${process.env.SOAK_SERVER ? `, on a server of the benchmark's own with default settings (\`bench/soak-own-server.ts\`; ${process.env.SOAK_SERVER}, fsync off)` : ''}; 1-minute load average at the start ${fmt(input.load0, 1)}. ${minuteRows.length} minute(s) from an empty schema, nothing seeded or analyzed by the benchmark.`,
    '',
    `The load: ${calibration ? `calibration ${calibrationSeconds} s of ${callers} callers in a closed loop reached ${fmt(calibration.callsPerSecond)} calls/s with the workers keeping up with ${fmt(calibration.keptUp * 100)} % of the healthy deliveries, a capacity of ${fmt(calibration.capacity)} calls/s; ` : ''}the soak calls at ${fmt(rate)} calls/s in an open loop${calibration ? ` (${share * 100} % of it)` : ' (SOAK_RATE)'}, in the mix ${mixText} (order: \`recordOrder\`, paid, a third with a coupon, half from a storefront journey; payment: \`recordPayment\`; emit: \`emit\` order_created; subscription: \`recordSubscription\`; read: \`GET /v2/ecommerceSubscriptions/{id}\`; renewal: \`PUT .../actions/setRenewalDate\`; events: \`GET /v2/events?limit=20\`; coupons: the coupon report; journey: the template view and \`POST /journeys\`). Five affiliates take ${affiliates.map((a) => `${fmt(a.share * 100)} %`).join(', ')} of the calls, with ${affiliates.map((a) => a.hooks.length).join(', ')} webhooks: receivers answer in 5–50 ms, one endpoint 500 a third of the time, one never (time-out ${deliveries.timeoutMs / 1000} s, lease ${deliveries.leaseMs / 1000} s). Two worker processes run \`runWorker\` (batches of ${soakWorkerPacing.batchSize}, ${soakWorkerPacing.concurrency} sends in flight, ${soakWorkerPacing.perEndpoint} per endpoint, pool of 4); the first also runs \`service.deliveries.prune\` every ${fmt(pruneEverySeconds, 1)} s, keeping ${fmt(retentionSeconds)} s of finished deliveries (on a connection of its own).`,
    '',
    "How to read it: PostgreSQL CPU is that of the server processes of this benchmark's connections only: per order is the host's calls (orders, payments, emits, subscriptions) over the orders recorded; per delivery is the workers' over the deliveries that succeeded; API, prune and vacuum are ms of CPU per second. Lag is a healthy receiver's receipt minus the event's `occurred_at` (a sample of up to 3,000 receipts per 5 s). Due backlog is the queue rows due at the minute's end (the hanging endpoint's retries among them). Seq-scanned rows are `seq_tup_read` of the schema's tables during the minute (a plan made for an empty table shows here; the benchmark's own sampling reads events by key and the queue by its due index). Dead tuples are `n_dead_tup` summed over the schema. Host loop delay is this process's event-loop delay: when it is high, the load generator and the host's calls wait on Node, not on the database. Sizes are `pg_relation_size` of each table or index at the minute's end.",
    '',
    '| minute | calls/s | orders/s | deliveries/s | recordOrder p50 / p99 ms | API read p50 / p99 ms | lag p50 / p99 ms | PG µs / order | PG µs / delivery | PG API / prune / vacuum ms/s | seq-scanned rows | pruned | due backlog | dead tuples | largest relations | load | host loop delay p99 ms | dropped + errors |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|',
    ...rows,
    '',
    `Aims: ${aims.join('; ')}.`,
    '',
    `The first minute by 10 s (PostgreSQL CPU per order / per delivery, recordOrder p99): ${firstMinute}.`,
    '',
    `Latency of each kind of call over the run, p50 / p99 ms: ${latencyByKind}.`,
    '',
    `Receivers over the run: ${fmt(receivedTotals.healthy)} healthy receipts, the flaky endpoint ${fmt(receivedTotals.flakyOk)} answered 200 and ${fmt(receivedTotals.flaky500)} 500, the hanging one held ${fmt(receivedTotals.hung)} requests; ${fmt(receivedTotals.duplicates)} repeated receipts of an event already answered with success.${
      errorLines.size > 0
        ? ` Failed calls: ${[...errorLines]
            .slice(0, 5)
            .map(([key, n]) => `${key} (${n})`)
            .join('; ')}.`
        : ''
    }`,
    '',
    'Sizes at the end (analyses: `analyze_count + autoanalyze_count`; vacuums: `vacuum_count + autovacuum_count`; sequential scans of the table over the run, and the rows they read):',
    '',
    '| table / ↳ index | own size | with indexes and TOAST | live rows | dead rows | analyses / vacuums | seq scans (rows read) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...sizeRows,
  ].join('\n');
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'receivers') await receivers();
else if (mode === 'worker')
  await soakWorker({
    databaseUrl,
    schema: args[0]!,
    workerName: names.worker,
    pruneName: names.prune,
    serviceOptions,
    ...(args[1] === '0'
      ? { prune: { everyMs: pruneEverySeconds * 1000, olderThanMs: retentionSeconds * 1000 } }
      : {}),
  });
else await main();
