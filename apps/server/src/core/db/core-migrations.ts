import { rebuildWithAutoincrementIds } from './autoincrement-ids';
import { type GuildhallMigration, idColumnType } from './migrate';
import { sql } from 'kysely';

const sqlCheckPlatform = sql`platform in ('Discord', 'Roblox')`;

export const coreMigrations: Record<string, GuildhallMigration> = {
  '20261121-01-core-identity': {
    async up(db) {
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
      await db.schema.createIndex('sessions_subject').on('sessions').columns(['kind', 'subject']).execute();

      await db.schema
        .createTable('grants')
        .addColumn('discord_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('grants_pk', ['discord_id', 'role'])
        .execute();
    },
  },
  '20261121-02-core-registry': {
    async up(db) {
      await db.schema
        .createTable('registry_pairs')
        .addColumn('discord_id', 'text', (c) => c.primaryKey())
        .addColumn('roblox_id', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // 001 §4: the checker looks pairs up by Roblox id too.
      await db.schema.createIndex('registry_pairs_roblox_id').on('registry_pairs').column('roblox_id').execute();

      await db.schema
        .createTable('registry_bans')
        .addColumn('roblox_id', 'text', (c) => c.primaryKey())
        .addColumn('is_banned', 'integer', (c) => c.notNull())
        .addColumn('moderator', 'text')
        .addColumn('reason', 'text')
        .addColumn('time', 'bigint')
        .addColumn('username', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('registry_infractions')
        .addColumn('platform', 'text', (c) => c.notNull().check(sqlCheckPlatform))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('moderator', 'text')
        .addColumn('reason', 'text')
        .addColumn('note', 'text')
        .addPrimaryKeyConstraint('registry_infractions_pk', ['platform', 'subject_id', 'id'])
        .execute();

      await db.schema
        .createTable('profile_cache')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('profile_cache_pk', ['platform', 'id'])
        .execute();
    },
  },
  '20261121-03-core-school-accounts': {
    async up(db, dialect) {
      await db.schema
        .createTable('school_accounts')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        .addColumn('student_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('student', 'developer', 'sports_lead')`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  }, // Issue 10 item 10: school account ids are never reused on SQLite.
  '20261124-02-core-autoincrement-ids': {
    up: (db, dialect) => rebuildWithAutoincrementIds(db, dialect, ['school_accounts']),
  },
};
