import { describe, expect, it } from 'vitest';
import { healthText } from './health';
import { type LogFilters, lastAnswer, logQuery, narrowed } from './message-log';
import type { Delivery } from './message-types';
import { successSentence } from './sparkline';

const none: LogFilters = { webhookId: undefined, status: '', type: '', from: '', until: '' };

const delivery: Delivery = {
  id: 'dlv_1',
  webhookId: 'whk_1',
  eventId: 'evt_1',
  eventType: 'ecommerce_order_created',
  status: 'failed',
  attempts: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('the message log query', () => {
  it('asks for the newest page when nothing narrows it', () => {
    expect(logQuery(none, { kind: 'first' })).toBe('/v2/deliveries?limit=25');
    expect(narrowed(none)).toBe(false);
  });

  it('carries every filter and one cursor', () => {
    const filters: LogFilters = {
      webhookId: 'whk_1',
      status: 'failed',
      type: 'ecommerce_order_created',
      from: '2026-11-26T10:00',
      until: '',
    };
    const query = new URL(logQuery(filters, { kind: 'older', after: 'dlv_9' }), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      webhookId: 'whk_1',
      status: 'failed',
      types: 'ecommerce_order_created',
      createdGte: new Date('2026-11-26T10:00').toISOString(),
      startingAfter: 'dlv_9',
      limit: '25',
    });
    expect(logQuery(none, { kind: 'newer', before: 'dlv_2' })).toBe(
      '/v2/deliveries?endingBefore=dlv_2&limit=25',
    );
    expect(narrowed(filters)).toBe(true);
  });

  it('leaves out a time that is not one', () => {
    expect(logQuery({ ...none, until: 'soon' }, { kind: 'first' })).toBe('/v2/deliveries?limit=25');
  });
});

describe('what a row and a badge say', () => {
  it('the last answer: a status code, no answer, or not sent yet', () => {
    expect(lastAnswer({ ...delivery, lastStatusCode: 500 })).toBe('500');
    expect(lastAnswer(delivery)).toBe('no answer');
    expect(lastAnswer({ ...delivery, attempts: 0, status: 'pending' })).toBe('not sent yet');
  });

  it('health in words', () => {
    expect(healthText({ status: 'healthy' })).toBe('Healthy');
    expect(healthText({ status: 'breaker_open', until: '2026-11-26T10:00:00.000Z' })).toMatch(
      /^Breaker open until /,
    );
    expect(healthText({ status: 'disabled', reason: 'gone' })).toBe('Disabled because it answered 410 Gone');
    expect(healthText({ status: 'disabled', reason: 'manual', since: '2026-11-26T10:00:00.000Z' })).toMatch(
      /^Disabled by hand since /,
    );
  });

  it('the success rate, rounded down so 100% means every attempt', () => {
    expect(successSentence(1192, 12, 24)).toBe('99% of 1,204 attempts succeeded in the last 24 hours.');
    expect(successSentence(999, 1, 24)).toBe('99% of 1,000 attempts succeeded in the last 24 hours.');
    expect(successSentence(1, 0, 24)).toBe('100% of 1 attempt succeeded in the last 24 hours.');
    expect(successSentence(0, 0, 24)).toBe('No delivery attempts in the last 24 hours.');
  });
});
