import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service, Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../packages/storage-postgres/src/test-database.test-support';
import { orderingAffiliateId, orderingService } from './fixtures/ordering-service';
import { crashSummary, Fleet } from './fleet';
import { sleep } from './free-port';
import { until } from './roles';

const entities = 50;
/** Events per clinical order: order_created, then a visit scheduled nine times. */
const perEntity = 10;
/** Concurrent callers recording the orders' events, each for its own tenth of the orders. */
const lanes = 5;
/** The share of first attempts the receiver answers 500. */
const refusedShare = 0.3;

/** What the receiver saw, in the order it happened: a request arriving, and a 2xx answer going out. */
type Seen = { kind: 'arrival' | 'ok'; eventId: string; order: string; step: number };

/** An event's place in its order's sequence, from its v2 payload: 0 for order_created, n for visit `vis_n`. */
function stepOf(body: { event_type: string; visit_id?: string }): number {
  return body.event_type === 'order_created' ? 0 : Number(body.visit_id!.slice('vis_'.length));
}

/** The affiliate's receiver: answers 500 to the first attempt of about a third of the events, then 2xx. */
async function startReceiver(): Promise<{ server: Server; url: string; log: Seen[] }> {
  const log: Seen[] = [];
  const attempted = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        event_type: string;
        order_id: string;
        visit_id?: string;
      };
      const seen = { eventId: String(req.headers['x-webhook-id']), order: body.order_id, step: stepOf(body) };
      log.push({ kind: 'arrival', ...seen });
      const first = !attempted.has(seen.eventId);
      attempted.add(seen.eventId);
      if (first && Math.random() < refusedShare) {
        res.writeHead(500).end('not now');
        return;
      }
      // Logged as it is answered: the worker learns of the success only after this.
      log.push({ kind: 'ok', ...seen });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, log };
}

/**
 * Records every order's events as a host's back end would, `lanes` callers at once, each taking
 * its orders' next events in a random interleaving; one order's events are recorded one after
 * the other, so their recorded order is their step order.
 */
async function recordOrders(service: Service): Promise<void> {
  const lane = async (index: number) => {
    const mine = Array.from({ length: entities / lanes }, (_, i) => ({ id: `co_${index}_${i}`, next: 0 }));
    while (mine.some((order) => order.next < perEntity)) {
      const open = mine.filter((order) => order.next < perEntity);
      const order = open[Math.floor(Math.random() * open.length)]!;
      if (order.next === 0) {
        await service.commerce.recordClinicalOrder({
          affiliateId: orderingAffiliateId,
          order: { id: order.id, status: 'in_review' },
        });
      } else {
        await service.commerce.recordOrderActivity({
          affiliateId: orderingAffiliateId,
          orderId: order.id,
          activity: { type: 'visit_scheduled', id: `vis_${order.next}` },
        });
      }
      order.next += 1;
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, index) => lane(index)));
}

/**
 * Per order, every arrival against what had been answered before it: the first arrivals must
 * come in step order, and no event may arrive before every earlier one of its order succeeded.
 */
function orderingViolations(log: readonly Seen[]): string[] {
  const succeeded = new Map<string, Set<number>>();
  const firstArrivals = new Map<string, number[]>();
  const violations: string[] = [];
  for (const seen of log) {
    const done = succeeded.get(seen.order) ?? new Set<number>();
    succeeded.set(seen.order, done);
    if (seen.kind === 'ok') {
      done.add(seen.step);
      continue;
    }
    const missing = Array.from({ length: seen.step }, (_, step) => step).filter((step) => !done.has(step));
    if (missing.length > 0)
      violations.push(`${seen.order} step ${seen.step} arrived before steps ${missing.join(', ')} succeeded`);
    const firsts = firstArrivals.get(seen.order) ?? [];
    if (!firsts.includes(seen.step)) firsts.push(seen.step);
    firstArrivals.set(seen.order, firsts);
  }
  const inOrder = Array.from({ length: perEntity }, (_, step) => step);
  for (const [order, firsts] of firstArrivals)
    if (firsts.join() !== inOrder.join()) violations.push(`${order} first arrivals ${firsts.join(', ')}`);
  return violations;
}

describe('entity ordering with two worker processes on the PostgreSQL server (docs/api.md §11.9)', () => {
  const schema = `ordering_${process.pid}_${randomBytes(4).toString('hex')}`;
  const secretKey = randomBytes(32).toString('base64');
  let storage: Storage;
  let service: Service;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let fleet: Fleet;

  beforeAll(async () => {
    storage = await connectPostgres({ connectionString: testDatabaseUrl, schema });
    service = orderingService(storage, secretKey);
    receiver = await startReceiver();
    await service.affiliates.upsert({ id: orderingAffiliateId, name: 'Ordering Co.' });
    await service.webhooks.create({
      affiliateId: orderingAffiliateId,
      name: 'Orders, in order',
      url: receiver.url,
      webhookInterests: ['order_created', 'order_visit_scheduled'],
      ordering: 'entity',
    });
    fleet = new Fleet({ DATABASE_URL: testDatabaseUrl, DB_SCHEMA: schema, WEBHOOK_SECRET_KEY: secretKey });
    const workers = [
      fleet.start('worker 1', 'ordering-worker.ts'),
      fleet.start('worker 2', 'ordering-worker.ts'),
    ];
    const ready = await Promise.all(workers.map((worker) => worker.ready));
    if (ready.some((line) => line === undefined))
      throw new Error(`a worker did not start: ${workers.map((w) => crashSummary(w.stderr())).join('\n')}`);
  }, 90_000);

  afterAll(async () => {
    await fleet?.killAll();
    await new Promise<void>((resolve) => {
      receiver?.server.closeAllConnections();
      if (receiver) receiver.server.close(() => resolve());
      else resolve();
    });
    await storage?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }, 60_000);

  it('delivers 500 events of 50 orders, recorded concurrently, to a receiver refusing a third of first attempts: per order in recorded order, with no gap, each once', async () => {
    await recordOrders(service);
    const total = entities * perEntity;
    const oks = () => receiver.log.filter((seen) => seen.kind === 'ok');
    const done = await until(() => (oks().length >= total ? true : undefined), 60_000);
    // Anything sent twice would come in now.
    await sleep(500);
    const exits = fleet.unexpectedExits().map((exit) => `${exit.name}: ${crashSummary(exit.stderr)}`);
    expect(exits).toEqual([]);
    // On a failure, what the workers wrote on stderr says why (warnings and errors only).
    const stderrTails = () => fleet.all.map((worker) => `${worker.name}: ${worker.stderr().slice(-1_000)}`);
    expect(done, `${oks().length} of ${total} events succeeded; ${stderrTails().join('\n')}`).toBe(true);

    const okCount = new Map<string, number>();
    for (const seen of oks()) okCount.set(seen.eventId, (okCount.get(seen.eventId) ?? 0) + 1);
    expect(okCount.size).toBe(total);
    expect([...okCount.values()].filter((n) => n !== 1)).toEqual([]);
    expect(orderingViolations(receiver.log)).toEqual([]);
    // The refusals happened, and both workers delivered: the ordering held across processes and retries.
    const refused = receiver.log.filter((seen) => seen.kind === 'arrival').length - total;
    expect(refused).toBeGreaterThan(0);
    expect(fleet.all.map((worker) => worker.deliveries.length > 0)).toEqual([true, true]);
  }, 90_000);
});
