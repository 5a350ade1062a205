import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './core/db/database';
import { TEST_DATABASE_URL } from './core/db/test-databases';
import { startTcpProxy } from './test-support/tcp-proxy';
import { isDatabaseUnavailable } from './core/http/http-plugin';
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
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

// A database that stops answering without refusing (packets dropped, a paused server): requests used
// to wait as long as their client did. Now a connection is waited for a bounded time (PG_CONNECT_TIMEOUT_MS).
describe('when the database stops answering', () => {
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
    database = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`, pgPoolSize: 1, pgConnectTimeoutMs: 300 });
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
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await t.request({ url: '/healthz' })).statusCode).toBe(503);
  });
});

describe('when the connection drops in the middle of a query', () => {
  it('is an outage (503), not a bug, and the process goes on', async () => {
    const proxy = await startTcpProxy(TEST_DATABASE_URL);
    const database = openDatabase({ databaseUrl: proxy.url, pgPoolSize: 1 });
    try {
      const query = sql`select pg_sleep(5)`.execute(database.db);
      const failed = query.then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.cut();
      const error = await failed;
      expect((error as Error).message).toBe('Connection terminated unexpectedly');
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The process is still here (the drop used to be an uncaught 'error' event), and once the network
      // is back the pool serves a new connection, not the dead one.
      proxy.restore();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
