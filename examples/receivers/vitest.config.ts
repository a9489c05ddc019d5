import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  // The recipes run in their own languages; each test starts processes (the demo, a receiver).
  test: { name: 'receivers', include: ['*.test.ts'], testTimeout: 120_000, hookTimeout: 60_000 },
});
