import { sql } from 'kysely';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import type { GuildhallMigration } from '@server/core/db/migrate';
import { idColumnType } from '@server/core/db/migrate';

export const recruitmentMigrations: Record<string, GuildhallMigration> = {
  '20261121-01-recruitment-portal': {
    async up(db, dialect) {
      const id = idColumnType(dialect);
      await db.schema
        .createTable('recruitment_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recruitment_stages')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ordering', 'integer', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recruitment_roles')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recruitment_questions')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('options', 'text')
        .execute();
      await db.schema
        .createTable('recruitment_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recruitment_uploads_owner').on('recruitment_uploads').column('owner_id').execute();
      await db.schema
        .createTable('recruitment_applications')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_lower', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text')
        .addColumn('role_id', 'integer')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('question_labels', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('stage_id', 'integer')
        .addColumn('stage_name', 'text')
        .addColumn('stage_color', 'text')
        .addColumn('feedback', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('status_updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // 000 §4: one application per user, enforced by the schema so concurrent submits cannot break it.
      await db.schema.createIndex('recruitment_applications_user').unique().on('recruitment_applications').column('user_id').execute();
      // The admin list filters by status and pages newest first; username search is a prefix/substring match.
      await db.schema.createIndex('recruitment_applications_status_id').on('recruitment_applications').columns(['status', 'id']).execute();
      await db.schema.createIndex('recruitment_applications_username').on('recruitment_applications').column('username_lower').execute();
      await db.schema
        .createTable('recruitment_audit')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('application_id', 'integer', (c) => c.notNull().references('recruitment_applications.id').onDelete('cascade'))
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_value', 'text')
        .addColumn('to_value', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recruitment_audit_application').on('recruitment_audit').columns(['application_id', 'id']).execute();
      await db.schema
        .createTable('recruitment_notes')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('application_id', 'integer', (c) => c.notNull().references('recruitment_applications.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recruitment_notes_application').on('recruitment_notes').columns(['application_id', 'id']).execute();
    },
  },
  // Issue 10 item 9: stages created at once could share an ordering, so 000 §4's "first stage is the
  // default" was ambiguous. Stages that already share one are spread out in their list order (ordering,
  // then id, as list-stages reads them), then the index keeps every ordering unique.
  '20261124-01-recruitment-unique-stage-ordering': {
    async up(db) {
      await sql`update recruitment_stages set ordering = ranked.place
        from (select id, row_number() over (order by ordering, id) - 1 as place from recruitment_stages) as ranked
        where ranked.id = recruitment_stages.id`.execute(db);
      await db.schema.createIndex('recruitment_stages_ordering').on('recruitment_stages').column('ordering').unique().execute();
    },
  }, // Issue 10 item 10: stage, role, question, application, audit and note ids are never reused on SQLite.
  '20261124-02-recruitment-autoincrement-ids': {
    up: (db, dialect) =>
      rebuildWithAutoincrementIds(db, dialect, [
        'recruitment_stages',
        'recruitment_roles',
        'recruitment_questions',
        'recruitment_applications',
        'recruitment_audit',
        'recruitment_notes',
      ]),
  },
};
