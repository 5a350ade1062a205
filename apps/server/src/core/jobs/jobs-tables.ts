/** The SQLite engine's table (jobs-migrations.ts); times in epoch ms as ctx.now() counts. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  payload: string;
  status: 'queued' | 'active' | 'done' | 'failed';
  run_at: number;
  /** Runs started so far. */
  attempts: number;
  singleton_key: string | null;
  last_error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export type JobTables = { jobs: JobsTable };
