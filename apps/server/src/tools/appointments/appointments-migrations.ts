import { sql } from 'kysely';
import type { GuildhallMigration } from '@server/core/db/migrate';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import { idColumnType, idPrimaryKey } from '@server/core/db/migrate';

export const appointmentsMigrations: Record<string, GuildhallMigration> = {
  '20261121-01-appointments-booking': {
    async up(db, dialect) {
      await db.schema
        .createTable('appointment_line_users')
        .addColumn('line_user_id', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('appointments')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        .addColumn('line_user_id', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('topic', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('booked', 'cancelled')`))
        .addColumn('reschedule_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .addColumn('cancel_reason', 'text')
        .addColumn('cancelled_by', 'text')
        .execute();
      // One booking per slot (ARCHITECTURE.md §5), enforced by the schema so that two people racing
      // for a slot get one booking and one clear error. Cancelled bookings free their slot.
      await db.schema
        .createIndex('appointments_one_per_slot')
        .unique()
        .on('appointments')
        .column('starts_at')
        .where(sql.ref('status'), '=', 'booked')
        .execute();
      // The staff view reads a day at a time; the mini-app reads a user's own bookings.
      await db.schema.createIndex('appointments_starts_at').on('appointments').column('starts_at').execute();
      await db.schema.createIndex('appointments_user').on('appointments').columns(['line_user_id', 'status']).execute();
      // Moved into core's feed_tokens (and dropped) by 20261123-01-core-feed-tokens; kept here
      // because applied migrations are history.
      await db.schema
        .createTable('appointment_feed_tokens')
        .addColumn('discord_id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  }, // Issue 10 item 10: booking ids are never reused on SQLite.
  '20261124-02-appointments-autoincrement-ids': {
    up: (db, dialect) => rebuildWithAutoincrementIds(db, dialect, ['appointments']),
  },
  // Issue 15 item 3 (decision 0032): capacity per slot and a limit per user, each one unique index
  // over seat numbers, so a race for the last seat gives exactly one booking on both dialects.
  '20261126-01-appointments-seats-and-settings': {
    async up(db) {
      await db.schema
        .alterTable('appointments')
        .addColumn('seat', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('appointments').addColumn('user_seat', 'integer').execute();
      await db.schema.dropIndex('appointments_one_per_slot').execute();
      await db.schema
        .createIndex('appointments_slot_seat')
        .unique()
        .on('appointments')
        .columns(['starts_at', 'seat'])
        .where(sql.ref('status'), '=', 'booked')
        .execute();
      await db.schema
        .createIndex('appointments_user_seat')
        .unique()
        .on('appointments')
        .columns(['line_user_id', 'user_seat'])
        .where(sql.ref('status'), '=', 'booked')
        .execute();
      await db.schema
        .createTable('appointment_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Issue 15 item 4: one row per reminder sent, so a reminder goes out once whichever process runs its job.
  '20261126-03-appointments-reminders': {
    async up(db) {
      await db.schema
        .createTable('appointment_reminders_sent')
        .addColumn('appointment_id', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('hours_before', 'real', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('appointment_reminders_sent_pk', ['appointment_id', 'starts_at', 'hours_before'])
        .execute();
    },
  },
  // Issue 15 item 6: the waitlist of full days; one entry per user and day.
  '20261126-04-appointments-waitlist': {
    async up(db, dialect) {
      await db.schema
        .createTable('appointment_waitlist')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('line_user_id', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'offered', 'booked', 'expired')`))
        .addColumn('offered_start', 'bigint')
        .addColumn('offer_expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('appointment_waitlist_user_day')
        .unique()
        .on('appointment_waitlist')
        .columns(['line_user_id', 'date'])
        .execute();
      await db.schema.createIndex('appointment_waitlist_day').on('appointment_waitlist').columns(['date', 'status']).execute();
    },
  },
  // Issue 15 item 4: staff set reminders in minutes, so hours_before holds fractions such as 5 / 60.
  // PostgreSQL's real is 4 bytes and would not equal the job's hours when the claim is given back;
  // double precision does (SQLite's real already is 8 bytes).
  '20261127-01-appointments-reminder-hours-double': {
    async up(db, dialect) {
      if (dialect !== 'postgres') return;
      await db.schema
        .alterTable('appointment_reminders_sent')
        .alterColumn('hours_before', (c) => c.setDataType('double precision'))
        .execute();
    },
  },
  // Issue 15 item 6 (decision 0032): a waitlist offer holds its seat as a row under the
  // (starts_at, seat) unique index: a booked row with held_until set, for the person offered, until
  // then. Another booker's insert of that seat is then refused by the database on both dialects.
  '20261127-02-appointments-seat-holds': {
    async up(db) {
      await db.schema.alterTable('appointments').addColumn('held_until', 'bigint').execute();
    },
  },
  // Issue 15 bench: availability counts the booked seats per slot over a range, holds past their time
  // left out; (starts_at, held_until) among booked rows answers that from the index alone.
  '20261127-03-appointments-booked-slots-index': {
    async up(db) {
      await db.schema
        .createIndex('appointments_booked_slots')
        .on('appointments')
        .columns(['starts_at', 'held_until'])
        .where(sql.ref('status'), '=', 'booked')
        .execute();
    },
  },
  // Decision 0052: availability counts the booked rows overlapping each slot (a seat is taken for a
  // booking's whole length), so it reads ends_at and seat too: this index answers that read alone, as
  // appointments_booked_slots answered the count by start it replaces. ends_at needs no new column:
  // every row has stored its end (start + the slot length at booking time) since the first migration.
  '20261128-01-appointments-booked-ranges-index': {
    async up(db) {
      await db.schema
        .createIndex('appointments_booked_ranges')
        .on('appointments')
        .columns(['starts_at', 'ends_at', 'held_until', 'seat'])
        .where(sql.ref('status'), '=', 'booked')
        .execute();
      await db.schema.dropIndex('appointments_booked_slots').execute();
    },
  },
  // Decision 0073: a LINE user's display name is in the staff feed's SUMMARY, so a rename must raise
  // the events' SEQUENCE and move their LAST-MODIFIED: how many times it changed, and when last.
  // Existing users start at 0 and null, so no feed event changes at the upgrade.
  '20261206-01-appointments-line-user-renames': {
    async up(db) {
      await db.schema
        .alterTable('appointment_line_users')
        .addColumn('name_changes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('appointment_line_users').addColumn('name_changed_at', 'bigint').execute();
    },
  },
  // Issue 15 item 5: staff mark attended / no-show.
  '20261126-02-appointments-attendance': {
    async up(db) {
      await db.schema
        .alterTable('appointments')
        .addColumn('attendance', 'text', (c) => c.check(sql`attendance in ('attended', 'no_show')`))
        .execute();
    },
  },
};
