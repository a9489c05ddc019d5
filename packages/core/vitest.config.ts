import { defineProject } from 'vitest/config';
import { sharedProject } from '../../vitest.shared.js';

export default defineProject({
  ...sharedProject,
  // The OpenTelemetry SDK packages the telemetry tests register: their CommonJS builds require
  // `@opentelemetry/api`, which Node resolves to its `module` build under the test conditions
  // and cannot load; their `module` builds, bundled by Vite, import the API the way core does.
  ssr: { resolve: { ...sharedProject.ssr.resolve, mainFields: ['module', 'main'] } },
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [/@opentelemetry\//] } },
  },
});
