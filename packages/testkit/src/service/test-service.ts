import {
  createService,
  flexibleRateLimiter,
  type Principal,
  type Service,
  type ServiceOptions,
  silentLogger,
} from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { fakeResolver } from '../fakes/fake-resolver';
import { sequentialIds } from '../fakes/sequential-ids';
import { type TestClock, testClock } from '../fakes/test-clock';
import { supportFixtureSeed } from './sandbox-fixture';
import { testSecretKey } from './test-secret-key';

/** Tokens every test service accepts. */
export const testTokens = {
  superAdmin: 'tok_super_admin',
  admin: 'tok_admin',
  agent: 'tok_agent',
  otherSuperAdmin: 'tok_other_super_admin',
  noAffiliate: 'tok_no_affiliate',
  master: 'tok_master',
} as const;

/** The principals behind {@link testTokens}: affiliate `aff_1`, and `aff_2` for the other tenant. */
export const testPrincipals: Readonly<Record<string, Principal>> = {
  [testTokens.superAdmin]: { userId: 'usr_super', affiliateId: 'aff_1', roles: ['affiliate_super_admin'] },
  [testTokens.admin]: { userId: 'usr_admin', affiliateId: 'aff_1', roles: ['affiliate_admin'] },
  [testTokens.agent]: { userId: 'usr_agent', affiliateId: 'aff_1', roles: ['affiliate_agent'] },
  [testTokens.otherSuperAdmin]: {
    userId: 'usr_other',
    affiliateId: 'aff_2',
    roles: ['affiliate_super_admin'],
  },
  [testTokens.noAffiliate]: { userId: 'usr_none', roles: ['affiliate_admin'] },
  [testTokens.master]: { master: true },
};

/** A service on in-memory ports, plus the test clock driving it. */
export interface TestService extends Service {
  readonly clock: TestClock;
}

/**
 * A service wired with in-memory ports and the {@link testTokens}; override any port.
 *
 * @example
 * const service = testService({ now: '2026-11-23T10:00:00Z' });
 */
export function testService(overrides: Partial<ServiceOptions> & { now?: string } = {}): TestService {
  const { now, ...ports } = overrides;
  const clock = testClock(now ?? '2026-11-23T10:00:00.000Z');
  const service = createService({
    storage: memoryStorage(),
    auth: staticTokenAuth(testPrincipals),
    clock,
    ids: sequentialIds(),
    logger: silentLogger(),
    rateLimiter: flexibleRateLimiter({ clock }),
    // Nothing reaches the network unless a test passes its own http/resolver.
    secretKey: testSecretKey,
    http: fakeHttpClient(),
    resolver: fakeResolver({}),
    // A fresh sandbox per service, with its own ids, so customer ids read cus_1, cus_2, ...
    processor: sandboxProcessor({ ids: sequentialIds() }),
    // A fresh sandbox per service with the support fixture (request types 10, 11 and 12).
    caseSystem: sandboxCaseSystem({ ...supportFixtureSeed, clock }),
    validateResponses: true,
    ...ports,
  });
  return { ...service, clock: (ports.clock as TestClock | undefined) ?? clock };
}
