import type { DeliveryStore } from '../../storage/delivery-store';
import type { MemoryOutbox } from './memory-outbox';

/** The outbox backlog that the health report and the outbox gauges read. */
export function memoryDeliveryHealth(outbox: MemoryOutbox): Pick<DeliveryStore, 'backlog'> {
  const { state } = outbox;
  return {
    async backlog({ now }) {
      let pending = 0;
      let due = 0;
      let oldest: number | undefined;
      for (const d of state.deliveries.values()) {
        if (d.status !== 'pending') continue;
        pending += 1;
        const at = d.nextAttemptAt?.getTime();
        if (at === undefined || at > now.getTime()) continue;
        due += 1;
        if (oldest === undefined || at < oldest) oldest = at;
      }
      return { pending, due, ...(oldest === undefined ? {} : { oldestDueAt: new Date(oldest) }) };
    },
  };
}
