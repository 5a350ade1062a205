import { sql } from 'kysely';
import { rebuildWithAutoincrementIds } from '@server/core/db/autoincrement-ids';
import { type GuildhallMigration, idColumnType } from '@server/core/db/migrate';

export const sportsMigrations: Record<string, GuildhallMigration> = {
  '20261122-01-sports-tables': {
    async up(db, dialect) {
      await db.schema
        .createTable('sports')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        // Re-importing a CSV updates a sport by name, so names are unique.
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('total_spots', 'integer', (c) => c.notNull().check(sql`total_spots >= 0`))
        .addColumn('eligibility_level', 'text', (c) => c.notNull().check(sql`eligibility_level in ('morton', 'morplai', 'open')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sport_registrations')
        .addColumn('id', idColumnType(dialect), (c) => c.primaryKey())
        .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id').onDelete('cascade'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('school_accounts.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending_selection', 'selected', 'reserve', 'not_selected')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One row per student and sport: a student not selected for a sport tries another one (002 §4).
      await db.schema
        .createIndex('sport_registrations_account_sport')
        .on('sport_registrations')
        .columns(['account_id', 'sport_id'])
        .unique()
        .execute();
      // 002 §6 "may register for one sport": at most one active (not not_selected) registration per
      // student, as a partial unique index so racing requests cannot both win (ARCHITECTURE.md §5).
      await sql`create unique index sport_registrations_one_active on sport_registrations (account_id) where status <> 'not_selected'`.execute(
        db,
      );
      await db.schema.createIndex('sport_registrations_sport').on('sport_registrations').columns(['sport_id', 'status']).execute();

      await db.schema
        .createTable('sports_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('is_registration_open', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // A new deployment starts open; an admin closes it from the Admin Panel.
      await sql`insert into sports_settings (id, is_registration_open, updated_at) values (1, 1, 0)`.execute(db);
    },
  }, // Issue 10 item 10: a withdrawn registration's id is never given to the next one on SQLite.
  '20261124-02-sports-autoincrement-ids': {
    up: (db, dialect) => rebuildWithAutoincrementIds(db, dialect, ['sports', 'sport_registrations']),
  },
  // Issue 16 items 3-4 (decision 0033): per-sport registration dates (school-local YYYY-MM-DD, both
  // inclusive), an image choice and archiving; a reserve's place on the waiting list (queued_at) and
  // when the student moved up from it (moved_up_at, shown once in the app).
  '20261201-01-sports-waiting-list-and-dates': {
    async up(db) {
      await db.schema.alterTable('sports').addColumn('registration_opens_on', 'text').execute();
      await db.schema.alterTable('sports').addColumn('registration_closes_on', 'text').execute();
      await db.schema.alterTable('sports').addColumn('image', 'text').execute();
      await db.schema.alterTable('sports').addColumn('archived_at', 'bigint').execute();
      await db.schema.alterTable('sport_registrations').addColumn('queued_at', 'bigint').execute();
      await db.schema.alterTable('sport_registrations').addColumn('moved_up_at', 'bigint').execute();
      // Reserves set before the waiting list existed queue in the order they last changed.
      await sql`update sport_registrations set queued_at = updated_at where status = 'reserve'`.execute(db);
    },
  },
  // Decision 0063: "Football" and "football" could both exist (the unique name compared capitals).
  // Names already differing only in capitals would stop the index below from being built, and with it
  // the server's start, so each such group keeps one name (an active sport before an archived one,
  // then the oldest) and the others become "<name> (<id>)", registrations untouched, for a lead to
  // rename or archive: a name no other sport has in any capitals (else "(<id>-2)" and so on), cut to fit
  // the 100 characters a name may have. Then a unique index on the folded name refuses the next one.
  // SQLite folds with the built-in NOCASE (A-Z; an index on lower() would depend on the app's own
  // lower(), database.ts); PostgreSQL with lower(), as its collation does.
  '20261205-01-sports-names-unique-by-case': {
    async up(db, dialect) {
      const fold = (name: string) => (dialect === 'sqlite' ? name.replace(/[A-Z]/g, (c) => c.toLowerCase()) : name.toLowerCase());
      const { rows } = await sql<{ id: number; name: string }>`select id, name from sports
        order by case when archived_at is null then 0 else 1 end, id`.execute(db);
      // The first of each folded name keeps it; the others are its twins.
      const taken = new Set<string>();
      const twins: typeof rows = [];
      for (const row of rows) {
        if (taken.has(fold(row.name))) twins.push(row);
        else taken.add(fold(row.name));
      }
      for (const twin of twins) {
        let name = '';
        for (let n = 1; name === '' || taken.has(fold(name)); n++) {
          const suffix = n === 1 ? ` (${twin.id})` : ` (${twin.id}-${n})`;
          let stem = twin.name;
          while (stem.length + suffix.length > 100) stem = [...stem].slice(0, -1).join('');
          name = stem + suffix;
        }
        taken.add(fold(name));
        await sql`update sports set name = ${name} where id = ${twin.id}`.execute(db);
      }
      const folded = dialect === 'sqlite' ? sql`name collate nocase` : sql`lower(name)`;
      await sql`create unique index sports_name_folded on sports (${folded})`.execute(db);
    },
  },
  // Decision 0070: the Admin Panel's list is read a page at a time in (created_at, id) order, of every
  // status or of one; each index walks its pages in order and stops at a page's end. The (sport_id,
  // status) index is the second one's beginning, so it goes.
  '20261206-01-sports-registration-list-order': {
    async up(db) {
      await db.schema
        .createIndex('sport_registrations_sport_order')
        .on('sport_registrations')
        .columns(['sport_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('sport_registrations_sport_status_order')
        .on('sport_registrations')
        .columns(['sport_id', 'status', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('sport_registrations_sport').execute();
    },
  },
};
