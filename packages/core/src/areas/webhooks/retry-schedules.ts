import { z } from 'zod';
import { validate } from '../../base/validate';
import { isSubscribable } from '../../rules/events/event-dictionary';
import type { RetrySchedule } from '../../storage/webhook-store';

/** The shortest delay a retry schedule may have: 1 s. */
export const minRetryDelayMs = 1_000;
/** The longest delay a retry schedule may have: 24 hours. */
export const maxRetryDelayMs = 86_400_000;
/** The most retries a schedule may give (so at most 21 attempts). */
export const maxRetries = 20;

const delayMs = z
  .number()
  .int('must be a whole number of milliseconds')
  .min(minRetryDelayMs, `must be at least ${minRetryDelayMs} ms`)
  .max(maxRetryDelayMs, `must be at most ${maxRetryDelayMs} ms (24 hours)`);

const exponentialSchema = z
  .object({
    firstMs: delayMs,
    factor: z
      .number()
      .min(1, 'must be at least 1')
      .max(10, 'must be at most 10')
      .default(2)
      .describe('Each delay is the one before times this. Default 2.'),
    maxMs: delayMs.describe('No delay is longer.'),
    retries: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(maxRetries, `must be at most ${maxRetries}`),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.maxMs < value.firstMs)
      ctx.addIssue({ code: 'custom', path: ['maxMs'], message: 'must be at least firstMs' });
  });

/**
 * A retry schedule as sent: `{ "delaysMs": [...] }` or `{ "exponential": { firstMs, factor,
 * maxMs, retries } }`, one of the two (docs/api.md §11.11).
 */
export const retryScheduleSchema = z
  .object({
    delaysMs: z
      .array(delayMs)
      .max(maxRetries, `must have at most ${maxRetries} delays`)
      .optional()
      .describe('The delay before each retry; N delays give N + 1 attempts.'),
    exponential: exponentialSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.delaysMs === undefined) === (value.exponential === undefined))
      ctx.addIssue({ code: 'custom', message: 'must have either delaysMs or exponential' });
  })
  .meta({ description: 'Retry schedule (docs/api.md §11.11): `delaysMs`, or `exponential`.' });

/** A checked schedule as sent, as it is stored. */
export function storedRetrySchedule(value: z.output<typeof retryScheduleSchema>): RetrySchedule {
  return value.delaysMs ? { delaysMs: value.delaysMs } : { exponential: value.exponential! };
}

/** A retry schedule as the API shows it: as it was set, with `factor` filled in. */
export const retryScheduleViewSchema = z.object({
  delaysMs: z.array(z.number().int()).optional().describe('The delay before each retry, in ms.'),
  exponential: z
    .object({
      firstMs: z.number().int(),
      factor: z.number(),
      maxMs: z.number().int(),
      retries: z.number().int(),
    })
    .optional()
    .describe('Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them.'),
});

/** The view of a stored retry schedule. */
export function retryScheduleView(schedule: RetrySchedule): z.infer<typeof retryScheduleViewSchema> {
  if ('delaysMs' in schedule) return { delaysMs: [...schedule.delaysMs] };
  return { exponential: { ...schedule.exponential, factor: schedule.exponential.factor ?? 2 } };
}

/**
 * The delays of a schedule, in ms: the list as given, or `retries` delays growing by `factor`
 * from `firstMs`, none longer than `maxMs`.
 *
 * @example retryDelaysOf({ exponential: { firstMs: 1_000, factor: 2, maxMs: 5_000, retries: 4 } }) // [1000, 2000, 4000, 5000]
 */
export function retryDelaysOf(schedule: RetrySchedule): readonly number[] {
  if ('delaysMs' in schedule) return schedule.delaysMs;
  const { firstMs, factor = 2, maxMs, retries } = schedule.exponential;
  return Array.from({ length: retries }, (_, i) => Math.min(maxMs, Math.round(firstMs * factor ** i)));
}

/**
 * Checks the host's retry schedules per event type (`deliveries.retrySchedules`), as the API
 * checks an endpoint's, and returns them parsed (defaults filled in).
 *
 * @throws RangeError naming the option and the field at fault
 */
export function checkRetrySchedules(
  schedules: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, RetrySchedule>> {
  const checked: Record<string, RetrySchedule> = {};
  for (const [eventType, schedule] of Object.entries(schedules ?? {})) {
    if (!isSubscribable(eventType))
      throw new RangeError(
        `@affiliate-commerce/core: deliveries.retrySchedules.${eventType} is not an event type a webhook can subscribe to`,
      );
    const result = validate(retryScheduleSchema, schedule, 'retrySchedule');
    if (result.isErr()) {
      const field = result.error.field ?? 'retrySchedule';
      const problem = result.error.message.slice(field.length + 1);
      const named = field === 'retrySchedule' ? '' : `.${field}`;
      throw new RangeError(
        `@affiliate-commerce/core: deliveries.retrySchedules.${eventType}${named} ${problem}`,
      );
    }
    checked[eventType] = storedRetrySchedule(result.value);
  }
  return checked;
}
