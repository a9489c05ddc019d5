import type { z } from 'zod';
import { errorStatus } from '../base/errors';
import { maxJsonBodyBytes } from '../http/input';
import type { AnyRoute } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import { allRoles } from '../ports/auth';
import { defaultBuckets } from '../ports/rate-limit/rate-limiter';
import { type JsonSchema, jsonSchema, objectFields } from './openapi-schema';
import { maxPathParamLength } from './path-params';

const errorRef = { $ref: '#/components/schemas/Error' };
const count = { type: 'integer', minimum: 0 };

/**
 * Headers the kernel sets, described once: those of the rate-limit step (`rateLimitHeaders`) and
 * the `Allow` of a 405.
 */
export const headerComponents = {
  'X-RateLimit-Limit': {
    description: "Calls the route's budget allows in one window.",
    required: true,
    schema: count,
  },
  'X-RateLimit-Remaining': {
    description: 'Calls left in the current window.',
    required: true,
    schema: count,
  },
  'X-RateLimit-Reset': {
    description: 'When the current window ends, as Unix time in seconds.',
    required: true,
    schema: count,
  },
  'Retry-After': {
    description: 'Seconds to wait before calling again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  Allow: {
    description: 'The methods the path serves, comma-separated (`GET, PUT`).',
    required: true,
    schema: { type: 'string' },
  },
} as const;

const headerRef = (name: keyof typeof headerComponents) => ({ $ref: `#/components/headers/${name}` });

/** On every answer of a rate-limited route once its access checks passed, 2xx included. */
const limitHeaders = {
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
};

const errorContent = { 'application/json': { schema: errorRef } };

/** Answers that read the same on every route, described once. */
export const responseComponents = {
  MethodNotAllowed: {
    description: 'The path does not serve this method (METHOD_NOT_ALLOWED); `Allow` names those it serves.',
    headers: { Allow: headerRef('Allow') },
    content: errorContent,
  },
  RateLimited: {
    description: "The route's budget for this caller is spent until the window ends (RATE_LIMITED).",
    headers: { 'Retry-After': headerRef('Retry-After'), ...limitHeaders },
    content: errorContent,
  },
  InternalError: {
    description: 'An unexpected failure (INTERNAL_ERROR); its cause is logged, never sent.',
    content: errorContent,
  },
  StorageUnavailable: {
    description:
      'Storage cannot be reached for the moment (STORAGE_UNAVAILABLE): nothing was written; call again after `Retry-After` seconds.',
    headers: { 'Retry-After': headerRef('Retry-After') },
    content: errorContent,
  },
} as const;

/** One answer of an operation that the route's shape implies. */
interface Answer {
  readonly description?: string;
  /** The reusable response it is, when it reads the same on every route. */
  readonly component?: keyof typeof responseComponents;
}

/** Answers of the access step (docs/api.md §5). It runs before the rate-limit step: no limit headers. */
function accessAnswers(route: AnyRoute): Record<number, Answer> {
  const { access } = route;
  const answers: Record<number, Answer> = {};
  if (access.kind !== 'public') answers[401] = { description: 'Bearer token missing or invalid.' };
  if (access.kind === 'affiliate') {
    answers[400] = { description: 'The token has no affiliate context.' };
    if (access.roles.length < allRoles.length)
      answers[403] = { description: `Role not allowed; allowed: ${access.roles.join(', ')}.` };
  }
  if (access.kind === 'master')
    answers[403] = { description: 'Only the master token may call this endpoint.' };
  return answers;
}

/**
 * Whether every field of an object schema is a plain string within `minLength` and `maxLength`,
 * so that no value the kernel passes on can be refused.
 */
function onlyPlainStrings(schema: z.ZodType, bounds: { minLength: number; maxLength: number }): boolean {
  const fields = objectFields(schema);
  if (!fields) return false;
  return Object.values(fields.properties).every(
    ({ description: _text, type, minLength, maxLength, ...rest }: JsonSchema) =>
      type === 'string' &&
      Object.keys(rest).length === 0 &&
      (typeof minLength === 'number' ? minLength : 0) <= bounds.minLength &&
      (typeof maxLength === 'number' ? maxLength : Number.POSITIVE_INFINITY) >= bounds.maxLength,
  );
}

/**
 * Whether path parameters can be refused with 422. A segment is never empty, and one that cannot
 * name a record (longer than `maxPathParamLength` among others, see `decodePathParams`) is 404
 * before validation: a string limited to non-empty and at most that length never fails.
 */
function pathCanFail(route: AnyRoute): boolean {
  return (
    route.params !== undefined &&
    !onlyPlainStrings(route.params, { minLength: 1, maxLength: maxPathParamLength })
  );
}

/**
 * Whether the query can be refused with 422. A value is always a string of any length, and a NUL
 * in one is refused unless the route takes NUL: optional plain strings then never fail.
 */
function queryCanFail(route: AnyRoute): boolean {
  if (route.query === undefined) return false;
  if (!route.allowNul || (objectFields(route.query)?.required.length ?? 0) > 0) return true;
  return !onlyPlainStrings(route.query, { minLength: 0, maxLength: Number.POSITIVE_INFINITY });
}

/** The kernel reads and parses the body of this route itself (as `createKernel` decides). */
function readsJson(route: AnyRoute): boolean {
  return (route.bodyKind ?? (route.body ? 'json' : 'none')) === 'json';
}

function budget({ bucket, per = 'user' }: NonNullable<AnyRoute['rateLimit']>): string {
  const limit = defaultBuckets[bucket];
  const caller = per === 'client' ? 'client' : 'user';
  return limit
    ? `More than ${limit.points} calls per ${caller} in ${limit.durationSeconds} seconds, the default budget of bucket ${bucket} (RATE_LIMITED).`
    : `The budget of bucket ${bucket} per ${caller} is spent (RATE_LIMITED).`;
}

/** Answers of the steps after access: rate limit, path ids, body, query, the handler's errors. */
function routeAnswers(route: AnyRoute): Record<number, Answer> {
  const answers: Record<number, Answer> = {};
  if (route.rateLimit) answers[429] = { description: budget(route.rateLimit), component: 'RateLimited' };
  if (route.path.includes('{')) {
    answers[404] = {
      description: `No such record, or a path id that cannot name one: a malformed escape, a NUL, or over ${maxPathParamLength} characters (NOT_FOUND).`,
    };
  }
  if (readsJson(route)) {
    answers[413] = {
      description: `The JSON body is larger than ${route.bodyLimitBytes ?? maxJsonBodyBytes} bytes (PAYLOAD_TOO_LARGE).`,
    };
  }
  if (pathCanFail(route) || queryCanFail(route) || readsJson(route))
    answers[422] = { description: 'A field is missing or invalid (INVALID_FIELD).' };
  for (const code of route.errors) answers[errorStatus[code]] ??= { description: code };
  return answers;
}

/**
 * The responses of one operation: those the route documents, and every other answer the kernel
 * gives on it (access, rate limit, path ids, body limit, input, the handler's errors, an
 * unexpected failure). Every error answer is the `Error` envelope; answers after the rate-limit
 * step carry its headers.
 */
export function operationResponses(route: AnyRoute): Record<string, unknown> {
  const access = accessAnswers(route);
  const answers: Record<number, Answer> = {
    ...routeAnswers(route),
    ...access,
    500: { component: 'InternalError' },
    503: { component: 'StorageUnavailable' },
  };
  const statuses = new Set([...Object.keys(answers), ...Object.keys(route.responses)].map(Number));
  const responses: Record<string, unknown> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const doc = route.responses[status];
    const answer = answers[status];
    const description = doc?.description ?? answer?.description;
    if (answer?.component && (doc === undefined || doc.schema === errorEnvelopeSchema)) {
      responses[status] = {
        $ref: `#/components/responses/${answer.component}`,
        ...(description === undefined ? {} : { description }),
      };
      continue;
    }
    const schema =
      !doc || doc.schema === errorEnvelopeSchema ? errorRef : doc.schema && jsonSchema(doc.schema, 'output');
    responses[status] = {
      description,
      ...(route.rateLimit && !(status in access) ? { headers: limitHeaders } : {}),
      ...(schema ? { content: { [doc?.contentType ?? 'application/json']: { schema } } } : {}),
    };
  }
  return responses;
}
