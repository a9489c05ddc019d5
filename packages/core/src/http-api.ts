/**
 * `@affiliate-commerce/core/http`: what route and adapter builders use — the kernel that serves
 * a route table, the route shape, the JSON answers in the documented envelope, CORS for public
 * routes, and the OpenAPI document generated from the table. Hosts mount `service.handle`
 * through an adapter and need none of this.
 *
 * @module
 */
export { corsHeaders, corsPreflight } from './http/cors';
export type { CorsOrigins } from './http/cors-origins';
export { maxJsonBodyBytes, validate } from './http/input';
export { createKernel, type Handle, type HandleOptions, type KernelOptions } from './http/kernel';
export { generateOpenApi } from './http/openapi';
export { maxPathParamLength } from './http/path-params';
export { errorResponse, jsonResponse, responseText } from './http/reply';
export {
  type Access,
  type AffiliateActor,
  type AnyRoute,
  type BodyKind,
  defineRoute,
  type HttpMethod,
  type Reply,
  type ResponseDoc,
  type Route,
  type RouteContext,
  type RouteResult,
} from './http/route';
export { errorEnvelopeSchema } from './http/schemas';
export { routes } from './routes';
