import { createServer, type RequestListener } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { resolve } from 'node:path';
import { type Logger, runWorker, type Storage } from '@affiliate-commerce/core';
import { connectPostgres, openPglite } from '@affiliate-commerce/storage-postgres';
import { buildDemoApp } from './demo-app';
import { demoLogSettings, openDemoLog } from './demo-log';
import { demoPrincipals } from './demo-tokens';
import { prepareWhenReachable } from './prepare-when-reachable';

const port = Number(process.env.PORT || 3000);
// Loopback unless HOST says otherwise: the demo tokens are public and the demo may call private
// networks, so on a shared network it would be an open proxy into them.
const host = process.env.HOST || '127.0.0.1';
// npm runs workspace scripts in the workspace folder; INIT_CWD is where `npm start` was typed.
const typedIn = process.env.INIT_CWD ?? process.cwd();
const dataRoot = resolve(process.env.DATA_DIR ?? resolve(typedIn, '.data'));
const dataDir = resolve(dataRoot, 'pglite');
// The service's and the delivery worker's lines go to a file, so the banner stays on screen.
const logSettings = demoLogSettings(
  {
    DEMO_LOG: process.env.DEMO_LOG,
    DEMO_LOG_LEVEL: process.env.DEMO_LOG_LEVEL,
    DATABASE_URL: process.env.DATABASE_URL,
  },
  { dataRoot, cwd: typedIn },
);

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`affiliate-commerce demo: PORT must be a port number, got ${process.env.PORT}`);
  process.exit(1);
}
if (typeof logSettings === 'string') {
  console.error(`affiliate-commerce demo: ${logSettings}`);
  process.exit(1);
}

async function openStorage(logger: Logger): Promise<{ storage: Storage; where: string }> {
  if (process.env.DATABASE_URL) {
    return {
      storage: await connectPostgres({ connectionString: process.env.DATABASE_URL, logger }),
      where: 'PostgreSQL (DATABASE_URL)',
    };
  }
  return {
    storage: await openPglite({ dataDir }),
    where: `PGlite in ${dataDir} (kept across restarts; to start over, stop the demo and delete that folder)`,
  };
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** Why the demo could not listen, phrased as what to change. */
function listenFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use; set PORT to another port`;
    case 'EACCES':
      return `not allowed to listen on port ${port}; set PORT to another port`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine; unset HOST to listen on 127.0.0.1`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve to an address; unset HOST to listen on 127.0.0.1`;
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

// Listen before opening storage, so a taken port fails at once and leaves the data untouched.
let handle: RequestListener = (_request, response) => {
  response.writeHead(503, { 'retry-after': '1' }).end('starting\n');
};
const server = createServer((request, response) => handle(request, response));
const listening = new Promise<boolean>((settle) => {
  server.once('listening', () => settle(true));
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(`affiliate-commerce demo: ${listenFailure(error)}`);
    settle(false);
  });
});
server.listen(port, host);
if (!(await listening)) process.exit(1);

const address = server.address() as AddressInfo;
const urlHost =
  address.address === '127.0.0.1' || host === 'localhost' ? 'localhost' : isIPv6(host) ? `[${host}]` : host;
const url = `http://${urlHost}:${address.port}`;
// The demo's own receiver webhooks call this server; a wildcard address is reached on loopback.
const selfUrl = ['0.0.0.0', '::'].includes(address.address) ? `http://localhost:${address.port}` : url;

let log: ReturnType<typeof openDemoLog>;
try {
  log = openDemoLog(logSettings);
} catch (error) {
  console.error(
    `affiliate-commerce demo: cannot write the log file ${logSettings.file} (${(error as Error).message}); set DEMO_LOG to another file, or to - for this terminal`,
  );
  process.exit(1);
}
const { storage, where } = await openStorage(log.logger);
const demo = buildDemoApp({ storage, baseUrl: selfUrl, logger: log.logger });
// Seeding waits for the database as the API does: while PostgreSQL is out of reach, the demo
// serves (503 with Retry-After, /health/ready down) and tries the seeding again in the background.
const seeding = new AbortController();
const preparing = prepareWhenReachable({ prepare: demo.prepare, signal: seeding.signal });
const outage = await preparing.first;
handle = demo.app;
server.on('error', (error) => {
  console.error('affiliate-commerce demo: server failed', error);
  void shutDown(1);
});
// The demo delivers its own webhooks; production runs `worker.ts` processes beside the API.
const worker = new AbortController();
// Without onError, a failing claim or write is logged once per outage by the service's logger.
const delivering = runWorker({ service: demo.service, signal: worker.signal });
const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000);
const date = [inTwoWeeks.getUTCMonth() + 1, inTwoWeeks.getUTCDate()]
  .map((n) => String(n).padStart(2, '0'))
  .join('-');
console.log(`affiliate-commerce demo listening on ${url}`);
if (!isLoopback(address.address)) {
  console.warn(
    `warning: HOST=${host} makes the demo reachable from other machines; its demo tokens (master included) are public and it can reach private networks`,
  );
}
console.log(`storage: ${where}`);
console.log(`log: ${log.where}`);
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
console.log(`  open ${url}/portal (affiliate portal: pick a demo token)`);
console.log(`  curl ${url}/demo-receiver (the webhooks the demo delivered to its own receiver)`);
if (outage) {
  console.error(
    `affiliate-commerce demo: cannot reach the database at DATABASE_URL yet: ${outage.message}. The API answers 503 until it can; the demo then seeds its data and says so.`,
  );
  preparing.ready.then(
    (ready) => {
      if (ready)
        console.log('affiliate-commerce demo: the database at DATABASE_URL answers now; demo data seeded');
    },
    (error: unknown) => {
      console.error('affiliate-commerce demo: seeding failed', error);
      void shutDown(1);
    },
  );
}

let stopping = false;
async function shutDown(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  seeding.abort();
  worker.abort();
  await delivering;
  await storage.close();
  log.close();
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`${signal} received, shutting down`);
    void shutDown(0);
  });
}
