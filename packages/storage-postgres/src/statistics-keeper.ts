import { type Db, lockNumber } from './db';
import { quoteSchema } from './identifiers';

/** Live rows a never analyzed table must hold before it is analyzed here: below this, a plan cannot go far wrong. */
export const analyzeAfterRows = 100;

/**
 * How often the storage looks for tables that outgrew their statistics: often while it is young
 * (a new install fills its tables from nothing in its first seconds), then every 2 s.
 */
export const statisticsCheckMs = { young: 250, settled: 2_000, youngForMs: 120_000 } as const;

/**
 * The tables of `schema` that hold at least twice the rows they held when last analyzed (never
 * analyzed: {@link analyzeAfterRows}), each analyzed once by whichever process gets there first.
 * Answers the tables it analyzed.
 *
 * Why: the storage prepares its statements once per connection, and PostgreSQL soon keeps one
 * generic plan per statement, made from the table statistics of that moment. On a new schema,
 * after a truncation or before a bulk import those are the statistics of an almost empty table,
 * and a plan made from them (a scan where an index lookup was wanted) stays until the table is
 * next analyzed, which autovacuum does only after its own delay, a minute or more on a new
 * install. Analyzing invalidates every connection's plans on the table, so the next call plans
 * from what the table holds now. Doubling is the trigger, so a table is analyzed here a few dozen
 * times in its whole life (a queue whose rows come and go, never); autovacuum's own analysis, at a
 * tenth's change, covers a large table long before this would.
 */
export async function analyzeGrownTables(db: Db, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ relname: string }>(
    `select s.relname
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = $1 and s.n_live_tup >= greatest($2::float8, c.reltuples * 2)`,
    [schema, analyzeAfterRows],
  );
  const analyzed: string[] = [];
  for (const { relname } of rows) {
    const table = `${quoteSchema(schema)}."${relname.replaceAll('"', '""')}"`;
    // One process analyzes a table at a time; the others skip it rather than queue behind it.
    const done = await db.transaction(async (tx) => {
      const { rows: held } = await tx.query<{ held: boolean }>(
        'select pg_try_advisory_xact_lock($1::bigint) as held',
        [lockNumber(`analyze\u0000${schema}\u0000${relname}`)],
      );
      if (!held[0]?.held) return false;
      await tx.exec(`analyze ${table}`);
      return true;
    });
    if (done) analyzed.push(relname);
  }
  return analyzed;
}

/**
 * Runs {@link analyzeGrownTables} in the background until stopped: every 250 ms for the first two
 * minutes, then every 2 s ({@link statisticsCheckMs}). A failed look (the database away, a role
 * without the right to analyze) is tried again at the next one; the timer never keeps the
 * process alive.
 */
export function keepStatistics(db: Db, schema: string): { stop(): void } {
  const startedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    const young = Date.now() - startedAt < statisticsCheckMs.youngForMs;
    timer = setTimeout(look, young ? statisticsCheckMs.young : statisticsCheckMs.settled);
    timer.unref?.();
  };
  const look = () => {
    analyzeGrownTables(db, schema)
      .catch(() => undefined)
      .finally(next);
  };
  next();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
