import type { SportsDb } from './sports-tables';

/**
 * The sport a name means, whatever its capitals (decision 0063: "Football" and "football" are one
 * sport, a unique index on the folded name), its exact spelling first where SQLite's index (A-Z only)
 * let two differ in other letters.
 */
export function findSportByName(db: Pick<SportsDb, 'selectFrom'>, name: string) {
  return db
    .selectFrom('sports')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .orderBy((eb) => eb.case().when('name', '=', name).then(0).else(1).end())
    .orderBy('id')
    .executeTakeFirst();
}
