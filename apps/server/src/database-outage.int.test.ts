import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './core/db/database';
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
