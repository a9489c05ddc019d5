import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../api/api-error';
import type { EventEnvelope, EventPage, EventQuery } from '../api/events-api';
import { defaultPollTiming, type PollTiming, pollDelay } from './poll-delay';
import { seenEvents } from './seen-events';

/** Events are asked for this many at a time (the API's maximum). */
const pageSize = 100;

/**
 * When the session started with no event at all, the first poll that finds some gathers at most
 * this many (newest first) before forwarding them; older ones beyond it are not forwarded.
 */
const maxFirstBacklog = 1000;

/** What a session is told as it follows the events. */
export interface FollowHandlers {
  /** The starting point is known: only events newer than `after` (or any, when none existed) follow. */
  ready(after: string | undefined): void;
  /** A new event, oldest first, each id once; the next waits until this one resolves. */
  event(envelope: EventEnvelope): Promise<void>;
  /** A call failed after the API had answered (or before it ever did): said once per outage. */
  apiDown(error: ApiError): void;
  /** A call succeeded after `apiDown`, `downForMs` after it. */
  apiBack(downForMs: number): void;
}

/** What to follow and whom to tell. */
export interface FollowOptions {
  /** `GET /v2/events` (see `listEvents`). */
  readonly listEvents: (query: EventQuery) => Promise<EventPage>;
  readonly types?: readonly string[] | undefined;
  readonly webhookId?: string | undefined;
  /** Stops following at once; the promise then resolves. */
  readonly signal: AbortSignal;
  readonly timing?: PollTiming;
  readonly handlers: FollowHandlers;
}

type Filters = Pick<EventQuery, 'types' | 'webhookId'>;
type Call = (query: EventQuery) => Promise<EventPage>;

/**
 * Follows the events API from now on: the newest event is the starting cursor; then, every
 * second or so, the events newer than the cursor are fetched a page at a time (while `hasMore`)
 * and handed over oldest first, each id once. Calls that fail for a while (no answer, 429, 5xx)
 * are tried again with a growing wait and reported once per outage.
 *
 * @returns when `signal` aborts
 * @throws ApiError when the API refuses a call for good (401, 403, 404, 422: a bad token or filter)
 */
export async function followEvents(options: FollowOptions): Promise<void> {
  try {
    await follow(options);
  } catch (error) {
    if (!options.signal.aborted) throw error;
  }
}

async function follow(options: FollowOptions): Promise<void> {
  const timing = options.timing ?? defaultPollTiming;
  const call = patientCaller(options, timing);
  const filters: Filters = { types: options.types, webhookId: options.webhookId };
  const seen = seenEvents();
  const handOver = async (events: readonly EventEnvelope[]) => {
    for (const event of [...events].reverse()) {
      if (seen.firstTime(event.event_id)) await options.handlers.event(event);
    }
  };

  const newest = await call({ ...filters, limit: 1 });
  let cursor = newest.events[0]?.event_id;
  options.handlers.ready(cursor);
  let lastNewAt = Date.now();
  for (;;) {
    const before = cursor;
    cursor =
      cursor === undefined
        ? await handOverFirst(call, filters, handOver)
        : await handOverNewer(call, filters, cursor, handOver);
    if (cursor !== before) lastNewAt = Date.now();
    await sleep(pollDelay({ failures: 0, quietMs: Date.now() - lastNewAt }, timing), undefined, {
      signal: options.signal,
    });
  }
}

/** Pages forward from the cursor while `hasMore`, handing each page over; returns the new cursor. */
async function handOverNewer(
  call: Call,
  filters: Filters,
  cursor: string,
  handOver: (newestFirst: readonly EventEnvelope[]) => Promise<void>,
): Promise<string> {
  for (;;) {
    const page = await call({ ...filters, endingBefore: cursor, limit: pageSize });
    await handOver(page.events);
    cursor = page.events[0]?.event_id ?? cursor;
    if (!page.hasMore || page.events.length === 0) return cursor;
  }
}

/**
 * With no cursor (there was no event at the start), every event found is new: gathers them
 * newest first, paging back while `hasMore` (up to {@link maxFirstBacklog}), and hands them over.
 */
async function handOverFirst(
  call: Call,
  filters: Filters,
  handOver: (newestFirst: readonly EventEnvelope[]) => Promise<void>,
): Promise<string | undefined> {
  let page = await call({ ...filters, limit: pageSize });
  const found = [...page.events];
  while (page.hasMore && found.length > 0 && found.length < maxFirstBacklog) {
    page = await call({ ...filters, startingAfter: found.at(-1)!.event_id, limit: pageSize });
    found.push(...page.events);
  }
  await handOver(found.slice(0, maxFirstBacklog));
  return found[0]?.event_id;
}

/**
 * `listEvents` that waits out an outage: a call that fails for a while is tried again after
 * {@link pollDelay}, `apiDown` is told on the first failure and `apiBack` on the next success.
 */
function patientCaller(options: FollowOptions, timing: PollTiming): Call {
  let downSince: number | undefined;
  return async (query) => {
    for (let failures = 1; ; failures++) {
      try {
        const page = await options.listEvents(query);
        if (downSince !== undefined) options.handlers.apiBack(Date.now() - downSince);
        downSince = undefined;
        return page;
      } catch (error) {
        if (!(error instanceof ApiError) || !error.retryable) throw error;
        if (downSince === undefined) {
          downSince = Date.now();
          options.handlers.apiDown(error);
        }
        const wait = pollDelay({ failures, quietMs: 0, retryAfterMs: error.retryAfterMs }, timing);
        await sleep(wait, undefined, { signal: options.signal });
      }
    }
  };
}
