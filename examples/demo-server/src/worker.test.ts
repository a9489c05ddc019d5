import { type ChildProcess, spawn } from 'node:child_process';
import type { Service, Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { startReceiver } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshServerSchema,
  testDatabaseUrl,
} from '../../../packages/storage-postgres/src/test-database.test-support';
import { createDemoApp } from './demo-app';

const root = new URL('../../../', import.meta.url).pathname;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

function startWorker(schema: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@affiliate-commerce/source', '--import', 'tsx', 'examples/demo-server/src/worker.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl,
        DB_SCHEMA: schema,
        LEASE_MS: '4000',
        TIMEOUT_MS: '1000',
        BATCH_SIZE: '25',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  // A log line per attempt: a pipe nobody reads fills up, and then the worker blocks writing to it.
  child.stdout!.resume();
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for deliveries');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('4 delivery from the PostgreSQL outbox with two worker processes', () => {
  let storage: Storage;
  let service: Service;
  let receiver: Receiver;
  let schema: string;
  let drop: () => Promise<void>;
  const idsReceived = (from = 0) =>
    receiver.received.slice(from).map((r) => String(r.headers['x-webhook-id']));

  beforeAll(async () => {
    ({ schema, drop } = await freshServerSchema('workers'));
    storage = await connectPostgres({ connectionString: testDatabaseUrl, schema });
    ({ service } = await createDemoApp({ storage, seed: false }));
    receiver = await startReceiver();
    const created = await service.handle(
      new Request('http://demo/v2/webhooks', {
        method: 'POST',
        headers: { authorization: 'Bearer demo_super_admin', 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Load',
          url: receiver.url,
          authentication: true,
          webhookInterests: ['order_created'],
        }),
      }),
    );
    expect(created.status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await receiver?.close();
    await storage?.close();
    await drop?.();
  });

  async function emit(count: number, prefix: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const event = await service.commerce.emit({
        affiliateId: 'aff_demo',
        eventType: 'order_created',
        data: { order_id: `${prefix}_${i}` },
      });
      ids.add(event.eventId);
    }
    return ids;
  }

  it('two workers deliver 2,000 events, each exactly once', async () => {
    const expected = await emit(2_000, 'a');
    const from = receiver.received.length;
    const workers = [startWorker(schema), startWorker(schema)];
    try {
      await until(() => new Set(idsReceived(from)).size >= expected.size, 120_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map(exited));
    }
    const got = idsReceived(from);
    expect(new Set(got)).toEqual(expected);
    expect(got.length).toBe(expected.size);
  }, 180_000);

  it('a worker killed with SIGKILL mid-run loses no event: the other picks up its leases (at-least-once)', async () => {
    const expected = await emit(2_000, 'b');
    const from = receiver.received.length;
    const [victim, survivor] = [startWorker(schema), startWorker(schema)];
    try {
      await until(() => idsReceived(from).length >= 300, 120_000);
      victim!.kill('SIGKILL');
      await until(() => new Set(idsReceived(from)).size >= expected.size, 120_000);
    } finally {
      victim!.kill('SIGKILL');
      survivor!.kill('SIGTERM');
      await Promise.all([exited(victim!), exited(survivor!)]);
    }
    const got = idsReceived(from);
    expect(new Set(got)).toEqual(expected);
    // Only what the killed worker had sent and not yet recorded may arrive twice (run-worker.ts:
    // at most 4 × batchSize + 3 × concurrency, with BATCH_SIZE 25 and the default concurrency 8).
    expect(got.length - expected.size).toBeLessThanOrEqual(4 * 25 + 3 * 8);
  }, 180_000);
});
