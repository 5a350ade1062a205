import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@server/core/db/migrate';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { allMigrations } from '@server/migrations';
import type { SportsTables } from './sports-tables';

// Decision 0063: sport names are unique whatever their capitals (a unique index on the folded name).
// A database made before it may already hold "Football" and "football"; the index could not be built
// on it, and the server would not start.

const MIGRATION = '20261205-01-sports-names-unique-by-case';
const BEFORE = Object.fromEntries(Object.entries(allMigrations).filter(([name]) => name !== MIGRATION));

describe.each(DIALECTS)('sport names unique by case on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('renames existing case-only twins (an active sport keeps its name), then refuses new ones', async () => {
    database = await createTestDatabase(dialect, { migrations: BEFORE });
    const db = database.db as unknown as Kysely<SportsTables>;
    const sport = (id: number, name: string, archived = false) => ({
      id,
      name,
      description: '',
      total_spots: 2,
      eligibility_level: 'open' as const,
      created_at: 1,
      archived_at: archived ? 1 : null,
    });
    // 'Football (3)' already names a sport, so the twin numbered 3 takes '(3-2)'; a twin of 100
    // characters is cut to keep its new name within the 100 a name may have.
    const long = 'Basketball'.repeat(10);
    await db
      .insertInto('sports')
      .values([
        sport(1, 'Football', true),
        sport(2, 'football'),
        sport(3, 'FOOTBALL'),
        sport(4, 'Chess'),
        sport(5, 'football (3)'),
        sport(6, long),
        sport(7, long.toUpperCase()),
      ])
      .execute();

    expect(await migrateToLatest(database.db, dialect, allMigrations)).toEqual([MIGRATION]);
    const names = await db.selectFrom('sports').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 1, name: 'Football (1)' },
      { id: 2, name: 'football' },
      { id: 3, name: 'FOOTBALL (3-2)' },
      { id: 4, name: 'Chess' },
      { id: 5, name: 'football (3)' },
      { id: 6, name: long },
      { id: 7, name: `${long.toUpperCase().slice(0, 96)} (7)` },
    ]);
    await expect(db.insertInto('sports').values(sport(8, 'CHESS')).execute()).rejects.toThrow(/unique|duplicate/i);
    await db.insertInto('sports').values(sport(9, 'Chess club')).execute();
  });
});
