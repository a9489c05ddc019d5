/**
 * The Node-only parts of core, for hosts that configure them: the outbound HTTP client on undici
 * that connects only to the address the SSRF guard checked, and the resolver on node:dns.
 * `createService` already uses both by default on Node, Bun and Deno; import them here to pass
 * options (a private CA, pool sizes) or to wrap them.
 *
 * @packageDocumentation
 */
export { type NodeHttpClientOptions, nodeHttpClient } from './ports/net/node-http-client';
export { nodeResolver } from './ports/net/node-resolver';
