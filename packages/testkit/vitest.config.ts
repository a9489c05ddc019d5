import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: { name: 'testkit', include: ['src/**/*.test.ts'] },
});
