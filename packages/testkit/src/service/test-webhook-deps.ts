import type { WebhookDeps } from '@affiliate-commerce/core';
import { webhookDeps } from '@affiliate-commerce/core/http';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { fakeResolver } from '../fakes/fake-resolver';
import { testSecretKey } from './test-secret-key';

/**
 * The webhook part of `ServiceDeps` for tests that build deps by hand (a bare kernel): the test
 * key, and network doubles that reach nothing.
 *
 * @example
 * createKernel(routes, { storage, auth, clock, ids, logger, rateLimiter, ...testWebhookDeps() });
 */
export function testWebhookDeps(overrides: Partial<Omit<WebhookDeps, 'secretBox'>> = {}): WebhookDeps {
  return webhookDeps({
    secretKey: testSecretKey,
    http: fakeHttpClient(),
    resolver: fakeResolver({}),
    ...overrides,
  });
}
