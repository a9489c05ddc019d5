import { type Clock, maxPreviousSecrets, type Storage } from '@affiliate-commerce/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, testService, testTokens } from '../service/test-service';
import type { StorageFactory } from './storage-contract';

const start = Date.parse('2026-11-23T10:00:00.000Z');

/**
 * A clock one millisecond later on every read. A write that wins a compare-and-set read the
 * record after the previous winner committed, and reads the clock after that, so the
 * `updatedAt` of the answers orders the writes as they committed.
 */
function tickingClock(): Clock {
  let ticks = 0;
  return { now: () => new Date(start + ++ticks) };
}

interface Answer {
  readonly status: number;
  readonly json: { success: boolean; data?: Record<string, unknown>; error?: { code: string } };
}

/** How many answers had each status, e.g. `{ 200: 48, 502: 2 }`: a failure shows the whole tally. */
function tally(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** When the record in an answer was written. */
const writtenAt = (answer: Answer) => Date.parse(String(answer.json.data?.updatedAt));

/** The secret an answer reveals, if any. */
const revealedSecret = (answer: Answer) =>
  (answer.json.data?.credentials as { secret: string } | undefined)?.secret;

/** The answer whose record was written last. */
function latest(answers: readonly Answer[]): Answer {
  return answers.reduce((last, answer) => (writtenAt(answer) > writtenAt(last) ? answer : last));
}

/**
 * Races through the service, many calls on one record at once, the way clients hit the API:
 * every call must land in some serial order, with no 404 for a record that exists and no 5xx
 * from a lost compare-and-set. Run against every storage (memory, PGlite, the PostgreSQL
 * server): through the service the calls' reads all come before their writes on any storage,
 * and on a server with a pool of connections the statements also run in parallel.
 *
 * @example
 * concurrencyContract('PostgreSQL server', async () => ({ storage: await createPostgresStorage({ db, schema }) }));
 */
export function concurrencyContract(name: string, factory: StorageFactory): void {
  describe(`concurrency contract: ${name}`, () => {
    let storage: Storage;
    let teardown: (() => Promise<void>) | undefined;
    let service: TestService;

    const send = async (method: string, path: string, token: string, body?: unknown): Promise<Answer> => {
      const response = await service.handle(
        new Request(`http://api.test${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return { status: response.status, json: (await response.json()) as Answer['json'] };
    };

    const createWebhook = async (webhookName: string) => {
      const created = await send('POST', '/v2/webhooks', testTokens.superAdmin, {
        name: webhookName,
        url: 'https://hooks.example.com/race',
        webhookInterests: ['order_created'],
      });
      expect(created.status).toBe(201);
      const data = created.json.data as { id: string; credentials: { secret: string } };
      return { id: data.id, secret: data.credentials.secret };
    };

    beforeAll(async () => {
      ({ storage, teardown } = await factory());
      service = testService({ storage, clock: tickingClock() });
      (await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' }))._unsafeUnwrap();
    });
    afterAll(async () => {
      await storage.close();
      await teardown?.();
    });

    it('4.6: 20 concurrent setRenewalDate calls on one subscription all answer 200; the stored date is one of theirs and endDate moved with it', async () => {
      const nextBillingDate = new Date('2026-12-05T09:30:00.000Z');
      const endDate = new Date('2027-06-05T09:30:00.000Z');
      (
        await service.commerce.recordSubscription({
          affiliateId: 'aff_1',
          subscription: {
            id: 'sub_race',
            cadence: { interval: 'month', count: 1 },
            nextBillingDate,
            endDate,
          },
        })
      )._unsafeUnwrap();
      const days = Array.from({ length: 20 }, (_, index) => `01-${String(index + 1).padStart(2, '0')}-2027`);

      const answers = await Promise.all(
        days.map((renewalDate) =>
          send('PUT', '/v2/ecommerceSubscriptions/sub_race/actions/setRenewalDate', testTokens.agent, {
            renewalDate,
          }),
        ),
      );

      expect(tally(answers)).toEqual({ 200: 20 });
      const answered = answers.map((answer) => answer.json.data?.nextBillingDate);
      expect(new Set(answered).size).toBe(20);
      const read = await send('GET', '/v2/ecommerceSubscriptions/sub_race', testTokens.agent);
      const stored = read.json.data as { nextBillingDate: string; endDate: string };
      expect(answered).toContain(stored.nextBillingDate);
      expect(Date.parse(stored.endDate) - Date.parse(stored.nextBillingDate)).toBe(
        endDate.getTime() - nextBillingDate.getTime(),
      );
    });

    it('4.2: 50 concurrent PUT /v2/webhooks/{id} with different names all answer 200; the last to commit wins and the revision advanced by 50', async () => {
      const { id } = await createWebhook('Race');
      const names = Array.from({ length: 50 }, (_, index) => `Race ${index + 1}`);

      const answers = await Promise.all(
        names.map((webhookName) =>
          send('PUT', `/v2/webhooks/${id}`, testTokens.superAdmin, { name: webhookName }),
        ),
      );

      expect(tally(answers)).toEqual({ 200: 50 });
      const read = await send('GET', `/v2/webhooks/${id}`, testTokens.superAdmin);
      expect(names).toContain(read.json.data?.name);
      expect(read.json.data).toEqual(latest(answers).json.data);
      expect((await storage.webhooks.get({ affiliateId: 'aff_1', id }))?.revision).toBe(1 + 50);
    });

    it('3, 5.4 and 9.5: 40 interleaved status, rotateSecret, upgrade and rollback calls on one webhook all answer 200, each rotation reveals its own secret and the stored chain is the last rotations', async () => {
      const { id, secret: first } = await createWebhook('Mixed');
      const calls = Array.from({ length: 40 }, (_, index) => {
        switch (index % 4) {
          case 0:
            return () => send('POST', `/v2/webhooks/${id}/actions/rotateSecret`, testTokens.superAdmin);
          case 1:
            return () =>
              send('PATCH', `/v2/webhooks/${id}/status`, testTokens.superAdmin, {
                status: index % 8 === 1 ? 'disabled' : 'enabled',
              });
          case 2:
            return () => send('POST', `/v2/webhooks/${id}/actions/upgrade`, testTokens.superAdmin);
          default:
            return () => send('POST', `/v2/webhooks/${id}/actions/rollback`, testTokens.master);
        }
      });

      const answers = await Promise.all(calls.map((call) => call()));

      expect(tally(answers)).toEqual({ 200: 40 });
      const rotations = answers.filter((_, index) => index % 4 === 0);
      const revealed = rotations.map(revealedSecret);
      expect(new Set([first, ...revealed]).size).toBe(1 + rotations.length);

      const webhook = await storage.webhooks.get({ affiliateId: 'aff_1', id });
      const signing = webhook?.secrets.map((stored) =>
        service.deps.secretBox.open({ sealed: stored.sealed, webhookId: id }),
      );
      const newestFirst = [...rotations].sort((a, b) => writtenAt(b) - writtenAt(a));
      const chain = newestFirst.map(revealedSecret);
      expect(signing).toEqual(chain.slice(0, 1 + maxPreviousSecrets));

      const read = await send('GET', `/v2/webhooks/${id}`, testTokens.superAdmin);
      const { credentials: _shownOnce, ...last } = latest(answers).json.data ?? {};
      expect(read.json.data).toEqual(last);
      expect(read.json.data).toMatchObject({ name: 'Mixed', authentication: true });
    });

    it('4.2 and 4.8: PUTs racing a DELETE answer 200 or 404 NOT_FOUND, never 5xx; then the webhook is gone', async () => {
      const { id } = await createWebhook('Doomed');
      const put = (index: number) => () =>
        send('PUT', `/v2/webhooks/${id}`, testTokens.superAdmin, { name: `Doomed ${index}` });
      const calls = Array.from({ length: 20 }, (_, index) => put(index));
      calls.splice(10, 0, () => send('DELETE', `/v2/webhooks/${id}`, testTokens.superAdmin));

      const answers = await Promise.all(calls.map((call) => call()));

      expect(answers[10]?.status).toBe(200);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.map((answer) => `${answer.status} ${answer.json.error?.code}`)).toEqual(
        refused.map(() => '404 NOT_FOUND'),
      );
      expect((await send('GET', `/v2/webhooks/${id}`, testTokens.superAdmin)).status).toBe(404);
    });

    it('6.3: 10 concurrent recordPatient calls for one new patient all succeed; patient_enrolled is emitted once, and each change after it from the state it really left', async () => {
      const hook = await send('POST', '/v2/webhooks', testTokens.superAdmin, {
        name: 'patients',
        url: 'https://hooks.example.com/patients',
        webhookInterests: ['patient_enrolled', 'patient_updated', 'patient_consent_changed'],
      });
      expect(hook.status).toBe(201);
      const record = (marketingConsent: boolean) =>
        service.commerce.recordPatient({
          affiliateId: 'aff_1',
          patient: { id: 'pat_race', marketingConsent },
        });
      const results = await Promise.all(Array.from({ length: 10 }, (_, index) => record(index % 2 === 0)));
      expect(results.filter((result) => result.isErr())).toEqual([]);

      // Every delivery the races queued, due or not, with its event.
      const queued = await storage.deliveries.claimDue({
        now: new Date(start + 86_400_000),
        limit: 1_000,
        leaseMs: 60_000,
        leaseToken: 'count',
      });
      const types = queued
        .filter(({ delivery }) => delivery.webhookId === (hook.json.data as { id: string }).id)
        .map(({ event }) => event.eventType);
      expect(types.filter((type) => type === 'patient_enrolled')).toHaveLength(1);
      // Run one after another, the calls flip consent at most nine times after the enrolment; each
      // flip is one consent change and one update, and nothing else is emitted.
      const changes = types.filter((type) => type === 'patient_consent_changed').length;
      expect(changes).toBeLessThanOrEqual(9);
      expect(types.filter((type) => type === 'patient_updated')).toHaveLength(changes);
      expect(types).toHaveLength(1 + 2 * changes);
    });

    it('4.9 and 2.8: 20 concurrent template views and 20 concurrent journeys of one visitor all count; none is lost', async () => {
      (
        await service.commerce.recordJourneyTemplate({
          affiliateId: 'aff_1',
          template: {
            slug: 'race-plan',
            template_display_name: 'Race plan',
            landing_url: 'https://shop.example.com/race-plan',
            journey_type: 'checkout',
          },
        })
      )._unsafeUnwrap();
      const view = (index: number) =>
        service.handle(
          new Request(
            `http://api.test/v2/journeyTemplates/race-plan/frontend?visitorId=v_race&utm_source=s${index}`,
          ),
        );
      const views = await Promise.all(Array.from({ length: 20 }, (_, index) => view(index)));
      expect(views.map((response) => response.status)).toEqual(views.map(() => 200));

      const journey = (index: number) =>
        service.handle(
          new Request('http://api.test/journeys', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              templateSlug: 'race-plan',
              visitorId: 'v_race',
              attribution: { params: { utm_campaign: `c${index}` } },
            }),
          }),
        );
      const journeys = await Promise.all(Array.from({ length: 20 }, (_, index) => journey(index)));
      expect(journeys.map((response) => response.status)).toEqual(journeys.map(() => 201));
      const ids = await Promise.all(
        journeys.map(async (response) => ((await response.json()) as { data: { id: string } }).data.id),
      );
      const counts = await Promise.all(
        ids.map(async (id) => {
          const read = await send('GET', `/v2/journeys/${id}`, testTokens.admin);
          return (read.json.data!.attribution as { touch_count: number }).touch_count;
        }),
      );
      // Each journey counted its own touch on top of every touch committed before it.
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => 21 + index));
    });
  });
}
