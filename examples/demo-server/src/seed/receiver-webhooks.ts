import { exampleEvent, type IdGenerator, retryDelaysMs, type Service } from '@affiliate-commerce/core';
import { createWebhook, updateWebhook } from '@affiliate-commerce/core/http';
import type { DeliveryAttempt } from '@affiliate-commerce/core/storage';
import { demoFailingPath, demoReceiverPath } from '../demo-receiver';
import { unwrap } from './unwrap';

/** The demo webhook pointing at the demo's own receiver (`POST /demo-receiver`). */
export const demoReceiverWebhookId = 'whk_demo_receiver';

/** The demo webhook pointing at `POST /demo-receiver/fail`, which answers 500: its deliveries fail. */
export const demoFailingWebhookId = 'whk_demo_failing';

/** Ids as `ids` makes them, but the webhook's own id fixed, so the README can name it. */
function withWebhookId(ids: IdGenerator, id: string): IdGenerator {
  return { next: ({ prefix }) => (prefix === 'whk' ? id : ids.next({ prefix })) };
}

/**
 * Failed deliveries from three days ago: all 8 attempts of the retry schedule answered 500 and
 * the delivery is final, so `retry` and `recover` have something to work on from the first start.
 */
async function seedFailedDeliveries(service: Service, webhookId: string): Promise<void> {
  const { storage } = service.deps;
  const startedAt = service.deps.clock.now().getTime() - 3 * 86_400_000;
  const eventTypes = ['order_created', 'payment_failed'] as const;
  for (const [index, eventType] of eventTypes.entries()) {
    const createdAt = new Date(startedAt + index * 60_000);
    const event = exampleEvent(eventType, {
      affiliateId: 'aff_demo',
      eventId: `evt_example_demo_failed_${index + 1}`,
      occurredAt: createdAt,
    });
    const id = `dlv_demo_failed_${index + 1}`;
    await storage.deliveries.insertEvent({ event });
    await storage.deliveries.enqueue({
      deliveries: [
        {
          id,
          affiliateId: 'aff_demo',
          webhookId,
          eventId: event.eventId,
          eventType,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        },
      ],
    });
    // Each attempt goes through the outbox as a worker's would: claimed while due, then completed.
    let due = createdAt;
    for (let attempt = 1; attempt <= retryDelaysMs.length + 1; attempt += 1) {
      const leaseToken = `lease_demo_seed_${index + 1}_${attempt}`;
      const claimed = await storage.deliveries.claimDue({ now: due, limit: 10, leaseMs: 60_000, leaseToken });
      const next = retryDelaysMs[attempt - 1];
      const record: DeliveryAttempt = {
        id: `att_demo_failed_${index + 1}_${attempt}`,
        deliveryId: id,
        affiliateId: 'aff_demo',
        webhookId,
        eventId: event.eventId,
        eventType,
        attempt,
        attemptedAt: due,
        payloadVersion: 'v2',
        succeeded: false,
        statusCode: 500,
        latencyMs: 3,
        responseBody: '{"error":"the demo receiver fails this path on purpose"}',
      };
      for (const item of claimed) {
        if (item.delivery.id !== id) continue;
        await storage.deliveries.complete({
          affiliateId: 'aff_demo',
          id,
          leaseToken,
          outcome: {
            attempt: record,
            status: next === undefined ? 'failed' : 'pending',
            ...(next === undefined ? {} : { nextAttemptAt: new Date(due.getTime() + next) }),
          },
          updatedAt: due,
        });
      }
      if (next !== undefined) due = new Date(due.getTime() + next);
    }
  }
}

/**
 * Two v2 webhooks for `aff_demo` on the demo's own receiver, with fixed ids the README uses:
 * `whk_demo_receiver` (verified and listed at `GET /demo-receiver`) and `whk_demo_failing`
 * (answered 500, with two failed deliveries from three days ago).
 *
 * @param baseUrl where the demo listens, e.g. `http://localhost:3000`
 */
export async function seedReceiverWebhooks(service: Service, baseUrl: string): Promise<void> {
  const create = (id: string, name: string, path: string, webhookInterests: string[]) =>
    createWebhook(
      { ...service.deps, ids: withWebhookId(service.deps.ids, id) },
      { affiliateId: 'aff_demo', input: { name, url: `${baseUrl}${path}`, webhookInterests } },
    );
  unwrap(
    await create(demoReceiverWebhookId, 'Demo receiver (this server)', demoReceiverPath, [
      'journey_started',
      'journey_completed',
      'order_created',
    ]),
  );
  unwrap(
    await create(demoFailingWebhookId, 'Failing receiver (this server, answers 500)', demoFailingPath, []),
  );
  await seedFailedDeliveries(service, demoFailingWebhookId);
}

/**
 * Points the receiver webhooks at `baseUrl` again: the demo listens on another port after a
 * restart with `PORT` changed, while its data (and so the webhooks' URLs) are kept.
 */
export async function pointReceiverWebhooks(service: Service, baseUrl: string): Promise<void> {
  for (const [id, path] of [
    [demoReceiverWebhookId, demoReceiverPath],
    [demoFailingWebhookId, demoFailingPath],
  ] as const) {
    const webhook = await service.deps.storage.webhooks.get({ affiliateId: 'aff_demo', id });
    if (!webhook || webhook.url === `${baseUrl}${path}`) continue;
    unwrap(
      await updateWebhook(service.deps, { affiliateId: 'aff_demo', id, input: { url: `${baseUrl}${path}` } }),
    );
  }
}
