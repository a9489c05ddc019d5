import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { callApi } from '@affiliate-commerce/testkit';
import { signWebhook, verifyWebhookAsync } from '@affiliate-commerce/webhook-verify';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/services';
import { readmeBlocks } from '../demo-server/src/readme-blocks';
import { type RunningDemo, startDemo } from '../demo-server/src/spawn-demo';

/**
 * The receiver recipes of docs/receivers/README.md, in each language whose toolchain is on PATH:
 * every case of test-vectors.json through the recipe's vectors mode, then the recipe's own HTTP
 * server receiving real deliveries from the demo (`npm start`), sent with sendExample. Outside CI a
 * missing toolchain skips its language with one line saying what to install; under `CI=true` it
 * fails.
 */

const root = join(import.meta.dirname, '..', '..');
const vectorsFile = join(root, 'packages/webhook-verify/test-vectors.json');

interface Recipe {
  /** The folder under examples/receivers. */
  readonly folder: string;
  /** The recipe's file in that folder. */
  readonly file: string;
  /** The section of docs/receivers/README.md, and the info string of its code fence. */
  readonly title: string;
  readonly fence: string;
  readonly tools: readonly string[];
  /** The Debian package that brings the tools. */
  readonly aptPackage: string;
  /** The recipe's command; `vectors <file>` appended runs the vectors mode. */
  readonly command: readonly string[];
  /** The server command when it is not `command` with PORT set. */
  readonly serve?: (port: number) => readonly string[];
}

const recipes: readonly Recipe[] = [
  {
    folder: 'python',
    file: 'receiver.py',
    title: 'Python',
    fence: 'python',
    tools: ['python3'],
    aptPackage: 'python3',
    command: ['python3', 'receiver.py'],
  },
  {
    folder: 'go',
    file: 'receiver.go',
    title: 'Go',
    fence: 'go',
    tools: ['go'],
    aptPackage: 'golang-go',
    command: ['go', 'run', '.'],
  },
  {
    folder: 'ruby',
    file: 'receiver.rb',
    title: 'Ruby',
    fence: 'ruby',
    tools: ['ruby'],
    aptPackage: 'ruby',
    command: ['ruby', 'receiver.rb'],
  },
  {
    folder: 'php',
    file: 'receiver.php',
    title: 'PHP',
    fence: 'php',
    tools: ['php'],
    aptPackage: 'php-cli',
    command: ['php', 'receiver.php'],
    serve: (port) => ['php', '-q', '-S', `127.0.0.1:${port}`, 'receiver.php'],
  },
  {
    folder: 'java',
    file: 'Receiver.java',
    title: 'Java',
    fence: 'java',
    tools: ['java', 'javac'],
    aptPackage: 'default-jdk-headless',
    command: ['java', 'Receiver.java'],
  },
];

/** What each recipe's vectors mode must count: every verification case, and the signing cases as valid. */
function expectedCases(): number {
  const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8')) as {
    signing: unknown[];
    verification: unknown[];
    standard_webhooks: { signing: unknown[]; verification: unknown[] };
    v1a: { signing: unknown[]; verification: unknown[] };
  };
  const standard = vectors.standard_webhooks;
  // The standard signing cases run twice: as a delivery (X-Webhook-Signature first), and the standard set alone.
  return (
    vectors.verification.length +
    vectors.signing.length +
    standard.verification.length +
    2 * standard.signing.length +
    vectors.v1a.verification.length +
    vectors.v1a.signing.length
  );
}

const onPath = (tool: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, tool)));

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const work = mkdtempSync(join(tmpdir(), 'affiliate-commerce-receivers-'));
const running: ChildProcess[] = [];
let demo: Promise<RunningDemo> | undefined;

/** The demo, started once, on the first test that needs it. */
const theDemo = (): Promise<RunningDemo> => {
  demo ??= startDemo(join(work, 'demo-data'));
  return demo;
};

afterAll(async () => {
  for (const child of running) {
    // `go run` starts the receiver as its own child: stop the whole process group.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  }
  if (demo) await (await demo).stop();
  rmSync(work, { recursive: true, force: true });
});

/** Calls the demo API with a demo token; answers the status and the parsed `data`. */
async function api<T>(method: string, path: string, token: string, body?: unknown) {
  const { url } = await theDemo();
  return callApi<T>(url, { method, path, token, body });
}

/** Waits until `read()` matches `pattern`; fails with what was read after `ms`. */
async function waitFor(read: () => string, pattern: RegExp, what: string, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !pattern.test(read()); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s; output:\n${read()}`);
  }
}

/**
 * Starts a recipe's server on `port` with `secret` (and `WEBHOOK_PAYLOAD_VERSION` when `version` is
 * given); resolves once it accepts deliveries.
 */
async function startReceiver(
  recipe: Recipe,
  port: number,
  secret: string,
  version?: 'v1',
  publicKey?: string,
): Promise<() => string> {
  const [command, ...args] = recipe.serve?.(port) ?? recipe.command;
  const { WEBHOOK_PAYLOAD_VERSION: _, ...inherited } = process.env;
  const child = spawn(command!, args, {
    cwd: join(import.meta.dirname, recipe.folder),
    env: {
      ...inherited,
      PORT: String(port),
      WEBHOOK_SECRET: secret,
      ...(version ? { WEBHOOK_PAYLOAD_VERSION: version } : {}),
      ...(publicKey ? { WEBHOOK_PUBLIC_KEY: publicKey } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.push(child);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  child.once('exit', (code) => append(Buffer.from(`\n[exited with ${code}]\n`)));
  child.once('error', (error) => append(Buffer.from(`\n[exited: ${error.message}]\n`)));
  await waitFor(
    () => output,
    /receiving webhooks on|Development Server \(.*\) started|\[exited/,
    'start',
    60_000,
  );
  expect(output).not.toContain('[exited');
  return () => output;
}

/** Posts a body signed with `secret` by the Standard Webhooks rules, then changed by one word. */
function postTampered(port: number, secret: string): Promise<Response> {
  const id = 'evt_tampered';
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ event_type: 'order_created', event_id: id });
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return fetch(`http://127.0.0.1:${port}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${signature}`,
    },
    body: body.replace('order_created', 'order_refunded'),
  });
}

/** Posts `body` with `headers` to a recipe's server. */
function post(port: number, headers: Record<string, string>, body: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** A v2 delivery of `eventId` as the sender signs it now: both header sets, with webhook-verify's signer. */
function signedDelivery(secret: string, eventId: string) {
  const body = JSON.stringify({ event_type: 'order_created', event_id: eventId });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'x-webhook-id': eventId,
    'x-webhook-version': 'v2',
    'x-webhook-signature': signWebhook({ payload: body, secret, timestamp }),
    ...signWebhook({ scheme: 'standard-webhooks', id: eventId, payload: body, secret, timestamp }),
  };
  return { body, headers };
}

for (const recipe of recipes) {
  const missing = recipe.tools.filter((tool) => !onPath(tool));
  const skip = process.env.CI !== 'true' && missing.length > 0;
  if (skip) {
    console.log(
      `Skipped the ${recipe.title} receiver recipe: no ${missing.join(', ')} on PATH; to run it: apt-get install -y ${recipe.aptPackage}, then npm test.`,
    );
  }

  describe.skipIf(skip)(`${recipe.title} receiver recipe (docs/receivers/README.md: ${recipe.title})`, () => {
    const toolchain = `not on PATH; .ci/run installs them: apt-get install -y ${recipe.aptPackage}`;

    it('verifies every case of test-vectors.json as the vectors expect (vectors mode)', async () => {
      expect(missing, toolchain).toEqual([]);
      const [command, ...args] = recipe.command;
      const { stdout } = await run(command!, [...args, 'vectors', vectorsFile], {
        cwd: join(import.meta.dirname, recipe.folder),
        encoding: 'utf8',
      }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`vectors mode failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      });
      expect(stdout.trim().split('\n').at(-1)).toBe(`${expectedCases()} passed, 0 failed`);
    });

    it('its server verifies real deliveries of the demo (sendExample: v2, then v1) and refuses a tampered body', async () => {
      expect(missing, toolchain).toEqual([]);
      const port = await freePort();
      const created = await api<{ id: string; standardWebhooks: boolean; credentials: { secret: string } }>(
        'POST',
        '/v2/webhooks',
        'demo_super_admin',
        { name: `${recipe.title} receiver recipe`, url: `http://127.0.0.1:${port}/webhooks` },
      );
      expect(created.status, created.text).toBe(201);
      expect(created.data.standardWebhooks).toBe(true);
      const output = await startReceiver(recipe, port, created.data.credentials.secret);

      const sendExample = async () => {
        const sent = await api<{ eventId: string }>(
          'POST',
          `/v2/webhooks/${created.data.id}/actions/sendExample`,
          'demo_super_admin',
          { eventType: 'order_created' },
        );
        expect(sent.status, sent.text).toBe(202);
        return sent.data.eventId;
      };

      // A v2 delivery carries both header sets; the recipe checks X-Webhook-Signature, and the
      // standard headers beside it must agree with what it signs.
      const v2 = await sendExample();
      await waitFor(
        output,
        new RegExp(`verified ${v2}\\b.*\\(x-webhook-signature\\)`),
        `verified delivery of ${v2}`,
      );

      const tampered = await postTampered(port, created.data.credentials.secret);
      expect(tampered.status).toBe(400);
      await waitFor(output, /refused: NO_MATCHING_SIGNATURE/, 'refusal of the tampered body');

      // On v1 payloads a delivery carries X-Webhook-Signature alone (sha256= over the body): the
      // recipe's default, v2, refuses it, since only its configuration may choose v1.
      const rolledBack = await api('POST', `/v2/webhooks/${created.data.id}/actions/rollback`, 'demo_master');
      expect(rolledBack.status, rolledBack.text).toBe(200);
      const refusedV1 = await sendExample();
      await waitFor(output, /refused: MALFORMED_SIGNATURE/, `refusal of the v1 delivery ${refusedV1}`);
      expect(output()).not.toMatch(new RegExp(`verified ${refusedV1}\\b`));

      // Started with WEBHOOK_PAYLOAD_VERSION=v1, the recipe verifies it.
      const v1Port = await freePort();
      const v1Output = await startReceiver(recipe, v1Port, created.data.credentials.secret, 'v1');
      const moved = await api('PUT', `/v2/webhooks/${created.data.id}`, 'demo_super_admin', {
        url: `http://127.0.0.1:${v1Port}/webhooks`,
      });
      expect(moved.status, moved.text).toBe(200);
      const v1 = await sendExample();
      await waitFor(
        v1Output,
        new RegExp(`verified ${v1}\\b.*\\(x-webhook-signature\\)`),
        `verified delivery of ${v1}`,
      );
    });

    it('its server verifies a real v1a delivery of the demo with the public key alone, and refuses a tampered body (api.md: v1a signatures)', async () => {
      expect(missing, toolchain).toEqual([]);
      const port = await freePort();
      const created = await api<{ id: string }>('POST', '/v2/webhooks', 'demo_super_admin', {
        name: `${recipe.title} v1a recipe`,
        url: `http://127.0.0.1:${port}/webhooks`,
        authentication: false,
      });
      expect(created.status, created.text).toBe(201);
      const keyed = await api<{ signingKeys: { publicKey: string }[] }>(
        'POST',
        `/v2/webhooks/${created.data.id}/actions/rotateSigningKey`,
        'demo_super_admin',
      );
      expect(keyed.status, keyed.text).toBe(200);
      const output = await startReceiver(recipe, port, '', undefined, keyed.data.signingKeys[0]!.publicKey);
      const sent = await api<{ eventId: string }>(
        'POST',
        `/v2/webhooks/${created.data.id}/actions/sendExample`,
        'demo_super_admin',
        { eventType: 'order_created' },
      );
      expect(sent.status, sent.text).toBe(202);
      await waitFor(output, new RegExp(`verified ${sent.data.eventId}\\b.*\\(v1a\\)`), 'the v1a delivery');
      // A body changed after signing, and a delivery signed with a secret instead of the key.
      const tampered = await post(
        port,
        {
          'webhook-id': 'evt_x',
          'webhook-timestamp': `${Math.floor(Date.now() / 1000)}`,
          'webhook-signature': `v1a,${Buffer.alloc(64, 1).toString('base64')}`,
        },
        '{}',
      );
      expect(tampered.status).toBe(400);
      await waitFor(output, /refused: NO_MATCHING_SIGNATURE/, 'refusal of a signature of another key');
      const hmacOnly = signedDelivery(`whsec_${Buffer.alloc(33, 7).toString('base64')}`, 'evt_hmac');
      expect((await post(port, hmacOnly.headers, hmacOnly.body)).status).toBe(400);
      await waitFor(output, /refused: MALFORMED_SIGNATURE/, 'refusal of a delivery without v1a');
    });

    it('its server takes the payload version from its configuration and binds webhook-id and webhook-timestamp', async () => {
      expect(missing, toolchain).toEqual([]);
      const secret = `whsec_${Buffer.alloc(33, 7).toString('base64')}`;
      const port = await freePort();
      const output = await startReceiver(recipe, port, secret);
      const refusals = () => output().match(/refused: \w+/g) ?? [];
      const expectRefused = async (response: Promise<Response>, code: string, what: string) => {
        const before = refusals().length;
        expect((await response).status, what).toBe(400);
        await waitFor(() => refusals().slice(before).join('\n'), new RegExp(code), what);
      };

      const { body, headers } = signedDelivery(secret, 'evt_bound');
      expect((await post(port, headers, body)).status).toBe(204);
      await waitFor(output, /verified evt_bound\b.*\(x-webhook-signature\)/, 'the delivery as signed');

      // A v1 signature (no timestamp: it replays forever) labelled v1 by the request's header.
      const v1 = {
        'x-webhook-version': 'v1',
        'x-webhook-signature': signWebhook({ payload: body, secret, version: 'v1' }),
      };
      await expectRefused(
        post(port, v1, body),
        'MALFORMED_SIGNATURE',
        'a v1 signature chosen by X-Webhook-Version',
      );
      // A v2 signature relabelled v1, over "<t>." + body.
      const t = /t=(\d+)/.exec(headers['x-webhook-signature']!)![1]!;
      const relabelled = {
        'x-webhook-version': 'v1',
        'x-webhook-signature': headers['x-webhook-signature']!.replace(/t=\d+,/, ''),
      };
      await expectRefused(
        post(port, relabelled, `${t}.${body}`),
        'MALFORMED_SIGNATURE',
        'a v2 signature relabelled v1',
      );

      // A replay with webhook-id (or webhook-timestamp) changed, every signature kept.
      await expectRefused(
        post(port, { ...headers, 'webhook-id': 'evt_replayed' }, body),
        'NO_MATCHING_SIGNATURE',
        'a replay with webhook-id changed',
      );
      await expectRefused(
        post(port, { ...headers, 'webhook-timestamp': String(Number(t) + 1) }, body),
        'NO_MATCHING_SIGNATURE',
        'a replay with webhook-timestamp changed',
      );
      // X-Webhook-Signature must hold even when the standard set beside it does.
      const forged = { ...headers, 'x-webhook-signature': `t=${t},sha256=${'A'.repeat(43)}=` };
      await expectRefused(post(port, forged, body), 'NO_MATCHING_SIGNATURE', 'a forged X-Webhook-Signature');
      // A webhook-id added to a delivery that carries X-Webhook-Signature alone.
      const ours = { 'x-webhook-signature': headers['x-webhook-signature']! };
      await expectRefused(
        post(port, { ...ours, 'webhook-id': 'evt_other' }, body),
        'NO_MATCHING_SIGNATURE',
        'a webhook-id beside X-Webhook-Signature alone',
      );
    });
  });
}

describe('a real delivery of the demo, verified by the stock libraries as published (docs/receivers/README.md)', () => {
  it('standardwebhooks, svix and webhook-verify (either scheme) verify one sendExample delivery', async () => {
    const deliveries: { headers: Record<string, string>; body: string }[] = [];
    const server = createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        deliveries.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const created = await api<{ id: string; credentials: { secret: string } }>(
        'POST',
        '/v2/webhooks',
        'demo_super_admin',
        { name: 'Stock libraries', url: `http://127.0.0.1:${port}/hooks` },
      );
      expect(created.status, created.text).toBe(201);
      const { secret } = created.data.credentials;
      const sent = await api<{ eventId: string }>(
        'POST',
        `/v2/webhooks/${created.data.id}/actions/sendExample`,
        'demo_super_admin',
        { eventType: 'ecommerce_order_paid' },
      );
      expect(sent.status, sent.text).toBe(202);
      for (const deadline = Date.now() + 30_000; deliveries.length === 0; await sleep(100)) {
        if (Date.now() > deadline) throw new Error('no delivery from the demo within 30 s');
      }
      const [{ headers, body }] = deliveries as [(typeof deliveries)[number]];
      expect(headers['webhook-id']).toBe(sent.data.eventId);
      expect(new StandardWebhook(secret).verify(body, headers)).toMatchObject({
        event_id: sent.data.eventId,
      });
      expect(new SvixWebhook(secret).verify(body, headers)).toMatchObject({ event_id: sent.data.eventId });
      for (const scheme of ['affiliate-commerce', 'standard-webhooks'] as const) {
        const event = await verifyWebhookAsync({ payload: body, headers, secret, scheme });
        expect(event.event_id).toBe(sent.data.eventId);
      }
      expect(() =>
        new StandardWebhook(secret).verify(body.replace(sent.data.eventId, 'evt_forged'), headers),
      ).toThrow();
    } finally {
      server.close();
    }
  });
});

describe('docs/receivers/README.md', () => {
  const guide = readmeBlocks(readFileSync(join(root, 'docs/receivers/README.md'), 'utf8'));
  // Indentation aside: a snippet may be a method taken out of its class or module.
  const unindented = (code: string) => code.replace(/^[ \t]+/gm, '');

  it.each(recipes)('the $title section shows code of its recipe and the commands the test runs', (recipe) => {
    const source = readFileSync(join(import.meta.dirname, recipe.folder, recipe.file), 'utf8');
    const snippets = guide.filter((block) => block.section === recipe.title && block.lang === recipe.fence);
    expect(snippets.length).toBeGreaterThan(0);
    for (const snippet of snippets) expect(unindented(source)).toContain(unindented(snippet.code));
    const shell = guide.find((block) => block.section === recipe.title && block.lang === 'sh')?.code ?? '';
    expect(shell).toContain(
      `${recipe.command.join(' ')} vectors ../../../packages/webhook-verify/test-vectors.json`,
    );
    const serve = recipe.serve ? recipe.serve(8000).join(' ') : `PORT=8000 ${recipe.command.join(' ')}`;
    expect(shell).toContain(`WEBHOOK_SECRET=whsec_... ${serve}`);
  });
});
