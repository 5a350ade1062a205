import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../db/database';
import { toolDb } from '../db/tool-db';
import type { JobStats } from './job-queue';
import { retryDelayMs } from './job-queue';
import type { JobTables } from './jobs-tables';
import type { JobEngine } from './job-worker';

/** Finished jobs are kept this long for the operator, then deleted. */
const KEEP_DONE_MS = 24 * 3_600_000;
const KEEP_FAILED_MS = 30 * 24 * 3_600_000;

/**
 * Issue 12 item 3 (decision 0025): on SQLite, one process per database file (ARCHITECTURE.md §5)
 * polls the `jobs` table. A claim is one UPDATE of a queued, due row, so even a second process on
 * the file (a CLI) could never take the same job; times are ctx.now()'s.
 */
export function createSqliteJobEngine(database: Pick<DbHandle, 'db'>, now: () => number): JobEngine {
  const db = toolDb<JobTables>(database);
  let lastSweep = 0;

  return {
    async enqueue(name, payload, options) {
      const id = crypto.randomUUID();
      const at = now();
      const insert = db
        .insertInto('jobs')
        .values({
          id,
          name,
          payload: JSON.stringify(payload ?? null),
          status: 'queued',
          run_at: options.runAt ?? at,
          attempts: 0,
          singleton_key: options.singletonKey ?? null,
          created_at: at,
        })
        // The partial unique index jobs_singleton refuses a second waiting or running (name, key).
        .onConflict((oc) => oc.doNothing())
        .returning('id');
      // In the caller's transaction, on the one connection it holds (decision 0041).
      const inserted = options.within ? (await options.within.executeQuery(insert.compile())).rows[0] : await insert.executeTakeFirst();
      return inserted ? id : null;
    },

    async claim(names, limit) {
      const at = now();
      if (at - lastSweep > 3_600_000) {
        lastSweep = at;
        await db
          .deleteFrom('jobs')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'done'), eb('finished_at', '<', at - KEEP_DONE_MS)]),
              eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', at - KEEP_FAILED_MS)]),
            ]),
          )
          .execute();
      }
      const rows = await db
        .updateTable('jobs')
        .set({ status: 'active', attempts: sql`attempts + 1`, started_at: at })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'queued')
            .where('run_at', '<=', at)
            .where('name', 'in', names)
            .orderBy('run_at')
            .orderBy('created_at')
            .limit(limit),
        )
        .where('status', '=', 'queued')
        .returning(['id', 'name', 'payload', 'attempts'])
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, payload: JSON.parse(r.payload) as unknown, attempt: r.attempts }));
    },

    async complete(job) {
      await db.updateTable('jobs').set({ status: 'done', finished_at: now(), last_error: null }).where('id', '=', job.id).execute();
    },

    async fail(job, error, definition) {
      const retries = job.attempt - 1;
      const outcome = retries < definition.retryLimit ? 'retry' : 'failed';
      const at = now();
      await db
        .updateTable('jobs')
        .set(
          outcome === 'retry'
            ? { status: 'queued', run_at: at + retryDelayMs(definition.retryDelaySeconds, job.attempt), last_error: error }
            : { status: 'failed', finished_at: at, last_error: error },
        )
        .where('id', '=', job.id)
        .execute();
      return outcome;
    },

    async start() {
      // Only one process works a SQLite file: a job still marked running was left by a process that
      // died mid-run, so it runs again (at least once).
      await db.updateTable('jobs').set({ status: 'queued' }).where('status', '=', 'active').execute();
    },

    async stop() {},

    async countByName() {
      const rows = await db
        .selectFrom('jobs')
        .select(['name', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', '!=', 'done')
        .groupBy(['name', 'status'])
        .execute();
      const byName: JobStats['byName'] = {};
      for (const row of rows) {
        const entry = (byName[row.name] ??= { queued: 0, active: 0, failed: 0 });
        if (row.status !== 'done') entry[row.status] += Number(row.count);
      }
      return byName;
    },
  };
}
