import { caseSystemContract } from '@affiliate-commerce/testkit';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { jsmAgainstFake } from './jsm-harness.test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The same contract the sandbox passes, here through real HTTP (msw) against the fake JSM, with
// a page size of two so that every list is read over several pages.
caseSystemContract('jsm against the fake JSM server', () => {
  const { fake, caseSystem } = jsmAgainstFake(server);
  return {
    caseSystem,
    seed: fake.seed,
    failNext: () => fake.failNext({ status: 503 }),
    requestCount: fake.requestCount,
  };
});
