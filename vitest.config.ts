import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // which then waits, file after file, on the servers, browsers and child processes the tests
    // start. At least two files at a time; faults/ keeps its own single worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
