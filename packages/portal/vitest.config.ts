import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: {
    name: 'portal',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time, after the projects that run side by side: run beside another browser
    // suite, the delivery the endpoint-options test waits for did not arrive in time.
    sequence: { groupOrder: 1 },
    maxWorkers: 1,
  },
});
