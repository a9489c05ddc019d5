import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  test: { name: 'key-service-signer', include: ['*.test.ts'] },
});
