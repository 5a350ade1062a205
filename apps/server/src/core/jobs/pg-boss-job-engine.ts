import crypto from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { lazyRequire } from '../lazy/lazy-require';
import type { JobStats } from './job-queue';
import { DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT } from './job-queue';
import type { ClaimedJob, JobEngine } from './job-worker';
import { poolSettings } from '../db/pool-settings';

// Issue 17 item 6: pg-boss is loaded on PostgreSQL only; a SQLite start never needs it.
const loadPgBoss = lazyRequire<typeof PgBoss>('pg-boss');
const loadPg = lazyRequire<typeof pg>('pg');

export interface PgBossEngineOptions {
  pool: pg.Pool;
  /** The schema pg-boss installs itself in (JOBS_PG_SCHEMA). */
  schema: string;
  now: () => number;
  /** A job running longer than this is taken as lost (its process died) and run again. */
  expireInSeconds: number;
}

/** pg-boss wants an object as data; ours may be any JSON. */
interface Envelope {
  payload: unknown;
}

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Runs `work` again (up to 5 times) when PostgreSQL chose it as a deadlock's victim. */
async function retryDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/**
 * Issue 12 item 3 (decision 0025): on PostgreSQL the jobs live in pg-boss (its own schema, on the
 * app's pool). pg-boss claims with FOR UPDATE SKIP LOCKED, so one job goes to one process however
 * many poll; it keeps retries with backoff, expires jobs whose process died, and archives.
 */
export function createPgBossJobEngine(options: PgBossEngineOptions): JobEngine {
  const { pool, schema, now } = options;
  if (!IDENTIFIER.test(schema)) throw new Error(`JOBS_PG_SCHEMA: not a plain schema name: ${schema}`);
  const db = { executeSql: (text: string, values: unknown[] = []) => pool.query(text, values) };
  // Sends, claims and settles jobs on the app's pool; no timers of its own.
  const client = new (loadPgBoss())({ db, schema, supervise: false, schedule: false, migrate: false });
  // Decision 0041: pg-boss's tables are installed (under its advisory lock) and its queues created on
  // a connection of their own, never a pooled one. An enqueue within a caller's transaction may find
  // its queue missing while every pooled connection is held by such transactions (twenty bookings at
  // once): waiting for the pool there, they would wait on each other for ever. The connection closes
  // when idle; it is needed once per queue and process.
  let adminPool: pg.Pool | null = null;
  const adminDb = {
    executeSql: (text: string, values: unknown[] = []) => {
      if (!adminPool) {
        adminPool = new (loadPg().Pool)({
          ...poolSettings(pool),
          max: 1,
          idleTimeoutMillis: 1_000,
          allowExitOnIdle: true,
        });
        adminPool.on('error', () => undefined);
      }
      return adminPool.query(text, values);
    },
  };
  const admin = new (loadPgBoss())({ db: adminDb, schema, supervise: false, schedule: false, migrate: true });
  let maintainer: PgBoss | null = null;
  let installed: Promise<unknown> | null = null;
  const queues = new Map<string, Promise<void>>();
  const retryLimits = new Map<string, number>();
  let queueCreation: Promise<unknown> = Promise.resolve();

  let working = false;
  let maintainerStarting: Promise<void> | null = null;

  const install = () =>
    (installed ??= admin.start().catch((error: unknown) => {
      installed = null;
      throw error;
    }));

  /**
   * Whether pg-boss's tables exist, installing nothing: until some process enqueued a job there is
   * nothing to claim, and an app that never uses jobs (most tests) never pays for the install.
   */
  async function isInstalled(): Promise<boolean> {
    if (!installed) {
      const { rows } = await pool.query<{ found: string | null }>('select to_regclass($1)::text as found', [`${schema}.job`]);
      if (!rows[0]?.found) return false;
    }
    await install();
    return true;
  }

  /** The worker's maintenance (expiry of lost jobs, archiving), once there are tables to maintain. */
  function startMaintainer(): Promise<void> {
    maintainerStarting ??= (async () => {
      const boss = new (loadPgBoss())({ db, schema, supervise: true, schedule: false, migrate: false });
      boss.on('error', () => undefined);
      await boss.start();
      if (working) maintainer = boss;
      else await boss.stop({ graceful: false, close: false });
    })().catch((error: unknown) => {
      maintainerStarting = null;
      throw error;
    });
    return maintainerStarting;
  }

  /**
   * pg-boss 10 keeps each job name in a queue (a table partition) that must exist before a send.
   * Creating one attaches a partition to the job table, which can deadlock with another creation or
   * with maintenance (here or in another process): one at a time here, and again after a deadlock.
   */
  function ensureQueue(name: string): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      const creating = queueCreation
        .then(() => install())
        .then(() => retryDeadlock(() => admin.createQueue(name, { name, policy: 'standard' })));
      queueCreation = creating.catch(() => undefined);
      ready = creating.catch((error: unknown) => {
        queues.delete(name);
        throw error;
      });
      queues.set(name, ready);
    }
    return ready;
  }

  /**
   * Sends through `executeSql`, a connection inside an open transaction. With a key: one waiting or
   * running job per (name, key), checked and inserted under a transaction-scoped advisory lock on the
   * pair, so two processes enqueueing at once cannot both insert (answers null when one waits).
   */
  async function sendIn(
    executeSql: ExecuteSql,
    name: string,
    data: Envelope,
    sendOptions: PgBoss.SendOptions,
    key: string | undefined,
  ): Promise<string | null> {
    if (key !== undefined) {
      const lockKey = crypto.createHash('sha256').update(`guildhall:job:${name}\u0000${key}`).digest().readBigInt64BE(0).toString();
      await executeSql('select pg_advisory_xact_lock($1::bigint)', [lockKey]);
      const existing = await executeSql(
        `select 1 from ${schema}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
        [name, key],
      );
      if (existing.rows.length > 0) return null;
    }
    return client.send(name, data, { ...sendOptions, ...(key === undefined ? {} : { singletonKey: key }), db: { executeSql } });
  }

  return {
    async enqueue(name, payload, enqueueOptions, definition) {
      await ensureQueue(name);
      const delayMs = enqueueOptions.runAt === undefined ? 0 : Math.max(0, enqueueOptions.runAt - now());
      const data: Envelope = { payload: payload ?? null };
      const retryDelay = definition?.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
      const sendOptions: PgBoss.SendOptions = {
        retryLimit: definition?.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay,
        // pg-boss turns a zero delay into one second when backing off; zero means at once.
        retryBackoff: retryDelay > 0,
        expireInSeconds: options.expireInSeconds,
        // runAt counts in ctx.now() time; pg-boss in the database's: keep the distance.
        ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}),
      };
      const key = enqueueOptions.singletonKey;
      const { within } = enqueueOptions;
      // Decision 0041: in the caller's transaction, lock, check and insert included.
      if (within) return sendIn((text, values = []) => within.executeQuery(CompiledQuery.raw(text, values)), name, data, sendOptions, key);
      if (key === undefined) return client.send(name, data, sendOptions);
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const id = await sendIn((text, values = []) => connection.query(text, values), name, data, sendOptions, key);
        await connection.query('commit');
        return id;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },

    async claim(names, limit) {
      const claimed: ClaimedJob[] = [];
      if (!(await isInstalled())) return claimed;
      if (working) await startMaintainer();
      for (const name of names) {
        if (claimed.length >= limit) break;
        await ensureQueue(name);
        const jobs: Array<PgBoss.JobWithMetadata<Envelope>> = await client.fetch<Envelope>(name, {
          batchSize: limit - claimed.length,
          includeMetadata: true,
        });
        for (const job of jobs) {
          retryLimits.set(job.id, job.retryLimit);
          claimed.push({ id: job.id, name, payload: job.data?.payload ?? null, attempt: job.retryCount + 1 });
        }
      }
      return claimed;
    },

    async complete(job) {
      retryLimits.delete(job.id);
      await client.complete(job.name, job.id);
    },

    async fail(job, error) {
      const retryLimit = retryLimits.get(job.id) ?? DEFAULT_RETRY_LIMIT;
      retryLimits.delete(job.id);
      await client.fail(job.name, job.id, { message: error });
      return job.attempt - 1 < retryLimit ? 'retry' : 'failed';
    },

    async start() {
      working = true;
    },

    async stop() {
      working = false;
      await maintainerStarting?.catch(() => undefined);
      maintainerStarting = null;
      const stopping = maintainer;
      maintainer = null;
      await stopping?.stop({ graceful: false, close: false });
      // Its connection would close when idle; a stopping app ends it now (a later enqueue opens another).
      const ending = adminPool;
      adminPool = null;
      await ending?.end();
    },

    async countByName() {
      if (!(await isInstalled())) return {};
      const { rows } = await pool.query<{ name: string; state: string; count: string }>(
        `select name, state::text as state, count(*)::text as count from ${schema}.job
         where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
      const byName: JobStats['byName'] = {};
      for (const row of rows) {
        const entry = (byName[row.name] ??= { queued: 0, active: 0, failed: 0 });
        const count = Number(row.count);
        if (row.state === 'active') entry.active += count;
        else if (row.state === 'failed') entry.failed += count;
        else entry.queued += count;
      }
      return byName;
    },
  };
}
