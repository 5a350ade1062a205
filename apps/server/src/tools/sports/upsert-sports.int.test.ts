import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoSports } from '@guildhall/testkit/sports-demo';
import { createContext } from '@server/app';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/core/context';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { toolDb } from '@server/core/db/tool-db';
import type { SportsTables } from './sports-tables';
import { makeSportsDeps } from './sports-deps';
import { parseSportsCsv } from './parse-sports-csv';
import { upsertSports } from './upsert-sports';

// upsertSports writes the sports of the CSV import (cli import-sports) and of the demo seed; each test
// starts from a database without sports.
describe.each(DIALECTS)('upsertSports on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test' }), database, createLocalEventBus());
  });
  afterEach(() => database.close());

  // Issue 10 item 9: upsertSports finds a sport by name, then inserts it when missing; two imports at
  // once (CLI import-sports, two instances seeding) both inserted and the later one failed on the
  // unique name.
  it('four identical imports at once all succeed and create each sport once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => upsertSports(makeSportsDeps(ctx), demoSports)));
    expect(results.map((r) => r.created + r.updated)).toEqual(Array(4).fill(demoSports.length));
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(demoSports.length);
    const names = await toolDb<SportsTables>(database).selectFrom('sports').select('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual(demoSports.map((s) => s.name).sort());
  });

  // The CSV import of sports: a cell is text, and z.coerce read a blank total_spots cell as 0, so a
  // sport left without its spots was created (or updated to) 'Main Team Full' (002 §9) and every
  // registration went to the waiting list (decision 0033), with nothing said.
  it('refuses a blank or non-numeric total_spots cell, naming the row, and writes nothing', async () => {
    const importCsv = (text: string) => upsertSports(makeSportsDeps(ctx), parseSportsCsv(text));
    const spotsOf = async () =>
      Object.fromEntries(
        (await toolDb<SportsTables>(database).selectFrom('sports').select(['name', 'total_spots']).execute()).map((s) => [
          s.name,
          s.total_spots,
        ]),
      );
    const header = 'name,description,total_spots,eligibility_level\r\n';
    await expect(importCsv(`${header}Chess,Club,,open\r\n`)).rejects.toThrow('row 1: total_spots: is required');
    await expect(importCsv(`${header}Chess,Club,4,open\r\nGo,"Club, ""board""", ,open\r\n`)).rejects.toThrow(
      'row 2: total_spots: is required',
    );
    await expect(importCsv(`${header}Chess,Club,0x10,open\r\n`)).rejects.toThrow('row 1: total_spots: must be a whole number');
    await expect(importCsv(`${header}Chess,Club,2.5,open\r\n`)).rejects.toThrow('row 1: total_spots: must be a whole number');
    expect(await spotsOf()).toEqual({});
    // Plain numbers still import, with quotes, CRLF and spaces around them.
    expect(await importCsv(`${header}Chess,"Club,\r\n""two lines""", 12 ,open\r\nGo,,0,morton\r\n`)).toEqual({
      created: 2,
      updated: 0,
      archived: [],
    });
    expect(await spotsOf()).toEqual({ Chess: 12, Go: 0 });
  });

  const importCsv = (text: string) => upsertSports(makeSportsDeps(ctx), parseSportsCsv(text));
  const stored = async () =>
    (
      await toolDb<SportsTables>(database).selectFrom('sports').select(['name', 'description', 'total_spots']).orderBy('name').execute()
    ).map((s) => [s.name, s.description, s.total_spots]);

  // Decision 0063: a file without a description column set every description it updated to ''.
  it('keeps stored descriptions when the file has no description column; an empty cell still clears one', async () => {
    await importCsv('name,description,total_spots,eligibility_level\nChess,Club on Fridays,4,open\nGo,Board club,2,open\n');
    expect(await importCsv('name,total_spots,eligibility_level\nChess,6,open\nShogi,3,open\n')).toEqual({
      created: 1,
      updated: 1,
      archived: [],
    });
    expect(await stored()).toEqual([
      ['Chess', 'Club on Fridays', 6],
      ['Go', 'Board club', 2],
      ['Shogi', '', 3],
    ]);
    await importCsv('name,description,total_spots,eligibility_level\nGo,,2,open\n');
    expect((await stored())[1]).toEqual(['Go', '', 2]);
  });

  // Decision 0063: an archived sport is restored before it is changed, as on the Admin Panel. An import
  // raised an archived sport's spots, which moved reserves up in a sport students no longer see.
  it('leaves an archived sport as it was archived and names it, importing the other rows', async () => {
    await importCsv('name,description,total_spots,eligibility_level\nChess,Club,4,open\nGo,Board club,2,open\n');
    await toolDb<SportsTables>(database).updateTable('sports').set({ archived_at: 1 }).where('name', '=', 'Chess').execute();
    expect(await importCsv('name,description,total_spots,eligibility_level\nchess,Renamed club,9,open\nGo,Board club,3,open\n')).toEqual({
      created: 0,
      updated: 1,
      archived: ['Chess'],
    });
    expect(await stored()).toEqual([
      ['Chess', 'Club', 4],
      ['Go', 'Board club', 3],
    ]);
  });

  // Decision 0063: "chess" in a file made a second sport beside the stored "Chess".
  it('updates a sport named in other capitals (its spelling stays) and refuses a file naming one sport twice so', async () => {
    await importCsv('name,description,total_spots,eligibility_level\nChess,Club,4,open\n');
    expect(await importCsv('name,description,total_spots,eligibility_level\nchess,Club,6,open\n')).toEqual({
      created: 0,
      updated: 1,
      archived: [],
    });
    expect(await stored()).toEqual([['Chess', 'Club', 6]]);
    await expect(importCsv('name,total_spots,eligibility_level\nChess,1,open\nCHESS,2,open\n')).rejects.toThrow(
      'row 2: the sport "CHESS" appears twice',
    );
  });
});
