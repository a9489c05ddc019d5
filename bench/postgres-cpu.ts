import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** The connection string with an `application_name`, by which a benchmark finds its own server processes. */
export const withApplicationName = (url: string, name: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}application_name=${encodeURIComponent(name)}`;

/** CPU time (µs) of a process from /proc, or undefined once it has gone. */
export function processCpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/**
 * Follows the CPU of the PostgreSQL server processes serving connections named `applicationName`
 * (and only those: other databases' work on the same server is not counted). Call `sample` at the
 * start, now and then while the work runs (a connection may close before the end), and at the end;
 * `usedMicros` is the CPU they used between their first and last sample.
 *
 * @example
 * const postgres = followPostgres(admin, 'bench_delivery_1');
 * await postgres.sample(); await work(); await postgres.sample();
 * console.log(postgres.usedMicros());
 */
export function followPostgres(admin: pg.Client, applicationName: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  return {
    async sample(): Promise<void> {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      for (const { pid } of rows) {
        const cpu = processCpuMicros(pid);
        if (cpu === undefined) continue;
        if (!first.has(pid)) first.set(pid, cpu);
        last.set(pid, cpu);
      }
    },
    usedMicros: (): number => [...last].reduce((sum, [pid, cpu]) => sum + cpu - (first.get(pid) ?? cpu), 0),
  };
}
