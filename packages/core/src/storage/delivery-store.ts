import type { EventRecord } from '../rules/events/v2-payload';

/** Where a delivery stands. `failed` is final until a manual retry; `cancelled` means the webhook went away. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** One event to one webhook: the unit of retrying. */
export interface Delivery {
  readonly id: string;
  readonly affiliateId: string;
  readonly webhookId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** When the next attempt is due (pending deliveries only). */
  readonly nextAttemptAt?: Date;
  readonly lastAttemptAt?: Date;
  readonly lastStatusCode?: number;
  /**
   * The entity it is about, on a delivery of a webhook with `ordering: 'entity'`: it is not claimed
   * while an earlier delivery of the same webhook and entity is pending.
   */
  readonly orderingKey?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One HTTP attempt of a delivery, as the attempt log keeps it. */
export interface DeliveryAttempt {
  readonly id: string;
  readonly deliveryId: string;
  readonly affiliateId: string;
  readonly webhookId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly attemptedAt: Date;
  readonly payloadVersion: 'v1' | 'v2';
  readonly succeeded: boolean;
  readonly statusCode?: number;
  readonly latencyMs: number;
  /** The first 4 KiB of the answer. */
  readonly responseBody?: string;
  /** Why no HTTP answer came (time-out, refused address, connection error). */
  readonly error?: string;
}

/** A delivery a worker holds the lease of, with its event. */
export interface ClaimedDelivery {
  readonly delivery: Delivery;
  readonly event: EventRecord;
  readonly leaseToken: string;
}

/** What a worker writes back after an attempt. */
export interface AttemptOutcome {
  readonly attempt: DeliveryAttempt;
  readonly status: DeliveryStatus;
  readonly nextAttemptAt?: Date;
}

/** What {@link DeliveryStore.recover} did: how many failed deliveries are due again, and whether more wait. */
export interface RecoverResult {
  readonly recovered: number;
  /** More failed deliveries in the window than `limit`: call again to re-queue the rest. */
  readonly hasMore: boolean;
}

/** Rows removed by one {@link DeliveryStore.prune} batch, or by a whole prune. */
export interface PruneCounts {
  readonly deliveries: number;
  readonly attempts: number;
  readonly events: number;
}

/**
 * One hour of a webhook's attempts, counted as they are logged: what the endpoint health view
 * reads instead of the attempt log.
 */
export interface AttemptHour {
  /** The start of the hour, in UTC. */
  readonly hour: Date;
  readonly succeeded: number;
  readonly failed: number;
}

/** The outbox backlog at `now`, across every affiliate. */
export interface Backlog {
  /** Deliveries not yet final (due or waiting for a retry). */
  readonly pending: number;
  /** Pending deliveries whose next attempt is due. */
  readonly due: number;
  /** When the longest-waiting due delivery fell due; absent when none is due. */
  readonly oldestDueAt?: Date;
}

/** Longest answer an attempt keeps, in UTF-8 bytes (4 KiB). */
export const maxResponseBodyBytes = 4096;

/**
 * The first {@link maxResponseBodyBytes} of an answer, as the stores keep it, ending on a whole
 * character (one the limit would cut in two is left out).
 *
 * @example capResponseBody('x'.repeat(10_000)).length === 4096
 */
export function capResponseBody(body: string): string {
  // At most 3 bytes per UTF-16 unit: short answers need no encoding.
  if (body.length * 3 <= maxResponseBodyBytes) return body;
  const bytes = new TextEncoder().encode(body);
  if (bytes.length <= maxResponseBodyBytes) return body;
  let end = maxResponseBodyBytes;
  // Back to the first byte of the character the limit falls in (UTF-8 continuation bytes are 10xxxxxx).
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/** A page of a listing. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** One event for {@link DeliveryStore.publish}: the record, whether it goes to webhooks, and its deliveries' id prefix. */
export interface PublishedEvent {
  readonly event: EventRecord;
  readonly deliver: boolean;
  readonly idPrefix: string;
  /**
   * The event's v2 payload as a receiver would get it (stamped at `occurredAt`): what webhooks'
   * filters are matched against. A webhook with a filter gets no delivery when it does not match.
   */
  readonly payload?: Readonly<Record<string, unknown>>;
  /**
   * The entity the event is about (`order_id:ord_1`): a webhook with `ordering: 'entity'` is sent
   * one entity's deliveries one at a time, in the order they were published. Absent: unordered.
   */
  readonly entityKey?: string;
}

/** An event's place in the event list, which runs newest first: by `occurredAt`, then by `eventId`. */
export interface EventPosition {
  readonly occurredAt: Date;
  readonly eventId: string;
}

/** What {@link DeliveryStore.listEvents} reads: one affiliate's events, filtered, one page from a position. */
export interface EventListQuery {
  readonly affiliateId: string;
  /** Only events of these types (the caller leaves out what must never be listed). */
  readonly types: readonly string[];
  /** Only events that occurred at or after this. */
  readonly occurredFrom?: Date;
  /** Only events that occurred before this. */
  readonly occurredBefore?: Date;
  /** Only events with a delivery to this webhook (sent, due or given up). */
  readonly webhookId?: string;
  /** The page of events older than this position (paging down). At most one of the two positions. */
  readonly startingAfter?: EventPosition;
  /** The page of events newer than this position and closest to it (paging up). */
  readonly endingBefore?: EventPosition;
  readonly limit: number;
}

/**
 * One page of events, newest first. `hasMore`: more events match beyond the page in the direction
 * read (older ones after the last for a first page or `startingAfter`; newer ones before the first
 * for `endingBefore`).
 */
export interface EventPage {
  readonly events: readonly EventRecord[];
  readonly hasMore: boolean;
}

/** A delivery's place in the message log, which runs newest first: by `createdAt`, then by `id`. */
export interface DeliveryPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/** What {@link DeliveryStore.listDeliveries} reads: one affiliate's deliveries, filtered, one page from a position. */
export interface DeliveryListQuery {
  readonly affiliateId: string;
  /** Only deliveries to this webhook. */
  readonly webhookId?: string;
  /** Only deliveries in one of these states. */
  readonly statuses?: readonly DeliveryStatus[];
  /** Only deliveries of events of these types. */
  readonly types?: readonly string[];
  /** Only deliveries created at or after this. */
  readonly createdFrom?: Date;
  /** Only deliveries created before this. */
  readonly createdBefore?: Date;
  /** The page of deliveries older than this position (paging down). At most one of the two positions. */
  readonly startingAfter?: DeliveryPosition;
  /** The page of deliveries newer than this position and closest to it (paging up). */
  readonly endingBefore?: DeliveryPosition;
  readonly limit: number;
}

/** One page of deliveries, newest first; `hasMore` as in {@link EventPage}. */
export interface DeliveryPage {
  readonly deliveries: readonly Delivery[];
  readonly hasMore: boolean;
}

/**
 * The webhook outbox. Emitting an event writes the event and its deliveries in the caller's
 * transaction; workers claim due deliveries under a lease (on PostgreSQL with
 * `FOR UPDATE SKIP LOCKED`, so two workers never claim the same row), send, and complete them
 * with the lease token, so a worker whose lease ran out cannot overwrite a newer outcome
 * nor log an attempt under a number its successor uses.
 *
 * @example
 * const claimed = await storage.deliveries.claimDue({ now, limit: 50, leaseMs: 60_000, leaseToken: 'lease_1' });
 */
export interface DeliveryStore {
  /** Stores an event once; false when an event with that id already exists (idempotent emission). */
  insertEvent(input: { event: EventRecord }): Promise<boolean>;
  /**
   * Emits events, in the order given: stores each once and, when it is new and its `deliver` is
   * true, queues a pending delivery due at its `occurredAt` for every enabled webhook of its
   * affiliate subscribed to its type; to a webhook whose circuit breaker holds deliveries back
   * (open or half-open), due when it next lets one through (its `retryAt`) if that is later. An
   * event's deliveries' ids are its `idPrefix`, an underscore and 1, 2, 3... in the order the
   * webhooks were created (`idPrefix` is a fresh id, so they are unique). On PostgreSQL one
   * statement for all of them, which reads the webhooks itself, so a webhook created, disabled or
   * changed a moment ago is seen as it is. For each event, in the same order: `inserted` is false
   * (and nothing queued) when an event with that id already existed.
   */
  publish(input: { events: readonly PublishedEvent[] }): Promise<{ inserted: boolean; queued: number }[]>;
  getEvent(input: { affiliateId: string; eventId: string }): Promise<EventRecord | undefined>;
  /**
   * A page of an affiliate's events, newest first: by `occurredAt` descending, then `eventId`
   * descending by code point (PostgreSQL's `"C"` collation), so events of the same millisecond
   * keep one order and a position splits the list in two without a gap or an overlap. The
   * positions need not be of a listed event (a filter may leave theirs out).
   */
  listEvents(input: EventListQuery): Promise<EventPage>;
  /** The deliveries an event produced (one per webhook), oldest first, then by id. */
  listEventDeliveries(input: { affiliateId: string; eventId: string }): Promise<Delivery[]>;
  enqueue(input: { deliveries: readonly Delivery[] }): Promise<void>;
  /**
   * Leases up to `limit` due deliveries, oldest due first, passing over those of
   * `skipWebhookIds` (endpoints the worker already has enough of in hand).
   */
  claimDue(input: {
    now: Date;
    limit: number;
    leaseMs: number;
    leaseToken: string;
    skipWebhookIds?: readonly string[];
  }): Promise<ClaimedDelivery[]>;
  /**
   * When the delivery's lease is still `leaseToken`'s: records the new state and logs the attempt,
   * in one atomic write, and answers true. When the lease was lost (it ended and another worker
   * claimed the delivery, or it was released or recovered): writes nothing, neither the state nor
   * the attempt, and answers false. The holder sends the delivery again under the same attempt
   * number, so the attempt log keeps one row per number.
   */
  complete(input: {
    affiliateId: string;
    id: string;
    leaseToken: string;
    outcome: AttemptOutcome;
    updatedAt: Date;
  }): Promise<boolean>;
  /**
   * {@link DeliveryStore.complete} for a whole batch in one round trip; one result per item, in
   * order. An item whose lease was lost writes nothing and answers false; the others are written.
   */
  completeMany(input: {
    items: readonly {
      affiliateId: string;
      id: string;
      leaseToken: string;
      outcome: AttemptOutcome;
      updatedAt: Date;
    }[];
  }): Promise<boolean[]>;
  /**
   * Gives claimed deliveries back unsent (the worker is stopping, their lease is too short for
   * another attempt, or their endpoint's circuit breaker is open), so any worker can claim them
   * at once instead of after the lease, or at `nextAttemptAt` when one is given. No attempt is
   * spent. Only rows whose lease is still `leaseToken`'s move; returns how many did.
   */
  release(input: {
    items: readonly { affiliateId: string; id: string; leaseToken: string; nextAttemptAt?: Date }[];
  }): Promise<number>;
  /**
   * Moves the webhook's pending deliveries that are due before `until`, and that no worker
   * holds, to `until`, spending no attempt (its circuit breaker opened, or a throttle or a slow
   * send holds it). With `backlogUntil`, only the first of them in due order moves to `until`, to
   * be the breaker's probe, and the rest to `backlogUntil`: a later deferral then moves only what
   * arrived since, instead of the whole backlog each time the breaker changes. Returns how many
   * moved.
   */
  defer(input: {
    affiliateId: string;
    webhookId: string;
    until: Date;
    now: Date;
    backlogUntil?: Date;
  }): Promise<number>;
  /**
   * The reverse of `defer` when a webhook's circuit breaker closes (a probe succeeded, a new URL,
   * or the webhook enabled again): its pending, unheld deliveries due after `now` and no later
   * than `heldUntil` (and, with `heldFrom`, no earlier than it) become due at `now`. Returns how
   * many moved.
   */
  resume(input: {
    affiliateId: string;
    webhookId: string;
    heldUntil: Date;
    now: Date;
    heldFrom?: Date;
  }): Promise<number>;
  get(input: { affiliateId: string; webhookId: string; id: string }): Promise<Delivery | undefined>;
  /**
   * Makes a delivery due now (manual retry), in one atomic write: a final one becomes pending with
   * its lease cleared; a pending one no worker holds is due at `now` (or earlier, as it was).
   * Undefined, with nothing written, when it is not this webhook's or a worker holds its lease at `now`.
   */
  requeue(input: {
    affiliateId: string;
    webhookId: string;
    id: string;
    now: Date;
  }): Promise<Delivery | undefined>;
  /**
   * Pending deliveries of a webhook become cancelled (it was deleted or disabled). Leased ones
   * too: their lease ends, so a send in flight writes nothing when it completes.
   */
  cancelPending(input: { affiliateId: string; webhookId: string; now: Date }): Promise<number>;
  /** When the webhook's current run of failed attempts began (after its last success); undefined when its last attempt succeeded or none failed. */
  failingSince(input: { affiliateId: string; webhookId: string }): Promise<Date | undefined>;
  /**
   * Recovery after an outage: the webhook's `failed` deliveries whose last attempt (their creation
   * when none was made) is in `[since, until)` become pending and due at `now`, with a fresh attempt
   * budget (`attempts` back to 0). At most `limit` per call, oldest first; rows another caller holds
   * are passed over, so concurrent calls re-queue each delivery once.
   */
  recover(input: {
    affiliateId: string;
    webhookId: string;
    since: Date;
    until: Date;
    now: Date;
    limit: number;
  }): Promise<RecoverResult>;
  /**
   * One retention batch, across every affiliate: up to `limit` deliveries that are `succeeded` or
   * `cancelled` and last changed before `succeededBefore`, or `failed` and last changed before
   * `failedBefore`, are deleted with their attempts and, once no delivery refers to them, their
   * events; when fewer than `limit` deliveries went, also up to `limit` events older than
   * `succeededBefore` that no delivery refers to. Pending deliveries are never touched, and rows
   * another transaction holds are passed over. Call again while `deliveries` or `events` reaches `limit`.
   * When fewer than `limit` deliveries went, the hourly attempt counts of hours before the earlier
   * cutoff all go too, in batches of `limit` (the answer does not count them).
   */
  prune(input: { succeededBefore: Date; failedBefore: Date; limit: number }): Promise<PruneCounts>;
  /**
   * The webhook's attempts counted by the hour (UTC) they were made in, for the hours starting in
   * `[from, to)`, oldest first; an hour without attempts has no row. `complete` and `completeMany`
   * count an attempt in the same write that logs it, so a lost lease counts nothing; `prune` drops
   * hours older than the earlier of its two cutoffs (the longest an attempt is kept).
   */
  attemptHours(input: {
    affiliateId: string;
    webhookId: string;
    from: Date;
    to: Date;
  }): Promise<AttemptHour[]>;
  /** How much waits in the outbox at `now` (every affiliate): for health checks. */
  backlog(input: { now: Date }): Promise<Backlog>;
  /** The attempt log of a webhook, newest first. */
  listAttempts(input: {
    affiliateId: string;
    webhookId: string;
    offset: number;
    limit: number;
  }): Promise<Page<DeliveryAttempt>>;
  /**
   * A page of an affiliate's deliveries (the message log), newest first: by `createdAt`
   * descending, then `id` descending by code point (PostgreSQL's `"C"` collation). The positions
   * need not be of a listed delivery.
   */
  listDeliveries(input: DeliveryListQuery): Promise<DeliveryPage>;
  /** One of the affiliate's deliveries, whichever webhook it is to. */
  findDelivery(input: { affiliateId: string; id: string }): Promise<Delivery | undefined>;
  /** The newest `limit` attempts of one delivery, oldest first: by `attemptedAt`, then `attempt`, then `id`. */
  listDeliveryAttempts(input: {
    affiliateId: string;
    deliveryId: string;
    limit: number;
  }): Promise<DeliveryAttempt[]>;
}
