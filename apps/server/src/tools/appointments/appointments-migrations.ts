import { sql } from 'kysely';
import type { GuildhallMigration } from '@server/core/db/migrate';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import { idColumnType } from '@server/core/db/migrate';

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
};
