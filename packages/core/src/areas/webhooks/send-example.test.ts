import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { webhookEventSchemas } from '@affiliate-commerce/webhook-verify/schemas';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../../ports/net/http-client';
import { envelopeFields, identityFields } from '../../rules/events/allowlists';
import { eventDictionary, isSubscribable } from '../../rules/events/event-dictionary';
import { fieldsOfEvent } from '../../rules/events/event-fields';
import { runDue } from '../../worker/run-due';

const answer = (status: number): HttpOutcome => ({
  ok: true,
  status,
  headers: {},
  bodyText: '',
  latencyMs: 7,
});

/** A service whose receivers answer `statuses` in turn, then 200, and record every request. */
function setup(statuses: number[] = []) {
  const http = fakeHttpClient((_request: HttpRequest) => answer(statuses.shift() ?? 200));
  const service = testService({ http, resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }) });
  return { service, http };
}

async function call(
  service: TestService,
  method: string,
  path: string,
  body?: unknown,
  token: string = testTokens.superAdmin,
) {
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
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
  return { status: response.status, json: (await response.json()) as any };
}

async function createWebhook(service: TestService, name: string, interests: string[], token?: string) {
  const created = await call(
    service,
    'POST',
    '/v2/webhooks',
    { name, url: `https://hooks.example.com/${name}`, webhookInterests: interests },
    token,
  );
  expect(created.status).toBe(201);
  return { id: created.json.data.id as string, secret: created.json.data.credentials.secret as string };
}

const sendExample = (service: TestService, id: string, eventType: string) =>
  call(service, 'POST', `/v2/webhooks/${id}/actions/sendExample`, { eventType });

describe('sendExample delivers through the real pipeline to one webhook', () => {
  it('2.7 one signed v2 delivery to this webhook only, marked as an example, none to the others', async () => {
    const { service, http } = setup();
    const target = await createWebhook(service, 'target', ['journey_completed']);
    await createWebhook(service, 'sibling', ['order_created']);
    await createWebhook(service, 'other-tenant', ['order_created'], testTokens.otherSuperAdmin);

    const sent = await sendExample(service, target.id, 'order_created');
    expect(sent.status).toBe(202);
    const { eventId, deliveryId } = sent.json.data;
    expect(
      await service.deps.storage.deliveries.get({
        affiliateId: 'aff_1',
        webhookId: target.id,
        id: deliveryId,
      }),
    ).toMatchObject({ eventId, eventType: 'order_created', status: 'pending', attempts: 0 });

    expect(await runDue(service.deps, { limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(http.requests.map((request) => new URL(request.url).pathname)).toEqual(['/target']);
    const [request] = http.requests;
    expect(request!.headers['X-Webhook-Id']).toBe(eventId);
    const event = verifyWebhook({
      payload: request!.body!,
      signature: request!.headers['X-Webhook-Signature']!,
      secret: target.secret,
      now: service.clock.now(),
      schema: webhookEventSchemas.order_created,
    });
    expect(event).toMatchObject({
      event_type: 'order_created',
      event_id: eventId,
      affiliate_id: 'aff_1',
      example: true,
      order_id: 'ord_example_1',
    });
    expect(eventId).toMatch(/^evt_example_/);
  });

  it('9.5 a v1 webhook gets the raw v1 event, signed over the body, with "example": true', async () => {
    const { service, http } = setup();
    const legacy = await createWebhook(service, 'legacy', ['order_created']);
    expect(
      (
        await call(
          service,
          'POST',
          `/v2/webhooks/${legacy.id}/actions/rollback`,
          undefined,
          testTokens.master,
        )
      ).status,
    ).toBe(200);

    const sent = await sendExample(service, legacy.id, 'payment_refunded');
    expect(sent.status).toBe(202);
    await runDue(service.deps, { limit: 10 });
    const [request] = http.requests;
    expect(request!.headers['X-Webhook-Version']).toBe('v1');
    const body = verifyWebhook({
      version: 'v1',
      payload: request!.body!,
      signature: request!.headers['X-Webhook-Signature']!,
      secret: legacy.secret,
    });
    expect(body).toMatchObject({
      event_type: 'payment_refunded',
      event_id: sent.json.data.eventId,
      example: true,
      data: { payment_status: 'refunded', order_id: 'ord_example_1' },
    });
  });

  it('6.1 a failed example is retried with the same event id and logged like any delivery', async () => {
    const { service, http } = setup([500]);
    const target = await createWebhook(service, 'flaky', []);
    const { eventId, deliveryId } = (await sendExample(service, target.id, 'shipment_delivered')).json.data;

    expect(await runDue(service.deps, { limit: 10 })).toMatchObject({ claimed: 1, retrying: 1 });
    service.clock.advance(10_000);
    expect(await runDue(service.deps, { limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });

    expect(http.requests.map((request) => request.headers['X-Webhook-Id'])).toEqual([eventId, eventId]);
    const log = await call(
      service,
      'GET',
      `/v2/webhooks/${target.id}/deliveries`,
      undefined,
      testTokens.admin,
    );
    expect(log.json.data.items).toEqual([
      expect.objectContaining({ deliveryId, eventId, attempt: 2, succeeded: true, statusCode: 200 }),
      expect.objectContaining({ deliveryId, eventId, attempt: 1, succeeded: false, statusCode: 500 }),
    ]);
  });

  it('a webhook disabled after the example was queued gets nothing: the worker cancels it', async () => {
    const { service, http } = setup();
    const target = await createWebhook(service, 'soon-off', []);
    const { deliveryId } = (await sendExample(service, target.id, 'order_created')).json.data;
    expect(
      (await call(service, 'PATCH', `/v2/webhooks/${target.id}/status`, { status: 'disabled' })).status,
    ).toBe(200);

    await runDue(service.deps, { limit: 10 });
    expect(http.requests).toEqual([]);
    expect(
      await service.deps.storage.deliveries.get({
        affiliateId: 'aff_1',
        webhookId: target.id,
        id: deliveryId,
      }),
    ).toMatchObject({ status: 'cancelled' });
  });
});

describe('6.2 an example carries only the fields its event type carries, read or sent', () => {
  const subscribable = eventDictionary
    .filter((event) => isSubscribable(event.name))
    .map((event) => event.name);
  const outside = new Set<string>([...envelopeFields, ...identityFields, 'example']);
  const own = (payload: Record<string, unknown>) =>
    Object.keys(payload)
      .filter((key) => !outside.has(key))
      .sort();

  it('GET /v2/webhooks/eventTypes/{type}/example and sendExample, for every subscribable type', async () => {
    const sent: Record<string, unknown>[] = [];
    // sendExample allows 30 calls a minute per user: a service of its own for each 25 types.
    for (let from = 0; from < subscribable.length; from += 25) {
      const { service, http } = setup();
      const target = await createWebhook(service, 'catalog', []);
      for (const name of subscribable.slice(from, from + 25)) {
        const path = `/v2/webhooks/eventTypes/${name}/example`;
        const read = await call(service, 'GET', path, undefined, testTokens.agent);
        expect(read.status, name).toBe(200);
        expect(own(read.json.data.v2), name).toEqual([...fieldsOfEvent(name)].sort());
        expect((await sendExample(service, target.id, name)).status, name).toBe(202);
      }
      while ((await runDue(service.deps, { limit: 100 })).claimed > 0);
      sent.push(...http.requests.map((request) => JSON.parse(request.body!) as Record<string, unknown>));
    }
    expect(sent.map((body) => body.event_type).sort()).toEqual([...subscribable].sort());
    for (const body of sent) {
      const name = String(body.event_type);
      expect(own(body), name).toEqual([...fieldsOfEvent(name)].sort());
    }
    expect(own(sent.find((body) => body.event_type === 'journey_started')!)).not.toContain('completed_at');
  });
});
