/**
 * A webhook delivery worker process: claims due deliveries from the PostgreSQL outbox and sends
 * them, until SIGINT or SIGTERM. Run as many as you like, on as many machines as you like,
 * against one database.
 *
 * Usage: DATABASE_URL=postgres://... [DB_SCHEMA=affiliate_commerce] [LEASE_MS=60000] [TIMEOUT_MS=15000] [BATCH_SIZE=50]
 *   node --conditions=@affiliate-commerce/source --import tsx examples/demo-server/src/worker.ts
 */
import { runWorker } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { buildDemoApp } from './demo-app';

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  console.error('worker: set DATABASE_URL to the PostgreSQL server holding the outbox');
  process.exit(2);
}
const storage = await connectPostgres({
  connectionString,
  ...(process.env.DB_SCHEMA ? { schema: process.env.DB_SCHEMA } : {}),
});
// A worker needs neither the demo data nor the sandbox's payment methods, so it leaves them
// unprepared: it starts while the database is out of reach, and its claims wait for it.
const { service } = buildDemoApp({
  storage,
  deliveries: {
    leaseMs: Number(process.env.LEASE_MS ?? 60_000),
    timeoutMs: Number(process.env.TIMEOUT_MS ?? 15_000),
  },
});
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
console.log(`worker ${process.pid} delivering`);
let delivered = 0;
await runWorker({
  service,
  signal: controller.signal,
  batchSize: Number(process.env.BATCH_SIZE ?? 50),
  idleMs: 50,
  maxIdleMs: 500,
  onBatch: (summary) => {
    delivered += summary.succeeded;
  },
});
await storage.close();
console.log(`worker ${process.pid} stopped after ${delivered} deliveries`);
