import { defineProject } from 'vitest/config';
import { sharedProject } from '../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: {
    name: 'runtimes',
    include: ['*.test.ts'],
    // Bun, Deno and workerd come from runtimes/node_modules, installed by ../test-support/binaries.ts when missing.
    globalSetup: ['../test-support/binaries.ts', './fresh-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
