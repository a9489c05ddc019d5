/**
 * The HTTP edge under abuse: an anonymous client flooding the public storefront routes with the
 * largest capture they accept, and huge chunked JSON bodies. Writes its tables to
 * docs/benchmarks.md (`edge`).
 *
 * Flood, side by side in one run: `POST /journeys` and `GET /v2/journeyTemplates/{slug}/frontend`,
 * each from one client (undici, 10 keep-alive connections, one request in flight on each) for
 * FLOOD_SECONDS, every request with a new visitor id and the largest capture stored whole (every
 * field the capture script sends: both URLs at 1,024 characters once stripped, a 128-character
 * visitor and campaign id, params filling the 4,096-character touch budget with random,
 * incompressible text). Against three servers, each in its own process on a fresh PGlite data
 * directory:
 * - the demo, started as users start it (`npm start`, PORT=0, DATA_DIR), storefront limits on;
 * - the same service (the demo's auth, processor, case system and seed) built here with `createService` and served by the
 *   fetch adapter on node:http, once with the default buckets and once with both storefront
 *   buckets lifted to 10^9 a minute (the demo has no setting for its buckets, so the lifted side
 *   cannot be the demo itself).
 * Each server is started and stopped once before its floods so the data directory is measured
 * after a clean stop (PGlite writes its pages out on close) before and after each flood; a
 * restart starts every bucket afresh. One journey of each flood is read back to check that the
 * capture was stored whole.
 *
 * Big bodies, against a fresh demo: BIG_COUNT (4) concurrent chunked (no Content-Length) POST
 * /journeys of BIG_MB (100) MB each, then one of HUGE_MB (600) MB, then one of BIG_MB with a
 * Content-Length; the status, the time to the answer, the bytes sent by then, and the demo's RSS
 * (VmRSS of its node process, sampled every 10 ms) before, at the peak, and 2 s after.
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/edge.bench.ts
 * (FLOOD_SECONDS=20 by default, about 4 minutes in all; FLOOD_SECONDS=3 for a quick run;
 * ONLY=flood or ONLY=big runs one part and leaves the docs alone.)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createFetchHandler } from '@affiliate-commerce/adapters-fetch';
import {
  consoleLogger,
  createService,
  flexibleRateLimiter,
  paramLimits,
  randomIds,
  runWorker,
  systemClock,
  urlLimits,
} from '@affiliate-commerce/core';
import { staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { openPglite } from '@affiliate-commerce/storage-postgres';
import { Pool } from 'undici';
import { demoProcessor } from '../examples/demo-server/src/demo-processor';
import { demoPrincipals } from '../examples/demo-server/src/demo-tokens';
import { demoWebhookSecretKey } from '../examples/demo-server/src/demo-webhook-key';
import { seedDemo } from '../examples/demo-server/src/seed';
import { demoCaseSystem } from '../examples/demo-server/src/seed/cases';
import { startDemo } from '../examples/demo-server/src/spawn-demo';
import { maxTouchParamChars } from '../packages/core/src/rules/attribution/touches';
import { machineLine, writeSection } from './docs-section';

const floodSeconds = Number(process.env.FLOOD_SECONDS ?? 20);
const connections = 10;
const bigCount = Number(process.env.BIG_COUNT ?? 4);
const bigMb = Number(process.env.BIG_MB ?? 100);
const hugeMb = Number(process.env.HUGE_MB ?? 600);
/** `flood` or `big` runs one part only and leaves docs/benchmarks.md as it was. */
const only = process.env.ONLY;
const MB = 1_000_000;
const MiB = 1024 * 1024;
const slug = 'start-your-plan';
/** The storefront page's origin: a browser sends it with every cross-origin call. */
const storefrontOrigin = 'https://demo-wellness.example';
/** Both storefront buckets, high enough that no flood here reaches them. */
const liftedBuckets = {
  'storefront-views': { points: 1e9, durationSeconds: 60 },
  'storefront-journeys': { points: 1e9, durationSeconds: 60 },
};

// ---- The service built here (a child process of this script) -------------------------------

type Limits = 'default' | 'lifted';

/** The demo's service on PGlite in `dataDir`, served by the fetch adapter on node:http. */
async function serveInProcess(dataDir: string, limits: Limits): Promise<void> {
  const storage = await openPglite({ dataDir: join(dataDir, 'pglite') });
  const service = createService({
    storage,
    auth: staticTokenAuth(demoPrincipals),
    clock: systemClock(),
    ids: randomIds(),
    logger: consoleLogger(),
    rateLimiter: flexibleRateLimiter(limits === 'lifted' ? { buckets: liftedBuckets } : {}),
    processor: demoProcessor(),
    caseSystem: demoCaseSystem(),
    secretKey: demoWebhookSecretKey,
    allowPrivateNetworks: true,
  });
  await seedDemo(service);
  const api = createFetchHandler(service);
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, values] of Object.entries(req.headersDistinct)) {
      for (const value of values ?? []) headers.append(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await api(request, { remoteAddress: req.socket.remoteAddress });
    const body = Buffer.from(await response.arrayBuffer());
    if (!req.complete) res.setHeader('connection', 'close');
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
  });
  // Like the demo, this process also runs the webhook worker.
  const worker = new AbortController();
  const delivering = runWorker({ service, signal: worker.signal, onError: () => {} });
  // Before the URL is printed: the parent may stop this process as soon as it reads it.
  process.once('SIGTERM', async () => {
    server.close();
    server.closeAllConnections();
    worker.abort();
    await delivering;
    await storage.close();
    process.exit(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`listening on http://localhost:${(server.address() as AddressInfo).port}`);
}

// ---- Servers --------------------------------------------------------------------------------

interface Server {
  readonly url: string;
  /** The node process serving: for `npm start`, npm's child (npm runs the script with `exec node`). */
  readonly pid: number;
  readonly stop: () => Promise<void>;
}

type Kind = 'demo' | Limits;
const serverName: Record<Kind, string> = {
  demo: 'demo (`npm start`, Express)',
  default: 'service here (fetch adapter), default buckets',
  lifted: 'service here (fetch adapter), storefront buckets lifted',
};

const childPid = (pid: number): number => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  const node = children.map(Number).find((one) => /node/.test(readFileSync(`/proc/${one}/comm`, 'utf8')));
  if (node === undefined) throw new Error(`no node process under npm (${pid})`);
  return node;
};

const thisFile = fileURLToPath(import.meta.url);

async function start(kind: Kind, dataDir: string): Promise<Server> {
  if (kind === 'demo') {
    const demo = await startDemo(dataDir);
    return {
      url: demo.url.replace('localhost', '127.0.0.1'),
      pid: childPid(demo.child.pid!),
      stop: async () => {
        const { code } = await demo.stop();
        if (code !== 0) throw new Error(`demo exited with ${code}: ${demo.output().slice(-2000)}`);
      },
    };
  }
  const child = spawn(
    process.execPath,
    ['--conditions=@affiliate-commerce/source', '--import', 'tsx', thisFile, 'serve', dataDir, kind],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then((code) => reject(new Error(`server exited early with ${code}: ${output}`)));
  });
  return {
    url: url.replace('localhost', '127.0.0.1'),
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exit;
      if (code !== 0) throw new Error(`server exited with ${code}: ${output.slice(-2000)}`);
    },
  };
}

// ---- Measures -------------------------------------------------------------------------------

/** Bytes of every file under `path` (apparent sizes), and those under pg_wal. */
function dataBytes(path: string): { total: number; wal: number } {
  let total = 0;
  let wal = 0;
  const walk = (dir: string, inWal: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, inWal || entry.name === 'pg_wal');
      else if (entry.isFile()) {
        const size = statSync(full).size;
        total += size;
        if (inWal) wal += size;
      }
    }
  };
  walk(path, false);
  return { total, wal };
}

const rssBytes = (pid: number): number => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line![1]) * 1024;
};

/** Samples a process's RSS every 10 ms until stopped; returns the peak. */
function rssPeak(pid: number): () => number {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process is gone; the peak so far stands.
    }
  }, 10);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const loads: number[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- The largest capture --------------------------------------------------------------------

const urlSafe = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const keySafe = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const random = (alphabet: string, length: number) =>
  Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');

/** An http(s) URL as long as a touch stores (1,024 characters). */
const longUrl = (origin: string) => `${origin}/${random(urlSafe, urlLimits.maxLength - origin.length - 1)}`;

/**
 * `svc_` params that fill the touch budget exactly: keys and values at the limits of docs/api.md §8.2 (128 and
 * 512 characters) while the budget lasts, then one pair for the rest (six of 640 and one of 256
 * characters with a budget of 4,096).
 */
function fullParams(): Record<string, string> {
  const params: Record<string, string> = {};
  let left = maxTouchParamChars;
  while (left > 0 && Object.keys(params).length < paramLimits.maxKeys) {
    const size = Math.min(left, paramLimits.maxKeyLength + paramLimits.maxValueLength);
    const keyLength = Math.min(paramLimits.maxKeyLength, Math.ceil(size / 2));
    params[`svc_${random(keySafe, keyLength - 4)}`] = random(urlSafe, size - keyLength);
    left -= size;
  }
  return params;
}

interface Capture {
  readonly landing_url: string;
  readonly referrer_url: string;
  readonly campaignId: string;
  readonly track: 'first';
  readonly params: Record<string, string>;
}

/** Captures to cycle through: random text, so stored rows do not compress. */
const captures: Capture[] = Array.from({ length: 64 }, () => ({
  landing_url: longUrl(storefrontOrigin),
  referrer_url: longUrl('https://referrer.example'),
  campaignId: random(urlSafe, 128),
  track: 'first',
  params: fullParams(),
}));

const randomPad = random(urlSafe.replace('~', ''), 128);
/** A visitor id of 128 characters, the longest accepted, new for every request. */
const visitorId = (n: number) => {
  const prefix = `v${n}-`;
  return prefix + randomPad.slice(prefix.length);
};

/** The `POST /journeys` body the capture script sends, at its largest. */
const journeyBody = (n: number): string => {
  const { params, ...capture } = captures[n % captures.length]!;
  const visitor = visitorId(n);
  return JSON.stringify({
    templateSlug: slug,
    ...capture,
    visitorId: visitor,
    attribution: { track: capture.track, visitorId: visitor, params },
  });
};

/** The template view URL the capture script loads, at its largest. */
const viewPath = (n: number): string => {
  const { params, ...capture } = captures[n % captures.length]!;
  const visitor = visitorId(n);
  const query = new URLSearchParams({
    ...capture,
    visitorId: visitor,
    attribution: JSON.stringify({ track: capture.track, visitorId: visitor, params }),
  });
  return `/v2/journeyTemplates/${slug}/frontend?${query}`;
};

// ---- Flood ----------------------------------------------------------------------------------

type Route = 'journeys' | 'view';
const routeName: Record<Route, string> = {
  journeys: '`POST /journeys`',
  view: '`GET /v2/journeyTemplates/{slug}/frontend`',
};

interface Flood {
  readonly route: Route;
  readonly kind: Kind;
  readonly seconds: number;
  readonly answered: number;
  readonly accepted: number;
  readonly limited: number;
  /**
   * 429s with Retry-After, the three X-RateLimit-* headers, Access-Control-Allow-Origin and the
   * RATE_LIMITED JSON envelope.
   */
  readonly limitedWellFormed: number;
  /** 429s whose Access-Control-Expose-Headers lets a storefront's script read Retry-After. */
  readonly limitedExposed: number;
  readonly other: Map<string, number>;
  readonly otherExample?: string;
  readonly badLimitedExample?: string;
  readonly connects: number;
  readonly p50: number;
  readonly p99: number;
  readonly growth: number;
  readonly walGrowth: number;
  readonly liveGrowth: number;
  readonly rssBefore: number;
  readonly rssPeak: number;
  /** What a journey made from this flood's capture stored. */
  readonly stored: string;
  readonly load: number;
}

let sequence = 0;

async function flood(
  server: Server,
  route: Route,
  kind: Kind,
  dataDir: string,
  before: { total: number; wal: number },
) {
  const pool = new Pool(server.url, { connections, pipelining: 1 });
  let connects = 0;
  pool.on('connect', () => {
    connects += 1;
  });
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  let limitedWellFormed = 0;
  let limitedExposed = 0;
  let badLimitedExample: string | undefined;
  let otherExample: string | undefined;
  let firstJourney: string | undefined;
  let firstVisitor: string | undefined;
  loads.push(loadavg()[0]!);
  const rssBefore = rssBytes(server.pid);
  const peak = rssPeak(server.pid);
  const started = performance.now();
  const deadline = started + floodSeconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      sequence += 1;
      const n = sequence;
      const sent = performance.now();
      try {
        const { statusCode, headers, body } = await pool.request(
          route === 'journeys'
            ? {
                method: 'POST',
                path: '/journeys',
                headers: { 'content-type': 'application/json', origin: storefrontOrigin },
                body: journeyBody(n),
              }
            : { method: 'GET', path: viewPath(n), headers: { origin: storefrontOrigin } },
        );
        const text = await body.text();
        latencies.push(performance.now() - sent);
        const status = String(statusCode);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (statusCode === 429) {
          const problem = limitedProblem(headers, text);
          if (problem === undefined) limitedWellFormed += 1;
          else badLimitedExample ??= problem;
          if (/retry-after/i.test(String(headers['access-control-expose-headers'] ?? '')))
            limitedExposed += 1;
        } else if (statusCode === 201 && firstJourney === undefined) {
          firstJourney = (JSON.parse(text) as { data: { id: string } }).data.id;
        } else if (statusCode === 200 && firstVisitor === undefined) {
          firstVisitor = visitorId(n);
        } else if (statusCode >= 300) {
          otherExample ??= `${statusCode} ${text.slice(0, 300)}`;
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? String(error);
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
        otherExample ??= code;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = (performance.now() - started) / 1000;
  const rssAtPeak = peak();
  await pool.close();
  const live = dataBytes(dataDir).total;

  // One journey of this flood's capture, read back: the capture a visitor's view stored reaches
  // the journey started for that visitor.
  let journeyId = firstJourney;
  if (route === 'view' && firstVisitor !== undefined) {
    const started = await fetch(`${server.url}/journeys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: slug, visitorId: firstVisitor }),
    });
    if (started.status === 201) journeyId = ((await started.json()) as { data: { id: string } }).data.id;
  }
  const stored = journeyId === undefined ? 'no journey to read' : await storedCapture(server.url, journeyId);

  await server.stop();
  const after = dataBytes(dataDir);
  const count = (status: string) => statuses.get(status) ?? 0;
  const other = new Map([...statuses].filter(([status]) => !/^(2\d\d|429)$/.test(status)));
  const accepted = [...statuses].filter(([status]) => /^2\d\d$/.test(status)).reduce((a, [, n]) => a + n, 0);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const result: Flood = {
    route,
    kind,
    seconds,
    answered: latencies.length,
    accepted,
    limited: count('429'),
    limitedWellFormed,
    limitedExposed,
    other,
    otherExample,
    badLimitedExample,
    connects,
    p50: at(0.5),
    p99: at(0.99),
    growth: after.total - before.total,
    walGrowth: after.wal - before.wal,
    liveGrowth: live - before.total,
    rssBefore,
    rssPeak: rssAtPeak,
    stored,
    load: loads.at(-1)!,
  };
  console.log(
    `${route} on ${kind}: ${result.answered} answered in ${seconds.toFixed(1)} s (${Math.round(result.answered / seconds)}/s), ${accepted} 2xx, ${result.limited} 429 (${limitedWellFormed} well formed, ${limitedExposed} exposing Retry-After${badLimitedExample ? `; e.g. ${badLimitedExample}` : ''}), other ${JSON.stringify([...other])}${otherExample ? ` e.g. ${otherExample}` : ''}; ${connects} connections; p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms; data dir +${mib(result.growth)} after stop (pg_wal +${mib(result.walGrowth)}), +${mib(result.liveGrowth)} live; RSS ${mib(rssBefore)} → peak ${mib(rssAtPeak)}; stored: ${stored}; load ${result.load.toFixed(2)}`,
  );
  return result;
}
/** Why a 429 is not what a client needs to back off, or undefined when it is. */
function limitedProblem(headers: Record<string, string | string[] | undefined>, text: string) {
  const missing = [
    'retry-after',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'access-control-allow-origin',
  ].filter((name) => headers[name] === undefined);
  if (missing.length > 0) return `429 without ${missing.join(', ')}`;
  if (!/^[1-9]\d*$/.test(String(headers['retry-after']))) return `Retry-After ${headers['retry-after']}`;
  try {
    const body = JSON.parse(text) as { success?: unknown; error?: { code?: unknown; message?: unknown } };
    if (
      body.success === false &&
      body.error?.code === 'RATE_LIMITED' &&
      typeof body.error.message === 'string'
    )
      return undefined;
  } catch {
    // Not JSON: reported below.
  }
  return `429 body ${text.slice(0, 200)}`;
}

/** The stored attribution of a journey, summed up: params (count/characters) and URL lengths. */
async function storedCapture(url: string, journeyId: string): Promise<string> {
  const response = await fetch(`${url}/v2/journeys/${journeyId}`, {
    headers: { authorization: 'Bearer demo_admin' },
  });
  if (!response.ok) return `GET journey ${response.status}`;
  const { data } = (await response.json()) as {
    data: {
      attribution?: {
        first: { params: Record<string, string>; landing_url?: string; referrer_url?: string };
      };
    };
  };
  const first = data.attribution?.first;
  if (!first) return 'no attribution';
  const chars = Object.entries(first.params).reduce(
    (sum, [key, value]) => sum + key.length + value.length,
    0,
  );
  const urls = [first.landing_url, first.referrer_url].map((one) =>
    (one?.length ?? 0).toLocaleString('en-US'),
  );
  return `${Object.keys(first.params).length} params of ${chars.toLocaleString('en-US')} characters in all, URLs of ${urls.join(' and ')}`;
}

// ---- Big bodies -----------------------------------------------------------------------------

interface BigPost {
  readonly label: string;
  readonly status: string;
  readonly ms: number;
  readonly sentBytes: number;
}

/**
 * POSTs `total` bytes of JSON to /journeys on a plain socket, chunked unless `withLength`, and
 * stops sending at the answer. The socket is read whatever happens to the writes: a server that
 * answers early and closes makes the next write fail (EPIPE, ECONNRESET), and the answer that
 * came before still counts, as it does for curl.
 */
function bigPost(url: string, total: number, withLength: boolean, label: string): Promise<BigPost> {
  const { hostname, port } = new URL(url);
  const prefix = Buffer.from(`{"templateSlug":"${slug}","landing_url":"`);
  const suffix = Buffer.from('"}');
  const filler = Buffer.alloc(64 * 1024, 'a');
  const head =
    `POST /journeys HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    `${withLength ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked'}\r\n\r\n`;
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let answer: { status: string; ms: number; sent: number } | undefined;
    let failure: string | undefined;
    let received = '';
    const socket = connect({ host: hostname, port: Number(port) });
    const framed = (piece: Buffer) =>
      withLength ? [piece] : [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')];
    const write = () => {
      while (answer === undefined && !socket.destroyed) {
        const left = total - sent;
        if (left <= 0) {
          if (!withLength) socket.write('0\r\n\r\n');
          return;
        }
        const piece =
          sent === 0
            ? prefix
            : left <= suffix.length
              ? suffix.subarray(0, left)
              : filler.subarray(0, left - suffix.length);
        sent += piece.length;
        let flowing = true;
        for (const part of framed(piece)) flowing = socket.write(part);
        if (!flowing) {
          socket.once('drain', write);
          return;
        }
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      write();
    });
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status && answer === undefined) {
        answer = { status: status[1]!, ms: performance.now() - started, sent };
        // The answer is all that is measured; the rest of the upload is abandoned.
        setTimeout(() => socket.destroy(), 100);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error.code ?? error.message;
    });
    socket.on('close', () =>
      resolve({
        label,
        status: answer?.status ?? `no answer (${failure ?? 'closed'})`,
        ms: answer?.ms ?? performance.now() - started,
        sentBytes: answer?.sent ?? sent,
      }),
    );
  });
}

interface BigRun {
  readonly posts: BigPost[];
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly rssAfter: number;
}

async function bigRun(demo: Server, bodies: { bytes: number; withLength: boolean; label: string }[]) {
  const rssBefore = rssBytes(demo.pid);
  const peak = rssPeak(demo.pid);
  const posts = await Promise.all(
    bodies.map((one) => bigPost(demo.url, one.bytes, one.withLength, one.label)),
  );
  await sleep(2_000);
  const run: BigRun = { posts, rssBefore, rssPeak: peak(), rssAfter: rssBytes(demo.pid) };
  console.log(
    `${posts.map((post) => `${post.label}: ${post.status} in ${Math.round(post.ms)} ms after ${mib(post.sentBytes)}`).join('; ')}; RSS ${mib(rssBefore)} → peak ${mib(run.rssPeak)} → ${mib(run.rssAfter)}`,
  );
  return run;
}

// ---- Run ------------------------------------------------------------------------------------

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`;
const mbText = (bytes: number) => (bytes === 0 ? '0' : `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`);
const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** Every flood: per server, a seeding start and stop, then one start, flood and stop per route. */
async function floodAll(root: string): Promise<Flood[]> {
  const floods: Flood[] = [];
  for (const kind of ['demo', 'default', 'lifted'] as const) {
    const dataDir = join(root, kind);
    // A first start seeds; its clean stop writes every page out, so the sizes compare.
    const seeding = await start(kind, dataDir);
    await sleep(1_000);
    await seeding.stop();
    for (const route of ['journeys', 'view'] as const) {
      const before = dataBytes(dataDir);
      const server = await start(kind, dataDir);
      await sleep(1_000);
      floods.push(await flood(server, route, kind, dataDir, before));
    }
  }
  return floods;
}

/** What the demo answered to a template view after the big bodies. */
let demoAfterBig = '';

/** The big bodies, one after another against one fresh demo. */
async function bigAll(root: string): Promise<BigRun[]> {
  const demo = await start('demo', join(root, 'big'));
  try {
    await sleep(1_000);
    const bodies = Array.from({ length: bigCount }, (_, i) => ({
      bytes: bigMb * MB,
      withLength: false,
      label: `${bigMb} MB chunked #${i + 1}`,
    }));
    const runs = [
      await bigRun(demo, bodies),
      await bigRun(demo, [{ bytes: hugeMb * MB, withLength: false, label: `${hugeMb} MB chunked` }]),
      await bigRun(demo, [{ bytes: bigMb * MB, withLength: true, label: `${bigMb} MB with Content-Length` }]),
    ];
    const view = await fetch(`${demo.url}/v2/journeyTemplates/${slug}/frontend`);
    await view.arrayBuffer();
    demoAfterBig = `${view.status}`;
    console.log(`template view after the big bodies: ${demoAfterBig}`);
    return runs;
  } finally {
    await demo.stop();
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'edge-bench-'));
  const started = performance.now();
  try {
    const floods = only === 'big' ? [] : await floodAll(root);
    const big = only === 'flood' ? [] : await bigAll(root);
    if (only) console.log(`ONLY=${only}: docs/benchmarks.md left as it was`);
    else write(floods, big, (performance.now() - started) / 1000);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function write(floods: Flood[], big: BigRun[], totalSeconds: number): void {
  const tables = (one: Flood) => one.growth - one.walGrowth;
  const floodRows = floods.map((one) => {
    const other = [...one.other].map(([status, n]) => `${count(n)} × ${status}`).join(', ') || '0';
    const wellFormed = one.limited === 0 ? '–' : `${count(one.limitedWellFormed)} of ${count(one.limited)}`;
    const perRequest =
      one.accepted === 0 ? '–' : `${kb(one.growth / one.accepted)} (${kb(tables(one) / one.accepted)})`;
    return `| ${routeName[one.route]} | ${serverName[one.kind]} | ${count(one.answered / one.seconds)} | ${count(one.accepted)} | ${count(one.limited)} | ${other} | ${wellFormed} | ${count(one.connects)} | ${one.p50.toFixed(0)} / ${one.p99.toFixed(0)} ms | ${mbText(one.growth)} (${mbText(one.walGrowth)}) | ${perRequest} | ${mbText(one.growth / one.seconds)}/s | ${mib(one.rssBefore)} → ${mib(one.rssPeak)} |`;
  });
  const bigRows = big.flatMap((run) =>
    run.posts.map(
      (post, i) =>
        `| ${post.label} | ${post.status} | ${count(post.ms)} ms | ${mib(post.sentBytes)} | ${i === 0 ? `${mib(run.rssBefore)} | ${mib(run.rssPeak)} | ${mib(run.rssAfter)}` : ' | | '} |`,
    ),
  );
  const stored = [...new Set(floods.map((one) => one.stored))].join('; ');
  const sortedLoads = [...loads].sort((a, b) => a - b);
  const defects = floods.filter((one) => one.other.size > 0 || one.limitedWellFormed < one.limited);
  const limited = floods.reduce((sum, one) => sum + one.limited, 0);
  const exposed = floods.reduce((sum, one) => sum + one.limitedExposed, 0);
  // What the default buckets let one client address store, from the demo's rows (tables only).
  const demoPer = (route: Route) => {
    const one = floods.find((flood) => flood.kind === 'demo' && flood.route === route);
    return one && one.accepted > 0 ? tables(one) / one.accepted : 0;
  };
  const perMinute = 60 * demoPer('journeys') + 300 * demoPer('view');
  const markdown = `## The HTTP edge under abuse: storefront floods and huge bodies (\`bench/edge.bench.ts\`)

${machineLine()} 1-minute load average at the start of the floods: ${sortedLoads[0]!.toFixed(1)}–${sortedLoads.at(-1)!.toFixed(1)}${
    sortedLoads.at(-1)! > 2.5 ? ' (other work shared the machine, so rates move a lot between runs)' : ''
  }. Whole run ${Math.round(totalSeconds)} s.

Flood: one anonymous client on 127.0.0.1 (undici, ${connections} keep-alive connections, one request in flight
on each, an \`Origin\` header as a browser sends) sends for ${floodSeconds} s the largest capture each storefront
route stores whole, with a new 128-character visitor id per request: both URLs ${urlLimits.maxLength.toLocaleString('en-US')} characters once
stripped, a 128-character campaign id, and \`svc_\` params filling the ${maxTouchParamChars.toLocaleString('en-US')}-character touch budget
(keys of ${paramLimits.maxKeyLength} and values of ${paramLimits.maxValueLength} characters while it lasts), all random text that does not compress;
\`POST /journeys\` as a JSON body, the template view as its query, both in the capture script's shape. One
journey per flood is read back (\`GET /v2/journeys/{id}\`; for the view flood, a journey started for one
of its visitors) to check the capture was kept whole: ${stored}. Three servers, each in its own process
on its own fresh PGlite data directory: the demo as users start it (\`npm start\`, PORT=0, DATA_DIR), and
the demo's service (same auth, processor, case system and seed) built with \`createService\` and served by the fetch adapter on
node:http, once with the default buckets and once with both storefront buckets lifted to 10^9 a minute
(\`flexibleRateLimiter({ buckets })\`). The demo has no setting for its buckets, so the lifted side cannot
be the demo itself; the default-bucket row of the same server shows what the change of server alone does.
Each server is stopped (PGlite writes its pages out on close) and started again around every flood, so
data growth is measured between clean stops and every flood starts with full buckets.

How to read it: answers/s counts every answer, 2xx or not. "429s well formed" counts the 429s that carry
\`Retry-After\` (whole seconds), \`X-RateLimit-Limit\`, \`-Remaining\` and \`-Reset\`,
\`Access-Control-Allow-Origin\`, and the \`{ success: false, error: { code: 'RATE_LIMITED', message } }\`
envelope. Connections opened: a \`POST\` refused before its body was read is answered with
\`Connection: close\` (the adapters do not take in a body nobody reads), so each such 429 costs the client
a new connection; a refused \`GET\` keeps its connection. Data growth is the data directory's bytes on disk
after the flood's clean stop minus before its start, write-ahead log included (in brackets: the log's
share, which grows by whole 16 MiB segments and reuses old ones, so it shows in some rows and not in
others); per accepted request divides it by the 2xx answers (in
brackets: without the log), per second by the flood's length. RSS is the server process's, before the
flood and at its peak.

| route | server | answers/s | 2xx | 429 | other | 429s well formed | connections opened | latency p50 / p99 | data growth (WAL) | per accepted request (without WAL) | per second | RSS before → peak |
|---|---|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---|
${floodRows.join('\n')}
${defects.length === 0 ? '' : `\n**Answers to look at**: ${defects.map((one) => `${routeName[one.route]} on the ${one.kind} server: ${one.otherExample ?? ''} ${one.badLimitedExample ?? ''}`.trim()).join('; ')}.\n`}
With the default buckets one client address can store at most 60 journeys and 300 template views a
minute: at the sizes above about ${mbText(perMinute)} a minute of table data, ${((perMinute * 1440) / 1e9).toFixed(1)} GB a day, per address,
where a lifted bucket lets it store as fast as the server writes. ${exposed} of ${count(limited)} 429s name
\`Retry-After\` in \`Access-Control-Expose-Headers\`${exposed === 0 ? ", so a storefront's script in a browser can read a 429's status and body but not when to retry" : ''}.

Big bodies, against a fresh demo: ${bigCount} unauthenticated chunked (no Content-Length) \`POST /journeys\` of
${bigMb} MB at once, then one of ${hugeMb} MB, then one of ${bigMb} MB that declares its Content-Length; each a JSON
object whose one string field carries the bulk, written in 64 KiB pieces on a plain socket until the
answer comes. Time to the answer is from the connection to the status line; "written by then" is what
the client had handed to its socket by then (the kernel's buffers hold some of it). RSS is VmRSS of the
demo's node process (npm's child: \`npm start\` runs the script with \`exec node\`), before, at the peak
(sampled every 10 ms), and 2 s after the answers, once per group of requests sent together; a first start on a fresh data directory leaves the demo
larger than a restart does. After them the demo answered a template view with ${demoAfterBig}.

| request | status | time to the answer | written by then | demo RSS before | peak | 2 s after |
|---|---|---:|---:|---:|---:|---:|
${bigRows.join('\n')}

Before the streaming body limits and the storefront buckets an outside probe measured, on the demo (not
this run): 4 × 100 MB chunked \`POST /journeys\` at once took it from 709 to 1,077 MiB RSS; a 600 MB body
answered 500 and left RSS at 1.6 GiB (with Content-Length: 413 in 8 ms); one client at 10 connections for
20 s got 166–398 \`POST /journeys\` a second, all accepted, each growing the database by about 201 KB
(668 MB in 20 s), and 53 KB per template view.
`;
  writeSection('edge', markdown);
  console.log(markdown);
}

if (process.argv[2] === 'serve') await serveInProcess(process.argv[3]!, process.argv[4] as Limits);
else await main();
