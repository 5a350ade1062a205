import { sql } from 'kysely';
import { CLASS_STATUSES, HOMEWORK_STATUSES } from '@guildhall/contracts/timetable';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import { type GuildhallMigration, idColumnType } from '@server/core/db/migrate';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

export const timetableMigrations: Record<string, GuildhallMigration> = {
  '20261121-20-timetable-tables': {
    async up(db, dialect) {
      await db.schema
        .createTable('timetable_schedule_items')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('school_accounts.id').onDelete('cascade'))
        .addColumn('subject_code', 'text', (c) => c.notNull())
        .addColumn('subject_name', 'text', (c) => c.notNull())
        .addColumn('day_of_week', 'integer', (c) => c.notNull().check(sql`day_of_week between 1 and 7`))
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(CLASS_STATUSES)})`))
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One class per slot per student: two classes cannot start at the same time on the same day.
      await db.schema
        .createIndex('timetable_schedule_items_slot')
        .on('timetable_schedule_items')
        .columns(['owner_id', 'day_of_week', 'start_time'])
        .unique()
        .execute();

      await db.schema
        .createTable('timetable_overrides')
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('school_accounts.id').onDelete('cascade'))
        .addColumn('schedule_item_id', 'integer', (c) => c.notNull().references('timetable_schedule_items.id').onDelete('cascade'))
        .addColumn('week_start_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(CLASS_STATUSES)})`))
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // 002 §3: one override per class and week.
        .addPrimaryKeyConstraint('timetable_overrides_pk', ['schedule_item_id', 'week_start_date'])
        .execute();
      await db.schema.createIndex('timetable_overrides_owner').on('timetable_overrides').columns(['owner_id', 'week_start_date']).execute();

      await db.schema
        .createTable('timetable_homework')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('school_accounts.id').onDelete('cascade'))
        .addColumn('homework_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('subject_code', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('due_time', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(HOMEWORK_STATUSES)})`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Homework ids are unique per student (the issue: "unique homework_id per owner").
      await db.schema
        .createIndex('timetable_homework_owner_hwid')
        .on('timetable_homework')
        .columns(['owner_id', 'homework_id'])
        .unique()
        .execute();
      await db.schema.createIndex('timetable_homework_owner_due').on('timetable_homework').columns(['owner_id', 'due_date']).execute();
    },
  },
  // Moved into core's feed_tokens (and dropped) by 20261123-01-core-feed-tokens; kept here because
  // applied migrations are history.
  '20261122-30-timetable-feed-tokens': {
    async up(db) {
      await db.schema
        .createTable('timetable_feed_tokens')
        // One live feed per student: a new token replaces (revokes) the old one.
        .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('school_accounts.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  }, // Issue 10 item 10: class and homework ids (in URLs and overrides) are never reused on SQLite.
  '20261124-02-timetable-autoincrement-ids': {
    up: (db, dialect) => rebuildWithAutoincrementIds(db, dialect, ['timetable_schedule_items', 'timetable_homework']),
  },
};
