import { z } from 'zod';
import { eventDictionary } from '../../rules/events/event-dictionary';

/** Most events on one page of `GET /v2/events`. */
export const maxEventPage = 100;
/** Events on a page when `limit` is left out. */
export const defaultEventPage = 25;

/** Event types the log lists and reads: the public ones. Internal events are never shown. */
export const listedEventTypes: readonly string[] = eventDictionary
  .filter((definition) => definition.visibility === 'public')
  .map((definition) => definition.name);

const listed = new Set(listedEventTypes);

/** True when the log lists events of this type. */
export const isListedEventType = (eventType: string): boolean => listed.has(eventType);

/** An id a caller names: a record of the affiliate, checked against its records once read. */
export const recordId = z
  .string()
  .min(1, 'must be an id')
  .max(200, 'must be at most 200 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

/** An ISO 8601 date-time with a zone, read as an instant. */
export const isoInstant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-23T10:00:00Z' })
  .transform((value) => new Date(value));

const pageSize = `must be a whole number from 1 to ${maxEventPage}`;
/** A page size from 1 to {@link maxEventPage}, {@link defaultEventPage} when left out. */
export const pageLimit = z.coerce
  .number({ error: pageSize })
  .int(pageSize)
  .min(1, pageSize)
  .max(maxEventPage, pageSize)
  .default(defaultEventPage);

/** A comma list of public event types, trimmed and once each; anything else is refused by name. */
export const eventTypeList = z
  .string()
  .max(5_000, 'must be at most 5,000 characters')
  .transform((value, ctx) => {
    const names = [...new Set(value.split(',').map((name) => name.trim()))];
    const refused = names.filter((name) => !listed.has(name));
    if (refused.length === 0) return names;
    ctx.addIssue({
      code: 'custom',
      message:
        names.length === 1 && names[0] === ''
          ? 'must name at least one event type'
          : `must be public event types (see getDictionary), not ${refused.map((name) => `'${name}'`).join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * The query of `GET /v2/events`: every failure is 422 INVALID_FIELD naming the parameter; unknown
 * parameters are ignored. The cursors and `webhookId` are then checked against the affiliate's
 * records (422 on the same field when they are not its own).
 */
export const listEventsQuery = z
  .object({
    limit: pageLimit.meta({
      description: `Events per page, 1 to ${maxEventPage} (default ${defaultEventPage}).`,
    }),
    startingAfter: recordId
      .optional()
      .meta({ description: 'An event id: the page of events older than it (the next page down).' }),
    endingBefore: recordId.optional().meta({
      description:
        'An event id: the page of events newer than it and closest to it, still newest first (the page up; what a poller of new events sends with the newest it has seen).',
    }),
    types: eventTypeList
      .optional()
      .meta({ description: 'Comma-separated public event types (getDictionary): only events of these.' }),
    createdGte: isoInstant
      .optional()
      .meta({ description: 'Only events that occurred at or after this instant.' }),
    createdLt: isoInstant.optional().meta({ description: 'Only events that occurred before this instant.' }),
    webhookId: recordId.optional().meta({
      description: 'Only events with a delivery to this webhook of the affiliate (sent, due or given up).',
    }),
  })
  .superRefine((query, ctx) => {
    if (query.startingAfter !== undefined && query.endingBefore !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['endingBefore'],
        message: 'cannot be combined with startingAfter',
      });
  });

/** The parsed query of `GET /v2/events`. */
export type ListEventsQuery = z.output<typeof listEventsQuery>;

/** Path parameters of `/v2/events/{eventId}`. */
export const eventIdParams = z.object({ eventId: z.string().min(1).max(200) });
