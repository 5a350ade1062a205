import type { DbHandle } from '../db/database';
import { type JobLog, type JobQueue, silentJobLog } from './job-queue';
import { createQueueOnEngine } from './job-worker';
import { createPgBossJobEngine } from './pg-boss-job-engine';
import { createSqliteJobEngine } from './sqlite-job-engine';

export interface JobQueueOptions {
  database: Pick<DbHandle, 'db' | 'dialect' | 'pgPool'>;
  now: () => number;
  log?: JobLog;
  /** JOBS_POLL_INTERVAL_MS, JOBS_CONCURRENCY, JOBS_PG_SCHEMA (config.ts). */
  settings: { pollIntervalMs: number; concurrency: number; pgSchema: string };
}

/** Shutdown waits this long for the handlers running then (a webhook call times out sooner). */
const STOP_WAIT_MS = 10_000;

/** A job running this long is taken as lost (its process died) and run again (pg-boss's expiry). */
const LOST_AFTER_SECONDS = 15 * 60;

/** Issue 12 item 3 (decision 0025): pg-boss on PostgreSQL, the polled `jobs` table on SQLite. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, now, settings } = options;
  const engine = database.pgPool
    ? createPgBossJobEngine({ pool: database.pgPool, schema: settings.pgSchema, now, expireInSeconds: LOST_AFTER_SECONDS })
    : createSqliteJobEngine(database, now);
  return createQueueOnEngine(engine, {
    log: options.log ?? silentJobLog,
    pollIntervalMs: settings.pollIntervalMs,
    concurrency: settings.concurrency,
    stopWaitMs: STOP_WAIT_MS,
    now,
  });
}
