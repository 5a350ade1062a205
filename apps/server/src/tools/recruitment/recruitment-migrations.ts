import { sql } from 'kysely';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import type { GuildhallMigration } from '@server/core/db/migrate';
import { idColumnType, idPrimaryKey } from '@server/core/db/migrate';

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
  },
  // Roles and questions created at once could share an ordering as stages could (issue 10 item 9, found
  // again on PostgreSQL): spread out in their list order, then kept unique by an index, as stages are.
  '20261203-01-recruitment-unique-role-question-ordering': {
    async up(db) {
      for (const table of ['recruitment_roles', 'recruitment_questions']) {
        await sql`update ${sql.table(table)} set ordering = ranked.place
          from (select id, row_number() over (order by ordering, id) - 1 as place from ${sql.table(table)}) as ranked
          where ranked.id = ${sql.table(table)}.id`.execute(db);
        await db.schema.createIndex(`${table}_ordering`).on(table).column('ordering').unique().execute();
      }
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
  // Issue 13 items 3, 4, 8 (decision 0029): roles and questions get an order of their own; stages,
  // roles and questions are removed by setting deleted_at, so a removal can be undone and nothing an
  // application recorded changes; a question may be asked for chosen roles only; the board reads
  // each stage's newest applications; Discord avatars are cached beside the profile.
  '20261122-20-recruitment-order-scope-avatars': {
    async up(db, dialect) {
      for (const table of ['recruitment_roles', 'recruitment_questions'])
        await db.schema
          .alterTable(table)
          .addColumn('ordering', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      await sql`update recruitment_roles set ordering = id`.execute(db);
      await sql`update recruitment_questions set ordering = id`.execute(db);
      for (const table of ['recruitment_stages', 'recruitment_roles', 'recruitment_questions'])
        await db.schema.alterTable(table).addColumn('deleted_at', 'bigint').execute();
      await db.schema
        .createTable('recruitment_question_roles')
        .addColumn('question_id', 'integer', (c) => c.notNull())
        .addColumn('role_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('recruitment_question_roles_pk', ['question_id', 'role_id'])
        .execute();
      await db.schema.createIndex('recruitment_applications_stage_id').on('recruitment_applications').columns(['stage_id', 'id']).execute();
      await db.schema
        .createTable('recruitment_avatars')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text')
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Issue 13 item 2: "one application per user" becomes "one open application per user". open_user_id
  // is the user's id while the application is open (not Declined, not withdrawn) and null once closed;
  // a unique index on it (NULLs never clash, on either dialect) keeps the 000 §4 rule race-safe.
  // Issue 13 item 6: stage_entered_at, when the application entered its current stage.
  '20261122-10-recruitment-cycles': {
    async up(db) {
      await db.schema.alterTable('recruitment_applications').addColumn('open_user_id', 'text').execute();
      await db.schema.alterTable('recruitment_applications').addColumn('withdrawn_at', 'bigint').execute();
      await db.schema.alterTable('recruitment_applications').addColumn('closed_at', 'bigint').execute();
      await db.schema
        .alterTable('recruitment_applications')
        .addColumn('stage_entered_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update recruitment_applications set stage_entered_at = status_updated_at,
        open_user_id = case when status = 'Declined' then null else user_id end,
        closed_at = case when status = 'Declined' then status_updated_at else null end`.execute(db);
      await db.schema.dropIndex('recruitment_applications_user').execute();
      await db.schema
        .createIndex('recruitment_applications_open_user')
        .unique()
        .on('recruitment_applications')
        .column('open_user_id')
        .execute();
      await db.schema.createIndex('recruitment_applications_user_id').on('recruitment_applications').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('recruitment_applications_stage_entered')
        .on('recruitment_applications')
        .columns(['status', 'stage_entered_at'])
        .execute();
      await db.schema
        .createTable('recruitment_drafts')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('job_selection', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Issue 13 item 1: criteria per role and one review per admin per application (a unique index).
  '20261122-11-recruitment-reviews': {
    async up(db, dialect) {
      const id = idColumnType(dialect);
      await db.schema
        .createTable('recruitment_criteria')
        .addColumn('id', id, idPrimaryKey(dialect))
        .addColumn('role_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recruitment_criteria_role').on('recruitment_criteria').columns(['role_id', 'id']).execute();
      await db.schema
        .createTable('recruitment_reviews')
        .addColumn('id', id, idPrimaryKey(dialect))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('recruitment_applications.id').onDelete('cascade'))
        .addColumn('reviewer_id', 'text', (c) => c.notNull())
        .addColumn('reviewer_name', 'text', (c) => c.notNull())
        .addColumn('vote', 'text', (c) => c.notNull())
        .addColumn('scores', 'text', (c) => c.notNull())
        .addColumn('score_sum', 'integer', (c) => c.notNull())
        .addColumn('score_count', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recruitment_reviews_one_per_reviewer')
        .unique()
        .on('recruitment_reviews')
        .columns(['application_id', 'reviewer_id'])
        .execute();
    },
  },
  // Issue 13 item 5: each DM to an applicant, so a failed one stays visible to admins.
  '20261122-12-recruitment-notifications': {
    async up(db, dialect) {
      await db.schema
        .createTable('recruitment_notifications')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('recruitment_applications.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recruitment_notifications_state').on('recruitment_notifications').columns(['state', 'id']).execute();
      await db.schema
        .createIndex('recruitment_notifications_application')
        .on('recruitment_notifications')
        .columns(['application_id', 'id'])
        .execute();
    },
  },
  // Issue 13 item 7 (decision 0050): a stage move's audit row records the two stages' ids beside their
  // names, so the Reports funnel counts a stage by identity; a rename, or a new stage reusing a removed
  // one's name, changed what a name-matched count meant. Rows from before stay null (get-reports.ts).
  '20261204-01-recruitment-audit-stage-ids': {
    async up(db) {
      await db.schema.alterTable('recruitment_audit').addColumn('from_stage_id', 'integer').execute();
      await db.schema.alterTable('recruitment_audit').addColumn('to_stage_id', 'integer').execute();
    },
  },
  // Decision 0028: the edit form's answers kept as the applicant works, as the new form's are in
  // recruitment_drafts, so an upload made while editing is in use (remove-orphan-uploads.ts). One per
  // application; it goes with the application.
  '20261207-01-recruitment-edit-drafts': {
    async up(db) {
      await db.schema
        .createTable('recruitment_edit_drafts')
        .addColumn('application_id', 'integer', (c) => c.primaryKey().references('recruitment_applications.id').onDelete('cascade'))
        .addColumn('job_selection', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Issue 17 item 3 (decision 0036): the username search is a substring match (000 §2 filter); over
  // 100,000 applications a full scan per keystroke is too slow, so both dialects index trigrams.
  // PostgreSQL: a pg_trgm GIN index answers LIKE '%x%'. SQLite: an FTS5 trigram table (rowid = the
  // application's id) kept in step by triggers, read by list-applications.ts for 3+ characters.
  '20261122-30-recruitment-search-trigram': {
    async up(db, dialect) {
      if (dialect === 'postgres') {
        // Extensions are per database; bureau's records search may have created it already, in public.
        const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
          join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
        let schema = found.rows[0]?.schema;
        if (!schema) {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          schema = 'public';
        }
        const opclass = sql.raw(`"${schema.replace(/"/g, '""')}".gin_trgm_ops`);
        await sql`create index recruitment_applications_username_trgm on recruitment_applications using gin (username_lower ${opclass})`.execute(
          db,
        );
        return;
      }
      await sql`create virtual table recruitment_applications_search using fts5(username_lower, tokenize = 'trigram')`.execute(db);
      await sql`create trigger recruitment_applications_search_insert after insert on recruitment_applications begin
        insert into recruitment_applications_search (rowid, username_lower) values (new.id, new.username_lower);
      end`.execute(db);
      await sql`create trigger recruitment_applications_search_delete after delete on recruitment_applications begin
        delete from recruitment_applications_search where rowid = old.id;
      end`.execute(db);
      await sql`create trigger recruitment_applications_search_update after update of id, username_lower on recruitment_applications begin
        delete from recruitment_applications_search where rowid = old.id;
        insert into recruitment_applications_search (rowid, username_lower) values (new.id, new.username_lower);
      end`.execute(db);
      await sql`insert into recruitment_applications_search (rowid, username_lower) select id, username_lower from recruitment_applications`.execute(
        db,
      );
    },
  },
};
