/**
 * The soak (bench/soak.bench.ts) on a PostgreSQL server of its own, started for the run with the
 * settings a new install has: autovacuum and every planner setting at their defaults. The shared
 * server of this machine runs with autovacuum off, which is what a soak must not hide. The server
 * lives in a temporary folder on a free port (`faults/own-postgres.ts`, with `fsync` off because
 * its data is thrown away) and is removed when the soak ends.
 *
 * Run: SOAK_MINUTES=10 npx tsx --conditions=@affiliate-commerce/source bench/soak-own-server.ts
 * (every SOAK_* setting of the soak applies). SOAK_STATEMENTS=1 loads `pg_stat_statements` and
 * prints the statements that took the server's time, most first, when the soak ends.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startOwnPostgres } from '../faults/own-postgres';

const statements = process.env.SOAK_STATEMENTS === '1';
const server = await startOwnPostgres(
  statements ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {},
);
if (statements) await withClient((client) => client.query('create extension pg_stat_statements'));

async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The statements that took the server's time over the soak, most first. */
async function printStatements(): Promise<void> {
  const { rows } = await withClient((client) =>
    client.query<{ calls: string; total_ms: number; mean_ms: number; rows: string; query: string }>(
      `select calls, total_exec_time as total_ms, mean_exec_time as mean_ms, rows,
         regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements order by total_exec_time desc limit 20`,
    ),
  );
  for (const row of rows) {
    console.log(
      `${row.total_ms.toFixed(0).padStart(8)} ms ${row.calls.padStart(8)} calls ${row.mean_ms.toFixed(3).padStart(8)} ms/call ${row.rows.padStart(9)} rows  ${row.query.slice(0, 220)}`,
    );
  }
}

const soak = fileURLToPath(new URL('./soak.bench.ts', import.meta.url));
try {
  const code = await new Promise<number>((resolve, reject) => {
    const child = fork(soak, [], {
      env: { ...process.env, DATABASE_URL: server.url, SOAK_VACUUM: 'off', SOAK_SERVER: server.source },
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  process.exitCode = code;
  if (statements) await printStatements();
} finally {
  server.destroy();
}
