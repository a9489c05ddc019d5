import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from './cli';
import { type FakeApi, fakeToken, startFakeApi } from './fake-api.test-support';
import { freePort } from './receiver.test-support';
import { runCli } from './run-cli.test-support';
import { hostileText, terminalControl } from './terminal-control.test-support';

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFakeApi();
});
afterAll(() => fake.close());

const api = () => ['--api', fake.url, '--token', fakeToken];

describe('help', () => {
  it('--help lists every command, where the token comes from and the exit codes', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const command of commands) expect(stdout).toContain(`  ${command.name} `);
    expect(stdout).toContain('AFFILIATE_COMMERCE_TOKEN');
    expect(stdout).toContain('Exit codes: 0 ok, 1 failure');
  });

  it.each(commands.map((command) => command.name))('%s --help shows its usage and options', async (name) => {
    const { code, stdout, stderr } = await runCli([...name.split(' '), '--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`Usage: affiliate-commerce ${name}`);
    const command = commands.find((candidate) => candidate.name === name)!;
    for (const option of Object.keys(command.options)) expect(stdout).toContain(`--${option}`);
    expect(stdout).toContain('--json');
    expect((await runCli(['help', ...name.split(' ')])).stdout).toBe(stdout);
  });

  it('events alone lists its commands and is a usage error; events --help is not', async () => {
    const alone = await runCli(['events']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('events resend');
    const asked = await runCli(['events', '--help']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toBe(alone.stderr);
  });

  it('no command prints the help on stderr, exit code 2; --version prints the version', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: affiliate-commerce <command>');
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('usage errors: exit code 2', () => {
  it('an unknown command or option names it and points to the help', async () => {
    const unknown = await runCli(['listne']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("error: unknown command 'listne'");
    const option = await runCli(['events', 'list', '--limt', '5', ...api()]);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("error: Unknown option '--limt'");
    expect(option.stderr).toContain("Run 'affiliate-commerce events list --help' for usage.");
    expect((await runCli(['events', 'lst'])).stderr).toContain("unknown command 'events lst'");
  });

  it('no token: says where one comes from', async () => {
    const { code, stderr } = await runCli(['events', 'list', '--api', fake.url]);
    expect(code).toBe(2);
    expect(stderr).toContain('no API token: pass --token <token> or set AFFILIATE_COMMERCE_TOKEN');
  });

  it('bad values and missing required options, before any call', async () => {
    const requests = fake.requests.length;
    const cases = [
      [['listen', ...api()], 'missing --forward-to <url>'],
      [
        ['listen', '--forward-to', 'localhost:4000', ...api()],
        '--forward-to must be an http:// or https:// URL',
      ],
      [['events', 'list', '--limit', '0', ...api()], '--limit must be a whole number from 1 to 100'],
      [['events', 'list', '--starting-after', 'a', '--ending-before', 'b', ...api()], 'give one'],
      [['events', 'list', '--api', 'nope', '--token', 't'], '--api must be an http:// or https:// URL'],
      [['trigger', 'order_created', ...api()], 'missing --webhook <id>'],
      [['trigger', '--webhook', 'whk_1', ...api()], 'missing <event_type>'],
      [['events', 'resend', 'evt_1', ...api()], 'missing --webhook <id>'],
    ] as const;
    for (const [argv, message] of cases) {
      const { code, stderr } = await runCli(argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(stderr).toContain(message);
    }
    expect(fake.requests.length).toBe(requests);
  });

  it('with --json, a usage error is one JSON line on stderr', async () => {
    const { code, stdout, stderr } = await runCli(['events', 'list', '--limit', 'x', '--json', ...api()]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr)).toEqual({
      type: 'error',
      message: "--limit must be a whole number from 1 to 100, got 'x'",
      code: 'USAGE',
    });
  });
});

describe('API errors: exit code 1, code and message of the envelope', () => {
  it('prints the status, code and message', async () => {
    const { code, stderr } = await runCli(['events', 'get', 'evt_nope', ...api()]);
    expect(code).toBe(1);
    expect(stderr).toBe('error: 404 NOT_FOUND: event not found\n');
  });

  it('with --json, as one JSON line on stderr', async () => {
    const { stderr } = await runCli(['events', 'get', 'evt_nope', '--json', ...api()]);
    expect(JSON.parse(stderr)).toEqual({
      type: 'error',
      message: '404 NOT_FOUND: event not found',
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('an API that does not answer', async () => {
    const port = await freePort();
    const { code, stderr } = await runCli([
      'events',
      'list',
      '--api',
      `http://127.0.0.1:${port}`,
      '--token',
      't',
    ]);
    expect(code).toBe(1);
    expect(stderr).toBe(`error: API unreachable: connect ECONNREFUSED 127.0.0.1:${port}\n`);
  });
});

describe('the token is never printed', () => {
  // The fake echoes the Authorization header it refuses, as a careless API might.
  const token = 'tok_wrong_and_secret_987';

  it.each([
    ['--token', ['events', 'list', '--token', token], {}],
    ['--token=', ['events', 'list', `--token=${token}`], {}],
    ['AFFILIATE_COMMERCE_TOKEN', ['events', 'list'], { AFFILIATE_COMMERCE_TOKEN: token }],
  ] as const)('from %s: not in errors, --json or --verbose output', async (_, argv, env) => {
    for (const extra of [[], ['--json'], ['--verbose'], ['--json', '--verbose']]) {
      const { code, stdout, stderr } = await runCli([...argv, '--api', fake.url, ...extra], { env });
      expect(code).toBe(1);
      expect(stderr).toContain('401 UNAUTHORIZED: bad credentials: Bearer ***');
      expect(stdout + stderr).not.toContain(token);
    }
  });

  it('a short token hides where it stands alone, not inside words', async () => {
    const { stderr } = await runCli(['events', 'list', '--token', 't', '--limit', 't']);
    expect(stderr).toContain("error: --limit must be a whole number from 1 to 100, got '***'");
  });

  it('not even in a usage error', async () => {
    const { stderr } = await runCli(['events', 'list', '--token', token, '--limit', token]);
    expect(stderr).toContain("--limit must be a whole number from 1 to 100, got '***'");
  });
});

describe('colours', () => {
  it('only on a terminal, without NO_COLOR, and never in JSON', async () => {
    const argv = ['trigger', 'order_created', '--webhook', 'whk_c', ...api()];
    fake.exampleOutcome = { afterPolls: 0, attempt: {} };
    expect((await runCli(argv, { tty: true })).stdout).toContain('\u001b[32m');
    expect((await runCli(argv, { tty: false })).stdout).not.toContain('\u001b[');
    expect((await runCli(argv, { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await runCli([...argv, '--json'], { tty: true })).stdout).not.toContain('\u001b[');
  });
});

describe('--api: the base URL the API paths go under', () => {
  it('a query is refused as a usage error, before any call; the same base without it works', async () => {
    const requests = fake.requests.length;
    const { code, stderr } = await runCli([
      'events',
      'list',
      '--api',
      `${fake.url}/base?x=1`,
      '--token',
      't',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: --api takes the API's base URL without a query (?...)`);
    expect(stderr).toContain(`got '${fake.url}/base?x=1'`);
    expect(fake.requests.length).toBe(requests);
    await runCli(['events', 'list', '--limit', '3', '--api', `${fake.url}/base/`, '--token', fakeToken]);
    expect(fake.requests.at(-1)!.url.pathname).toBe('/base/v2/events');
    expect(fake.requests.at(-1)!.url.search).toBe('?limit=3');
  });

  it('a fragment, or an empty query, is refused too', async () => {
    const requests = fake.requests.length;
    for (const [api, what] of [
      [`${fake.url}/base#part`, 'a fragment (#...)'],
      [`${fake.url}/base?`, 'a query (?...)'],
    ]) {
      const { code, stderr } = await runCli(['events', 'get', 'evt_1', '--api', api!, '--token', 't']);
      expect({ api, code }).toEqual({ api, code: 2 });
      expect(stderr).toContain(`error: --api takes the API's base URL without ${what}`);
    }
    expect(fake.requests.length).toBe(requests);
  });

  it('credentials in it are refused, and not echoed', async () => {
    const api = fake.url.replace('://', '://me:pa55word@');
    const { code, stderr } = await runCli(['events', 'list', '--api', api, '--token', 't']);
    expect(code).toBe(2);
    expect(stderr).toContain("error: --api takes the API's base URL without credentials");
    expect(stderr).not.toContain('pa55word');
  });
});

describe('--api with plain http:// to another machine', () => {
  // Nothing answers on 192.0.2.0/24 (TEST-NET-1): each run is cut short once the warning is out.
  const cut = () => ({ signal: AbortSignal.timeout(300) });
  const warning = 'the token and every answer travel unencrypted; use https://';

  it('warns once on stderr, and still calls it; not for https://, nor for localhost, 127.0.0.0/8, ::1', async () => {
    const argv = ['events', 'list', '--verbose', '--api', 'http://192.0.2.1:9', '--token', 't'];
    const { stderr } = await runCli(argv, cut());
    expect(stderr.split(warning)).toHaveLength(2);
    expect(stderr).toMatch(/^warning: --api http:\/\/192\.0\.2\.1:9 is plain http:\/\/ to another machine: /);
    expect(stderr).toContain('GET http://192.0.2.1:9/v2/events → ');
    const json = await runCli(
      ['events', 'list', '--json', '--api', 'http://api.example.test', '--token', 't'],
      cut(),
    );
    expect(JSON.parse(json.stderr.split('\n')[0]!)).toMatchObject({
      type: 'warning',
      message: expect.stringContaining(warning),
    });
    const port = await freePort();
    for (const api of [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://127.1.2.3:${port}`,
      `http://[::1]:${port}`,
      'https://192.0.2.1:9',
    ]) {
      const { stderr } = await runCli(['events', 'list', '--api', api, '--token', 't'], cut());
      expect({ api, stderr }).toEqual({ api, stderr: expect.not.stringContaining('warning') });
    }
  });
});

describe("the API's messages on a terminal", () => {
  it('no line of an error shows a control or bidi character of the answer; --json keeps it exact', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (code, message) => {
        fake.failWith({ status: 409, code, message });
        const human = await runCli(['events', 'list', ...api()]);
        const json = await runCli(['events', 'list', '--json', ...api()]);
        fake.failWith(undefined);
        expect(human.code).toBe(1);
        for (const line of human.stderr.split('\n')) expect(line).not.toMatch(terminalControl);
        const lines = json.stderr.split('\n').filter(Boolean);
        for (const line of lines) expect(line).not.toMatch(terminalControl);
        expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'error', code, status: 409 });
      }),
      { numRuns: 40 },
    );
  });
});
