import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarkdownBlock,
  promisedStatus,
  readmeBlocks,
  type ShellCommand,
  shellCommands,
} from './readme-blocks';
import { type RunningDemo, startDemo } from './spawn-demo';
import { typecheckProgram, typeProblems } from './typecheck';

// The README doc-test: every ```ts block compiles against the packages' public exports, and every
// ```sh block with curl runs, in README order, against the demo started as `npm start`.

const root = new URL('../../../', import.meta.url).pathname;
const blocks = readmeBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
const isCurl = (command: ShellCommand) => /\bcurl\b/.test(command.text);
/** Commands the harness stands for: it started the demo itself, and it is part of `npm test`. */
const standIns = new Set(['npm ci && npm start', 'npm test']);
const isStandIn = (command: ShellCommand) => standIns.has(command.text.replace(/\s+#.*$/, ''));
const title = (block: MarkdownBlock) => `${block.section} (README.md:${block.line})`;

/** What a host application has itself; the README's examples use these names without importing them. */
const prelude = `
declare const app: import('express').Express;
declare const service: import('@affiliate-commerce/core').Service;
declare const mySessions: {
  lookup(token: string): Promise<import('@affiliate-commerce/core').Principal | undefined>;
};
declare const redis: import('ioredis').Redis;
declare const email: string;
declare const apiToken: string;
declare const cmp: { adsAllowed(): boolean };
`;
const preludeFile = join(root, 'README.md.prelude.d.ts');
const blockFile = (block: MarkdownBlock) => join(root, `README.md.${block.line}.ts`);
/** Proves the checker resolves only the `exports` maps: both imports must fail. */
const probeFile = join(root, 'README.md.probe.ts');
const probe = `import { createService } from '@affiliate-commerce/core/src/service';
import { notAnExport } from '@affiliate-commerce/core';
export { createService, notAnExport };
`;

/** The diagnostics of one file, positioned in README.md when `block` is given. */
function problems(program: ts.Program, fileName: string, block?: MarkdownBlock): string[] {
  return typeProblems(
    program,
    fileName,
    block && ((line, column) => `README.md:${block.line + line}:${column + 1}`),
  );
}

let program: ts.Program;
let demo: RunningDemo | undefined;
const work = mkdtempSync(join(tmpdir(), 'readme-'));

beforeAll(async () => {
  const starting = startDemo(join(work, 'data'));
  const tsBlocks = blocks.filter((block) => block.lang === 'ts');
  // Every block is a module (top-level await, no globals leaking between blocks).
  const files = new Map(tsBlocks.map((block) => [blockFile(block), `${block.code}\nexport {};\n`]));
  program = typecheckProgram(root, files.set(preludeFile, prelude).set(probeFile, probe));
  demo = await starting;
}, 120_000);

afterAll(async () => {
  try {
    if (demo) expect((await demo.stop()).code, demo.output()).toBe(0);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

describe('README.md TypeScript blocks compile against the public exports', () => {
  it('the checker resolves only the exports maps: a deep import and an unknown name fail', () => {
    const found = problems(program, probeFile).join('\n');
    expect(found).toContain('TS2307');
    expect(found).toContain('TS2305');
    expect(problems(program, preludeFile)).toEqual([]);
  });

  for (const block of blocks.filter((candidate) => candidate.lang === 'ts')) {
    it(title(block), () => {
      const relative = ts
        .preProcessFile(block.code, true, true)
        .importedFiles.filter(({ fileName }) => /^[./]/.test(fileName))
        .map(({ fileName }) => `${fileName}: import a package, not a path`);
      expect([...relative, ...problems(program, blockFile(block), block)].join('\n')).toBe('');
    });
  }
});

/** A JSON reply a curl printed; later placeholders (`<id>`, `<deliveryId>`) are filled from it. */
interface Reply {
  readonly path: string;
  readonly body: unknown;
}

/** One curl run, as the wrapper recorded it. */
interface Call {
  readonly args: string[];
  readonly exit: number;
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly stdout: string;
}

/** Replaces `curl` with a function that dumps each call's headers and stdout beside its arguments. */
const curlRecorder = [
  'curl() {',
  '  local n=$(( $(cat "$README_CALLS/count") + 1 ))',
  '  echo "$n" > "$README_CALLS/count"',
  `  printf '%s\\0' "$@" > "$README_CALLS/$n.args"`,
  '  command curl --dump-header "$README_CALLS/$n.headers" "$@" | tee "$README_CALLS/$n.stdout"',
  // $PIPESTATUS is its first element: curl's exit, not tee's.
  '  local code=$PIPESTATUS',
  '  echo "$code" > "$README_CALLS/$n.exit"',
  '  return "$code"',
  '}',
].join('\n');

/** Runs `script` in bash with the curl recorder; resolves with its exit code and stderr. */
function bash(script: string, cwd: string, calls: string) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    const env = { ...process.env, README_CALLS: calls };
    execFile('bash', ['-c', `${curlRecorder}\n${script}`], { cwd, env }, (error, _stdout, stderr) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stderr }),
    );
  });
}

/** The final response of a `--dump-header` file (after any `100 Continue`). */
function finalResponse(dump: string): { status: number; headers: Map<string, string> } {
  const last = dump
    .split(/\r?\n\r?\n/)
    .filter((part) => part.startsWith('HTTP/'))
    .at(-1);
  const [statusLine = '', ...lines] = (last ?? '').split(/\r?\n/);
  const headers = new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers };
}

function recordedCalls(dir: string): Call[] {
  const count = Number(readFileSync(join(dir, 'count'), 'utf8'));
  return Array.from({ length: count }, (_, index) => {
    const file = (ext: string) => readFileSync(join(dir, `${index + 1}.${ext}`), 'utf8');
    return {
      args: file('args').split('\0').slice(0, -1),
      exit: Number(file('exit')),
      ...finalResponse(file('headers')),
      stdout: file('stdout'),
    };
  });
}

/** True when the response body went to stdout: no `-o`, `-O` or `-w` of the reader's own. */
const bodyOnStdout = (args: string[]) =>
  !args.some((arg) => /^(?:-[A-Za-z]*[oOw][A-Za-z]*|--output|--remote-name.*|--write-out)$/.test(arg));

/** The first string field called `name` anywhere in `value`, as a reader scanning the output finds it. */
function fieldIn(value: unknown, name: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key === name && typeof inner === 'string') return inner;
    const found = fieldIn(inner, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

describe('README.md curl blocks run against the demo (npm start)', () => {
  const replies: Reply[] = [];
  const newest = <T>(pick: (reply: Reply) => T | undefined) =>
    replies.reduceRight<T | undefined>((found, reply) => found ?? pick(reply), undefined);

  /**
   * Fills placeholders as a reader would: `<id>` after `/webhooks/` is the id the latest
   * `POST …/webhooks` printed (likewise for any collection); `<name>` is the latest `name` printed.
   */
  function fill(command: string): { text: string; missing: string[] } {
    const missing: string[] = [];
    const text = command.replace(/<(\w+)>/g, (placeholder, name: string, offset: number) => {
      const collection = /\/([\w-]+)\/$/.exec(command.slice(0, offset))?.[1];
      const value =
        name === 'id'
          ? newest((reply) =>
              reply.path.split('/').at(-1) === collection ? fieldIn(reply.body, 'id') : undefined,
            )
          : newest((reply) => fieldIn(reply.body, name));
      if (value === undefined) missing.push(placeholder);
      return value ?? placeholder;
    });
    return { text, missing };
  }

  async function run(command: ShellCommand): Promise<void> {
    const where = `README.md:${command.line}`;
    const { text, missing } = fill(command.text);
    expect(missing, `${where}: no earlier curl in the README printed ${missing.join(', ')}`).toEqual([]);
    const host = new URL(demo!.url).host;
    const script = text.replaceAll('localhost:3000', host);
    const calls = mkdtempSync(join(work, 'calls-'));
    writeFileSync(join(calls, 'count'), '0');
    // curl -O writes where it runs: such a command runs in a directory of its own.
    const downloads = /(?:^|\s)(?:-[A-Za-z]*O[A-Za-z]*|--remote-name\S*)\s/.test(script)
      ? mkdtempSync(join(work, 'downloads-'))
      : undefined;
    const { code, stderr } = await bash(script, downloads ?? root, calls);
    const context = `${where}\n${script}\nstderr: ${stderr}\ndemo output (tail): ${demo!.output().slice(-2000)}`;
    expect(code, context).toBe(0);
    const recorded = recordedCalls(calls);
    const promised = promisedStatus(command.comment);
    expect(recorded.length, context).toBeGreaterThanOrEqual(promised?.nth ?? (isCurl(command) ? 1 : 0));
    for (const [index, call] of recorded.entries()) {
      const about = `${context}\ncall ${index + 1}: exit ${call.exit}, HTTP ${call.status}\n${call.stdout.slice(0, 1000)}`;
      expect(call.exit, about).toBe(0);
      expect(call.status, about).toBeLessThan(500);
      const expected = promised && (promised.nth ?? index + 1) === index + 1 ? promised.status : undefined;
      if (expected) expect(call.status, about).toBe(expected);
      else expect(Math.floor(call.status / 100), about).toBe(2);
      if (expected && promised?.retryAfter) expect(call.headers.get('retry-after'), about).toMatch(/^\d+$/);
      if (!/\bjson\b/.test(call.headers.get('content-type') ?? '') || !bodyOnStdout(call.args)) continue;
      let body: unknown;
      expect(() => (body = JSON.parse(call.stdout)), about).not.toThrow();
      const url = call.args.find((arg) => arg.includes(host))!;
      if (call.status < 300)
        replies.push({ path: new URL(url.includes('://') ? url : `http://${url}`).pathname, body });
    }
    if (downloads) {
      const written = readdirSync(downloads).filter((name) => statSync(join(downloads, name)).size > 0);
      expect(written, `${context}\ncurl -O wrote no file`).not.toEqual([]);
    }
  }

  /** Re-runs `read` (a GET, as a reader repeats a listing that is still empty) until `next` can be filled. */
  async function until(next: ShellCommand, read: ShellCommand | undefined): Promise<void> {
    const repeatable =
      read && !/\s(?:-X|-d|-F|-T|--data\S*|--form|--request|--upload-file)\s/.test(read.text);
    const deadline = Date.now() + 30_000;
    while (repeatable && fill(next.text).missing.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await run(read);
    }
  }

  const curlBlocks = blocks.filter((block) => block.lang === 'sh' && shellCommands(block).some(isCurl));
  for (const block of curlBlocks) {
    it(title(block), async () => {
      const commands = shellCommands(block).filter((command) => !isStandIn(command));
      for (const [index, command] of commands.entries()) {
        await until(command, commands[index - 1]);
        await run(command);
      }
    }, 60_000);
  }
});
