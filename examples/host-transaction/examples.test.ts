import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const folder = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Each script of package.json and the client it names in its line. */
const examples = [
  ['pg', 'pg'],
  ['drizzle', 'drizzle'],
  ['kysely', 'kysely'],
  ['knex', 'knex'],
  ['postgres-js', 'postgres.js'],
] as const;

describe('examples/host-transaction (docs/api.md §10.8)', () => {
  it.concurrent.each(examples)(
    '`npm run %s` rolls back the cancelled checkout whole and commits the other, whose delivery is sent',
    async (script, client) => {
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', script], {
        cwd: folder,
        env: { ...process.env, DATABASE_URL: databaseUrl },
      });
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '')).toEqual({
        client,
        rolledBack: { hostRows: 0, events: 0, deliveries: 0 },
        committed: { hostRows: 1, events: 1, deliveries: 1, sent: 1 },
      });
    },
  );
});
