import type { Clock, EndpointDisabledNotice, Storage } from '@affiliate-commerce/core';
import { maxPreviousSecrets } from '@affiliate-commerce/core/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { fakeResolver } from '../fakes/fake-resolver';
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
      await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    });
    afterAll(async () => {
      await storage.close();
      await teardown?.();
    });

    it('4.6: 20 concurrent setRenewalDate calls on one subscription all answer 200; the stored date is one of theirs and endDate moved with it', async () => {
      const nextBillingDate = new Date('2026-12-05T09:30:00.000Z');
      const endDate = new Date('2027-06-05T09:30:00.000Z');
      await service.commerce.recordSubscription({
        affiliateId: 'aff_1',
        subscription: {
          id: 'sub_race',
          cadence: { interval: 'month', count: 1 },
          nextBillingDate,
          endDate,
        },
      });
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
      const signing = await Promise.all(
        (webhook?.secrets ?? []).map((stored) =>
          service.deps.secretBox.open({ sealed: stored.sealed, webhookId: id }),
        ),
      );
      const newestFirst = [...rotations].sort((a, b) => writtenAt(b) - writtenAt(a));
      const chain = newestFirst.map(revealedSecret);
      expect(signing).toEqual(chain.slice(0, 1 + maxPreviousSecrets));

      const read = await send('GET', `/v2/webhooks/${id}`, testTokens.superAdmin);
      const { credentials: _shownOnce, ...last } = latest(answers).json.data ?? {};
      expect(read.json.data).toEqual(last);
      expect(read.json.data).toMatchObject({ name: 'Mixed', authentication: true });
    });

    it('sendExample racing a disable: each call answers 202 with its own stored delivery or 409 WEBHOOK_DISABLED, never 5xx', async () => {
      const { id } = await createWebhook('Examples');
      const example = () =>
        send('POST', `/v2/webhooks/${id}/actions/sendExample`, testTokens.superAdmin, {
          eventType: 'order_created',
        });
      const calls = Array.from({ length: 20 }, () => example);
      calls.splice(10, 0, () =>
        send('PATCH', `/v2/webhooks/${id}/status`, testTokens.superAdmin, { status: 'disabled' }),
      );

      const answers = await Promise.all(calls.map((call) => call()));

      expect(answers[10]?.status).toBe(200);
      const examples = answers.filter((_, index) => index !== 10);
      expect(
        examples.map((answer) => answer.status).every((status) => status === 202 || status === 409),
      ).toBe(true);
      const queued = examples.filter((answer) => answer.status === 202).map((answer) => answer.json.data!);
      expect(new Set(queued.map((data) => data.deliveryId)).size).toBe(queued.length);
      for (const { eventId, deliveryId } of queued as { eventId: string; deliveryId: string }[]) {
        expect(
          await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: id, id: deliveryId }),
        ).toMatchObject({
          eventId,
          status: 'pending',
        });
        expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId })).toMatchObject({
          eventType: 'order_created',
        });
      }
      expect((await example()).json.error?.code).toBe('WEBHOOK_DISABLED');
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
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) => record(index % 2 === 0)),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

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

    it('6.2: 10 concurrent recordPrescription calls for one new prescription in two statuses all succeed; prescription_created is emitted once', async () => {
      const hook = await send('POST', '/v2/webhooks', testTokens.superAdmin, {
        name: 'prescriptions',
        url: 'https://hooks.example.com/prescriptions',
        webhookInterests: ['prescription_created', 'prescription_approved'],
      });
      expect(hook.status).toBe(201);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) =>
          service.commerce.recordPrescription({
            affiliateId: 'aff_1',
            record: { id: 'rx_race', status: index % 2 === 0 ? 'pending' : 'approved' },
          }),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const queued = await storage.deliveries.claimDue({
        now: new Date(start + 86_400_000),
        limit: 1_000,
        leaseMs: 60_000,
        leaseToken: 'count-prescriptions',
      });
      const types = queued
        .filter(({ delivery }) => delivery.webhookId === (hook.json.data as { id: string }).id)
        .map(({ event }) => event.eventType);
      // Run one after another, only the first call finds no prescription.
      expect(types.filter((type) => type === 'prescription_created')).toHaveLength(1);
      expect(types.filter((type) => type === 'prescription_approved').length).toBeLessThanOrEqual(1);
    });

    it('6.1: 10 concurrent setSubscriptionStatus calls pausing and resuming one subscription all succeed; each event is a change the stored status really made', async () => {
      const hook = await send('POST', '/v2/webhooks', testTokens.superAdmin, {
        name: 'subscriptions',
        url: 'https://hooks.example.com/subscriptions',
        webhookInterests: ['subscription_paused', 'subscription_resumed'],
      });
      expect(hook.status).toBe(201);
      await expect(
        service.commerce.recordSubscription({
          affiliateId: 'aff_1',
          subscription: {
            id: 'sub_race_status',
            status: 'active',
            cadence: { interval: 'month', count: 1 },
            nextBillingDate: '2027-01-01T00:00:00.000Z',
          },
        }),
      ).resolves.toBeDefined();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) =>
          service.commerce.setSubscriptionStatus({
            affiliateId: 'aff_1',
            subscriptionId: 'sub_race_status',
            status: index % 2 === 0 ? 'paused' : 'active',
          }),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const queued = await storage.deliveries.claimDue({
        now: new Date(start + 86_400_000),
        limit: 1_000,
        leaseMs: 60_000,
        leaseToken: 'count-subscriptions',
      });
      const types = queued
        .filter(({ delivery }) => delivery.webhookId === (hook.json.data as { id: string }).id)
        .map(({ event }) => event.eventType);
      // Run one after another, the changes alternate from active: paused, resumed, paused, ...
      const paused = types.filter((type) => type === 'subscription_paused').length;
      const resumed = types.filter((type) => type === 'subscription_resumed').length;
      const stored = await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_race_status' });
      expect(paused).toBeGreaterThan(0);
      expect(paused - resumed).toBe(stored?.status === 'paused' ? 1 : 0);
    });

    it('6.1: 10 concurrent recordOrder calls replacing one order and its coupon redemption all succeed; one redemption is stored', async () => {
      const order = (totalCents: number) => ({
        affiliateId: 'aff_1',
        order: {
          id: 'ord_race',
          status: 'paid' as const,
          totalCents,
          currency: 'USD',
          products: [{ productVariationId: 'pv_race', quantity: 1, unitPriceCents: 10_000 }],
          couponRedemptions: [
            {
              code: 'RACE10',
              discountType: 'percent' as const,
              discountAmount: 10,
              discountCents: 1_000,
              redeemedAt: '2026-11-23T09:00:00Z',
            },
          ],
        },
      });
      await expect(service.commerce.recordOrder(order(9_000))).resolves.toBeDefined();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) => service.commerce.recordOrder(order(9_000 + index))),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const stored = await storage.orders.couponRedemptions({ affiliateId: 'aff_1', orderId: 'ord_race' });
      expect(stored.map((redemption) => redemption.code)).toEqual(['RACE10']);
    });

    it('4.9 and 2.8: 20 concurrent template views and 20 concurrent journeys of one visitor all count; none is lost', async () => {
      await service.commerce.recordJourneyTemplate({
        affiliateId: 'aff_1',
        template: {
          slug: 'race-plan',
          template_display_name: 'Race plan',
          landing_url: 'https://shop.example.com/race-plan',
          journey_type: 'checkout',
        },
      });
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

    it('4 delivery: 4 concurrent runDue calls all meeting 410 Gone disable the endpoint once: onEndpointDisabled hears it once', async () => {
      const notices: EndpointDisabledNotice[] = [];
      let goneIds = 0;
      const worker = testService({
        storage,
        clock: tickingClock(),
        // Ids of their own: the shared storage already holds the main service's whk_1, dlv_1, ...
        ids: {
          next: ({ prefix }) => {
            goneIds += 1;
            return `${prefix}_gone_${goneIds}`;
          },
        },
        http: fakeHttpClient(() => ({ ok: true, status: 410, headers: {}, bodyText: '', latencyMs: 3 })),
        resolver: fakeResolver({ 'gone.example.com': ['93.184.216.34'] }),
        onEndpointDisabled: (notice) => {
          notices.push(notice);
        },
      });
      await worker.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
      const created = await worker.handle(
        new Request('http://api.test/v2/webhooks', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${testTokens.otherSuperAdmin}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            name: 'Gone',
            url: 'https://gone.example.com/hook',
            webhookInterests: ['order_created'],
          }),
        }),
      );
      const body = (await created.json()) as { data: { id: string } };
      expect(created.status, JSON.stringify(body)).toBe(201);
      const { id } = body.data;
      for (let index = 0; index < 8; index += 1) {
        await expect(
          worker.commerce.emit({
            affiliateId: 'aff_2',
            eventType: 'order_created',
            data: { order_id: `ord_gone_${index}`, order_status: 'paid' },
          }),
        ).resolves.toBeDefined();
      }

      const runs = await Promise.all(Array.from({ length: 4 }, () => worker.deliveries.runDue({ limit: 2 })));

      expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBeGreaterThanOrEqual(2);
      expect(notices.filter((notice) => notice.webhook.id === id)).toHaveLength(1);
      expect(notices.find((notice) => notice.webhook.id === id)).toMatchObject({
        reason: 'gone',
        webhook: { status: 'disabled', disabledReason: 'gone' },
      });
      expect(await storage.webhooks.get({ affiliateId: 'aff_2', id })).toMatchObject({
        status: 'disabled',
        disabledReason: 'gone',
      });
    });
  });
}
