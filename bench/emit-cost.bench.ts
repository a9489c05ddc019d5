/**
 * What recording commerce activity costs: `service.commerce.recordOrder` (a new paid order from
 * a journey, with one coupon: `ecommerce_order_created` and `ecommerce_order_paid`) and
 * `service.commerce.recordPayment` (a new succeeded payment: `payment_succeeded`), with 0, 1, 5
 * and 20 subscribed webhooks, side by side in one run with a floor of plain INSERTs of the same
 * rows (the order, its redemption, the events, one multi-row insert of the deliveries) in one
 * transaction. Four callers at once on a pool of four connections; three paired rounds, the order
 * flipped each round; statements per call counted on the connections themselves (BEGIN and
 * COMMIT included). Then the same `recordOrder` from a fresh schema (`bench/emit-cost-fresh.ts`):
 * a new schema per webhook count, made by `connectPostgres` right before its first round, every
 * round reported. Writes its tables to docs/benchmarks.md (`emit-cost`).
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/emit-cost.bench.ts
 * Only the fresh-schema part (its table replaced in place): FRESH_ONLY=1 and the same command.
 * ROUNDS sets the number of paired rounds of every part (default 3).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Service } from '@affiliate-commerce/core';
import { createWebhook } from '@affiliate-commerce/core/http';
import { createPostgresStorage, pgPoolDb, pgTransaction } from '@affiliate-commerce/storage-postgres';
import { testService } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { machineLine, writeSection } from './docs-section';
import { type FreshResult, freshAim, freshSchemaCost, freshSection, storeAffiliate } from './emit-cost-fresh';
import { followPostgres, withApplicationName } from './postgres-cpu';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const affiliateId = 'aff_emit';
const callers = 4;
const roundMs = 1_500;
const rounds = Number(process.env.ROUNDS ?? 3);
const webhookCounts = [0, 1, 5, 20];
/** Webhook counts of the fresh-schema part; `FRESH_ONLY=1` runs that part alone. */
const freshWebhookCounts = [0, 1, 5];
const freshOnly = process.env.FRESH_ONLY === '1';
const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
/** The name of this benchmark's connections, so PostgreSQL's CPU counts only theirs. */
const applicationName = `bench_emit_${process.pid}`;

/** Counts what goes over the pool's connections. */
function countingPool(): { pool: pg.Pool; statements: () => number } {
  const pool = new pg.Pool({ connectionString: withApplicationName(url, applicationName), max: callers });
  let statements = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
  });
  return { pool, statements: () => statements };
}

interface Family {
  readonly name: string;
  /** Records the nth call's order or payment; an order comes from `journeyId` (default {@link journeyOf}). */
  readonly call: (service: Pick<Service, 'commerce'>, n: number, journeyId?: string) => Promise<void>;
  readonly floor: (
    client: pg.PoolClient,
    schema: string,
    n: number,
    webhookIds: readonly string[],
    journeyId?: string,
  ) => Promise<void>;
}

const run = randomUUID().slice(0, 8);
/** Journeys made up front: each order comes from a journey of its own, as a storefront's do. */
const journeys = 60_000;
const journeyOf = (n: number) => `jrn_emit_${n % journeys}`;
const orderId = (n: number) => `ord_${run}_${n}`;

const orderFamily: Family = {
  name: 'recordOrder',
  async call(service, n, journeyId = journeyOf(n)) {
    await service.commerce.recordOrder({
      affiliateId,
      order: {
        id: orderId(n),
        status: 'paid',
        journeyId,
        totalCents: 8_500,
        currency: 'USD',
        products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 10_000 }],
        couponRedemptions: [
          {
            code: 'SAVE15',
            discountType: 'percent',
            discountAmount: 15,
            discountCents: 1_500,
            redeemedAt: '2026-11-02T10:00:00Z',
          },
        ],
      },
    });
  },
  async floor(client, schema, n, webhookIds, journeyId = journeyOf(n)) {
    const now = new Date();
    const id = `f${orderId(n)}`;
    await client.query('begin');
    await client.query(
      `insert into "${schema}".orders (affiliate_id, id, status, created_at, updated_at, journey_id, is_renewal,
         total_cents, currency, products, product_variation_ids, has_coupon)
       values ($1, $2, 'paid', $3, $3, $6, false, 8500, 'USD', $4::jsonb, $5::text[], true)`,
      [
        affiliateId,
        id,
        now,
        JSON.stringify([{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 10_000 }]),
        ['pv_1'],
        journeyId,
      ],
    );
    await client.query(
      `insert into "${schema}".coupon_redemptions (affiliate_id, id, order_id, position, code, discount_type,
         discount_amount, discount_cents, currency, redeemed_at, product_variation_ids)
       values ($1, $2, $3, 0, 'SAVE15', 'percent', 15, 1500, 'USD', $4, $5::text[])`,
      [affiliateId, `${id}_coupon_1`, id, now, ['pv_1']],
    );
    const data = JSON.stringify({
      ecommerce_order_id: id,
      journey_id: journeyId,
      total_value_cents: 8_500,
    });
    const attribution = JSON.stringify({ first: { landing_url: 'https://shop.example.com/start' } });
    const events = [`evt_${id}_created`, `evt_${id}_paid`];
    await client.query(
      `insert into "${schema}".events (affiliate_id, id, event_type, occurred_at, data, attribution)
       values ($1, $2, 'ecommerce_order_created', $4, $5, $6), ($1, $3, 'ecommerce_order_paid', $4, $5, $6)`,
      [affiliateId, events[0], events[1], now, data, attribution],
    );
    await floorDeliveries(client, schema, now, webhookIds, [
      [events[0]!, 'ecommerce_order_created'],
      [events[1]!, 'ecommerce_order_paid'],
    ]);
    await client.query('commit');
  },
};

const paymentFamily: Family = {
  name: 'recordPayment',
  async call(service, n) {
    await service.commerce.recordPayment({
      affiliateId,
      record: {
        id: `pay_${run}_${n}`,
        status: 'succeeded',
        fields: { amount_cents: 8_500, currency: 'USD' },
      },
    });
  },
  async floor(client, schema, n, webhookIds) {
    const now = new Date();
    const id = `fpay_${run}_${n}`;
    await client.query('begin');
    await client.query(
      `insert into "${schema}".commerce_records (affiliate_id, kind, id, status, fields, created_at, updated_at)
       values ($1, 'payment', $2, 'succeeded', $3, $4, $4)`,
      [affiliateId, id, JSON.stringify({ amount_cents: 8_500, currency: 'USD' }), now],
    );
    const eventId = `evt_${id}`;
    await client.query(
      `insert into "${schema}".events (affiliate_id, id, event_type, occurred_at, data)
       values ($1, $2, 'payment_succeeded', $3, $4)`,
      [affiliateId, eventId, now, JSON.stringify({ payment_id: id, amount_cents: 8_500, currency: 'USD' })],
    );
    await floorDeliveries(client, schema, now, webhookIds, [[eventId, 'payment_succeeded']]);
    await client.query('commit');
  },
};

async function floorDeliveries(
  client: pg.PoolClient,
  schema: string,
  now: Date,
  webhookIds: readonly string[],
  events: readonly (readonly [string, string])[],
): Promise<void> {
  if (webhookIds.length === 0) return;
  const rows = events.flatMap(([eventId, type]) => webhookIds.map((webhookId) => [eventId, type, webhookId]));
  await client.query(
    `with stored as (
       insert into "${schema}".deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
         created_at, updated_at)
       select $1, 'dlv_' || gen_random_uuid(), w, e, t, 'pending', 0, $2, $2
       from unnest($3::text[], $4::text[], $5::text[]) as r(e, t, w)
       returning affiliate_id, webhook_id, id
     )
     insert into "${schema}".delivery_queue (affiliate_id, webhook_id, id, due_at)
     select affiliate_id, webhook_id, id, $2 from stored`,
    [affiliateId, now, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}

/** Orders (each with a coupon) and payments already stored before the first measurement. */
const history = 20_000;

/**
 * Stores {@link history} orders and payments and analyzes the schema, so both sides start from the
 * tables and statistics of a running system. On a schema created moments before, PostgreSQL plans
 * from the statistics of empty tables, and a connection keeps a generic plan made then (its own
 * prepared statements, and the foreign-key check of every redemption, on either side) until
 * autovacuum next analyzes the table: a primary-key lookup can become a scan of the affiliate's
 * orders for the first minute or so of a new schema.
 */
async function seedHistory(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(
    `insert into "${schema}".orders (affiliate_id, id, status, created_at, updated_at, journey_id, is_renewal,
       total_cents, currency, products, product_variation_ids, has_coupon)
     select $1, 'ord_seed_' || n, 'paid', now(), now(), 'jrn_seed_' || n, false, 8500, 'USD',
       '[{"productVariationId":"pv_1","quantity":1,"unitPriceCents":10000}]', '{pv_1}', true
     from generate_series(1, $2::int) as n`,
    [affiliateId, history],
  );
  await pool.query(
    `insert into "${schema}".coupon_redemptions (affiliate_id, id, order_id, position, code, discount_type,
       discount_amount, discount_cents, currency, redeemed_at, product_variation_ids)
     select $1, 'ord_seed_' || n || '_coupon_1', 'ord_seed_' || n, 0, 'SAVE15', 'percent', 15, 1500, 'USD', now(), '{pv_1}'
     from generate_series(1, $2::int) as n`,
    [affiliateId, history],
  );
  await pool.query(
    `insert into "${schema}".commerce_records (affiliate_id, kind, id, status, fields, created_at, updated_at)
     select $1, 'payment', 'pay_seed_' || n, 'succeeded', '{"amount_cents":8500,"currency":"USD"}', now(), now()
     from generate_series(1, $2::int) as n`,
    [affiliateId, history],
  );
  for (const table of [
    'journeys',
    'orders',
    'coupon_redemptions',
    'order_day_counts',
    'commerce_records',
    'events',
  ])
    await pool.query(`analyze "${schema}".${table}`);
}

interface Side {
  readonly perSecond: number;
  readonly statementsPerCall: number;
  /** CPU per call of this process and of this benchmark's PostgreSQL server processes, µs. */
  readonly nodeMicros: number;
  readonly postgresMicros: number;
}

let admin: pg.Client;

let sequence = 0;

/** Runs `callers` loops of `one` for `roundMs`; calls per second and statements per call. */
async function measure(statements: () => number, one: (n: number) => Promise<void>): Promise<Side> {
  const before = statements();
  const postgres = followPostgres(admin, applicationName);
  await postgres.sample();
  const cpu = process.cpuUsage();
  let calls = 0;
  const ends = performance.now() + roundMs;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < ends) {
        sequence += 1;
        await one(sequence);
        calls += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  await postgres.sample();
  return {
    perSecond: calls / (roundMs / 1000),
    statementsPerCall: (statements() - before) / calls,
    nodeMicros: (used.user + used.system) / calls,
    postgresMicros: postgres.usedMicros() / calls,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A filter of five clauses that every order of this benchmark matches, so both sides write the same rows. */
const fiveClauses = {
  total_value_cents: { $gte: 1_000 },
  currency: 'USD',
  event_type: { $in: ['ecommerce_order_created', 'ecommerce_order_paid'] },
  ecommerce_order_id: { $exists: true },
  $not: { journey_id: 'jrn_none' },
};

async function setWebhooks(
  service: Service,
  schema: string,
  pool: pg.Pool,
  count: number,
  filter?: unknown,
): Promise<string[]> {
  await pool.query(`delete from "${schema}".webhooks where affiliate_id = $1`, [affiliateId]);
  return createWebhooks(service, count, filter);
}

/** Subscribes `count` webhooks of the affiliate to the events of both calls; answers their ids. */
async function createWebhooks(service: Service, count: number, filter?: unknown): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await createWebhook(service.deps, {
      affiliateId,
      input: {
        name: `Hook ${i}`,
        url: `https://hooks${i}.example.com/in`,
        webhookInterests: ['ecommerce_order_created', 'ecommerce_order_paid', 'payment_succeeded'],
        authentication: false,
        ...(filter === undefined ? {} : { filter }),
      },
    });
    if (created.isErr()) throw new Error(created.error.message);
    ids.push(created.value.webhook.id);
  }
  return ids;
}

/** recordOrder from a new schema's first seconds on, with {@link freshWebhookCounts} webhooks. */
function fromFreshSchemas(): Promise<FreshResult> {
  return freshSchemaCost({
    url,
    admin,
    affiliateId,
    webhookCounts: freshWebhookCounts,
    rounds,
    journeyPrefix: 'jrn_emit_',
    next: () => {
      sequence += 1;
      return sequence;
    },
    call: (service, n, journeyId) => orderFamily.call(service, n, journeyId),
    floor: (client, schema, n, webhookIds, journeyId) =>
      orderFamily.floor(client, schema, n, webhookIds, journeyId),
    setWebhooks: createWebhooks,
  });
}

const freshMarkers = ['<!-- bench:emit-cost-fresh -->', '<!-- /bench:emit-cost-fresh -->'] as const;

async function main(): Promise<void> {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const load0 = loadavg()[0]!;
  try {
    if (!freshOnly) return await everything(load0);
    console.log(`Load average at the start: ${load0.toFixed(2)}`);
    const fresh = await fromFreshSchemas();
    console.log(
      `Aim (recordOrder ≥ ${freshAim} of its floor in every round): ${fresh.met ? 'met' : 'not met'}, lowest ${fresh.lowest.ratio.toFixed(2)}`,
    );
    // Only the fresh-schema table, where a full run has put it.
    if (freshMarkers.every((marker) => readFileSync(docs, 'utf8').includes(marker)))
      writeSection('emit-cost-fresh', freshSection(fresh, rounds));
    else console.log('docs/benchmarks.md has no fresh-schema table yet: a full run writes it.');
  } finally {
    await admin.end();
  }
}

/** The analyzed-tables tables, then the fresh-schema one, into the `emit-cost` section. */
async function everything(load0: number): Promise<void> {
  const schema = `bench_emit_${process.pid}`;
  const { pool, statements } = countingPool();
  try {
    const storage = await createPostgresStorage({ db: pgPoolDb(pool), schema });
    const service = testService({ storage, validateResponses: false });
    await storeAffiliate({
      storage,
      query: (text, params) => pool.query(text, params),
      schema,
      affiliateId,
      journeyPrefix: 'jrn_emit_',
      journeys,
    });
    await seedHistory(pool, schema);
    const lines: string[] = [];
    for (const family of [orderFamily, paymentFamily]) {
      for (const count of webhookCounts) {
        const webhookIds = await setWebhooks(service, schema, pool, count);
        // Warm both paths (prepared plans, JIT) before measuring.
        await measure(statements, (n) => family.call(service, n));
        const sdk: Side[] = [];
        const floor: Side[] = [];
        for (let round = 0; round < rounds; round += 1) {
          const floorSide = () =>
            measure(statements, async (n) => {
              const client = await pool.connect();
              try {
                await family.floor(client, schema, n, webhookIds);
              } finally {
                client.release();
              }
            });
          const sdkSide = () => measure(statements, (n) => family.call(service, n));
          if (round % 2 === 0) {
            sdk.push(await sdkSide());
            floor.push(await floorSide());
          } else {
            floor.push(await floorSide());
            sdk.push(await sdkSide());
          }
        }
        const ratios = sdk.map((side, i) => side.perSecond / floor[i]!.perSecond);
        const m = (sides: readonly Side[], key: keyof Side, digits = 0) =>
          median(sides.map((side) => side[key])).toFixed(digits);
        const line = `| ${family.name} | ${count} | ${m(sdk, 'perSecond')} | ${m(floor, 'perSecond')} | **${median(
          ratios,
        ).toFixed(2)}** | ${m(sdk, 'statementsPerCall', 1)} / ${m(floor, 'statementsPerCall', 1)} | ${m(
          sdk,
          'nodeMicros',
        )} / ${m(floor, 'nodeMicros')} µs | ${m(sdk, 'postgresMicros')} / ${m(floor, 'postgresMicros')} µs |`;
        console.log(line);
        lines.push(line);
      }
    }
    const filterLine = await filterCost(service, schema, pool, statements);
    const hostLines = await hostTransactionCost(service, schema, pool, statements);
    const fresh = await fromFreshSchemas();
    writeSection(
      'emit-cost',
      [
        '## Recording commerce activity (emit cost)',
        '',
        machineLine(),
        `Load average at the start: ${load0.toFixed(2)}. \`bench/emit-cost.bench.ts\`; the PostgreSQL server on the same machine.`,
        '',
        `${callers} callers at once on a pool of ${callers} connections, each side ${roundMs / 1000} s per round, ${rounds} paired rounds with the order flipped; medians. ` +
          `Before the first round the tables hold ${history.toLocaleString('en-US')} orders, each with a coupon, and ${history.toLocaleString('en-US')} payments, and are analyzed, as a running system's are (on a schema created moments before, a connection keeps plans made for empty tables until autovacuum first analyzes them). ` +
          'The floor sends plain INSERTs of the same rows (the order and its coupon redemption or the payment record, the events, one multi-row insert of the deliveries) in one transaction; ' +
          "statements are counted on the connections (BEGIN and COMMIT included); CPU is this process's and that of the PostgreSQL server processes of its own connections.  recordOrder records a new paid order from a journey with attribution and one coupon (`ecommerce_order_created` and `ecommerce_order_paid`); recordPayment a new succeeded payment (`payment_succeeded`).",
        '',
        '| call | subscribed webhooks | SDK calls/s | floor calls/s | SDK / floor | statements per call, SDK / floor | Node CPU per call, SDK / floor | PostgreSQL CPU per call, SDK / floor |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...lines,
        '',
        freshMarkers[0],
        freshSection(fresh, rounds),
        freshMarkers[1],
        '',
        'A payload filter: `recordOrder` with one subscribed webhook whose filter has five clauses (a number range, an equality, ' +
          'a list, an `$exists` and a `$not`; every order matches, so both sides write the same rows), against the same webhook ' +
          'with no filter, paired rounds as above. The filter is matched inside the statement that writes the deliveries.',
        '',
        '| call | with a 5-clause filter, calls/s | without, calls/s | time with / without | statements per call, with / without | PostgreSQL CPU per call, with / without |',
        '|---|---:|---:|---:|---:|---:|',
        filterLine,
        '',
        "In the host's own transaction: the host inserts a row of its own table and records the order with one subscribed webhook " +
          'in one transaction it opened (`BEGIN`, its INSERT, `service.inTransaction(pgTransaction(client), …)`, `COMMIT`), against ' +
          'the INSERT in a transaction of its own followed by `service.commerce.recordOrder` in a transaction of the SDK (two ' +
          "commits, and the dual write this removes). The SDK's statements in the host's transaction go unnamed by default " +
          "(planned on every call), and are prepared on the host's connection with `preparedStatements: true`. Paired " +
          "rounds as above; statements are round trips, a savepoint sent with the order's lock counted once.",
        '',
        "| call | in the host's transaction, calls/s | on its own, calls/s | in / on its own | statements per call, in / on its own | Node CPU per call, in / on its own | PostgreSQL CPU per call, in / on its own |",
        '|---|---:|---:|---:|---:|---:|---:|',
        ...hostLines,
        '',
        'Where the rest goes. Statements: each costs the calling process tens of microseconds of CPU in the driver and the ' +
          'socket on this machine, and the SDK sends as many as the floor: for an order, its journey read (the attribution the ' +
          "events carry, which the floor is handed) in place of the floor's separate redemption insert, since the order, the " +
          'read of the order as it was and its redemptions are one statement; the previous record of a payment is read by the ' +
          "statement that writes the new one; all of a call's events and deliveries go in one statement. PostgreSQL: statements " +
          'are prepared once per connection (`preparedStatements`), so the data-modifying `WITH` statements that write the ' +
          'record and publish the events are not planned on every call (they were: 80 µs and 130 µs of planning against 25 µs ' +
          'for a plain INSERT; `delivery-statements` gives the figures per statement), and an order counts towards its day at ' +
          "commit, so concurrent orders queue on that counter's row lock only while they commit. What is left on the server is " +
          'the work the floor does not do: reading the order or record as it was, the journey read, and the publish joining the ' +
          "affiliate's webhooks and reading the payload each filter needs. Node, three to four times the floor's CPU per order: " +
          'the work the floor leaves out (validating the input with zod, resolving join keys and attribution, building and ' +
          "serialising each event, encoding the publish's arrays) is spread over many functions, none above a few percent of a " +
          "profile; the largest single share is the kernel's network work charged to the process while it writes to the " +
          "socket, which a profile of 6,000 orders put at 0.7 ms per order for the SDK's five writes against 0.24 ms for the " +
          "floor's five. With 4 callers on 2 cores shared with the server, that CPU is what the SDK waits for. With webhooks " +
          'subscribed the floor pays for its deliveries insert too and the SDK comes closer to it.',
      ].join('\n'),
    );
  } finally {
    await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await pool.end();
  }
}

/** `recordOrder` with one webhook filtered by {@link fiveClauses} against the same webhook unfiltered. */
async function filterCost(
  service: Service,
  schema: string,
  pool: pg.Pool,
  statements: () => number,
): Promise<string> {
  const withFilter: Side[] = [];
  const without: Side[] = [];
  const side = async (filter: unknown) => {
    await setWebhooks(service, schema, pool, 1, filter);
    return measure(statements, (n) => orderFamily.call(service, n));
  };
  await side(fiveClauses);
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      withFilter.push(await side(fiveClauses));
      without.push(await side(undefined));
    } else {
      without.push(await side(undefined));
      withFilter.push(await side(fiveClauses));
    }
  }
  const times = withFilter.map((one, i) => without[i]!.perSecond / one.perSecond);
  const m = (sides: readonly Side[], key: keyof Side, digits = 0) =>
    median(sides.map((one) => one[key])).toFixed(digits);
  const line = `| recordOrder | ${m(withFilter, 'perSecond')} | ${m(without, 'perSecond')} | **${median(
    times,
  ).toFixed(
    2,
  )}×** (rounds ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)}) | ${m(withFilter, 'statementsPerCall', 1)} / ${m(
    without,
    'statementsPerCall',
    1,
  )} | ${m(withFilter, 'postgresMicros')} / ${m(without, 'postgresMicros')} µs |`;
  console.log(line);
  return line;
}

await main();

/**
 * `recordOrder` with the host's own row in one transaction the host opened (its statements
 * unnamed, then prepared on the host's connection), against the host's row in a transaction of
 * its own followed by `recordOrder` in the SDK's.
 */
async function hostTransactionCost(
  service: Service,
  schema: string,
  pool: pg.Pool,
  statements: () => number,
): Promise<string[]> {
  await setWebhooks(service, schema, pool, 1);
  const hostTable = `"${schema}".host_orders`;
  await pool.query(`create table if not exists ${hostTable} (id text primary key)`);
  const inTransaction = async (n: number, work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`insert into ${hostTable} (id) values ($1)`, [`h${orderId(n)}`]);
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const joined = (preparedStatements: boolean) => (n: number) =>
    inTransaction(n, (client) =>
      service.inTransaction(pgTransaction(client, { preparedStatements }), (tx) => orderFamily.call(tx, n)),
    );
  const alone = async (n: number) => {
    await inTransaction(n, async () => {});
    await orderFamily.call(service, n);
  };
  const lines: string[] = [];
  for (const [label, preparedStatements] of [
    ['unnamed', false],
    ['`preparedStatements: true`', true],
  ] as const) {
    const inside: Side[] = [];
    const outside: Side[] = [];
    await measure(statements, joined(preparedStatements));
    for (let round = 0; round < rounds; round += 1) {
      if (round % 2 === 0) {
        inside.push(await measure(statements, joined(preparedStatements)));
        outside.push(await measure(statements, alone));
      } else {
        outside.push(await measure(statements, alone));
        inside.push(await measure(statements, joined(preparedStatements)));
      }
    }
    const ratios = inside.map((one, i) => one.perSecond / outside[i]!.perSecond);
    const m = (sides: readonly Side[], key: keyof Side, digits = 0) =>
      median(sides.map((one) => one[key])).toFixed(digits);
    const line = `| recordOrder, 1 webhook, ${label} | ${m(inside, 'perSecond')} | ${m(outside, 'perSecond')} | **${median(
      ratios,
    ).toFixed(2)}** | ${m(inside, 'statementsPerCall', 1)} / ${m(outside, 'statementsPerCall', 1)} | ${m(
      inside,
      'nodeMicros',
    )} / ${m(outside, 'nodeMicros')} µs | ${m(inside, 'postgresMicros')} / ${m(outside, 'postgresMicros')} µs |`;
    console.log(line);
    lines.push(line);
  }
  return lines;
}
