import { categoryAllowlists } from '../../rules/events/allowlists';
import type { EventType } from '../../rules/events/event-dictionary';
import { isRecord } from '../../rules/events/field-types';
import type { CommerceRecord } from '../../storage/record-store';
import { recordKinds } from '../commerce-records/record-kinds';

/** Raw fields whose change has an ORDER event of its own (docs/api.md §6.1 dictionary). */
const fieldEvents: Readonly<Record<string, EventType>> = {
  case_status: 'order_case_status_changed',
  product_variation_ids: 'order_product_changed',
} as const;

/**
 * The ORDER fields whose change is `order_updated`: the allowlist less the order's id and status,
 * the fields with events of their own, and what the service computes (transition, attribution).
 */
const updateFields: readonly string[] = categoryAllowlists.ORDER.filter(
  (field) =>
    !['order_id', 'order_status', 'status_transition', 'attribution', ...Object.keys(fieldEvents)].includes(
      field,
    ),
);

/**
 * The raw event of a clinical order: the fields the host sent, with the order's id, status and
 * links under their docs/api.md §6.2 names (its ecommerce order is `ecommerce_order_id`).
 */
export function clinicalOrderData(order: CommerceRecord): Record<string, unknown> {
  return {
    ...order.fields,
    order_id: order.id,
    order_status: order.status,
    ...(order.orderId ? { ecommerce_order_id: order.orderId } : {}),
    ...(order.journeyId ? { journey_id: order.journeyId } : {}),
  };
}

/**
 * A value as JSON with object keys sorted, so two reports compare by content: storage may hand
 * fields back with keys reordered (jsonb) and dates as strings.
 */
function canonical(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const changed = (before: Record<string, unknown>, after: Record<string, unknown>, field: string): boolean =>
  canonical(before[field]) !== canonical(after[field]);

/**
 * The ORDER events one report of a clinical order emits, in this order:
 *
 * - a new order: `order_created`, and `order_cancelled` or `order_completed` when it is reported
 *   in that status already;
 * - a new status: `order_cancelled`, `order_completed`, else `order_status_changed`;
 * - a new `case_status`: `order_case_status_changed`; new `product_variation_ids`:
 *   `order_product_changed` (a field reported absent is no such change);
 * - any other ORDER-allowlisted field added, changed or removed: `order_updated`.
 *
 * The same report twice emits nothing the second time.
 */
export function clinicalOrderEvents(previous: CommerceRecord | undefined, next: CommerceRecord): EventType[] {
  const rules = recordKinds.clinicalOrder;
  const events: EventType[] = [];
  if (!previous) {
    if (rules.created) events.push(rules.created);
    const inStatus = rules.byStatus[next.status];
    if (inStatus) events.push(inStatus);
    return events;
  }
  if (previous.status !== next.status) {
    const statusEvent = rules.byStatus[next.status] ?? rules.otherChange;
    if (statusEvent) events.push(statusEvent);
  }
  const before = clinicalOrderData(previous);
  const after = clinicalOrderData(next);
  for (const [field, event] of Object.entries(fieldEvents)) {
    if (after[field] !== undefined && changed(before, after, field)) events.push(event);
  }
  if (updateFields.some((field) => changed(before, after, field))) events.push('order_updated');
  return events;
}
