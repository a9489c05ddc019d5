/**
 * Webhook verification, side by side in one run: @affiliate-commerce/webhook-verify (Node build
 * and WebCrypto build), svix 1.x `Webhook.verify`, standardwebhooks, Stripe's
 * `webhooks.constructEvent`, and the floor of one bare createHmac + timingSafeEqual. Writes the
 * table to docs/benchmarks.md between the `verify` markers.
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/verify.bench.ts
 * (ROUNDS=1 TIME_MS=300 for a quick look; the defaults are 3 rounds of 1 s per task.)
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { signWebhook, verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { build } from 'esbuild';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { Webhook as SvixWebhook } from 'svix';
import { Bench } from 'tinybench';
import { verifyWebhookAsync as verifyWebCrypto } from '../packages/webhook-verify/src/browser';

const rounds = Number(process.env.ROUNDS ?? 3);
const timeMs = Number(process.env.TIME_MS ?? 1000);
const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const browserEntry = fileURLToPath(new URL('../packages/webhook-verify/src/browser.ts', import.meta.url));

/** A v2 order_created envelope padded to exactly `size` bytes. */
function envelope(size: number): string {
  const event = {
    event_type: 'order_created',
    event_id: 'evt_01JBENCH0000000000000000',
    api_version: '2026-08-17',
    timestamp: new Date().toISOString(),
    timestamp_epoch: Math.floor(Date.now() / 1000),
    affiliate_id: 'aff_bench',
    order_id: 'ord_123',
    order_status: 'created',
    journey_id: 'jrn_456',
    total_value_cents: 12_900,
    currency: 'USD',
    attribution: {
      first: { captured_at: '2026-08-01T10:00:00Z', params: { utm_source: 'google', gclid: 'Cj0KCQ' } },
      last: { captured_at: '2026-08-02T10:00:00Z', params: { utm_source: 'meta', fbclid: 'IwAR3' } },
      touch_count: 2,
    },
    patient_marketing_consent: false,
    is_returning_patient: false,
    order_tag: '',
  };
  const bare = JSON.stringify(event).length;
  event.order_tag = 'x'.repeat(size - bare);
  const body = JSON.stringify(event);
  if (Buffer.byteLength(body) !== size) throw new Error(`envelope is ${body.length} bytes, not ${size}`);
  return body;
}

interface Row {
  name: string;
  opsPerSecond: number;
  rme: number;
}

/** Tasks run `reps` verifications per call so the timer's own cost stays out of the numbers. */
async function measure(size: number): Promise<Row[]> {
  const body = envelope(size);
  const reps = size > 4096 ? 4 : 64;
  const now = new Date();
  const t = Math.floor(now.getTime() / 1000);

  const ourSecret = `whsec_${randomBytes(32).toString('base64url')}`;
  const ourHeader = signWebhook({ payload: body, secret: ourSecret, timestamp: t });
  const expected = Buffer.from(ourHeader.slice(ourHeader.indexOf('sha256=') + 7), 'base64');

  const svixSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const svix = new SvixWebhook(svixSecret);
  const svixHeaders = {
    'svix-id': 'msg_bench',
    'svix-timestamp': String(t),
    'svix-signature': svix.sign('msg_bench', now, body),
  };
  const standard = new StandardWebhook(svixSecret);
  const standardHeaders = {
    'webhook-id': 'msg_bench',
    'webhook-timestamp': String(t),
    'webhook-signature': standard.sign('msg_bench', now, body),
  };
  const stripe = new Stripe('sk_test_bench');
  const stripeSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const stripeHeader = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: stripeSecret,
    timestamp: t,
  });

  const tasks: Record<string, () => unknown> = {
    'floor: createHmac + timingSafeEqual': () =>
      timingSafeEqual(createHmac('sha256', ourSecret).update(`${t}.`).update(body).digest(), expected),
    'floor + JSON.parse': () => {
      timingSafeEqual(createHmac('sha256', ourSecret).update(`${t}.`).update(body).digest(), expected);
      return JSON.parse(body);
    },
    'webhook-verify: verifyWebhook, parse: false (Node)': () =>
      verifyWebhook({ payload: body, signature: ourHeader, secret: ourSecret, parse: false }),
    'webhook-verify: verifyWebhook (Node, parses)': () =>
      verifyWebhook({ payload: body, signature: ourHeader, secret: ourSecret }),
    'webhook-verify: verifyWebhook, Standard Webhooks headers (Node, parses)': () =>
      verifyWebhook({ payload: body, headers: standardHeaders, secret: svixSecret }),
    'svix 1.x Webhook.verify (parses)': () => svix.verify(body, svixHeaders),
    'standardwebhooks Webhook.verify (parses)': () => standard.verify(body, standardHeaders),
    'stripe webhooks.constructEvent (parses)': () =>
      stripe.webhooks.constructEvent(body, stripeHeader, stripeSecret),
  };
  const asyncTasks: Record<string, () => Promise<unknown>> = {
    'webhook-verify: verifyWebhookAsync (WebCrypto, parses)': () =>
      verifyWebCrypto({ payload: body, signature: ourHeader, secret: ourSecret }),
  };

  const best = new Map<string, Row>();
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ name: `verify ${size} B`, time: timeMs, warmupTime: 200 });
    for (const [name, fn] of Object.entries(tasks)) {
      fn(); // fail fast if a setup is wrong
      bench.add(name, () => {
        for (let i = 0; i < reps; i++) fn();
      });
    }
    for (const [name, fn] of Object.entries(asyncTasks)) {
      await fn();
      bench.add(name, async () => {
        for (let i = 0; i < reps; i++) await fn();
      });
    }
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`);
      const row = {
        name: task.name,
        opsPerSecond: (reps * 1000) / result.latency.p50!,
        rme: result.latency.rme,
      };
      if ((best.get(task.name)?.opsPerSecond ?? 0) < row.opsPerSecond) best.set(task.name, row);
    }
  }
  return [...best.values()];
}

/**
 * The browser build's size as size-limit measures it (esbuild bundle, minified, gzip level 9,
 * less the 32 B of an empty esbuild project), and as an ESM module with its export statement.
 */
async function browserBuildSize(): Promise<{ minified: number; gzipped: number; esmGzipped: number }> {
  const bundle = async (format?: 'esm') => {
    const out = await build({
      entryPoints: [browserEntry],
      bundle: true,
      minify: true,
      write: false,
      format,
    });
    return out.outputFiles[0]!.contents;
  };
  const plain = await bundle();
  return {
    minified: plain.length,
    gzipped: gzipSync(plain, { level: 9 }).length - 32,
    esmGzipped: gzipSync(await bundle('esm'), { level: 9 }).length,
  };
}

function table(size: number, rows: Row[]): string {
  const floor = rows.find((row) => row.name.startsWith('floor:'))!.opsPerSecond;
  const lines = [
    `**${size === 1024 ? '1 KiB' : '64 KiB'} body**`,
    '',
    '| verifier | verifications/s | time vs floor | rme |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${Math.round(row.opsPerSecond).toLocaleString('en-US')} | ${(floor / row.opsPerSecond).toFixed(2)}x | ${row.rme.toFixed(1)} % |`,
    ),
  ];
  return lines.join('\n');
}

const started = new Date();
const load = loadavg()[0]!.toFixed(2);
const results = [];
for (const size of [1024, 65_536]) results.push({ size, rows: await measure(size) });
const { minified, gzipped, esmGzipped } = await browserBuildSize();

const section = [
  '<!-- verify:start -->',
  '## Webhook verification (`bench/verify.bench.ts`)',
  '',
  `Run ${started.toISOString().slice(0, 10)} on Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${load} at start. tinybench, ${rounds} rounds of ${timeMs} ms per task, best round's median. Every row checks one v2-style signature over the same body; "parses" rows also JSON.parse it, as the peers do. svix and standardwebhooks sign \`id.timestamp.body\`, Stripe \`timestamp.body\` in hex; each is given its own valid header.`,
  '',
  ...results.flatMap(({ size, rows }) => [table(size, rows), '']),
  `Browser build of webhook-verify (everything \`src/browser.ts\` exports, no schemas), measured as size-limit measures \`dist/browser.js\`: ${minified} B minified, **${gzipped} B minified and gzipped** (budget 2.9 KB, checked by \`npm run size -w @affiliate-commerce/webhook-verify\`); as an ESM module with its export statement, ${esmGzipped} B gzipped.`,
  '<!-- verify:end -->',
].join('\n');

const current = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
const marked = /<!-- verify:start -->[\s\S]*?<!-- verify:end -->/;
writeFileSync(
  docs,
  marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}\n`,
);
console.log(section);
