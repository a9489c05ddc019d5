import { defineProject } from 'vitest/config';
import { sharedProject } from '../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: {
    name: 'faults',
    include: ['*.test.ts'],
    // After every other project, alone: its latency bounds must not measure the other suites'
    // CPU on a 2-core machine, and its five processes must not slow their timing-sensitive tests.
    sequence: { groupOrder: 1 },
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
