import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations } from '@server/migrations';
import type { DbHandle, Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { FeedTokenStore, type FeedTokenTables, tokenFromFeedFile } from './feed-tokens';
import { feedTokenMigrations } from './feed-tokens-migrations';
import { hashToken } from './session-store';

const MOVE_MIGRATION = '20261123-01-core-feed-tokens';

describe('tokenFromFeedFile', () => {
  it('takes the token out of <token>.ics and refuses anything else', () => {
    expect(tokenFromFeedFile('abcdefghijklmnopqrstuvwxyz_-0123.ics')).toBe('abcdefghijklmnopqrstuvwxyz_-0123');
    for (const file of [
      'short.ics',
      'abcdefghijklmnopqrstuvwxyz.txt',
      'abcdefghijklmnopqrstuvwxyz',
      '../abcdefghijklmnopqrstuvwxyz.ics',
      `${'a'.repeat(65)}.ics`,
      'abcdefghijklmnopqrstuvwxyz.ics.ics',
    ]) {
      expect(tokenFromFeedFile(file), file).toBeNull();
    }
  });
});

describe.each(DIALECTS)('FeedTokenStore on %s', (dialect) => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('issues a secret shown once, stores only its hash, and a new one revokes the old', async () => {
    database = await createTestDatabase(dialect);
    let now = 1_700_000_000_000;
    const feeds = new FeedTokenStore(database.db, 'appointments-staff', () => now);
    expect(await feeds.status('111')).toEqual({ active: false, createdAt: null });

    const first = await feeds.issue('111');
    expect(first.token).toMatch(/^[\w-]{32}$/);
    expect(first.createdAt).toBe(now);
    const rows = await database.db.withTables<FeedTokenTables>().selectFrom('feed_tokens').selectAll().execute();
    expect(rows).toEqual([{ owner_kind: 'appointments-staff', owner_id: '111', token_hash: hashToken(first.token), created_at: now }]);
    expect(JSON.stringify(rows)).not.toContain(first.token);
    expect(await feeds.findOwner(first.token)).toEqual({ ownerId: '111', createdAt: now });

    now += 60_000;
    const second = await feeds.issue('111');
    expect(second.token).not.toBe(first.token);
    expect(await feeds.findOwner(first.token)).toBeNull();
    expect(await feeds.findOwner(second.token)).toEqual({ ownerId: '111', createdAt: now });
    expect(await feeds.status('111')).toEqual({ active: true, createdAt: now });

    expect(await feeds.revoke('111')).toBe(true);
    expect(await feeds.revoke('111')).toBe(false);
    expect(await feeds.findOwner(second.token)).toBeNull();
    expect(await feeds.status('111')).toEqual({ active: false, createdAt: null });
    expect(await database.db.withTables<FeedTokenTables>().selectFrom('feed_tokens').selectAll().execute()).toEqual([]);
  });

  it('keeps owners and kinds apart: a token opens only its own kind of feed', async () => {
    database = await createTestDatabase(dialect);
    const staff = new FeedTokenStore(database.db, 'appointments-staff', () => 1000);
    const homework = new FeedTokenStore(database.db, 'timetable-homework', () => 2000);
    // The same owner id under two kinds is two different owners.
    const staffToken = (await staff.issue('7')).token;
    const homeworkToken = (await homework.issue('7')).token;
    const otherToken = (await homework.issue('8')).token;
    expect(await staff.findOwner(staffToken)).toEqual({ ownerId: '7', createdAt: 1000 });
    expect(await homework.findOwner(staffToken)).toBeNull();
    expect(await staff.findOwner(homeworkToken)).toBeNull();
    expect(await homework.findOwner(homeworkToken)).toEqual({ ownerId: '7', createdAt: 2000 });
    expect(await homework.findOwner(otherToken)).toEqual({ ownerId: '8', createdAt: 2000 });

    // Revoking one owner's feed leaves the others working.
    await homework.revoke('7');
    expect(await homework.findOwner(homeworkToken)).toBeNull();
    expect(await staff.findOwner(staffToken)).not.toBeNull();
    expect(await homework.findOwner(otherToken)).not.toBeNull();

    for (const probe of ['', 'short', 'x'.repeat(65), "'; drop table feed_tokens; --", 'not-a-real-token-at-all-xx']) {
      expect(await staff.findOwner(probe), probe).toBeNull();
    }
    expect(() => new FeedTokenStore(database!.db, 'Bad Kind')).toThrow();
  });

  it('leaves exactly one live token when two issues race', async () => {
    database = await createTestDatabase(dialect);
    const feeds = new FeedTokenStore(database.db, 'timetable-homework');
    const issued = await Promise.all([feeds.issue('5'), feeds.issue('5'), feeds.issue('5')]);
    const live = (await Promise.all(issued.map((i) => feeds.findOwner(i.token)))).filter((o) => o !== null);
    expect(live).toHaveLength(1);
    expect(await database.db.withTables<FeedTokenTables>().selectFrom('feed_tokens').selectAll().execute()).toHaveLength(1);
  });
});

/** A database migrated up to (not including) the feed-token move, as an existing deployment is. */
async function openBeforeMove(dialect: Dialect): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  const before = Object.fromEntries(Object.entries(allMigrations).filter(([name]) => name !== MOVE_MIGRATION));
  const handle = await createTestDatabase(dialect, { migrations: before });
  return { handle, close: () => handle.close() };
}

describe.each(DIALECTS)('the feed-token migration on %s', (dialect) => {
  let opened: { handle: DbHandle; close(): Promise<void> } | null = null;
  afterEach(async () => {
    await opened?.close();
    opened = null;
  });

  it('sorts after the tool migrations whose tables it moves', () => {
    expect(Object.keys(feedTokenMigrations)).toEqual([MOVE_MIGRATION]);
    const names = Object.keys(allMigrations).sort();
    expect(names.indexOf(MOVE_MIGRATION)).toBeGreaterThan(names.indexOf('20261121-01-appointments-booking'));
    expect(names.indexOf(MOVE_MIGRATION)).toBeGreaterThan(names.indexOf('20261122-30-timetable-feed-tokens'));
  });

  it('moves both tools’ tokens into feed_tokens, so links already handed out keep working, and drops the old tables', async () => {
    opened = await openBeforeMove(dialect);
    const { db } = opened.handle;
    const raw = db.withTables<Record<string, Record<string, unknown>>>();
    const staffToken = crypto.randomBytes(24).toString('base64url');
    const homeworkToken = crypto.randomBytes(24).toString('base64url');
    const account = await raw
      .insertInto('school_accounts')
      .values({ student_id: '68960001', email: null, role: 'student', password_hash: 'x', created_at: 1_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accountId = Number(account.id);
    await raw
      .insertInto('appointment_feed_tokens')
      .values({ discord_id: '123456789012345678', token_hash: hashToken(staffToken), created_at: 2_000 })
      .execute();
    await raw
      .insertInto('timetable_feed_tokens')
      .values({ owner_id: accountId, token_hash: hashToken(homeworkToken), created_at: 3_000 })
      .execute();

    expect(await migrateToLatest(db, dialect, allMigrations)).toEqual([MOVE_MIGRATION]);

    const rows = await db.withTables<FeedTokenTables>().selectFrom('feed_tokens').selectAll().orderBy('created_at').execute();
    expect(rows).toEqual([
      { owner_kind: 'appointments-staff', owner_id: '123456789012345678', token_hash: hashToken(staffToken), created_at: 2_000 },
      { owner_kind: 'timetable-homework', owner_id: String(accountId), token_hash: hashToken(homeworkToken), created_at: 3_000 },
    ]);
    expect(await new FeedTokenStore(db, 'appointments-staff').findOwner(staffToken)).toEqual({
      ownerId: '123456789012345678',
      createdAt: 2_000,
    });
    expect(await new FeedTokenStore(db, 'timetable-homework').findOwner(homeworkToken)).toEqual({
      ownerId: String(accountId),
      createdAt: 3_000,
    });
    expect(await new FeedTokenStore(db, 'timetable-homework').status(String(accountId))).toEqual({ active: true, createdAt: 3_000 });

    for (const table of ['appointment_feed_tokens', 'timetable_feed_tokens']) {
      await expect(sql`select count(*) from ${sql.table(table)}`.execute(db), table).rejects.toThrow();
    }
    // Running again finds nothing left to do.
    expect(await migrateToLatest(db, dialect, allMigrations)).toEqual([]);
  });

  it('runs on a fresh database, where the tool tables are empty', async () => {
    opened = await openBeforeMove(dialect);
    await migrateToLatest(opened.handle.db, dialect, allMigrations);
    expect(await opened.handle.db.withTables<FeedTokenTables>().selectFrom('feed_tokens').selectAll().execute()).toEqual([]);
  });
});
