import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { GuildhallMigration } from '../db/migrate';

/** The owner kinds the two tools used before their feeds moved to core, and the tables they had. */
const MOVED_FEEDS = [
  // 001: a staff member's appointments calendar, owned by a Discord id.
  { table: 'appointment_feed_tokens', ownerKind: 'appointments-staff', ownerColumn: 'discord_id' },
  // 002: a student's homework calendar, owned by a school account id.
  { table: 'timetable_feed_tokens', ownerKind: 'timetable-homework', ownerColumn: 'owner_id' },
] as const;

export const feedTokenMigrations: Record<string, GuildhallMigration> = {
  // Sorts after '20261121-01-appointments-booking' and '20261122-30-timetable-feed-tokens', which
  // created the tables this one empties and drops.
  '20261123-01-core-feed-tokens': {
    async up(db, dialect) {
      // Kysely runs PostgreSQL migrations in a transaction but not SQLite ones (no transactional DDL
      // there, it says); the move must not half-happen, so SQLite gets one of its own.
      if (db.isTransaction) await createAndMove(db, dialect);
      else await db.transaction().execute((tx) => createAndMove(tx, dialect));
    },
  },
};

async function createAndMove(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    // Text, so any owner fits (Discord ids, school account ids); a tool checks its owner still exists.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One live token per owner: issuing a new one replaces (so revokes) the old.
    .addPrimaryKeyConstraint('feed_tokens_pk', ['owner_kind', 'owner_id'])
    .execute();
  for (const feed of MOVED_FEEDS) {
    if (!(await tableExists(db, dialect, feed.table))) continue;
    // Same SHA-256 hashes, so every URL already handed out keeps working after the move.
    await sql`insert into feed_tokens (owner_kind, owner_id, token_hash, created_at)
      select ${sql.lit(feed.ownerKind)}, cast(${sql.ref(feed.ownerColumn)} as text), token_hash, created_at from ${sql.table(feed.table)}`.execute(
      db,
    );
    await db.schema.dropTable(feed.table).execute();
  }
}

async function tableExists(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<boolean> {
  // PostgreSQL: to_regclass follows the search_path, so only this database's schema counts.
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(db)
      : await sql<{ found: number }>`select count(*) as found from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Boolean(Number(rows[0]?.found ?? 0));
}
