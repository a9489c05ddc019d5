/**
 * Origins allowed to call routes marked `cors`: `'*'` (any, the default), or exact origins such
 * as `https://shop.example.com`.
 *
 * @example
 * createService({ ...ports, corsOrigins: ['https://shop.example.com'] });
 */
export type CorsOrigins = '*' | readonly string[];
