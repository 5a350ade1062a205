import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../db/database';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { buildTestApp, createTestClock, type TestApp } from '@server/test-support/build-test-app';

// Issue 12 item 3 (decision 0025): ctx.jobs on both engines (pg-boss on PostgreSQL, the polled
// `jobs` table on SQLite), through the real app.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logLines(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe.each(DIALECTS)('ctx.jobs on %s', (dialect) => {
  const opened: Array<{ close(): Promise<void> }> = [];
  const app = async (options: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> => {
    const t = await buildTestApp({ dialect, discord: false, roblox: false, ...options, env: { ENABLED_TOOLS: 'bureau', ...options.env } });
    opened.push(t);
    return t;
  };
  /** A database two apps share, one after the other or at once (SQLite: a file). */
  const sharedDatabase = async (): Promise<TestDatabase> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-jobs-'));
    const database = await createTestDatabase(dialect, { sqliteFile: path.join(dir, 'jobs.sqlite') });
    opened.push({ close: () => fs.promises.rm(dir, { recursive: true, force: true }) }, database);
    return database;
  };
  afterEach(async () => {
    while (opened.length) await opened.pop()!.close();
  });

  it('runs a defined job once with its payload parsed by the schema', async () => {
    const t = await app();
    const seen: Array<{ n: number; attempt: number }> = [];
    t.ctx.jobs.define('test.echo', z.object({ n: z.coerce.number() }), async (payload, job) => {
      seen.push({ n: payload.n, attempt: job.attempt });
    });
    expect(await t.ctx.jobs.enqueue('test.echo', { n: '7' })).toEqual(expect.any(String));
    await t.ctx.jobs.settle();
    await t.ctx.jobs.settle();
    expect(seen).toEqual([{ n: 7, attempt: 1 }]);
    expect((await t.ctx.jobs.stats()).byName['test.echo'] ?? { queued: 0, active: 0, failed: 0 }).toEqual({
      queued: 0,
      active: 0,
      failed: 0,
    });
  });

  it('keeps one waiting job per singletonKey, and frees the key once it is done', async () => {
    const t = await app();
    const seen: string[] = [];
    t.ctx.jobs.define('test.once', z.object({ v: z.string() }), async (payload) => {
      seen.push(payload.v);
    });
    const later = t.clock.now() + 3_600_000;
    expect(await t.ctx.jobs.enqueue('test.once', { v: 'first' }, { singletonKey: 'k', runAt: later })).toEqual(expect.any(String));
    expect(await t.ctx.jobs.enqueue('test.once', { v: 'second' }, { singletonKey: 'k' })).toBeNull();
    expect(await t.ctx.jobs.enqueue('test.once', { v: 'other key' }, { singletonKey: 'k2' })).toEqual(expect.any(String));
    await t.ctx.jobs.settle();
    expect(seen).toEqual(['other key']);
    expect((await t.ctx.jobs.stats()).byName['test.once']).toMatchObject({ queued: 1 });
    // Done, the key is free again.
    expect(await t.ctx.jobs.enqueue('test.once', { v: 'again' }, { singletonKey: 'k2' })).toEqual(expect.any(String));
    await t.ctx.jobs.settle();
    expect(seen).toEqual(['other key', 'again']);
  });

  it('stores a job enqueued within a transaction only if that transaction commits (decision 0041)', async () => {
    const t = await app();
    const seen: string[] = [];
    t.ctx.jobs.define('test.within', z.object({ v: z.string() }), async (payload) => {
      seen.push(payload.v);
    });
    const { db } = t.ctx.database;
    // Rolled back after the enqueue, with and without a key: nothing was stored, and the key is still free.
    for (const singletonKey of [undefined, 'k']) {
      await expect(
        db.transaction().execute(async (trx) => {
          expect(await t.ctx.jobs.enqueue('test.within', { v: 'rolled back' }, { singletonKey, within: trx })).toEqual(expect.any(String));
          throw new Error('the caller fails after the enqueue');
        }),
      ).rejects.toThrow('the caller fails after the enqueue');
    }
    expect((await t.ctx.jobs.stats()).byName['test.within'] ?? { queued: 0 }).toMatchObject({ queued: 0 });
    // Committed: stored once per key, in the caller's transaction (a second enqueue of the key inside it answers null).
    const ids = await db
      .transaction()
      .execute(async (trx) => [
        await t.ctx.jobs.enqueue('test.within', { v: 'committed' }, { singletonKey: 'k', within: trx }),
        await t.ctx.jobs.enqueue('test.within', { v: 'twice' }, { singletonKey: 'k', within: trx }),
        await t.ctx.jobs.enqueue('test.within', { v: 'no key' }, { within: trx }),
      ]);
    expect(ids).toEqual([expect.any(String), null, expect.any(String)]);
    await t.ctx.jobs.settle();
    expect(seen.sort()).toEqual(['committed', 'no key']);
  });

  it('retries a failing handler and stops after retryLimit, counting failures and logging the error', async () => {
    const { stream, lines } = logLines();
    const t = await app({ logger: { level: 'warn', stream } });
    const attempts: number[] = [];
    t.ctx.jobs.define(
      'test.flaky',
      z.object({ failTimes: z.number() }),
      async (payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt <= payload.failTimes) throw new Error(`receiver down (attempt ${job.attempt})`);
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    await t.ctx.jobs.enqueue('test.flaky', { failTimes: 2 });
    await t.ctx.jobs.settle();
    expect(attempts).toEqual([1, 2, 3]);
    let stats = await t.ctx.jobs.stats();
    expect(stats.failuresByName['test.flaky']).toBe(2);
    expect(stats.byName['test.flaky']?.failed ?? 0).toBe(0);

    attempts.length = 0;
    await t.ctx.jobs.enqueue('test.flaky', { failTimes: 99 });
    await t.ctx.jobs.settle();
    expect(attempts).toEqual([1, 2, 3]);
    stats = await t.ctx.jobs.stats();
    expect(stats.byName['test.flaky']).toMatchObject({ failed: 1, queued: 0, active: 0 });
    expect(stats.failuresByName['test.flaky']).toBe(5);
    const forGood = lines.filter((l) => l.msg === 'job failed for good');
    expect(forGood).toHaveLength(1);
    expect(JSON.stringify(forGood[0])).toContain('receiver down (attempt 3)');
  });

  it('waits retryDelaySeconds before a retry', async () => {
    const t = await app();
    const attempts: number[] = [];
    t.ctx.jobs.define(
      'test.later-retry',
      z.object({}),
      async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('not yet');
      },
      { retryDelaySeconds: 60 },
    );
    await t.ctx.jobs.enqueue('test.later-retry', {});
    await t.ctx.jobs.settle();
    expect(attempts).toEqual([1]);
    expect((await t.ctx.jobs.stats()).byName['test.later-retry']).toMatchObject({ queued: 1, failed: 0 });
    if (dialect === 'sqlite') {
      // SQLite counts time with ctx.now(); pg-boss with the database's clock (not moved here).
      t.clock.advance(59_000);
      await t.ctx.jobs.settle();
      expect(attempts).toEqual([1]);
      t.clock.advance(1_000);
      await t.ctx.jobs.settle();
      expect(attempts).toEqual([1, 2]);
    }
  });

  it('does not run a job before its runAt', async () => {
    const t = await app();
    const ran: number[] = [];
    t.ctx.jobs.define('test.scheduled', z.object({ at: z.number() }), async (payload) => {
      ran.push(payload.at);
    });
    // On PostgreSQL a real wait: far enough ahead that a loaded machine's enqueue and settle end before it.
    const runAt = t.clock.now() + (dialect === 'sqlite' ? 3_600_000 : 5_000);
    await t.ctx.jobs.enqueue('test.scheduled', { at: runAt }, { runAt });
    await t.ctx.jobs.settle();
    expect(ran).toEqual([]);
    expect((await t.ctx.jobs.stats()).byName['test.scheduled']).toMatchObject({ queued: 1 });
    if (dialect === 'sqlite') t.clock.advance(3_600_000);
    else await sleep(5_100);
    await t.ctx.jobs.settle();
    expect(ran).toEqual([runAt]);
  });

  it('survives a restart: a job enqueued before the app closed runs in the next app', async () => {
    const database = await sharedDatabase();
    const clock = createTestClock();
    const first = await app({ database, clock });
    const ran: string[] = [];
    const define = (t: TestApp, who: string) =>
      t.ctx.jobs.define('test.restart', z.object({ note: z.string() }), async (payload) => {
        ran.push(`${who}: ${payload.note}`);
      });
    define(first, 'first');
    await first.ctx.jobs.enqueue('test.restart', { note: 'hello' }, { runAt: clock.now() + 3_000 });
    await first.close();
    expect(ran).toEqual([]);

    if (dialect === 'sqlite') clock.advance(3_000);
    else await sleep(3_100);
    const second = await app({ database, clock });
    define(second, 'second');
    await second.ctx.jobs.settle();
    expect(ran).toEqual(['second: hello']);
  });

  it('takes no new jobs once the app drains (SIGTERM); the next app runs them', async () => {
    const database = await sharedDatabase();
    const first = await app({ database, env: { JOBS_POLL_INTERVAL_MS: '50' } });
    const ran: string[] = [];
    first.ctx.jobs.define('test.after-drain', z.object({}), async () => {
      ran.push('first');
    });
    first.ctx.readiness.drain();
    await first.ctx.jobs.enqueue('test.after-drain', {});
    await sleep(300);
    expect(ran).toEqual([]);
    await first.close();

    const second = await app({ database });
    second.ctx.jobs.define('test.after-drain', z.object({}), async () => {
      ran.push('second');
    });
    await second.ctx.jobs.settle();
    expect(ran).toEqual(['second']);
  });

  it('finishes the handler running when the app closes, and records it done', async () => {
    const database = await sharedDatabase();
    const first = await app({ database });
    let finished = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    first.ctx.jobs.define('test.slow', z.object({}), async () => {
      started();
      await sleep(300);
      finished += 1;
    });
    await first.ctx.jobs.enqueue('test.slow', {});
    await running;
    await first.close();
    expect(finished).toBe(1);

    const second = await app({ database });
    second.ctx.jobs.define('test.slow', z.object({}), async () => {
      finished += 1;
    });
    await second.ctx.jobs.settle();
    expect(finished).toBe(1);
  });
});

describe('ctx.jobs with two processes on one PostgreSQL database', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    while (opened.length) await opened.pop()!.close();
  });

  it('hands each job to exactly one of them', async () => {
    const database = await createTestDatabase('postgres');
    opened.push(database);
    // Two apps, each with its own pool on the one database (as two processes), working at once.
    const otherPool = openDatabase({ databaseUrl: database.databaseUrl, pgSchema: database.schema, pgPoolSize: 5 });
    opened.push(otherPool);
    const apps: TestApp[] = [];
    for (const handle of [database, { ...otherPool, schema: database.schema }]) {
      const t = await buildTestApp({
        database: handle,
        discord: false,
        roblox: false,
        env: { ENABLED_TOOLS: 'bureau', JOBS_POLL_INTERVAL_MS: '50', JOBS_CONCURRENCY: '3' },
      });
      opened.push(t);
      apps.push(t);
    }
    const handled: Array<{ n: number; by: number }> = [];
    apps.forEach((t, by) =>
      t.ctx.jobs.define('test.race', z.object({ n: z.number() }), async (payload) => {
        handled.push({ n: payload.n, by });
        await sleep(20);
      }),
    );
    for (let n = 0; n < 40; n++) await apps[n % 2]!.ctx.jobs.enqueue('test.race', { n });
    await Promise.all(apps.map((t) => t.ctx.jobs.settle()));
    await sleep(200);
    await Promise.all(apps.map((t) => t.ctx.jobs.settle()));
    expect(handled.map((h) => h.n).sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    expect(new Set(handled.map((h) => h.by)).size).toBe(2);
  });
});
