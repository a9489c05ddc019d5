import { setTimeout as sleep } from 'node:timers/promises';
import { signWebhook } from '@affiliate-commerce/webhook-verify';
import { deadlineSignal } from '../api/api-client';
import { isConnectionRefused, networkMessage } from '../api/api-error';
import type { EventEnvelope } from '../api/events-api';

/** How one event's forwarding ended. */
export interface ForwardOutcome {
  /** The receiver's HTTP status; absent when it never answered. */
  readonly status?: number;
  /** From sending the request to reading the answer, of the last try. */
  readonly latencyMs: number;
  /** Why no answer came (`connect ECONNREFUSED 127.0.0.1:4000`, `timed out`). */
  readonly error?: string;
  /** The start of the receiver's answer (up to 1,000 characters) when it was not 2xx. */
  readonly answer?: string;
  /** The `Location` of a 3xx answer: where the receiver redirected to; not followed. */
  readonly location?: string;
  /** Requests made: more than 1 when the first connections were refused. */
  readonly tries: number;
}

/** Where to forward, and how the requests are signed and timed. */
export interface ForwarderOptions {
  /** The local receiver's URL. */
  readonly url: string;
  /** The session secret that signs every request. */
  readonly secret: string;
  readonly userAgent: string;
  /** Ends a request in flight at once. */
  readonly signal?: AbortSignal | undefined;
  /** Time the receiver gets to answer; default 15 s, as a real delivery. */
  readonly timeoutMs?: number;
  /** Waits before trying again when the connection was refused; default 0.5 s, then 1.5 s. */
  readonly reconnectDelaysMs?: readonly number[];
}

/**
 * A function that POSTs an event to the local receiver as a v2 delivery would arrive: the body
 * `JSON.stringify(envelope)`, `Content-Type`, `X-Webhook-Id` (the event id), `X-Webhook-Version:
 * v2`, `X-Webhook-Signature` and the Standard Webhooks headers, all signed with the session
 * secret at the time of each try. A refused connection is tried again after each of the
 * `reconnectDelaysMs` (a receiver restarting in watch mode is back within them), but only while
 * the receiver is known to be up: once an event could not reach it, the next events get one try
 * each until it answers again, so a receiver that stays down does not hold up the session.
 * Redirects are not followed, as the delivery worker follows none: a 3xx is the receiver's answer.
 */
export function forwarder(options: ForwarderOptions): (event: EventEnvelope) => Promise<ForwardOutcome> {
  const delays = options.reconnectDelaysMs ?? [500, 1500];
  let receiverUp = true;
  return async (event) => {
    const body = JSON.stringify(event);
    let outcome = await post(options, event.event_id, body);
    for (const delay of receiverUp ? delays : []) {
      if (!outcome.refused) break;
      await sleep(delay, undefined, options.signal ? { signal: options.signal } : {});
      outcome = await post(options, event.event_id, body, outcome.tries + 1);
    }
    receiverUp = !outcome.refused;
    const { refused: _, ...result } = outcome;
    return result;
  };
}

/** The headers of a signed v2 delivery of `body`, at Unix second `timestamp`. */
export function deliveryHeaders(input: {
  eventId: string;
  body: string;
  secret: string;
  timestamp: number;
  userAgent: string;
}): Record<string, string> {
  const { eventId: id, body: payload, secret, timestamp } = input;
  return {
    'Content-Type': 'application/json',
    'User-Agent': input.userAgent,
    'X-Webhook-Id': id,
    'X-Webhook-Version': 'v2',
    'X-Webhook-Signature': signWebhook({ payload, secret, timestamp }),
    ...signWebhook({ scheme: 'standard-webhooks', id, payload, secret, timestamp }),
  };
}

/** One try: the answer, or why none came and whether the connection was refused. */
async function post(
  options: ForwarderOptions,
  eventId: string,
  body: string,
  tries = 1,
): Promise<ForwardOutcome & { refused: boolean }> {
  const headers = deliveryHeaders({
    eventId,
    body,
    secret: options.secret,
    timestamp: Math.floor(Date.now() / 1000),
    userAgent: options.userAgent,
  });
  const deadline = deadlineSignal(options.signal, options.timeoutMs ?? 15_000);
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: deadline.signal,
    });
    const text = await response.text();
    const answer = response.ok ? undefined : text.slice(0, 1000);
    const location = isRedirect(response.status) ? response.headers.get('location') : null;
    return {
      status: response.status,
      latencyMs: latency(),
      tries,
      refused: false,
      ...(answer ? { answer } : {}),
      ...(location ? { location } : {}),
    };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { latencyMs: latency(), error: networkMessage(error), tries, refused: isConnectionRefused(error) };
  } finally {
    deadline.clear();
  }
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}
