import { z } from 'zod';
import {
  defaultEventPage,
  eventTypeList,
  isoInstant,
  maxEventPage,
  pageLimit,
  recordId,
} from '../areas/event-log/event-log-input';
import type { DeliveryStatus } from '../storage/delivery-store';

/** Every state a delivery can be in, as the `status` filter names them. */
export const deliveryStatuses: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

const statusList = z
  .string()
  .max(200, 'must be at most 200 characters')
  .transform((value, ctx) => {
    const names = [...new Set(value.split(',').map((name) => name.trim()))];
    const refused = names.filter((name) => !deliveryStatuses.includes(name as DeliveryStatus));
    if (refused.length === 0) return names as DeliveryStatus[];
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of ${deliveryStatuses.join(', ')}, not ${refused.map((name) => `'${name}'`).join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * The query of `GET /v2/deliveries`, read like `GET /v2/events`' (the same ids, instants, page
 * sizes and type lists): every failure is 422 INVALID_FIELD naming the parameter; unknown
 * parameters are ignored. The cursors and `webhookId` are then checked against the affiliate's
 * records (422 on the same field when they are not its own).
 */
export const listDeliveriesQuery = z
  .object({
    limit: pageLimit.meta({
      description: `Deliveries per page, 1 to ${maxEventPage} (default ${defaultEventPage}).`,
    }),
    startingAfter: recordId
      .optional()
      .meta({ description: 'A delivery id: the page of deliveries older than it (the next page down).' }),
    endingBefore: recordId.optional().meta({
      description:
        'A delivery id: the page of deliveries newer than it and closest to it, still newest first (the page up).',
    }),
    webhookId: recordId.optional().meta({ description: 'Only deliveries to this webhook of the affiliate.' }),
    status: statusList.optional().meta({
      description:
        'Comma-separated states (pending, succeeded, failed, cancelled): only deliveries in one of them.',
    }),
    types: eventTypeList.optional().meta({
      description: 'Comma-separated public event types (getDictionary): only deliveries of events of these.',
    }),
    createdGte: isoInstant
      .optional()
      .meta({ description: 'Only deliveries created at or after this instant.' }),
    createdLt: isoInstant.optional().meta({ description: 'Only deliveries created before this instant.' }),
  })
  .superRefine((query, ctx) => {
    if (query.startingAfter !== undefined && query.endingBefore !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['endingBefore'],
        message: 'cannot be combined with startingAfter',
      });
  });

/** The parsed query of `GET /v2/deliveries`. */
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;

/** Path parameters of `/v2/deliveries/{deliveryId}`. */
export const deliveryIdParams = z.object({ deliveryId: recordId });
