/**
 * Autovacuum's vacuum at PostgreSQL's default settings, for one schema, on a server that has
 * autovacuum turned off (this project's CI server does): every `naptime` it vacuums each table of
 * the schema whose dead rows exceed 50 + 20 % of its rows, or whose rows inserted since its last
 * vacuum exceed 1,000 + 20 %, paced by the default cost delay (2 ms per 200 cost units), as an
 * autovacuum worker would. It never analyzes: the statistics are left to the storage.
 */
import type pg from 'pg';

export interface Vacuums {
  /** Tables vacuumed so far, by name. */
  readonly counts: ReadonlyMap<string, number>;
  stop(): Promise<void>;
}

export function emulateAutovacuum(client: pg.Client, schema: string, naptimeMs: number): Vacuums {
  const counts = new Map<string, number>();
  let stopped = false;
  let wake: () => void = () => {};
  const loop = (async () => {
    await client.query("set vacuum_cost_delay = '2ms'");
    await client.query('set vacuum_cost_limit = 200');
    while (!stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, naptimeMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped) break;
      const { rows } = await client.query<{ relname: string }>(
        `select s.relname
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.schemaname = $1
           and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0))`,
        [schema],
      );
      for (const { relname } of rows) {
        if (stopped) break;
        await client.query(`vacuum "${schema}"."${relname.replaceAll('"', '""')}"`);
        counts.set(relname, (counts.get(relname) ?? 0) + 1);
      }
    }
  })();
  return {
    counts,
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
