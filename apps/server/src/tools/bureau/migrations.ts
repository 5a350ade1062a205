import { sql } from 'kysely';
import { type GuildhallMigration, idColumnType, idPrimaryKey } from '@server/core/db/migrate';

/**
 * 001 §5: the records search is a substring match on either id; over a million pairs it must not be
 * a full scan per keystroke (ARCHITECTURE.md §7). PostgreSQL: pg_trgm GIN indexes on the registry's
 * own columns. SQLite: an FTS5 table with the trigram tokenizer (it answers LIKE '%x%' from its
 * index for 3+ characters), kept in step with registry_pairs by triggers.
 */
export const bureauMigrations: Record<string, GuildhallMigration> = {
  '20261121-20-bureau-records-search': {
    async up(db, dialect) {
      if (dialect === 'postgres') {
        // Extensions are per database; create it once in public (a test schema may be dropped, and
        // with it an extension created inside it), then name its operator class by its schema.
        const found = await sql<{
          schema: string;
        }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
          db,
        );
        let schema = found.rows[0]?.schema;
        if (!schema) {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          schema = 'public';
        }
        const opclass = sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`);
        await sql`create index registry_pairs_discord_id_trgm on registry_pairs using gin (discord_id ${opclass})`.execute(db);
        await sql`create index registry_pairs_roblox_id_trgm on registry_pairs using gin (roblox_id ${opclass})`.execute(db);
        return;
      }
      // The records list walks Discord ids in order; a covering index spares a table read per row.
      await sql`create index registry_pairs_search_order on registry_pairs (discord_id, roblox_id)`.execute(db);
      await sql`create virtual table bureau_pairs_search using fts5(discord_id, roblox_id, tokenize = 'trigram')`.execute(db);
      // Ids are digits (the contracts refuse anything else), so an exact LIKE finds one row through the index.
      await sql`create trigger bureau_pairs_search_insert after insert on registry_pairs begin
        insert into bureau_pairs_search (discord_id, roblox_id) values (new.discord_id, new.roblox_id);
      end`.execute(db);
      await sql`create trigger bureau_pairs_search_delete after delete on registry_pairs begin
        delete from bureau_pairs_search where rowid in (select rowid from bureau_pairs_search where discord_id like old.discord_id and discord_id = old.discord_id);
      end`.execute(db);
      await sql`create trigger bureau_pairs_search_update after update of discord_id, roblox_id on registry_pairs begin
        delete from bureau_pairs_search where rowid in (select rowid from bureau_pairs_search where discord_id like old.discord_id and discord_id = old.discord_id);
        insert into bureau_pairs_search (discord_id, roblox_id) values (new.discord_id, new.roblox_id);
      end`.execute(db);
      await sql`insert into bureau_pairs_search (discord_id, roblox_id) select discord_id, roblox_id from registry_pairs`.execute(db);
    },
  },
  // Issue 14 item 5: the history of pairs, bans and cases, read by either account's ID.
  '20261126-01-bureau-history': {
    async up(db, dialect) {
      await db.schema
        .createTable('bureau_history')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('pair', 'ban', 'case')`))
        .addColumn('entity_key', 'text', (c) => c.notNull())
        .addColumn('discord_id', 'text')
        .addColumn('roblox_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in ('staff', 'member', 'bot', 'system')`))
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('bureau_history_discord').on('bureau_history').columns(['discord_id', 'id']).execute();
      await db.schema.createIndex('bureau_history_roblox').on('bureau_history').columns(['roblox_id', 'id']).execute();
      await db.schema.createIndex('bureau_history_entity').on('bureau_history').columns(['entity', 'entity_key', 'id']).execute();
    },
  },
  // Issue 14 item 2: cases and their notes. A case's id is its number, never reused.
  '20261126-02-bureau-cases': {
    async up(db, dialect) {
      await db.schema
        .createTable('bureau_cases')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('Discord', 'Roblox')`))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('infraction_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('note', 'warn', 'mute', 'kick', 'ban', 'unban')`))
        .addColumn('expires_at', 'bigint')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lifted_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One case per infraction: a racing second insert loses (retryOnWriteConflict).
      await db.schema
        .createIndex('bureau_cases_infraction')
        .on('bureau_cases')
        .columns(['platform', 'subject_id', 'infraction_id'])
        .unique()
        .execute();
      // The checker finds a Roblox ID's ban case through this.
      await db.schema
        .createIndex('bureau_cases_subject_type')
        .on('bureau_cases')
        .columns(['platform', 'subject_id', 'type', 'id'])
        .execute();
      await db.schema
        .createTable('bureau_case_notes')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('case_id', 'integer', (c) => c.notNull().references('bureau_cases.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bureau_case_notes_case').on('bureau_case_notes').columns(['case_id', 'id']).execute();
    },
  },
  // Issue 14 item 1: claims on an already linked Roblox account wait for staff; one pending per member.
  '20261126-03-bureau-verify-claims': {
    async up(db, dialect) {
      await db.schema
        .createTable('bureau_verify_claims')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('discord_id', 'text', (c) => c.notNull())
        .addColumn('roblox_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'refused')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'bigint')
        .execute();
      await sql`create unique index bureau_verify_claims_one_pending on bureau_verify_claims (discord_id) where status = 'pending'`.execute(
        db,
      );
    },
  },
  // Issue 17 item 3: PostgreSQL walks the records list in Discord-id order too (search-registry-pairs.ts);
  // like SQLite's registry_pairs_search_order above, a covering index answers that walk from the index
  // alone (no heap read per row). SQLite has it already.
  '20261202-01-bureau-records-search-order': {
    async up(db, dialect) {
      if (dialect !== 'postgres') return;
      await sql`create index registry_pairs_search_order on registry_pairs (discord_id) include (roblox_id)`.execute(db);
    },
  },
};

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
