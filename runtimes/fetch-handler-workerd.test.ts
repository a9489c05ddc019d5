import { builtinModules } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService, flexibleRateLimiter, randomIds, systemClock } from '@affiliate-commerce/core';
import { sandboxCaseSystem, sandboxProcessor, staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { build } from 'esbuild';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChecks } from './api-checks';
import { seed } from './fixtures/seed.ts';
import { databaseUrl, dropSchema, schemaName } from './test-schema';
import { startWorkerd, type Workerd } from './workerd';

const apiWorker = fileURLToPath(new URL('./fixtures/api-worker.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const nodeBuiltins = builtinModules.flatMap((name) => [name, `node:${name}`]);

describe('the fetch handler on workerd (Miniflare) with nodejs_compat, built as README.md shows, on PostgreSQL', () => {
  const schema = schemaName('workerd');
  let bundleInputs: string[] = [];
  let workerd: Workerd | undefined;

  beforeAll(async () => {
    // The host's back end migrates and seeds the schema before the Worker serves it.
    const storage = await connectPostgres({ connectionString: databaseUrl, schema, max: 2 });
    try {
      await seed(
        createService({
          storage,
          auth: staticTokenAuth({}),
          clock: systemClock(),
          ids: randomIds(),
          rateLimiter: flexibleRateLimiter(),
          processor: sandboxProcessor(),
          caseSystem: sandboxCaseSystem(),
          secretKey: btoa('k'.repeat(32)),
        }),
      );
    } finally {
      await storage.close();
    }

    const result = await build({
      entryPoints: [apiWorker],
      bundle: true,
      format: 'esm',
      platform: 'node',
      conditions: ['workerd', 'worker'],
      external: [...nodeBuiltins, 'cloudflare:*'],
      // CommonJS dependencies require Node built-ins; Wrangler rewrites those requires for
      // nodejs_compat, and this banner does the same for a plain esbuild bundle.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire('/');" },
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    bundleInputs = Object.keys(result.metafile.inputs).map((input) => relative(repoRoot, input));
    workerd = await startWorkerd({
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: result.outputFiles[0]!.text }],
      compatibilityDate: '2026-04-01',
      compatibilityFlags: ['nodejs_compat'],
      bindings: { DATABASE_URL: databaseUrl, SCHEMA: schema },
    });
  });

  afterAll(async () => {
    await workerd?.dispose();
    await dropSchema(schema);
  });

  it('bundles every package from its published build (dist)', () => {
    for (const name of [
      'core',
      'adapters-fetch',
      'storage-postgres',
      'processor-stripe',
      'case-system-jsm',
    ]) {
      expect(bundleInputs, name).toContain(`packages/${name}/dist/index.js`);
    }
    expect(bundleInputs.filter((input) => input.startsWith('packages/') && input.includes('/src/'))).toEqual(
      [],
    );
  });

  apiChecks(() => async (path, init) => {
    const response = await workerd!.miniflare.dispatchFetch(
      `https://api.example/api/${path}`,
      init as Parameters<Miniflare['dispatchFetch']>[1],
    );
    return response as unknown as Response;
  });
});
