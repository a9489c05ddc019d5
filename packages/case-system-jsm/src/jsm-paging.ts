import type { DomainError } from '@affiliate-commerce/core';
import { upstreamUnavailable } from '@affiliate-commerce/core/http';
import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import type { JsmCall } from './jsm-http';
import { pageSchema, parseAnswer } from './jsm-schemas';

/** Page size asked of JSM; 50 is the most its paged resources hand out. */
export const pageLimit = 50;

// A guard against a server that never says isLastPage: 1,000 pages of 50 is far beyond any desk.
const maxPages = 1000;

/**
 * Reads every page of a JSM paged resource (`start`/`limit` in, `isLastPage`/`values` out) and
 * parses each value with `item`.
 *
 * @example
 * allPages(send, { method: 'GET', path: 'request/SUP-1/transition' }, transitionSchema, 'transition');
 */
export function allPages<T>(
  send: (call: JsmCall) => ResultAsync<unknown, DomainError>,
  call: JsmCall,
  item: z.ZodType<T>,
  what: string,
): ResultAsync<T[], DomainError> {
  return new ResultAsync(collect(send, call, item, what));
}

async function collect<T>(
  send: (call: JsmCall) => ResultAsync<unknown, DomainError>,
  call: JsmCall,
  item: z.ZodType<T>,
  what: string,
): Promise<Result<T[], DomainError>> {
  const values: T[] = [];
  let start = 0;
  for (let page = 0; page < maxPages; page += 1) {
    const body = await send({
      ...call,
      query: { ...call.query, start: String(start), limit: String(pageLimit) },
    });
    if (body.isErr()) return err(body.error);
    const envelope = parseAnswer(pageSchema, body.value, `page of ${what}s`);
    if (envelope.isErr()) return err(envelope.error);
    for (const raw of envelope.value.values) {
      const value = parseAnswer(item, raw, what);
      if (value.isErr()) return err(value.error);
      values.push(value.value);
    }
    if (envelope.value.isLastPage) return ok(values);
    if (envelope.value.values.length === 0) {
      return err(
        upstreamUnavailable('case system', new Error(`JSM sent an empty ${what} page that is not the last`)),
      );
    }
    start += envelope.value.values.length;
  }
  return err(
    upstreamUnavailable('case system', new Error(`JSM sent more than ${maxPages} pages of ${what}s`)),
  );
}
