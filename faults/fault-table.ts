import type { Acknowledged } from './order-loader';
import type { Arrival } from './receiver';

/** The events each recorded paid order sends to a webhook subscribed to both. */
export const orderEvents = ['ecommerce_order_created', 'ecommerce_order_paid'] as const;

/** One row of the fault table. */
export interface FaultRow {
  readonly scenario: string;
  /** Orders acknowledged during the scenario. */
  readonly orders: number;
  /** Expected events of those orders never received. */
  readonly lost: number;
  /** Deliveries of those orders' events received more than once. */
  readonly duplicates: number;
  /** From the dependency being back to the first delivery after it (`–` when not an outage). */
  readonly resume: string;
  /** Longest wait from an order's 201 to the first arrival of its last event. */
  readonly maxLag: string;
  /** What the clients saw while it lasted. */
  readonly seen: string;
  /** Slowest rate-limited answer while Redis was down. */
  readonly redisMaxMs: string;
}

/** What the test noted of a scenario besides its delivery counts. */
export interface Notes {
  resume: string;
  seen: string;
  /** Append the scenario's `POST /orders` answers, as counted when the table is printed. */
  orders?: boolean;
  redisMaxMs?: string;
}

/** What arrived for each order: first arrival per event type, and copies per event id. */
export interface ArrivalIndex {
  readonly firstAt: Map<string, number>;
  readonly copies: Map<string, number>;
  readonly eventsOf: Map<string, Set<string>>;
}

export function indexArrivals(arrivals: readonly Arrival[]): ArrivalIndex {
  const firstAt = new Map<string, number>();
  const copies = new Map<string, number>();
  const eventsOf = new Map<string, Set<string>>();
  for (const arrival of arrivals) {
    if (!arrival.orderId) continue;
    const key = `${arrival.orderId} ${arrival.eventType}`;
    if (!firstAt.has(key)) firstAt.set(key, arrival.at);
    copies.set(arrival.eventId, (copies.get(arrival.eventId) ?? 0) + 1);
    eventsOf.set(arrival.orderId, (eventsOf.get(arrival.orderId) ?? new Set()).add(arrival.eventId));
  }
  return { firstAt, copies, eventsOf };
}

/** Lost events, duplicate deliveries and the worst lag of the orders acknowledged in `phase` (all when omitted). */
export function deliveryStats(
  acknowledged: ReadonlyMap<string, Acknowledged>,
  index: ArrivalIndex,
  phase?: string,
): { orders: number; lost: number; duplicates: number; maxLagMs: number; lostOrders: string[] } {
  let orders = 0;
  let lost = 0;
  let duplicates = 0;
  let maxLagMs = 0;
  const lostOrders: string[] = [];
  for (const [orderId, ack] of acknowledged) {
    if (phase !== undefined && ack.phase !== phase) continue;
    orders += 1;
    for (const eventType of orderEvents) {
      const at = index.firstAt.get(`${orderId} ${eventType}`);
      if (at === undefined) {
        lost += 1;
        lostOrders.push(`${orderId} ${eventType}`);
      } else maxLagMs = Math.max(maxLagMs, at - ack.at);
    }
    for (const eventId of index.eventsOf.get(orderId) ?? [])
      duplicates += (index.copies.get(eventId) ?? 1) - 1;
  }
  return { orders, lost, duplicates, maxLagMs, lostOrders };
}

/** Seconds with one decimal, or `–`. */
export const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);

/** Counts of equal strings, most frequent first: `503 STORAGE_UNAVAILABLE RA=5 ×12, 200 ×1`. */
export function countOf(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => `${value} ×${count}`)
    .join(', ');
}

/** The table as Markdown, for docs/operations.md. */
export function formatFaultTable(rows: readonly FaultRow[]): string {
  const head = [
    'scenario',
    'orders',
    'lost',
    'duplicates',
    'time to resume',
    'max lag',
    'seen during the outage',
    'Redis-outage max latency',
  ];
  const lines = [head, head.map(() => '---')];
  for (const row of rows) {
    lines.push([
      row.scenario,
      String(row.orders),
      String(row.lost),
      String(row.duplicates),
      row.resume,
      row.maxLag,
      row.seen,
      row.redisMaxMs,
    ]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/**
 * The fault table of a run, in scenario order, and a line for the whole run: each scenario's
 * orders are the ones acknowledged while it ran.
 */
export function faultTable(input: {
  notes: ReadonlyMap<string, Notes>;
  acknowledged: ReadonlyMap<string, Acknowledged>;
  arrivals: readonly Arrival[];
  ordersSeen: (scenario: string) => string;
}): string {
  const index = indexArrivals(input.arrivals);
  const rows: FaultRow[] = [...input.notes].map(([scenario, note]) => {
    const stats = deliveryStats(input.acknowledged, index, scenario);
    return {
      scenario,
      orders: stats.orders,
      lost: stats.lost,
      duplicates: stats.duplicates,
      resume: note.resume,
      maxLag: stats.orders === 0 ? '–' : seconds(stats.maxLagMs),
      seen: note.orders ? [note.seen, input.ordersSeen(scenario)].filter(Boolean).join('; ') : note.seen,
      redisMaxMs: note.redisMaxMs ?? '–',
    };
  });
  const all = deliveryStats(input.acknowledged, index);
  const summary = [
    `${all.orders} orders acknowledged`,
    `${all.orders * orderEvents.length} events expected`,
    `${input.arrivals.length} deliveries received`,
    `${all.lost} lost`,
    `${all.duplicates} duplicates`,
    `max lag ${seconds(all.maxLagMs)}`,
  ];
  return `${formatFaultTable(rows)}\n\nall: ${summary.join(', ')}`;
}
