import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: { name: 'cli', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
