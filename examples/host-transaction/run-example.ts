import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createService,
  flexibleRateLimiter,
  randomIds,
  type Service,
  type Storage,
  systemClock,
} from '@affiliate-commerce/core';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { isWebhookVerificationError, verifyWebhook } from '@affiliate-commerce/webhook-verify';
import pg from 'pg';

/** Thrown by the host to give up its checkout: its client rolls the transaction back. */
export class CheckoutCancelled extends Error {}

/** What an example gets to build its client on. */
export interface HostSetup {
  readonly databaseUrl: string;
  /** The host's own schema, holding its table `shop_orders (id text primary key)`. */
  readonly hostSchema: string;
  readonly service: Service;
  /** The order the host records for `orderId`, as `tx.commerce.recordOrder` takes it. */
  order(orderId: string): { affiliateId: string; order: { id: string; totalCents: number } };
}

/** The host's client, as an example builds it. */
export interface Host {
  /**
   * In one transaction of the client: inserts `orderId` into the host's `shop_orders` and records
   * the order with the service; then, when `cancel`, throws {@link CheckoutCancelled}.
   */
  checkout(orderId: string, cancel: boolean): Promise<void>;
  close(): Promise<void>;
}

const affiliateId = 'aff_1';
const adminToken = 'tok_admin';

/**
 * Runs one example on `DATABASE_URL`: a checkout rolled back, one committed, the delivery worker
 * once; prints one JSON line of what each left behind, then drops what it made.
 */
export async function runExample(
  client: string,
  build: (setup: HostSetup) => Host | Promise<Host>,
): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
    process.exitCode = 2;
    return;
  }
  const schema = `host_tx_example_${client.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const hostSchema = `${schema}_host`;
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const receiver = startReceiver();
  let storage: Storage | undefined;
  let host: Host | undefined;
  try {
    await admin.query(`create schema "${hostSchema}"`);
    await admin.query(`create table "${hostSchema}".shop_orders (id text primary key)`);
    storage = await connectPostgres({ connectionString: databaseUrl, schema });
    const service = serviceOn(storage);
    await service.affiliates.upsert({ id: affiliateId, name: 'Acme Health' });
    const webhook = await service.webhooks.create({
      affiliateId,
      name: 'Orders',
      url: `http://127.0.0.1:${await receiver.port}/webhooks`,
      webhookInterests: ['ecommerce_order_created'],
    });
    receiver.secret = webhook.credentials?.secret ?? '';
    const order = (orderId: string) => ({ affiliateId, order: { id: orderId, totalCents: 4_900 } });
    host = await build({ databaseUrl, hostSchema, service, order });

    const cancelled = await host.checkout('ord_rolled_back', true).then(
      () => false,
      (error: unknown) => {
        if (error instanceof CheckoutCancelled) return true;
        throw error;
      },
    );
    if (!cancelled) throw new Error('the cancelled checkout committed');
    await host.checkout('ord_committed', false);
    await service.deliveries.runDue({ limit: 10 });

    const left = async (orderId: string) => ({
      hostRows: Number(
        (await admin.query(`select count(*) from "${hostSchema}".shop_orders where id = $1`, [orderId]))
          .rows[0].count,
      ),
      ...(await eventsOf(service, orderId)),
    });
    const rolledBack = await left('ord_rolled_back');
    const committed = await left('ord_committed');
    const sent = committed.eventIds.filter((id) => receiver.verified.includes(id)).length;
    console.log(
      JSON.stringify({
        client,
        rolledBack: {
          hostRows: rolledBack.hostRows,
          events: rolledBack.events,
          deliveries: rolledBack.deliveries,
        },
        committed: {
          hostRows: committed.hostRows,
          events: committed.events,
          deliveries: committed.deliveries,
          sent,
        },
      }),
    );
  } finally {
    await host?.close();
    await storage?.close();
    await admin.query(`drop schema if exists "${hostSchema}" cascade`);
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
    receiver.server.close();
  }
}

function serviceOn(storage: Storage): Service {
  return createService({
    storage,
    auth: staticTokenAuth({ [adminToken]: { userId: 'usr_1', affiliateId, roles: ['affiliate_admin'] } }),
    clock: systemClock(),
    ids: randomIds(),
    rateLimiter: flexibleRateLimiter(),
    processor: sandboxProcessor(),
    caseSystem: sandboxCaseSystem(),
    secretKey: randomBytes(32).toString('base64'),
    allowPrivateNetworks: true, // development only: the receiver is on 127.0.0.1
  });
}

/** The affiliate's receiver: notes the id of each delivery whose signature verifies. */
function startReceiver() {
  const receiver = {
    secret: '',
    verified: [] as string[],
    server: undefined as unknown as Server,
    port: undefined as unknown as Promise<number>,
  };
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = verifyWebhook({
          payload: Buffer.concat(chunks),
          headers: req.headers,
          secret: receiver.secret,
        });
        receiver.verified.push(event.event_id);
        res.writeHead(204).end();
      } catch (error) {
        if (!isWebhookVerificationError(error)) throw error;
        res.writeHead(400).end(error.code);
      }
    });
  });
  receiver.port = new Promise((listening) =>
    receiver.server.listen(0, '127.0.0.1', () => listening((receiver.server.address() as AddressInfo).port)),
  );
  return receiver;
}

/** The affiliate's events about `orderId` and their deliveries, as the API lists them. */
async function eventsOf(service: Service, orderId: string) {
  const get = async (path: string) => {
    const response = await service.handle(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${adminToken}` } }),
    );
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const { events } = (await get('/v2/events?limit=100')) as { events: { event_id: string }[] };
  const eventIds = events
    .filter((event) => JSON.stringify(event).includes(`"${orderId}"`))
    .map((e) => e.event_id);
  let deliveries = 0;
  for (const eventId of eventIds) {
    deliveries += ((await get(`/v2/events/${eventId}`)) as { deliveries: unknown[] }).deliveries.length;
  }
  return { events: eventIds.length, deliveries, eventIds };
}
