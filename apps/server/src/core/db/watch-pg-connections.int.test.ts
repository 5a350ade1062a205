import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/build-test-app';
import { startPgBouncer } from '../../test-support/start-pgbouncer';
import { startTcpProxy } from '../../test-support/tcp-proxy';
import { type DbHandle, openDatabase } from './database';
import { isDatabaseUnavailable } from './is-database-unavailable';
import { createTestDatabase, TEST_DATABASE_URL } from './test-databases';
import { type PgWatch, type PgWatchLog, pgSessions, watchPgConnections } from './watch-pg-connections';

// Decision 0049: a query on a connection that went silent (no answer, no reset) used to wait as long as
// TCP does. These run on PostgreSQL only: SQLite has no connection to lose.
const CHECK_MS = 200;
const CONNECT_WAIT_MS = 3_000;
// Far longer than the watch needs (two looks and a probe's connect timeout), far shorter than TCP's wait.
const NO_ANSWER_MS = 12_000;

describe('a PostgreSQL connection that stops answering', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  function collectWarnings(): { log: PgWatchLog; warnings: Array<{ details: Record<string, unknown>; message: string }> } {
    const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
    return { warnings, log: { warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }) } };
  }

  /** A migrated database through a proxy the test can silence, one pooled connection, already connected. */
  async function silenceable(log: PgWatchLog): Promise<{ database: DbHandle; freeze(andNew: boolean): void; restore(): void }> {
    const migrated = await createTestDatabase('postgres');
    cleanups.push(() => migrated.close());
    const proxy = await startTcpProxy(TEST_DATABASE_URL);
    cleanups.push(() => proxy.close());
    const database = openDatabase({
      databaseUrl: proxy.url,
      pgSchema: migrated.schema,
      pgPoolSize: 1,
      pgConnectTimeoutMs: CONNECT_WAIT_MS,
      pgLivenessCheckMs: CHECK_MS,
      pgLog: log,
    });
    cleanups.push(() => database.close());
    await sql`select 1`.execute(database.db);
    return { database, freeze: (andNew) => proxy.freeze({ andNew }), restore: () => proxy.restore() };
  }

  /** What `work` ended with, or 'still waiting' after NO_ANSWER_MS (TCP would wait a quarter of an hour). */
  function settled<T>(work: Promise<T>): Promise<{ value: T } | { error: unknown } | 'still waiting'> {
    return Promise.race([
      work.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), NO_ANSWER_MS).unref()),
    ]);
  }

  it('answers 503 while the network to the server is silent, and serves again once it is back', async () => {
    const { log, warnings } = collectWarnings();
    const { database, freeze, restore } = await silenceable(log);
    const t = await buildTestApp({ database, discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
    cleanups.push(() => t.close());
    const check = () => t.request({ url: '/bureau/api/check-status?type=discord&id=123456' });

    freeze(true);
    const answer = await settled(check());
    expect(answer).not.toBe('still waiting');
    const res = (answer as { value: Awaited<ReturnType<typeof check>> }).value;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'The database is not available right now. Please try again shortly.',
      code: 'database_unavailable',
    });
    // The pool's one connection is waiting for an answer that will never come: the watch closes it.
    await expect.poll(() => warnings.length, { timeout: NO_ANSWER_MS }).toBeGreaterThanOrEqual(1);
    for (const warning of warnings) {
      expect(warning).toEqual({
        message: 'database: a PostgreSQL connection stopped answering; closed it',
        details: expect.objectContaining({ reason: 'server unreachable' }),
      });
    }

    // Before decision 0049 the silent connection held the pool's slot for good: 503 long after the network was back.
    // A connection the pool began while the network was silent stays silent until its connect timeout, and a
    // request may wait behind it once: so within two connect timeouts, not at the first request.
    restore();
    await expect.poll(async () => (await check()).json(), { timeout: 3 * CONNECT_WAIT_MS, interval: 100 }).toEqual({ result: 'not_found' });
  });

  it('closes a connection gone silent while the server itself answers, and the next query takes a new one', async () => {
    const { log, warnings } = collectWarnings();
    const { database, freeze } = await silenceable(log);

    // Only the pooled connection is lost: a new one (the watch's own check, the next query's) goes through.
    freeze(false);
    const outcome = await settled(sql`select 1 as one`.execute(database.db));
    expect(outcome).not.toBe('still waiting');
    const { error } = outcome as { error: unknown };
    expect((error as Error).message).toBe('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // PostgreSQL never received the query, so its backend was idle: not running on the server.
    expect(warnings).toEqual([
      {
        message: 'database: a PostgreSQL connection stopped answering; closed it',
        details: expect.objectContaining({ reason: 'not running on the server' }),
      },
    ]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('cuts a new connection whose session set-up gets no answer, and the query fails as an outage', async () => {
    const { log, warnings } = collectWarnings();
    const proxy = await startTcpProxy(TEST_DATABASE_URL);
    cleanups.push(() => proxy.close());
    // The watch stays out of it: this bound is the set-up's own, as a connect's is.
    const database = openDatabase({
      databaseUrl: proxy.url,
      pgPoolSize: 1,
      pgConnectTimeoutMs: CONNECT_WAIT_MS,
      pgLivenessCheckMs: 600_000,
      pgLog: log,
    });
    cleanups.push(() => database.close());
    proxy.freeze({ andNew: 'after-startup' });

    const outcome = await settled(database.pgPool!.query('select 1 as one'));
    expect(outcome).not.toBe('still waiting');
    const { error } = outcome as { error: unknown };
    expect((error as Error).message).toBe('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(warnings).toEqual([
      { message: 'database: a new PostgreSQL connection did not answer its set-up; closed it', details: { pid: expect.any(Number) } },
    ]);
    proxy.restore();
    expect((await database.pgPool!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  /** A pool of one on `url` with the watch on it (as openDatabase sets them up), and what the watch warned of. */
  function watchedPool(url: string): { pool: pg.Pool; watch: PgWatch; warnings: ReturnType<typeof collectWarnings>['warnings'] } {
    const { log, warnings } = collectWarnings();
    // As openDatabase sets them up, with the production connect timeout: a check slowed by a loaded
    // machine must not read as an unreachable server.
    const sessions = pgSessions({ idleInTransactionMs: 60_000, connectTimeoutMs: 10_000, log });
    const pool = new pg.Pool({ connectionString: url, max: 1, onConnect: sessions.onConnect });
    cleanups.push(() => pool.end());
    const watch = watchPgConnections(pool, { checkMs: CHECK_MS, connectTimeoutMs: 10_000, sessions, log }, pg.Client);
    cleanups.push(async () => watch.stop());
    return { pool, watch, warnings };
  }

  /**
   * A query on `url` that PostgreSQL runs, waiting for a lock the test holds, until `release` says so;
   * it must then end normally. Answers how many checks the watch made meanwhile. A lock, not a timed
   * sleep: on a loaded machine a sleep can end before the watch has looked twice.
   */
  async function longQueryChecks(url: string, release: (watch: PgWatch) => Promise<unknown>): Promise<number> {
    const key = crypto.randomInt(1, 2 ** 31);
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [key]);
    const { pool, watch, warnings } = watchedPool(url);
    const query = pool.query<{ done: string }>(`select 'done' as done from (select pg_advisory_xact_lock($1)) as locked`, [key]);
    await release(watch);
    await holder.query('select pg_advisory_unlock($1)', [key]);
    expect((await query).rows).toEqual([{ done: 'done' }]);
    expect(warnings).toEqual([]);
    return watch.checks;
  }

  /** Until the watch has asked the server about the query twice (a check that never ran would prove nothing). */
  const twoChecks = (watch: PgWatch) => expect.poll(() => watch.checks, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

  it('leaves alone a query PostgreSQL is still running, however long it takes', async () => {
    expect(await longQueryChecks(TEST_DATABASE_URL, twoChecks)).toBeGreaterThanOrEqual(2);
  });

  it('closes nothing when PostgreSQL answers the check with a refusal of its own', async () => {
    // A role allowed one connection: the pool holds it, so the watch's check is refused (53300). The
    // server is there; whether it runs the query is unknown, and a long query must not be cut for it.
    const role = `watch_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create role ${role} login connection limit 1`);
    cleanups.push(async () => {
      await admin.query(`drop role ${role}`);
      await admin.end();
    });
    const url = new URL(TEST_DATABASE_URL);
    url.username = role;
    expect(await longQueryChecks(url.href, twoChecks)).toBeGreaterThanOrEqual(2);
  });

  it('closes nothing when the server does not say what a backend runs (track_activities off)', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', '-c track_activities=off');
    expect(await longQueryChecks(url.href, twoChecks)).toBeGreaterThanOrEqual(2);
  });

  it('never watches a connection behind a pooler (PgBouncer), whose backend ids are its own', async () => {
    const bouncer = await startPgBouncer(TEST_DATABASE_URL);
    cleanups.push(() => bouncer.close());
    // pg_stat_activity knows no backend by PgBouncer's id: watched, this query would be found "gone" and
    // cut. Ten intervals leave the watch time for the two looks a check needs.
    expect(await longQueryChecks(bouncer.url, () => new Promise((resolve) => setTimeout(resolve, 10 * CHECK_MS)))).toBe(0);
  });

  it('leaves alone a big answer still crossing a slow link after PostgreSQL sent it all', async () => {
    // About 3 MB at 2 MB/s: PostgreSQL is done (its backend idle) for most of the time the answer travels.
    const proxy = await startTcpProxy(TEST_DATABASE_URL, { downstreamBytesPerSecond: 2 * 1024 * 1024 });
    cleanups.push(() => proxy.close());
    const { pool, warnings } = watchedPool(proxy.url);
    const started = Date.now();
    const { rowCount } = await pool.query(`select repeat('x', 1000) from generate_series(1, 3000)`);
    expect(rowCount).toBe(3000);
    // It did take several looks to arrive; each saw bytes come in since the last.
    expect(Date.now() - started).toBeGreaterThan(3 * CHECK_MS);
    expect(warnings).toEqual([]);
  });
  it('sets each session up before the pool hands its connection out, so nothing queues on a busy client', async () => {
    // Sent beside the caller's first query, the set-up queued it behind itself: pg 8 warns of that
    // (once per process, in production's log too) and pg 9 refuses it.
    const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgPoolSize: 1, pgIdleInTransactionMs: 1234 });
    cleanups.push(() => database.close());
    const busyWhenHandedOut: boolean[] = [];
    database.pgPool!.on('acquire', (client) => {
      // Busy: a query running, or one waiting its turn (what pg warns of).
      const { _activeQuery, _queryQueue } = client as unknown as { _activeQuery?: unknown; _queryQueue: unknown[] };
      busyWhenHandedOut.push(Boolean(_activeQuery) || _queryQueue.length > 0);
    });
    const { rows } = await database.pgPool!.query('show idle_in_transaction_session_timeout');
    // The settings hold from the first query on.
    expect(rows).toEqual([{ idle_in_transaction_session_timeout: '1234ms' }]);
    expect(busyWhenHandedOut).toEqual([false]);
  });

  it('has PostgreSQL end a transaction left idle, so its locks are free for the other processes', async () => {
    // A process stalled or cut off mid-transaction, as the server sees it: a transaction holding a lock, then silence.
    const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgPoolSize: 2, pgIdleInTransactionMs: 3_000 });
    cleanups.push(() => database.close());
    // Both connected first: a slow connect must not eat the stalled transaction's idle time.
    const stalled = await database.pgPool!.connect();
    const other = await database.pgPool!.connect();
    await stalled.query('begin');
    await stalled.query('select pg_advisory_xact_lock(49049)');
    try {
      expect((await other.query('select pg_try_advisory_xact_lock(49049) as got')).rows).toEqual([{ got: false }]);
      await expect
        .poll(async () => (await other.query('select pg_try_advisory_xact_lock(49049) as got')).rows[0].got, { timeout: 15_000 })
        .toBe(true);
      // The server ended the stalled session, so its transaction never commits.
      await expect(stalled.query('commit')).rejects.toThrow();
      // And it probes a connection gone quiet (TCP keepalives), instead of the OS's two hours.
      expect((await other.query('show tcp_keepalives_idle')).rows).toEqual([{ tcp_keepalives_idle: '30' }]);
    } finally {
      stalled.release(true);
      other.release();
    }
  });
});
