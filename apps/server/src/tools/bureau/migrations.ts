import { sql } from 'kysely';
import type { GuildhallMigration } from '@server/core/db/migrate';

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
};

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
