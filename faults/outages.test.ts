import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnRedisServer, ownRedisServer } from '../test-support/redis';
import { countOf, faultTable, indexArrivals, type Notes, orderEvents, seconds } from './fault-table';
import { faultsDeliveries, faultsTemplateSlug } from './fixtures/fault-constants';
import { crashSummary, type Exit, type Fixture, Fleet } from './fleet';
import { sleep } from './free-port';
import { type OrderLoader, startOrderLoader } from './order-loader';
import { type OwnPostgres, startOwnPostgres } from './own-postgres';
import { type Answer, describeAnswer, probe } from './probe';
import { type Receiver, startReceiver } from './receiver';
import { type Role, Roles, until } from './roles';
import { type Samples, startSampler } from './sampler';

const storefront = `/v2/journeyTemplates/${faultsTemplateSlug}/frontend?visitorId=v_faults`;
const limiterKeys = 'affiliate-commerce:rl:';
/** The answer the product promises while storage is unreachable. */
const isOutageAnswer = (a: Answer) =>
  a.status === '503' && a.retryAfter !== null && a.code === 'STORAGE_UNAVAILABLE';
const describeExit = (exit: Exit) =>
  `${exit.name} exited (${exit.signal ?? `code ${exit.code}`}) during "${exit.phase}": ${crashSummary(exit.stderr)}`;

describe('PostgreSQL and Redis outages under a host and workers built as the README shows (operations.md: Runbooks)', () => {
  let pgServer: OwnPostgres | undefined;
  let redis: OwnRedisServer | undefined;
  let receiver: Receiver | undefined;
  let fleet: Fleet | undefined;
  let roles: Roles;
  let loader: OrderLoader | undefined;
  let webhookId = '';
  const notes = new Map<string, Notes>();
  let phase = 'setup';
  /** What the stop scenario learnt about the processes started during it, for the next test. */
  let third:
    | {
        hostB: Role;
        worker3: Fixture;
        samples: Samples;
        backAt: number;
        webhooksAt: number | undefined;
        readyAt: number | undefined;
      }
    | undefined;

  const enter = async (name: string) => {
    phase = name;
    fleet!.phase = name;
    // A process that died in an earlier scenario is reported there; here it runs again.
    const respawned = await roles.respawnDead();
    if (respawned.length > 0) console.warn(`respawned before "${name}": ${respawned.join(', ')}`);
  };
  const hostUrl = (name = 'host A') => roles.byName.get(name)?.url ?? 'http://127.0.0.1:1';
  const firstArrivalAfter = (since: number) => receiver!.arrivals.find((a) => a.at >= since)?.at;
  const exitsDuring = (name: string) =>
    fleet!
      .unexpectedExits()
      .filter((e) => e.phase === name)
      .map(describeExit);
  /** `POST /orders` answers of the current phase that a retrying checkout should never see. */
  const badOrderAnswers = () =>
    [...(loader!.statuses.get(phase) ?? [])].filter(
      ([status]) => status !== '201' && !status.startsWith('503 STORAGE_UNAVAILABLE RA='),
    );
  const ordersSeen = (name: string) => {
    const answers = [...(loader!.statuses.get(name) ?? [])].map(([status, n]) => `${status} ×${n}`);
    return answers.length === 0 ? '' : `POST /orders ${answers.join(', ')}`;
  };
  const seenOf = (samples: Samples) =>
    Object.entries(samples)
      .filter(([, answers]) => answers.length > 0)
      .map(([name, answers]) => `${name} ${countOf(answers.map(describeAnswer))}`)
      .join('; ');

  beforeAll(async () => {
    [pgServer, redis, receiver] = await Promise.all([startOwnPostgres(), ownRedisServer(), startReceiver()]);
    fleet = new Fleet({
      DATABASE_URL: pgServer.url,
      REDIS_URL: redis.url,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: '0',
    });
    roles = new Roles(fleet);
    const started = [
      roles.launch('host A', 'host.ts', { SEED: '1' }),
      roles.launch('worker 1', 'worker.ts'),
      roles.launch('worker 2', 'worker.ts'),
    ];
    await Promise.all(started.map((role) => role.ready));
    const failed = started.filter((role) => role.fixture.exit || (role.file === 'host.ts' && !role.url));
    if (failed.length > 0) {
      throw new Error(
        `did not start:\n${failed.map((r) => `${r.fixture.name}: ${crashSummary(r.fixture.stderr())}`).join('\n')}`,
      );
    }
    // As an affiliate's developer does it: through the API, with a token.
    const created = await probe(`${hostUrl()}/v2/webhooks`, {
      method: 'POST',
      auth: true,
      body: { name: 'Orders', url: receiver.url, webhookInterests: [...orderEvents] },
    });
    const data = created.data as { id: string; credentials: { secret: string } } | undefined;
    if (created.status !== '201' || !data)
      throw new Error(`creating the webhook: ${describeAnswer(created)}`);
    webhookId = data.id;
    receiver.setSecret(data.credentials.secret);
    console.log(`PostgreSQL: ${pgServer.source}; Redis: ${redis.url}; receiver: ${receiver.url}`);
  }, 90_000);

  afterAll(async () => {
    await loader?.stop(Date.now());
    if (receiver && loader) {
      const table = faultTable({
        notes,
        acknowledged: loader.acknowledged,
        arrivals: receiver.arrivals,
        ordersSeen,
      });
      console.log(`\n${table}\n`);
    }
    await fleet?.killAll();
    pgServer?.destroy();
    await redis?.remove();
    await receiver?.close();
  }, 60_000);

  it('records orders through the host and delivers their events, signed, while nothing fails', async () => {
    await enter('baseline');
    loader = startOrderLoader({ hostUrl: () => hostUrl(), phase: () => phase, perSecond: 40, lanes: 8 });
    await sleep(5_000);
    const first = await until(() => receiver!.arrivals[0], 10_000);
    notes.set(phase, { resume: '–', seen: '', orders: true });
    expect(first, 'no delivery reached the receiver').toBeDefined();
    expect(receiver!.refused(), 'deliveries that did not verify').toBe(0);
    expect(badOrderAnswers()).toEqual([]);
  }, 30_000);

  /** Ends the database's connections with `act`, sampling the API meanwhile; shared by two scenarios. */
  async function connectionsEnd(act: () => Promise<string>) {
    await sleep(2_000);
    const sampler = startSampler(
      {
        'GET /v2/webhooks': () => probe(`${hostUrl()}/v2/webhooks`, { auth: true }),
        'GET storefront': () => probe(`${hostUrl()}${storefront}`),
      },
      200,
    );
    const what = await act();
    const backAt = Date.now();
    await sleep(2_000);
    const samples = await sampler.stop();
    const resumeAt = await until(() => firstArrivalAfter(backAt), 10_000);
    notes.set(phase, {
      resume: resumeAt === undefined ? 'never' : seconds(resumeAt - backAt),
      seen: `${what}; ${seenOf(samples)}`,
      orders: true,
    });
    const answers = Object.values(samples).flat();
    expect
      .soft(answers.filter((a) => a.status !== '200' && !isOutageAnswer(a)).map(describeAnswer))
      .toEqual([]);
    expect.soft(badOrderAnswers(), 'POST /orders answers other than 201 and 503').toEqual([]);
    expect.soft(resumeAt, 'no delivery within 10 s of the database being back').toBeDefined();
    expect(exitsDuring(phase)).toEqual([]);
  }

  it('pg_ctl restart -m fast: the API answers 200 or 503 with Retry-After, never 500; nothing exits (operations.md: PostgreSQL is down)', async () => {
    await enter('pg restart -m fast');
    await connectionsEnd(async () => {
      await pgServer!.restart();
      return 'restarted';
    });
  }, 45_000);

  it('connections terminated with 57P01: the API answers 200 or 503, never 500; nothing exits (operations.md: PostgreSQL is down)', async () => {
    await enter('connections terminated (57P01)');
    await connectionsEnd(async () => {
      const client = new pg.Client({ connectionString: pgServer!.url });
      client.on('error', () => {
        // Only its own queries matter; it is closed right after them.
      });
      await client.connect();
      // Two statements: in one, the planner may end this very connection before filtering it out.
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      const ended = await client.query<{ ended: number }>(
        'select count(*) filter (where pg_terminate_backend(pid))::int as ended from unnest($1::int[]) as pid',
        [rows.map((row) => row.pid)],
      );
      await client.end();
      return `${ended.rows[0]?.ended ?? 0} connections terminated`;
    });
  }, 45_000);

  it('PostgreSQL stopped for 10 s: 503 STORAGE_UNAVAILABLE with Retry-After, live 200, ready 503; 200 again once back, no restart (operations.md: PostgreSQL is down)', async () => {
    await enter('pg stopped 10 s');
    const workersBefore = roles.runningWorkers().map(([name, role]) => [name, role.fixture] as const);
    await pgServer!.stop();
    const stoppedAt = Date.now();
    // The third processes, started while the database is unreachable: a worker, and a host on a
    // schema of its own, which it can only migrate once the database answers.
    const hostB = roles.launch('host B', 'host.ts', { DB_SCHEMA: 'faults_late' });
    const worker3 = roles.launch('worker 3', 'worker.ts').fixture;
    const hostBCall = (path: string, auth = false) =>
      hostB.url && hostB.fixture.exit === undefined ? probe(`${hostB.url}${path}`, { auth }) : undefined;
    const sampler = startSampler(
      {
        'GET /v2/webhooks': () => probe(`${hostUrl()}/v2/webhooks`, { auth: true }),
        'GET storefront': () => probe(`${hostUrl()}${storefront}`),
        'GET /health/live': () => probe(`${hostUrl()}/health/live`),
        'GET /health/ready': () => probe(`${hostUrl()}/health/ready`),
        'host B /health/live': () => hostBCall('/health/live'),
        'host B /health/ready': () => hostBCall('/health/ready'),
        'host B GET /v2/webhooks': () => hostBCall('/v2/webhooks', true),
      },
      500,
    );
    // Ten seconds, or longer while the third processes start (a slow machine): they must be up
    // while the database is still away, and be sampled there.
    const thirdUp = Promise.all([hostB.ready, roles.get('worker 3').ready]).then(() => sleep(1_500));
    await Promise.race([Promise.all([sleep(10_000), thirdUp]), sleep(stoppedAt + 25_000 - Date.now())]);
    const samples = await sampler.stop();
    await pgServer!.start();
    const backAt = Date.now();
    // Checkouts retry what they could not record, and the receiver takes 200 ms an answer for a
    // while: a backlog that every worker finds when it claims again, so each one can show that it
    // resumed (without one, the busiest workers take every delivery and an idle one may get none).
    receiver!.setDelay(200);
    const backlog = loader!.burst(150);
    const answersAt = (base: () => string | undefined, path: string) =>
      until(async () => {
        const url = base();
        return url && (await probe(`${url}${path}`, { auth: true })).status === '200'
          ? Date.now()
          : undefined;
      }, 15_000);
    const everyWorker = [...workersBefore, ['worker 3', worker3] as const];
    const [apiBackAt, readyBackAt, resumeAt, silentWorkers, webhooksAt, readyAt] = await Promise.all([
      answersAt(() => hostUrl(), '/v2/webhooks'),
      answersAt(() => hostUrl(), '/health/ready'),
      until(() => firstArrivalAfter(backAt), 15_000),
      until(() => {
        const silent = everyWorker.filter(([, f]) => !f.exit && !f.deliveries.some((d) => d.at >= backAt));
        return silent.length === 0 ? [] : undefined;
      }, 15_000).then(
        (none) =>
          none ?? workersBefore.filter(([, f]) => !f.deliveries.some((d) => d.at >= backAt)).map(([n]) => n),
      ),
      answersAt(() => hostB.url, '/v2/webhooks'),
      answersAt(() => hostB.url, '/health/ready'),
    ]);
    receiver!.setDelay(0);
    await backlog;
    third = { hostB, worker3, samples, backAt, webhooksAt, readyAt };
    const hostA = Object.fromEntries(Object.entries(samples).filter(([name]) => !name.startsWith('host B')));
    notes.set(phase, {
      resume: `API ${apiBackAt === undefined ? 'never' : seconds(apiBackAt - backAt)}, deliveries ${resumeAt === undefined ? 'never' : seconds(resumeAt - backAt)}`,
      seen: `stopped ${seconds(backAt - stoppedAt)}, then 150 orders at once; ${seenOf(hostA)}`,
      orders: true,
    });

    const notOutage = (name: string) => samples[name]!.filter((a) => !isOutageAnswer(a)).map(describeAnswer);
    expect.soft(samples['GET /v2/webhooks']!.length, 'samples taken while stopped').toBeGreaterThan(5);
    expect.soft(notOutage('GET /v2/webhooks'), 'GET /v2/webhooks while stopped').toEqual([]);
    expect.soft(notOutage('GET storefront'), 'storefront template view while stopped').toEqual([]);
    expect
      .soft(samples['GET /health/live']!.filter((a) => a.status !== '200').map(describeAnswer))
      .toEqual([]);
    expect
      .soft(samples['GET /health/ready']!.filter((a) => a.status !== '503').map(describeAnswer))
      .toEqual([]);
    expect.soft(badOrderAnswers(), 'POST /orders answers other than 201 and 503').toEqual([]);
    expect.soft(apiBackAt, 'GET /v2/webhooks not 200 within 15 s of the database being back').toBeDefined();
    expect.soft(readyBackAt, '/health/ready not 200 within 15 s of the database being back').toBeDefined();
    expect.soft(resumeAt, 'no delivery within 15 s of the database being back').toBeDefined();
    expect
      .soft(silentWorkers, 'workers that ran through the stop and delivered nothing within 15 s of its end')
      .toEqual([]);
    expect(exitsDuring(phase)).toEqual([]);
  }, 70_000);

  it('a host and a worker started while PostgreSQL is stopped stay up, then migrate, serve and deliver once it is back (README: Health)', async () => {
    await enter('host and worker started during the stop');
    expect(third, 'the stop scenario did not run').toBeDefined();
    const { hostB, worker3, samples, backAt, webhooksAt, readyAt } = third!;
    const upDuringOutage = (fixture: Fixture) => fixture.readyAt !== undefined && fixture.readyAt < backAt;
    const deliveredAt = worker3.deliveries.find((d) => d.at >= backAt)?.at;
    const hostBSamples = Object.fromEntries(
      Object.entries(samples).filter(([name]) => name.startsWith('host B')),
    );
    notes.set(phase, {
      resume: `host B ${webhooksAt === undefined ? 'never' : seconds(webhooksAt - backAt)}, worker 3 ${deliveredAt === undefined ? 'never' : seconds(deliveredAt - backAt)}`,
      seen: seenOf(hostBSamples) || 'host B did not listen during the stop',
      orders: true,
    });

    const exits = [hostB.fixture, worker3].flatMap((f) =>
      f.exit && !f.exit.expected ? [describeExit(f.exit)] : [],
    );
    expect.soft(exits, 'processes started during the stop that exited').toEqual([]);
    expect.soft(upDuringOutage(hostB.fixture), 'host B ready while the database was stopped').toBe(true);
    expect.soft(upDuringOutage(worker3), 'worker 3 ready while the database was stopped').toBe(true);
    expect
      .soft(samples['host B /health/live']!.length, 'host B never listened while the database was stopped')
      .toBeGreaterThan(0);
    expect
      .soft(samples['host B /health/live']!.filter((a) => a.status !== '200').map(describeAnswer))
      .toEqual([]);
    expect
      .soft(samples['host B /health/ready']!.filter((a) => a.status !== '503').map(describeAnswer))
      .toEqual([]);
    expect
      .soft(samples['host B GET /v2/webhooks']!.filter((a) => !isOutageAnswer(a)).map(describeAnswer))
      .toEqual([]);
    expect
      .soft(webhooksAt, 'host B: GET /v2/webhooks not 200 within 15 s of the database being back')
      .toBeDefined();
    expect
      .soft(readyAt, 'host B: /health/ready not 200 within 15 s of the database being back')
      .toBeDefined();
    expect(deliveredAt, 'worker 3 delivered nothing within 15 s of the database being back').toBeDefined();
  }, 15_000);

  it('kill -9 of a worker mid-batch: a replacement starts, and the lease brings its claims back (operations.md: The processes)', async () => {
    await enter('kill -9 worker');
    // A receiver that takes 200 ms and a burst of orders: the workers hold claimed batches for
    // seconds, so the kill lands mid-batch, with sends in flight and claims not yet sent, and a
    // backlog is still there when the replacement makes its first claim.
    receiver!.setDelay(200);
    const burst = loader!.burst(200);
    const victim = roles.get('worker 1').fixture;
    const busy = await until(
      () =>
        victim.deliveries.some((d) => d.at > Date.now() - 300) && receiver!.inFlight() > 0 ? true : undefined,
      10_000,
    );
    const inFlight = receiver!.inFlight();
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    roles.byName.delete('worker 1');
    const replacement = roles.launch('worker 4', 'worker.ts').fixture;
    await burst;
    const deliveredAt = await until(() => replacement.deliveries[0]?.at, 20_000);
    // Past the lease of what the dead worker held, so its claims are sent again in this scenario.
    await sleep(Math.max(0, killedAt + faultsDeliveries.leaseMs + 1_000 - Date.now()));
    receiver!.setDelay(0);
    notes.set(phase, {
      resume: `replacement ${deliveredAt === undefined ? 'never' : seconds(deliveredAt - killedAt)}`,
      seen: busy
        ? `killed mid-batch (receiver answering ${inFlight} at that moment)`
        : 'killed (not seen delivering)',
      orders: true,
    });
    expect.soft(busy, 'worker 1 was not delivering within 10 s').toBe(true);
    expect.soft(deliveredAt, 'the replacement delivered nothing within 20 s of the kill').toBeDefined();
    expect(exitsDuring(phase)).toEqual([]);
  }, 45_000);

  it('Redis stopped: rate-limited routes answer without waiting on Redis, never 500, and share counts again once it is back (operations.md: Redis is down)', async () => {
    await enter('redis stopped');
    // Orders pause and the outbox drains first: the bound is about Redis failing fast, not about
    // what else this 2-core machine is doing.
    await loader!.pause();
    await until(() => (Date.now() - (receiver!.arrivals.at(-1)?.at ?? 0) > 1_000 ? true : undefined), 10_000);
    // The same route with Redis up, for comparison: what the route costs on this machine.
    const before: Answer[] = [];
    for (let i = 0; i < 20; i += 1) before.push(await probe(`${hostUrl()}${storefront}`));
    const warm = before.at(-1)!;
    const sharedBefore = await redis!.keys(limiterKeys);
    await redis!.stop();
    const downAt = Date.now();
    const answers: { route: string; answer: Answer }[] = [];
    for (let examples = 0; Date.now() < downAt + 4_000; await sleep(50)) {
      answers.push({ route: 'host A storefront', answer: await probe(`${hostUrl()}${storefront}`) });
      // sendExample allows 30 calls a minute: a few, to cover a per-user bucket as well.
      if (examples < 5) {
        examples += 1;
        const path = `/v2/webhooks/${webhookId}/actions/sendExample`;
        const body = { eventType: 'ecommerce_order_paid' };
        answers.push({
          route: 'sendExample',
          answer: await probe(`${hostUrl()}${path}`, { method: 'POST', auth: true, body }),
        });
      }
    }
    await redis!.start();
    const upAt = Date.now();
    const sharedAt = await until(async () => {
      await probe(`${hostUrl()}${storefront}`);
      return (await redis!.keys(limiterKeys)) > 0 ? Date.now() : undefined;
    }, 10_000);
    loader!.resume();
    const maxMs = Math.max(...answers.map(({ answer }) => answer.ms));
    const withRedisMs = Math.round(Math.max(...before.map((a) => a.ms)));
    const routes = [...new Set(answers.map(({ route }) => route))];
    notes.set(phase, {
      resume: `shared counts ${sharedAt === undefined ? 'never' : seconds(sharedAt - upAt)}`,
      seen: [`host A storefront with Redis up ≤ ${withRedisMs} ms`]
        .concat(
          routes.map((route) => {
            const mine = answers.filter((one) => one.route === route);
            const slowest = Math.round(Math.max(...mine.map(({ answer }) => answer.ms)));
            return `${route} ${countOf(mine.map(({ answer }) => describeAnswer(answer)))} (≤ ${slowest} ms)`;
          }),
        )
        .join('; '),
      redisMaxMs: `${Math.round(maxMs)} ms`,
    });

    expect.soft(warm.status, 'storefront view before the outage').toBe('200');
    expect.soft(sharedBefore, 'no limiter key in Redis: the hosts do not count on it').toBeGreaterThan(0);
    const failed = answers.filter(({ answer }) => !/^[234]\d\d$/.test(answer.status));
    expect.soft(failed.map(({ route, answer }) => `${route}: ${describeAnswer(answer)}`)).toEqual([]);
    // Waiting on Redis would take seconds (its client reconnecting); failing fast costs at most the
    // limiter's 50 ms deadline. So an answer may take what the route takes here with Redis up, plus
    // three such deadlines for the load of the moment, and no more.
    const boundMs = withRedisMs + 150;
    const slow = answers.filter(({ answer }) => answer.ms >= boundMs);
    expect
      .soft(
        slow.map(({ route, answer }) => `${route}: ${Math.round(answer.ms)} ms`),
        `answers of ${boundMs} ms or more (the slowest of 20 with Redis up: ${withRedisMs} ms)`,
      )
      .toEqual([]);
    expect.soft(sharedAt, 'the limiter did not write to Redis within 10 s of its return').toBeDefined();
    expect(exitsDuring(phase)).toEqual([]);
  }, 45_000);

  it('every acknowledged order reaches the receiver at least once, and no process exited unexpectedly (operations.md: PostgreSQL is down)', async () => {
    await enter('steady after the faults');
    await sleep(3_000);
    await loader!.stop(Date.now() + 15_000);
    notes.set(phase, { resume: '–', seen: '', orders: true });
    const expected = [...loader!.acknowledged.keys()].flatMap((id) =>
      orderEvents.map((type) => `${id} ${type}`),
    );
    const missing = () => {
      const { firstAt } = indexArrivals(receiver!.arrivals);
      return expected.filter((key) => !firstAt.has(key));
    };
    // Deliveries a dead worker held come back after the lease; a worker idle for a while polls every 5 s.
    await until(() => (missing().length === 0 ? true : undefined), 40_000);
    const lost = missing();

    // SIGTERM, as the README's worker and a host's process manager use it: each should exit cleanly.
    const running = [...roles.byName.values()].map((role) => role.fixture).filter((f) => !f.exit);
    const stopped = await Promise.all(
      running.map((f) => Promise.race([f.stop('SIGTERM'), sleep(10_000).then(() => undefined)])),
    );
    const unclean = running.flatMap((f, i) =>
      stopped[i]?.code === 0
        ? []
        : [
            `${f.name}: ${stopped[i] ? `exit ${stopped[i]?.code ?? stopped[i]?.signal}` : 'still running 10 s after SIGTERM'}`,
          ],
    );

    expect
      .soft(lost.slice(0, 20), `${lost.length} of ${expected.length} expected events never arrived`)
      .toEqual([]);
    expect.soft(receiver!.refused(), 'deliveries that did not verify').toBe(0);
    expect.soft(unclean, 'processes that did not exit 0 within 10 s of SIGTERM').toEqual([]);
    expect(fleet!.unexpectedExits().map(describeExit), 'processes that exited unexpectedly').toEqual([]);
  }, 90_000);
});
