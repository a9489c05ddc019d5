import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { type EventEnvelope, type EventPage, type EventQuery, listEvents } from '../api/events-api';
import { type FakeApi, fakeToken, startFakeApi } from '../fake-api.test-support';
import { waitFor } from '../wait-for.test-support';
import { followEvents } from './event-follower';
import type { PollTiming } from './poll-delay';

/** The default timing scaled down twenty times or more, so outages take milliseconds. */
const fast: PollTiming = {
  intervalMs: 20,
  quietAfterMs: 60_000,
  maxQuietMs: 60,
  maxFailureMs: 50,
  maxRetryAfterMs: 50,
};

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** Follows with `list` and records what the handlers are told, in order. */
function follow(
  list: (query: EventQuery) => Promise<EventPage>,
  filters: { types?: string[]; webhookId?: string } = {},
) {
  const controller = new AbortController();
  const forwarded: string[] = [];
  const log: string[] = [];
  const done = followEvents({
    listEvents: list,
    ...filters,
    signal: controller.signal,
    timing: fast,
    handlers: {
      ready: (after) => log.push(`ready ${after ?? '-'}`),
      event: async (event) => {
        forwarded.push(event.event_id);
      },
      apiDown: (error) => log.push(`down ${error.code}`),
      apiBack: () => log.push('back'),
    },
  });
  const stop = async () => {
    controller.abort();
    // A session that failed on its own was checked by its test.
    await done.catch(() => {});
  };
  stops.push(stop);
  return { forwarded, log, done, stop };
}

function over(fake: FakeApi) {
  const client = apiClient({ baseUrl: fake.url, token: fakeToken });
  return (query: EventQuery) => listEvents(client, query);
}

describe('followEvents against the events API', () => {
  it('starts after the newest event and forwards only newer ones, oldest first', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.addEvent('order_created');
    const newest = fake.addEvent('order_created');
    const session = follow(over(fake));
    await waitFor(() => session.log.length > 0);
    expect(session.log).toEqual([`ready ${newest.event_id}`]);
    const later = [
      fake.addEvent('journey_started'),
      fake.addEvent('order_created'),
      fake.addEvent('order_paid'),
    ];
    await waitFor(() => session.forwarded.length === 3);
    expect(session.forwarded).toEqual(later.map((event) => event.event_id));
    const polls = fake.requests.filter((request) => request.url.searchParams.has('endingBefore'));
    expect(polls[0]!.url.searchParams.get('endingBefore')).toBe(newest.event_id);
  });

  it('pages while hasMore: 250 events at once arrive in order, each once', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.addEvent('order_created');
    const session = follow(over(fake));
    await waitFor(() => session.log.length > 0);
    const burst = Array.from({ length: 250 }, () => fake.addEvent('order_created').event_id);
    await waitFor(() => session.forwarded.length >= 250);
    expect(session.forwarded).toEqual(burst);
    const limits = fake.requests.map((request) => request.url.searchParams.get('limit'));
    expect(limits[0]).toBe('1');
    expect(new Set(limits.slice(1))).toEqual(new Set(['100']));
  });

  it('with no event at the start, forwards every event that appears, oldest first', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    const session = follow(over(fake));
    await waitFor(() => session.log.length > 0);
    expect(session.log).toEqual(['ready -']);
    const burst = Array.from({ length: 130 }, () => fake.addEvent('order_created').event_id);
    await waitFor(() => session.forwarded.length >= 130);
    expect(session.forwarded).toEqual(burst);
    fake.addEvent('order_paid');
    await waitFor(() => session.forwarded.length === 131);
  });

  it('passes the type and webhook filters on every call', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.addEvent('order_created', { webhookIds: ['whk_a'] });
    const session = follow(over(fake), { types: ['order_created', 'order_paid'], webhookId: 'whk_a' });
    await waitFor(() => session.log.length > 0);
    const wanted = [fake.addEvent('order_created', { webhookIds: ['whk_a'] })];
    fake.addEvent('journey_started', { webhookIds: ['whk_a'] });
    fake.addEvent('order_created', { webhookIds: ['whk_b'] });
    wanted.push(fake.addEvent('order_paid', { webhookIds: ['whk_a', 'whk_b'] }));
    await waitFor(() => session.forwarded.length === 2);
    expect(session.forwarded).toEqual(wanted.map((event) => event.event_id));
    for (const request of fake.requests) {
      expect(request.url.searchParams.get('types')).toBe('order_created,order_paid');
      expect(request.url.searchParams.get('webhookId')).toBe('whk_a');
    }
  });

  it('says once that the API is down, keeps trying, says when it is back, and goes on', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.addEvent('order_created');
    const session = follow(over(fake));
    await waitFor(() => session.log.length > 0);
    fake.failWith({ status: 503, code: 'STORAGE_UNAVAILABLE' });
    await waitFor(() => fake.requests.filter((request) => request.url.pathname === '/v2/events').length > 6);
    const during = fake.addEvent('order_created');
    fake.failWith(undefined);
    await waitFor(() => session.forwarded.length === 1);
    // Refused connections (the API stopped) are an outage too.
    await fake.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await fake.restart();
    const after = fake.addEvent('order_paid');
    await waitFor(() => session.forwarded.length === 2);
    expect(session.forwarded).toEqual([during.event_id, after.event_id]);
    expect(session.log.slice(1)).toEqual(['down STORAGE_UNAVAILABLE', 'back', 'down UNREACHABLE', 'back']);
  });

  it('waits out an API that is down at the start', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.failWith({ status: 502, code: 'HTTP_502' });
    const session = follow(over(fake));
    await waitFor(() => session.log.length === 1);
    expect(session.log).toEqual(['down HTTP_502']);
    fake.failWith(undefined);
    await waitFor(() => session.log.length === 3);
    expect(session.log).toEqual(['down HTTP_502', 'back', 'ready -']);
  });

  it('stops with the API refusing for good: a bad token', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    const client = apiClient({ baseUrl: fake.url, token: 'wrong' });
    const session = follow((query) => listEvents(client, query));
    await expect(session.done).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('resolves at once when aborted, even in the middle of a wait', async () => {
    const fake = await startFakeApi();
    stops.push(() => fake.close());
    fake.failWith({ status: 503, code: 'STORAGE_UNAVAILABLE' });
    const session = follow(over(fake));
    await waitFor(() => session.log.length === 1);
    const started = Date.now();
    await session.stop();
    expect(Date.now() - started).toBeLessThan(100);
  });
});

describe('followEvents on pages that repeat themselves', () => {
  it('forwards an id once, however often the API lists it', async () => {
    const envelope = (id: string): EventEnvelope => ({ event_id: id, event_type: 'order_created' });
    // The API answers the same newer event again on a later poll (a cursor it could not honour).
    const answers: EventPage[] = [
      { events: [envelope('evt_0')], hasMore: false },
      { events: [envelope('evt_2'), envelope('evt_1')], hasMore: false },
      { events: [envelope('evt_2'), envelope('evt_1')], hasMore: false },
      { events: [envelope('evt_3'), envelope('evt_2')], hasMore: false },
    ];
    const session = follow(async () => answers.shift() ?? { events: [], hasMore: false });
    await waitFor(() => answers.length === 0);
    await session.stop();
    expect(session.forwarded).toEqual(['evt_1', 'evt_2', 'evt_3']);
  });

  it('treats a thrown error that is not an API answer as a bug, not an outage', async () => {
    const session = follow(async () => {
      throw new TypeError('boom');
    });
    await expect(session.done).rejects.toThrow('boom');
    expect(session.log).toEqual([]);
  });

  it('retries 429 and 5xx, not 4xx', () => {
    expect(new ApiError({ status: 429, code: 'RATE_LIMITED', message: '' }).retryable).toBe(true);
    expect(new ApiError({ status: 500, code: 'INTERNAL', message: '' }).retryable).toBe(true);
    expect(new ApiError({ status: 0, code: 'UNREACHABLE', message: '' }).retryable).toBe(true);
    expect(new ApiError({ status: 422, code: 'INVALID_FIELD', message: '' }).retryable).toBe(false);
    expect(new ApiError({ status: 403, code: 'FORBIDDEN', message: '' }).retryable).toBe(false);
  });
});
