import { makeSportRegistration } from '@guildhall/testkit/sports-demo';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations } from '@server/migrations';
import type { Dialect } from './database';
import { migrateToLatest } from './migrate';
import { DIALECTS, type TestDatabase, createTestDatabase } from './test-databases';

// Issue 10 item 10: ids that leave the server are never reused. The migrations named below rebuild
// SQLite's tables with AUTOINCREMENT (rebuildWithAutoincrementIds); on PostgreSQL they do nothing,
// serial already never reuses.

const REBUILDS = Object.keys(allMigrations).filter((name) => name.endsWith('-autoincrement-ids'));
const BEFORE = Object.fromEntries(Object.entries(allMigrations).filter(([name]) => !REBUILDS.includes(name)));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of several tools' tables
type AnyDb = Kysely<any>;

async function indexes(db: AnyDb, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{
          entry: string;
        }>`select name || ' ' || coalesce(sql, '') as entry from sqlite_master where type in ('index', 'trigger')`.execute(db)
      : await sql<{ entry: string }>`select indexdef as entry from pg_indexes where schemaname = current_schema()`.execute(db);
  return rows.map((r) => r.entry).sort();
}

async function snapshot(db: AnyDb) {
  const all = (table: string) => db.selectFrom(table).selectAll().orderBy('id').execute();
  return {
    accounts: await all('school_accounts'),
    sports: await all('sports'),
    registrations: await all('sport_registrations'),
    items: await all('timetable_schedule_items'),
    stages: await all('recruitment_stages'),
  };
}

describe.each(DIALECTS)('ids that are never reused, on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('every table with an integer id takes it from a source that never goes back, once all migrations ran', async () => {
    database = await createTestDatabase(dialect);
    if (dialect === 'postgres') {
      const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'id' and data_type in ('integer', 'bigint')
        and coalesce(column_default, '') not like 'nextval(%' and is_identity = 'NO'`.execute(database.db);
      // sports_settings: see below; registry_infractions.id is 001 §3's own number, given by the client.
      expect(rows.map((r) => r.table_name).sort()).toEqual(['registry_infractions', 'sports_settings']);
      return;
    }
    const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    // FTS5 keeps its own shadow tables (bureau_pairs_search_*), whose rows never leave the server.
    const virtualTables = rows.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
    const plainIds = rows
      // sports_settings holds one row whose id is fixed to 1 (a check), so there is nothing to reuse.
      .filter((t) => t.name !== 'sports_settings' && !virtualTables.some((v) => t.name.startsWith(`${v}_`)))
      .filter((t) => /(^|[(,])\s*"?id"?\s+integer\s+primary\s+key\b/i.test(t.sql) && !/autoincrement/i.test(t.sql))
      .map((t) => t.name);
    expect(plainIds).toEqual([]);
  });

  it('the rebuild keeps every row, index and foreign key, and a new id is above the old largest after deleting it', async () => {
    database = await createTestDatabase(dialect, { migrations: BEFORE });
    const db = database.db as AnyDb;
    const at = 1_700_000_000_000;
    for (const [id, studentId] of [
      [1, '68960001'],
      [2, '68960002'],
      [3, '68960003'],
    ] as const) {
      await db
        .insertInto('school_accounts')
        .values({ id, student_id: studentId, email: null, role: 'student', password_hash: 'x', created_at: at })
        .execute();
    }
    await db
      .insertInto('sports')
      .values({ id: 1, name: 'Football', description: 'd', total_spots: 5, eligibility_level: 'open', created_at: at })
      .execute();
    await db
      .insertInto('sports')
      .values({ id: 2, name: 'Chess', description: 'd', total_spots: 5, eligibility_level: 'open', created_at: at })
      .execute();
    for (const [id, account] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ] as const) {
      await db
        .insertInto('sport_registrations')
        .values({ id, ...makeSportRegistration(1, account) })
        .execute();
    }
    await db
      .insertInto('timetable_schedule_items')
      .values({
        id: 7,
        owner_id: 1,
        subject_code: 'M1',
        subject_name: 'Maths',
        day_of_week: 1,
        start_time: '08:30',
        end_time: '09:20',
        room: '101',
        status: 'Up-Coming',
        notes: '',
        created_at: at,
      })
      .execute();
    await db
      .insertInto('timetable_overrides')
      .values({ owner_id: 1, schedule_item_id: 7, week_start_date: '2025-10-20', status: 'Cancelled', notes: 'n', updated_at: at })
      .execute();
    await db
      .insertInto('recruitment_stages')
      .values([
        { name: 'Applied', ordering: 0, color: '#6c757d' },
        { name: 'Interview', ordering: 1, color: '#6c757d' },
      ])
      .execute();
    if (dialect === 'postgres') {
      // The rows above gave their ids by hand; a deployment's sequences are where its inserts left them.
      for (const table of ['school_accounts', 'sports', 'sport_registrations', 'timetable_schedule_items']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
      }
    }
    const rowsBefore = await snapshot(db);
    const indexesBefore = await indexes(db, dialect);

    expect(await migrateToLatest(db, dialect, allMigrations)).toEqual(expect.arrayContaining(REBUILDS));
    expect(REBUILDS).toHaveLength(5);

    expect(await snapshot(db)).toEqual(rowsBefore);
    expect(await indexes(db, dialect)).toEqual(indexesBefore);
    // The unique indexes still hold: one active registration per student, one class per slot.
    await expect(db.insertInto('sport_registrations').values(makeSportRegistration(2, 1)).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('timetable_schedule_items')
        .values({
          owner_id: 1,
          subject_code: 'X',
          subject_name: 'X',
          day_of_week: 1,
          start_time: '08:30',
          end_time: '09:00',
          room: '1',
          status: 'Up-Coming',
          notes: '',
          created_at: at,
        })
        .execute(),
    ).rejects.toThrow();
    // Foreign keys are on again and still point at the rebuilt tables.
    await expect(db.insertInto('sport_registrations').values(makeSportRegistration(1, 99)).execute()).rejects.toThrow();
    await db.deleteFrom('school_accounts').where('id', '=', 1).execute();
    expect(await db.selectFrom('timetable_overrides').selectAll().execute()).toEqual([]);

    // The largest id goes; the next row must not get it again.
    await db.deleteFrom('sport_registrations').where('id', '=', 3).execute();
    const next = await db.insertInto('sport_registrations').values(makeSportRegistration(2, 3)).returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(3);
    await db.deleteFrom('school_accounts').where('id', '=', 3).execute();
    const account = await db
      .insertInto('school_accounts')
      .values({ student_id: '68960009', email: null, role: 'student', password_hash: 'x', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(account.id).toBeGreaterThan(3);
  });
});
