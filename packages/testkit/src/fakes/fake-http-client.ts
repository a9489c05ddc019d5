import type { HttpClient, HttpOutcome, HttpRequest } from '@affiliate-commerce/core';

/**
 * An {@link HttpClient} double that records what it was asked.
 *
 * @example
 * const http: FakeHttpClient = fakeHttpClient(); await run(); expect(http.requests).toHaveLength(1);
 */
export interface FakeHttpClient extends HttpClient {
  /** Every request, in order, with the address it was pinned to. */
  readonly requests: HttpRequest[];
}

/**
 * An HTTP client answering with a function instead of the network. By default every request
 * fails as if the connection were refused, so nothing in a test reaches out by accident.
 *
 * @example
 * fakeHttpClient((request) => ({ ok: true, status: 204, headers: {}, bodyText: '', latencyMs: 12 }))
 */
export function fakeHttpClient(
  respond: (request: HttpRequest) => HttpOutcome | Promise<HttpOutcome> = () => ({
    ok: false,
    reason: 'connect_failed',
    message: 'connect ECONNREFUSED (fake HTTP client)',
    latencyMs: 0,
  }),
): FakeHttpClient {
  const requests: HttpRequest[] = [];
  return {
    requests,
    async request(input) {
      requests.push(input);
      return respond(input);
    },
  };
}
