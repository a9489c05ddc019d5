/**
 * A small stand-in for the affiliate-commerce API on node:http, for the CLI's tests: the events
 * API (`GET /v2/events`, `GET /v2/events/{id}`) with its paging and filters, `sendExample`, the
 * delivery log and the retry route, and switches to make it fail. Test code only: not shipped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventDelivery, EventEnvelope } from './api/events-api';
import type { DeliveryAttempt } from './api/webhooks-api';

/** A request the fake answered. */
export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly authorization: string | undefined;
  readonly body: string;
}

/** The running fake, its records and its switches. */
export interface FakeApi {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly requests: SeenRequest[];
  /**
   * Records an event (newest so far), delivered to the given webhooks; returns its envelope.
   * `fields` replace those of the envelope the fake makes (an `event_id` must stay unique).
   */
  addEvent(
    eventType: string,
    options?: { webhookIds?: readonly string[]; fields?: Readonly<Record<string, unknown>> },
  ): EventEnvelope;
  /** Answer every call with this status and error envelope (`Retry-After: 1` on 503), or stop failing. */
  failWith(failure: { status: number; code: string; message?: string } | undefined): void;
  /** Attempts `sendExample` deliveries show in the delivery log after `afterPolls` reads of it. */
  exampleOutcome: { afterPolls: number; attempt: Partial<DeliveryAttempt> } | undefined;
  /** The delivery ids the retry route was called with. */
  readonly retried: string[];
  /** Stops listening (connections refused) until `restart`. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

interface StoredEvent {
  readonly envelope: EventEnvelope;
  readonly deliveries: EventDelivery[];
}

/** The token the fake accepts. */
export const fakeToken = 'tok_fake_very_secret_123';

/**
 * Starts the fake on a free port (or `port`). With a wrong token it answers 401 and, to prove
 * the CLI never prints what it is sent, echoes the Authorization header in the message.
 */
export async function startFakeApi(port = 0): Promise<FakeApi> {
  const events: StoredEvent[] = [];
  /** Attempts by webhook, newest first, each hidden from the log for its first `hiddenFor` reads. */
  const attempts = new Map<string, { attempt: DeliveryAttempt; hiddenFor: number }[]>();
  let failure: { status: number; code: string; message?: string } | undefined;
  let sequence = 0;

  const fake: FakeApi = {
    url: '',
    requests: [],
    retried: [],
    exampleOutcome: undefined,
    addEvent(eventType, options = {}) {
      sequence += 1;
      const at = new Date(Date.UTC(2026, 0, 1) + sequence * 1000);
      const envelope: EventEnvelope = {
        event_type: eventType,
        event_id: `evt_${String(sequence).padStart(6, '0')}`,
        api_version: '2026-08-17',
        timestamp: at.toISOString(),
        timestamp_epoch: at.getTime() / 1000,
        affiliate_id: 'aff_fake',
        data: { note: 'ünïcode and "quotes"', n: sequence },
        ...options.fields,
      };
      events.push({
        envelope,
        deliveries: (options.webhookIds ?? []).map((webhookId) => ({
          webhookId,
          deliveryId: `dlv_${envelope.event_id}_${webhookId}`,
          status: 'succeeded',
          attempts: 1,
          lastAttemptAt: at.toISOString(),
          lastStatusCode: 200,
        })),
      });
      return envelope;
    },
    failWith(next) {
      failure = next;
    },
    close: () => close(server),
    restart: () => listen(server, Number(new URL(fake.url).port)),
  };

  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push({
      method: request.method ?? '',
      url,
      authorization: request.headers.authorization,
      body,
    });
    if (request.headers.authorization !== `Bearer ${fakeToken}`) {
      return reply(response, 401, {
        success: false,
        error: { code: 'UNAUTHORIZED', message: `bad credentials: ${request.headers.authorization}` },
      });
    }
    if (failure) {
      const headers: Record<string, string> = failure.status === 503 ? { 'retry-after': '1' } : {};
      return reply(
        response,
        failure.status,
        { success: false, error: { code: failure.code, message: failure.message ?? 'failing on purpose' } },
        headers,
      );
    }
    const route = `${request.method} ${url.pathname}`;
    for (const [pattern, answer] of routes) {
      const match = pattern.exec(route);
      if (match) return reply(response, ...answer(match.slice(1).map(decodeURIComponent), url, body));
    }
    return reply(response, 404, {
      success: false,
      error: { code: 'NOT_FOUND', message: `no route ${route}` },
    });
  };

  type Answer = (params: string[], url: URL, body: string) => [number, unknown];
  const routes: [RegExp, Answer][] = [
    [/^GET \/v2\/events$/, (_, url) => listEvents(events, url.searchParams)],
    [
      /^GET \/v2\/events\/([^/]+)$/,
      ([eventId]) => {
        const found = events.find((event) => event.envelope.event_id === eventId);
        return found
          ? [200, { success: true, data: { event: found.envelope, deliveries: found.deliveries } }]
          : [404, { success: false, error: { code: 'NOT_FOUND', message: 'event not found' } }];
      },
    ],
    [
      /^POST \/v2\/webhooks\/([^/]+)\/actions\/sendExample$/,
      ([webhookId], _, body) => {
        const { eventType } = JSON.parse(body) as { eventType: string };
        sequence += 1;
        const sent = { eventId: `evt_example_${sequence}`, deliveryId: `dlv_example_${sequence}` };
        const outcome = fake.exampleOutcome;
        if (outcome) {
          const attempt: DeliveryAttempt = {
            id: `att_${sequence}`,
            deliveryId: sent.deliveryId,
            eventId: sent.eventId,
            eventType,
            attempt: 1,
            attemptedAt: new Date().toISOString(),
            succeeded: true,
            statusCode: 200,
            latencyMs: 12,
            ...outcome.attempt,
          };
          const entry = { attempt, hiddenFor: outcome.afterPolls };
          attempts.set(webhookId!, [entry, ...(attempts.get(webhookId!) ?? [])]);
        }
        return [202, { success: true, data: sent }];
      },
    ],
    [
      /^GET \/v2\/webhooks\/([^/]+)\/deliveries$/,
      ([webhookId]) => {
        const entries = attempts.get(webhookId!) ?? [];
        const items = entries.filter((entry) => entry.hiddenFor-- <= 0).map((entry) => entry.attempt);
        return [200, { success: true, data: { items, pagination: { page: 1, limit: 100 } } }];
      },
    ],
    [
      /^POST \/v2\/webhooks\/([^/]+)\/deliveries\/([^/]+)\/actions\/retry$/,
      ([webhookId, deliveryId]) => {
        fake.retried.push(deliveryId!);
        const delivery = {
          id: deliveryId,
          webhookId,
          eventId: 'evt',
          eventType: 't',
          status: 'pending',
          attempts: 1,
        };
        return [202, { success: true, data: delivery }];
      },
    ],
  ];

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => handle(request, body, response));
  });
  await listen(server, port);
  Object.assign(fake, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return fake;
}

/** `GET /v2/events` as the contract says: newest first; `endingBefore` gives the closest newer ones. */
function listEvents(all: readonly StoredEvent[], query: URLSearchParams): [number, unknown] {
  const limit = Number(query.get('limit') ?? 25);
  const types = query.get('types')?.split(',');
  const webhookId = query.get('webhookId');
  const startingAfter = query.get('startingAfter');
  const endingBefore = query.get('endingBefore');
  const cursor = startingAfter ?? endingBefore;
  const at = all.findIndex((event) => event.envelope.event_id === cursor);
  if (cursor !== null && at === -1) {
    return [404, { success: false, error: { code: 'NOT_FOUND', message: 'no such event' } }];
  }
  // Oldest first: the events on the cursor's side, then the filters.
  const side = endingBefore !== null ? all.slice(at + 1) : startingAfter !== null ? all.slice(0, at) : all;
  const matching = side
    .filter((event) => !types || types.includes(event.envelope.event_type))
    .filter((event) => !webhookId || event.deliveries.some((delivery) => delivery.webhookId === webhookId))
    .map((event) => event.envelope);
  // endingBefore: the newer events closest to the cursor; otherwise the newest of the older ones.
  const page = endingBefore !== null ? matching.slice(0, limit) : matching.slice(-limit);
  return [200, { success: true, data: { events: page.reverse(), hasMore: matching.length > limit } }];
}

function reply(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
