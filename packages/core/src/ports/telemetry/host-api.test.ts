import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { instrumentationName } from './otel';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));
const corePackageJson = new URL('../../../package.json', import.meta.url);

/**
 * A host application, run from the repository root as its own Node process (core from its
 * source, as `npm start` runs it): it imports `@opentelemetry/api` the way a host does, registers
 * a meter provider of the real SDK with that API's `metrics.setGlobalMeterProvider`, serves one
 * request, and prints what its reader collected and which copies of the API were loaded.
 */
const hostScript = `
import { createRequire } from 'node:module';
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { createService, flexibleRateLimiter, randomIds, systemClock } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';

class Reader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}
const reader = new Reader();
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

const service = createService({
  storage: memoryStorage(),
  auth: staticTokenAuth({}),
  clock: systemClock(),
  ids: randomIds(),
  rateLimiter: flexibleRateLimiter(),
  processor: sandboxProcessor(),
  caseSystem: sandboxCaseSystem(),
  secretKey: btoa('k'.repeat(32)),
});
const response = await service.handle(new Request('http://api.test/v2/webhooks'));
const { resourceMetrics } = await reader.collect();
const require = createRequire(process.cwd() + '/');
console.log(JSON.stringify({
  status: response.status,
  scopes: resourceMetrics.scopeMetrics.map((scope) => ({
    name: scope.scope.name,
    metrics: scope.metrics.map((metric) => ({
      name: metric.descriptor.name,
      points: metric.dataPoints.map((point) => ({ attributes: point.attributes, count: point.value.count })),
    })),
  })),
  hostApi: require.resolve('@opentelemetry/api'),
  loadedApis: Object.keys(require.cache).filter((file) => file.endsWith('/@opentelemetry/api/build/src/index.js')),
}));
`;

interface HostReport {
  status: number;
  scopes: { name: string; metrics: { name: string; points: { attributes: object; count: number }[] }[] }[];
  hostApi: string;
  loadedApis: string[];
}

describe("the host's @opentelemetry/api", () => {
  it('is a peer dependency of core, so a host installs one copy and core uses it', () => {
    const manifest = JSON.parse(readFileSync(corePackageJson, 'utf8'));
    expect(manifest.peerDependencies['@opentelemetry/api']).toMatch(/^\^1\./);
    expect(manifest.dependencies['@opentelemetry/api']).toBeUndefined();
  });

  it("sees core's metrics once the host registers a meter provider through it", async () => {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@affiliate-commerce/source', '--import', 'tsx', '--input-type=module', '-e', hostScript],
      { cwd: repoRoot, timeout: 60_000 },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as HostReport;

    // One copy of the API in the process: the one the host resolves from the repository root.
    expect(report.hostApi.startsWith(`${repoRoot}node_modules/@opentelemetry/api/`)).toBe(true);
    expect(report.loadedApis).toEqual([report.hostApi]);

    expect(report.status).toBe(401);
    const core = report.scopes.find((scope) => scope.name === instrumentationName);
    const duration = core?.metrics.find((metric) => metric.name === 'http.server.request.duration');
    expect(duration?.points).toEqual([
      {
        attributes: {
          'http.request.method': 'GET',
          'http.route': '/v2/webhooks',
          'http.response.status_code': 401,
        },
        count: 1,
      },
    ]);
  }, 60_000);
});
