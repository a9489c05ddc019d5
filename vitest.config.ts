import { defineConfig } from 'vitest/config';
import { sharedProject } from './vitest.shared.js';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'examples/*',
      // examples/standalone.test.ts is a test of the `repo` project, not a project folder.
      '!examples/*.test.ts',
      'runtimes',
      'faults',
      {
        ...sharedProject,
        // Checks across the repository: docs against code, the examples outside the workspace.
        test: {
          name: 'repo',
          include: ['scripts/*.test.ts', 'examples/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
    // PostgreSQL (embedded when none answers), Redis and Chromium for every project: see the file.
    globalSetup: ['./test-support/services.ts'],
  },
});
