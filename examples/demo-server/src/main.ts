import { resolve } from 'node:path';
import { runWorker, type Storage } from '@affiliate-commerce/core';
import { connectPostgres, openPglite } from '@affiliate-commerce/storage-postgres';
import { createDemoApp } from './demo-app';
import { demoPrincipals } from './demo-tokens';

const port = Number(process.env.PORT ?? 3000);
// npm runs workspace scripts in the workspace folder; INIT_CWD is where `npm start` was typed.
const dataDir = resolve(
  process.env.DATA_DIR ?? resolve(process.env.INIT_CWD ?? process.cwd(), '.data'),
  'pglite',
);

async function openStorage(): Promise<{ storage: Storage; where: string }> {
  if (process.env.DATABASE_URL) {
    return {
      storage: await connectPostgres({ connectionString: process.env.DATABASE_URL }),
      where: 'PostgreSQL (DATABASE_URL)',
    };
  }
  return { storage: await openPglite({ dataDir }), where: `PGlite in ${dataDir}` };
}

const { storage, where } = await openStorage();
const { app, service } = await createDemoApp({ storage });
// The demo delivers its own webhooks; production runs `worker.ts` processes beside the API.
const worker = new AbortController();
const delivering = runWorker({
  service,
  signal: worker.signal,
  onError: (error) => console.error('webhook worker batch failed', error),
});
const server = app.listen(port, () => {
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000);
  const date = [inTwoWeeks.getUTCMonth() + 1, inTwoWeeks.getUTCDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  console.log(`affiliate-commerce demo listening on ${url}`);
  console.log(`storage: ${where}`);
  console.log('demo tokens (demo only):');
  for (const [token, principal] of Object.entries(demoPrincipals)) {
    const who =
      'master' in principal
        ? 'master token'
        : `${principal.roles.join(', ')} of ${principal.affiliateId ?? 'no affiliate'}`;
    console.log(`  ${token.padEnd(24)} ${who}`);
  }
  console.log('try:');
  console.log(
    `  curl -H 'Authorization: Bearer demo_admin' ${url}/v2/ecommerceSubscriptions/sub_demo_with_end`,
  );
  console.log(
    `  curl -X PUT -H 'Authorization: Bearer demo_admin' -H 'Content-Type: application/json' -d '{"renewalDate":"${date}-${inTwoWeeks.getUTCFullYear()}"}' ${url}/v2/ecommerceSubscriptions/sub_demo_with_end/actions/setRenewalDate`,
  );
  console.log(`  open ${url}/storefront/start-your-plan?utm_source=demo&gclid=test (storefront capture)`);
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  server.close();
  server.closeAllConnections();
  worker.abort();
  await delivering;
  await storage.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
