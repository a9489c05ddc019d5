import type { DeliveryAttempt, DeliveryStore } from '../../storage/delivery-store';
import type { MemoryOutbox } from './memory-outbox';
import { type MemoryState, scopedKey } from './memory-state';

const hourMs = 3_600_000;

/** The start of the UTC hour `at` falls in, in milliseconds. */
const hourOf = (at: Date): number => Math.floor(at.getTime() / hourMs) * hourMs;

/** The key of a webhook's hour in `state.attemptHours`. */
export const attemptHourKey = (affiliateId: string, webhookId: string, hour: number): string =>
  scopedKey(affiliateId, `${webhookId}\u0000${hour}`);

/** Counts a logged attempt into its webhook's hour (the write that logs it calls this). */
export function countAttempt(state: MemoryState, attempt: DeliveryAttempt): void {
  const hour = hourOf(attempt.attemptedAt);
  const key = attemptHourKey(attempt.affiliateId, attempt.webhookId, hour);
  const row = state.attemptHours.get(key) ?? {
    affiliateId: attempt.affiliateId,
    webhookId: attempt.webhookId,
    hour: new Date(hour),
    succeeded: 0,
    failed: 0,
  };
  state.attemptHours.set(key, {
    ...row,
    succeeded: row.succeeded + (attempt.succeeded ? 1 : 0),
    failed: row.failed + (attempt.succeeded ? 0 : 1),
  });
}

/** Drops the hours that start before `before` (retention). */
export function pruneAttemptHours(state: MemoryState, before: Date): void {
  for (const [key, row] of state.attemptHours) if (row.hour < before) state.attemptHours.delete(key);
}

/** The hourly attempt counts the endpoint health view reads. */
export function memoryAttemptHours(outbox: MemoryOutbox): Pick<DeliveryStore, 'attemptHours'> {
  const { state } = outbox;
  return {
    async attemptHours({ affiliateId, webhookId, from, to }) {
      return [...state.attemptHours.values()]
        .filter(
          (row) =>
            row.affiliateId === affiliateId &&
            row.webhookId === webhookId &&
            row.hour >= from &&
            row.hour < to,
        )
        .sort((a, b) => a.hour.getTime() - b.hour.getTime())
        .map((row) => ({ hour: new Date(row.hour), succeeded: row.succeeded, failed: row.failed }));
    },
  };
}
