import { describe } from 'vitest';
import { skipWithout, testRedisUrl } from './test-services';

export { testRedisUrl };

/**
 * `describe` for tests that need the Redis server at `testRedisUrl`: on a machine without one the
 * suite skips and the run ends with one line naming it. Under `CI=true` it never skips.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  describe.skipIf(skipWithout('redis', name))(name, suite);
}
