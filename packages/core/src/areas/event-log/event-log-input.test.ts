import { describe, expect, it } from 'vitest';
import { validate } from '../../base/validate';
import { listEventsQuery, listedEventTypes } from './event-log-input';

const parse = (query: Record<string, string>) => validate(listEventsQuery, query, 'query');

describe('GET /v2/events query (decisions/events.md: query)', () => {
  it('defaults to 25 newest events of every public type', () => {
    expect(parse({})._unsafeUnwrap()).toEqual({ limit: 25 });
    expect(listedEventTypes).toHaveLength(58);
    expect(listedEventTypes).not.toContain('internal_audit_recorded');
  });

  it('reads types as a comma list, trimmed and once each', () => {
    expect(parse({ types: 'order_created, payment_failed,order_created' })._unsafeUnwrap().types).toEqual([
      'order_created',
      'payment_failed',
    ]);
  });

  it('refuses unknown and internal types, naming them', () => {
    const error = parse({ types: 'order_created,internal_patient_merged,nope' })._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'types' });
    expect(error.message).toContain("'internal_patient_merged', 'nope'");
  });

  it('reads date-times with a zone as instants, and refuses them without one', () => {
    expect(parse({ createdGte: '2026-11-23T11:00:00+01:00' })._unsafeUnwrap().createdGte).toEqual(
      new Date('2026-11-23T10:00:00.000Z'),
    );
    expect(parse({ createdLt: '2026-11-23T10:00:00' })._unsafeUnwrapErr()).toMatchObject({
      field: 'createdLt',
    });
  });

  it('refuses both cursors at once, naming endingBefore', () => {
    expect(parse({ startingAfter: 'evt_1', endingBefore: 'evt_2' })._unsafeUnwrapErr()).toMatchObject({
      field: 'endingBefore',
    });
  });

  it('takes limits from 1 to 100 only', () => {
    expect(parse({ limit: '100' })._unsafeUnwrap().limit).toBe(100);
    for (const limit of ['0', '101', '1.5', '-1', ''])
      expect(parse({ limit })._unsafeUnwrapErr()).toMatchObject({ field: 'limit' });
  });
});
