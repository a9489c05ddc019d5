import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../storage/delivery-store';
import { endpointSlots } from './endpoint-slots';

/** A waiting delivery of `webhookId`: only the webhook matters to the slots. */
const waitingFor = (webhookId: string) => ({
  claimed: { delivery: { webhookId } } as unknown as ClaimedDelivery,
});

describe('endpoint slots: sends in flight per endpoint', () => {
  it('a slow endpoint holds one send and one waiting delivery; answering in time gives it its cap back', () => {
    const slots = endpointSlots(4);
    const waiting = [waitingFor('hangs'), waitingFor('hangs'), waitingFor('fine')];
    slots.take('hangs');
    expect(slots.free('hangs')).toBe(true);
    expect(slots.crowded(waiting, 100)).toEqual([]);

    slots.mark('hangs', true);
    expect(slots.slow('hangs')).toBe(true);
    expect(slots.cap('hangs')).toBe(1);
    expect(slots.free('hangs')).toBe(false);
    // The first waiting delivery it may send is the other endpoint's.
    expect(slots.pick(waiting)).toBe(2);
    // Only the other endpoint's delivery counts towards what is in hand.
    expect(slots.short(waiting, { depth: 2, width: 1 })).toBe(true);
    expect(slots.short(waiting, { depth: 1, width: 1 })).toBe(false);
    // Claims pass it over while it has a send in flight.
    expect(slots.crowded(waiting, 100)).toEqual(['hangs']);

    slots.give('hangs');
    expect(slots.crowded([waitingFor('fine')], 100)).toEqual([]);
    expect(slots.crowded(waiting, 100)).toEqual(['hangs']);

    slots.mark('hangs', false);
    expect(slots.cap('hangs')).toBe(4);
    expect(slots.pick(waiting)).toBe(0);
    expect(slots.crowded(waiting, 100)).toEqual([]);
  });

  it('with no room for more slow sends, slow endpoints get none and the others keep theirs', () => {
    const slots = endpointSlots(4);
    slots.mark('hangs', true);
    slots.roomForSlow = false;
    expect(slots.free('hangs')).toBe(false);
    expect(slots.free('fine')).toBe(true);
    expect(slots.pick([waitingFor('hangs'), waitingFor('fine')])).toBe(1);
    slots.roomForSlow = true;
    expect(slots.pick([waitingFor('hangs'), waitingFor('fine')])).toBe(0);
  });

  it('is short of deliveries when too few wait, or their endpoints could not keep every sender busy', () => {
    const slots = endpointSlots(4);
    const many = Array.from({ length: 10 }, () => waitingFor('busy'));
    for (let i = 0; i < 4; i += 1) slots.take('busy');
    // Ten wait behind four sends in flight: enough for four senders, not for eight.
    expect(slots.short(many, { depth: 10, width: 4 })).toBe(false);
    expect(slots.short(many, { depth: 11, width: 4 })).toBe(true);
    expect(slots.short(many, { depth: 10, width: 8 })).toBe(true);
    // A second endpoint in hand widens it.
    expect(slots.short([...many, waitingFor('other'), waitingFor('other')], { depth: 10, width: 6 })).toBe(
      false,
    );
    // Deliveries the caller does not count as ready are not in hand.
    expect(slots.short(many, { depth: 10, width: 4 }, () => false)).toBe(true);
  });

  it('is short exactly when too few wait, or their endpoints add up to too little width (any mix)', () => {
    const endpoint = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(
        fc.array(endpoint, { maxLength: 30 }),
        fc.array(endpoint, { maxLength: 10 }),
        fc.array(endpoint, { maxLength: 2 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 12 }),
        (queued, inFlight, slow, depth, width) => {
          const slots = endpointSlots(3);
          for (const id of inFlight) slots.take(id);
          for (const id of slow) slots.mark(id, true);
          // What it means: deliveries of endpoints that are not slow, and per endpoint what it
          // could have in flight (its sends now and its deliveries waiting) up to its cap.
          const counts = new Map<string, number>();
          for (const id of queued) if (!slow.includes(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
          const have = [...counts.values()].reduce((sum, count) => sum + count, 0);
          const wide = [...counts].reduce(
            (sum, [id, count]) => sum + Math.min(3, count + inFlight.filter((one) => one === id).length),
            0,
          );
          expect(slots.short(queued.map(waitingFor), { depth, width })).toBe(have < depth || wide < width);
        },
      ),
    );
  });
});
