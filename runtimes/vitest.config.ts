import { defineProject } from 'vitest/config';
import { sharedProject } from '../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: {
    name: 'runtimes',
    include: ['*.test.ts'],
    globalSetup: ['./fresh-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
