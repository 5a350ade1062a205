import { afterEach, describe, expect, it } from 'vitest';
import { FeedTokenStore } from '@server/core/auth/feed-tokens';
import { SchoolAccountStore } from '@server/core/auth/school-account-store';
import { createTestDatabase, DIALECTS, type TestDatabase } from '@server/core/db/test-databases';
import { findHomeworkFeedOwner } from './find-homework-feed-owner';
import { HOMEWORK_FEED_KIND } from './timetable-deps';

// The homework feed's owner lookup on core feed tokens: the route's 404s for every bad file name are
// covered in timetable-api.int.test.ts; this covers what the route cannot reach easily.

describe.each(DIALECTS)('findHomeworkFeedOwner on %s', (dialect) => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it("refuses another feed kind's token and a token older than the account now holding its id", async () => {
    database = await createTestDatabase(dialect);
    let now = 1_000;
    const accounts = new SchoolAccountStore(database.db, () => now);
    const deps = { feeds: new FeedTokenStore(database.db, HOMEWORK_FEED_KIND, () => now) };
    const alice = await accounts.create({ studentId: '68960001', password: 'pw-alice-123', role: 'student' });
    now = 2_000;
    const { token } = await deps.feeds.issue(String(alice.id));
    expect(await findHomeworkFeedOwner(deps, accounts, `${token}.ics`)).toMatchObject({ id: alice.id, studentId: '68960001' });
    expect(await findHomeworkFeedOwner(deps, accounts, token)).toBeNull();

    const staffToken = (await new FeedTokenStore(database.db, 'appointments-staff').issue(String(alice.id))).token;
    expect(await findHomeworkFeedOwner(deps, accounts, `${staffToken}.ics`)).toBeNull();

    // Alice's account is deleted outside the app and a new account is given her id (SQLite may do
    // that): the old link must not show the newcomer's homework.
    await database.db.deleteFrom('school_accounts').where('id', '=', alice.id).execute();
    expect(await findHomeworkFeedOwner(deps, accounts, `${token}.ics`)).toBeNull();
    await database.db
      .insertInto('school_accounts')
      .values({ id: alice.id, student_id: '68960099', email: null, role: 'student', password_hash: 'x', created_at: 3_000 })
      .execute();
    expect(await findHomeworkFeedOwner(deps, accounts, `${token}.ics`)).toBeNull();
  });
});
