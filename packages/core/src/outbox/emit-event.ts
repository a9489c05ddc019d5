import { platform } from '#platform';
import type { ServiceDeps } from '../deps/service-deps';
import { currentTraceContext } from '../ports/telemetry/trace-context';
import { entityKeyOf } from '../rules/events/entity-key';
import { type EventCategory, type EventType, eventDefinition } from '../rules/events/event-dictionary';
import { buildV2Payload, type EventPatient, type EventRecord } from '../rules/events/v2-payload';
import type { PublishedEvent } from '../storage/delivery-store';
import type { Storage } from '../storage/storage';
import { type JoinKeys, resolveJoinKeys } from './join-keys';
import { readOnce } from './read-once';
import { resolveAttribution } from './resolve-attribution';

/** What a commerce call emits. */
export interface EmitInput {
  readonly affiliateId: string;
  readonly eventType: EventType;
  /** The full raw event: the v1 payload, and what v2 payloads are projected from. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The linked patient; the identity block is filled from the patient record and their orders. */
  readonly patientId?: string;
  /** The order the event concerns, left out when deciding whether the patient is returning. */
  readonly orderId?: string;
  /** The journey the event concerns: the attribution fallback before an order exists (docs/api.md §2.8 rule 2). */
  readonly journeyId?: string;
  /** Attribution to carry as is; when absent it is resolved from the order, then the journey. */
  readonly attribution?: Readonly<Record<string, unknown>>;
  /**
   * A stable key of the record behind the event (a journey event's record id): the event id is
   * derived from it, so the same record emitted twice is one event, delivered once.
   */
  readonly eventKey?: string;
}

async function derivedEventId(affiliateId: string, eventType: string, key: string): Promise<string> {
  const digest = await platform.sha256Base64url(`${affiliateId}\u0000${eventType}\u0000${key}`);
  return `evt_${digest.slice(0, 26)}`;
}

/**
 * The raw event with its join keys (docs/api.md §6.5) written in, so the v1 payload and every v2 attempt
 * carry the same ones: `ecommerce_order_id` on journey events, `journey_id` on order-side events.
 * The linked record decides over a raw value that disagrees with it.
 */
function withJoinKeys(
  data: Readonly<Record<string, unknown>>,
  category: EventCategory,
  links: JoinKeys,
): Readonly<Record<string, unknown>> {
  const key = category === 'JOURNEY' ? 'ecommerce_order_id' : 'journey_id';
  const value = category === 'JOURNEY' ? links.orderId : links.journeyId;
  const journeyId = category === 'JOURNEY' ? links.journeyId : undefined;
  if (
    (value === undefined || data[key] === value) &&
    (journeyId === undefined || data.journey_id === journeyId)
  )
    return data;
  return {
    ...data,
    ...(value === undefined ? {} : { [key]: value }),
    ...(journeyId === undefined ? {} : { journey_id: journeyId }),
  };
}

async function patientOf(tx: Storage, input: EmitInput): Promise<EventPatient | undefined> {
  if (!input.patientId) return undefined;
  const [patient, isReturning] = await Promise.all([
    tx.patients.get({ affiliateId: input.affiliateId, id: input.patientId }),
    tx.patients.isReturning({
      affiliateId: input.affiliateId,
      patientId: input.patientId,
      excludeOrderId: input.orderId,
    }),
  ]);
  return {
    id: input.patientId,
    ...(patient?.externalId ? { externalId: patient.externalId } : {}),
    marketingConsent: patient?.marketingConsent ?? false,
    isReturning,
  };
}

/** The stored event for `input`, with its join keys, patient, attribution and trace context. */
async function eventRecord(
  reads: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  input: EmitInput,
): Promise<{ event: EventRecord; deliver: boolean }> {
  const definition = eventDefinition(input.eventType);
  if (!definition?.implemented) {
    throw new TypeError(
      `@affiliate-commerce/core: cannot emit ${JSON.stringify(input.eventType)}: not an implemented event`,
    );
  }
  const now = deps.clock.now();
  const eventId = input.eventKey
    ? await derivedEventId(input.affiliateId, input.eventType, input.eventKey)
    : deps.ids.next({ prefix: 'evt' });
  const patient = await patientOf(reads, input);
  const links = await resolveJoinKeys(reads, {
    affiliateId: input.affiliateId,
    category: definition.category,
    data: input.data,
    orderId: input.orderId,
    journeyId: input.journeyId,
  });
  const attribution =
    input.attribution ??
    (links.orderId || links.journeyId
      ? await resolveAttribution({
          storage: reads,
          affiliateId: input.affiliateId,
          orderId: links.orderId,
          journeyId: links.journeyId,
        })
      : undefined);
  const traceContext = currentTraceContext();
  const event: EventRecord = {
    eventId,
    eventType: input.eventType,
    affiliateId: input.affiliateId,
    occurredAt: now,
    data: withJoinKeys(input.data, definition.category, links),
    ...(patient ? { patient } : {}),
    ...(attribution && Object.keys(attribution).length > 0 ? { attribution: { ...attribution } } : {}),
    ...traceContext,
  };
  return { event, deliver: definition.visibility === 'public' };
}

/**
 * Emits events inside the caller's transaction: stores each and writes one outbox row per
 * enabled webhook of the affiliate subscribed to it, so the record, its events and their
 * deliveries commit or roll back together, and all of them go to storage in one write. Join keys
 * (docs/api.md §6.5) and attribution are resolved here, through the record's order, subscription and
 * journey, and stored with the raw event. Internal events are stored but never delivered.
 * Emitting the same `eventKey` again changes nothing.
 *
 * @returns each event, and how many deliveries it queued, in the order given
 */
export async function emitEvents(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  inputs: readonly EmitInput[],
): Promise<{ event: EventRecord; queued: number }[]> {
  if (inputs.length === 0) return [];
  const reads = readOnce(tx);
  const built: PublishedEvent[] = [];
  for (const input of inputs) {
    const { event, deliver } = await eventRecord(reads, deps, input);
    const entityKey = deliver ? entityKeyOf(event) : undefined;
    built.push({
      event,
      deliver,
      idPrefix: deps.ids.next({ prefix: 'dlv' }),
      // What webhooks' filters match: the payload a receiver would get, stamped when it occurred.
      ...(deliver ? { payload: buildV2Payload(event, { attemptAt: event.occurredAt }) } : {}),
      ...(entityKey ? { entityKey } : {}),
    });
  }
  const published = await tx.deliveries.publish({ events: built });
  return Promise.all(
    built.map(async ({ event }, index) => {
      const outcome = published[index];
      if (outcome?.inserted) return { event, queued: outcome.queued };
      // Emitted before: the stored event is the one that counts.
      return {
        event:
          (await tx.deliveries.getEvent({ affiliateId: event.affiliateId, eventId: event.eventId })) ?? event,
        queued: 0,
      };
    }),
  );
}

/**
 * Emits one event inside the caller's transaction ({@link emitEvents} with one input).
 *
 * @returns the event, and how many deliveries it queued
 * @example
 * await storage.transaction((tx) => emitEvent(tx, deps, { affiliateId, eventType: 'order_created', data }));
 */
export async function emitEvent(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  input: EmitInput,
): Promise<{ event: EventRecord; queued: number }> {
  const [emitted] = await emitEvents(tx, deps, [input]);
  return emitted!;
}
