import { isValid, parse } from 'date-fns';
import { err, ok, type Result } from 'neverthrow';
import { type DomainError, invalidField } from '../../base/errors';

const strictFormat = /^\d{2}-\d{2}-\d{4}$/;

/**
 * Parses a renewal date in MM-DD-YYYY (docs/api.md §4.6; not ISO 8601) as a calendar day. Only real dates
 * pass: `02-30-2027`, `13-01-2027`, `2-3-2027` and `2027-03-02` are refused.
 *
 * @returns the day as `{ year, month, day }` (month 1 to 12)
 */
export function parseRenewalDate(value: unknown): Result<CalendarDay, DomainError> {
  if (value === undefined || value === null || value === '')
    return err(invalidField('renewalDate', 'is required'));
  if (typeof value !== 'string' || !strictFormat.test(value)) {
    return err(invalidField('renewalDate', 'must be a date in MM-DD-YYYY format'));
  }
  // date-fns validates the day against the month and leap years; the regex above keeps it strict.
  const parsed = parse(value, 'MM-dd-yyyy', new Date(2000, 0, 1));
  if (!isValid(parsed) || parsed.getFullYear() < 1000) {
    return err(invalidField('renewalDate', 'must be a real calendar date'));
  }
  return ok({ year: parsed.getFullYear(), month: parsed.getMonth() + 1, day: parsed.getDate() });
}

/** A calendar day with no time zone. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function dayNumber({ year, month, day }: CalendarDay): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * The new next billing date: the chosen day at the UTC time of day of the current one
 * (docs/api.md §4.6), refused unless the day is after today's UTC date.
 */
export function nextBillingDateFor(day: CalendarDay, current: Date, now: Date): Result<Date, DomainError> {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
  if (dayNumber(day) <= dayNumber(today))
    return err(invalidField('renewalDate', 'must be a date in the future'));
  const timeOfDay =
    current.getTime() - Date.UTC(current.getUTCFullYear(), current.getUTCMonth(), current.getUTCDate());
  return ok(new Date(Date.UTC(day.year, day.month - 1, day.day) + timeOfDay));
}
