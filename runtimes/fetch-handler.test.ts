import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChecks } from './api-checks';
import { bun, deno, type RunningScript, type Runtime, startScript } from './runtime-process';
import { databaseUrl, dropSchema, schemaName } from './test-schema';

const serveApi = fileURLToPath(new URL('./fixtures/serve-api.ts', import.meta.url));

interface Served {
  readonly url: string;
  readonly runtime: string;
  readonly resolved: Record<string, string>;
}

for (const runtime of [bun, deno] satisfies Runtime[]) {
  describe(`the fetch handler on ${runtime.name} (${runtime.name}.serve), built as README.md shows, on PostgreSQL`, () => {
    const schema = schemaName(runtime.name);
    let served: RunningScript<Served> | undefined;

    beforeAll(async () => {
      served = await startScript<Served>({
        runtime,
        script: serveApi,
        env: { DATABASE_URL: databaseUrl, SCHEMA: schema },
      });
    });

    afterAll(async () => {
      await served?.stop();
      await dropSchema(schema);
    });

    it(`runs under ${runtime.name} and loads every package from its published build (dist)`, () => {
      expect(served!.info.runtime.toLowerCase()).toMatch(new RegExp(`^${runtime.name.toLowerCase()} \\d`));
      for (const [name, url] of Object.entries(served!.info.resolved)) {
        expect(url, name).toMatch(new RegExp(`/packages/${name}/dist/index\\.js$`));
      }
    });

    apiChecks(() => (path, init) => fetch(new URL(`api/${path}`, served!.info.url), init));
  });
}
