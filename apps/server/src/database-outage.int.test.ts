import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CoreTables } from './core/db/core-tables';
import { type DbHandle, openDatabase } from './core/db/database';
import { createTestDatabase, DIALECTS, TEST_DATABASE_URL, type TestDatabase } from './core/db/test-databases';
import { apiKeyStoreFor } from './core/auth/api-keys';
import { withAdvisoryLock } from './core/db/with-advisory-lock';
import { startTcpProxy, type TcpProxy } from './test-support/tcp-proxy';
import { isDatabaseUnavailable } from './core/db/is-database-unavailable';
import { type TestApp, buildTestApp } from './test-support/build-test-app';

// 001 §8 'Database not initialized.' (database unavailable): when the database cannot be reached the
// server answers 503 with a sentence, not a 500, so pages can tell an outage from a bug.
describe('when the database is down', () => {
  let database: DbHandle;
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test', pgPoolSize: 1 });
    t = await buildTestApp({ database, discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau,sports' } });
  });

  afterAll(async () => {
    await t?.close();
    await database.close();
  });

  it('answers 503 with a sentence on public and signed-in routes alike', async () => {
    for (const url of ['/bureau/api/check-status?type=discord&id=123456', '/sports/api/settings/registration-status']) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({
        error: 'The database is not available right now. Please try again shortly.',
        code: 'database_unavailable',
      });
    }
    const me = await t.request({ url: '/sports/api/sports', token: 'some-token' });
    expect(me.statusCode).toBe(503);
  });

  it('reports itself unhealthy', async () => {
    const res = await t.request({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
  });

  it('tells outages from bugs by their codes', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '25006' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'SQLITE_READONLY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

// A database that stops answering without refusing (packets dropped, a paused server): requests used
// to wait as long as their client did. Now a connection is waited for a bounded time (PG_CONNECT_TIMEOUT_MS).
describe('when the database stops answering', () => {
  const CONNECT_WAIT_MS = 1_500;
  const held = new Set<net.Socket>();
  // Accepts connections and never says a word.
  const silent = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
  });
  let database: DbHandle;
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    database = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`,
      pgPoolSize: 1,
      pgConnectTimeoutMs: CONNECT_WAIT_MS,
    });
    t = await buildTestApp({ database, discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers 503 with a sentence once the wait for a connection runs out', async () => {
    const started = Date.now();
    const res = await t.request({ url: '/bureau/api/check-status?type=discord&id=123456' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    // One wait, not a second one for the separate reads the checker falls back to when a table fails.
    expect(Date.now() - started).toBeLessThan(2 * CONNECT_WAIT_MS - 200);
    expect((await t.request({ url: '/healthz' })).statusCode).toBe(503);
  });
});

describe('when the connection drops in the middle of a query', () => {
  let proxy: TcpProxy;
  let database: DbHandle;
  beforeEach(async () => {
    proxy = await startTcpProxy(TEST_DATABASE_URL);
    database = openDatabase({ databaseUrl: proxy.url, pgPoolSize: 1 });
  });
  afterEach(async () => {
    await database.close();
    await proxy.close();
  });

  /** Cuts the network once PostgreSQL is running the sleep, and answers what the query failed with. */
  async function cutDuringSleep(run: (sleep: (db: Kysely<CoreTables>) => Promise<unknown>) => Promise<unknown>): Promise<unknown> {
    // Named apart: a cut test's sleep runs on in PostgreSQL after its client is gone.
    const tag = `outage_${crypto.randomUUID().replaceAll('-', '')}`;
    const failed = run((db) => sql`select pg_sleep(5) as ${sql.raw(tag)}`.execute(db)).then(
      () => null,
      (error: unknown) => error,
    );
    const observer = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await observer.connect();
    try {
      const running = async () =>
        (await observer.query('select 1 from pg_stat_activity where pid <> pg_backend_pid() and query like $1', [`%${tag}%`])).rowCount;
      await expect.poll(running, { timeout: 5_000 }).toBe(1);
    } finally {
      await observer.end();
    }
    proxy.cut();
    return failed;
  }

  it('is an outage (503), not a bug, and the process goes on', async () => {
    const error = await cutDuringSleep((sleep) => sleep(database.db));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The process is still here (the drop used to be an uncaught 'error' event), and once the network
    // is back the pool serves a new connection, not the dead one.
    proxy.restore();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('inside a transaction too, whose rollback fails on the dead connection', async () => {
    const error = await cutDuringSleep((sleep) => database.db.transaction().execute((trx) => sleep(trx)));
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('tells the holder of an advisory lock that it lost the lock', async () => {
    const error = await withAdvisoryLock(database, 'outage-test', async () => {
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'done';
    }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect((error as Error | null)?.message).toBe('the "outage-test" lock was lost while it was held (its connection dropped)');
  });
});

// A database that reads but takes no writes: a failover that left this process on a standby
// (PostgreSQL 25006), a disk remounted read-only (SQLite's READONLY). It is the database's state, not
// a bug: answered 503 with the outage sentence, like the ones above, and reads still work.
describe.each(DIALECTS)('when the database takes no writes, on %s', (dialect) => {
  let migrated: TestDatabase;
  let readOnly: DbHandle;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-read-only-'));
    migrated = await createTestDatabase(dialect, { sqliteFile: path.join(dir, 'guildhall.sqlite') });
    ({ key } = await apiKeyStoreFor(migrated.db, Date.now).create('Community bot', 'bureau-bot'));
    if (dialect === 'postgres') {
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${migrated.schema} -c default_transaction_read_only=on`);
      readOnly = openDatabase({ databaseUrl: url.href });
    } else {
      readOnly = openDatabase({ sqliteFile: path.join(dir, 'guildhall.sqlite') });
    }
    t = await buildTestApp({ database: readOnly, discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
    // SQLite: once started (the job worker's start requeues jobs a crash left running, a write).
    if (dialect === 'sqlite') await sql`pragma query_only = on`.execute(readOnly.db);
  });

  afterAll(async () => {
    await t?.close();
    await readOnly?.close();
    await migrated?.close();
  });

  it('answers a write 503 with the outage sentence, writes nothing, and still answers reads', async () => {
    const robloxId = '31415926';
    const res = await t.request({
      method: 'PUT',
      url: `/bureau/api/bot/v1/bans/${robloxId}`,
      payload: { isBanned: true, Moderator: 'Mod', Reason: 'Exploiting', Time: 1_700_000_000, Username: 'Eve' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      error: 'The database is not available right now. Please try again shortly.',
      code: 'database_unavailable',
    });
    expect(res.headers['retry-after']).toBeDefined();
    const banned = await migrated.db.selectFrom('registry_bans').select('roblox_id').where('roblox_id', '=', robloxId).execute();
    expect(banned).toEqual([]);
    const check = await t.request({ url: `/bureau/api/check-status?type=roblox&id=${robloxId}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ result: 'not_found' });
  });
});
