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
    expect(slots.sendable(waiting)).toBe(1);
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
});
