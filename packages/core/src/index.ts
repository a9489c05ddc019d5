export type { Affiliate, AffiliateStore } from './affiliates/affiliate-store';
export * from './errors';
export {
  type EventCategory,
  type EventDefinition,
  eventDefinition,
  eventDictionary,
  isSubscribable,
} from './events/event-dictionary';
export { createKernel, type Handle, type HandleOptions, type KernelOptions } from './http/kernel';
export { generateOpenApi } from './http/openapi';
export { errorResponse, jsonResponse } from './http/reply';
export type {
  Access,
  AffiliateActor,
  AnyRoute,
  BodyKind,
  HttpMethod,
  Reply,
  ResponseDoc,
  Route,
  RouteContext,
  RouteResult,
} from './http/route';
export {
  type AuthPort,
  allRoles,
  isMaster,
  type MasterPrincipal,
  type Principal,
  type Role,
  type UserPrincipal,
} from './ports/auth';
export { type Clock, systemClock } from './ports/clock';
export { type IdGenerator, randomIds } from './ports/ids';
export { consoleLogger, type Logger, silentLogger } from './ports/logger';
export { type FlexibleRateLimiterOptions, flexibleRateLimiter } from './rate-limit/flexible-rate-limiter';
export {
  type BucketLimit,
  defaultBuckets,
  type RateLimitDecision,
  type RateLimiter,
  rateLimitHeaders,
} from './rate-limit/rate-limiter';
export { routes } from './routes';
export { createService, type Service, type ServiceOptions } from './service';
export type { ServiceDeps } from './service-deps';
export type { Storage } from './storage';
export { type RecordSubscriptionInput, recordSubscriptionInput } from './subscriptions/record-subscription';
export { type CalendarDay, nextBillingDateFor, parseRenewalDate } from './subscriptions/renewal-date';
export type { Cadence, Subscription, SubscriptionStore } from './subscriptions/subscription-store';
