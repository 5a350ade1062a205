import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from './app';
import { loadConfig } from './config';
import type { AppContext } from './core/context';
import { type DbHandle, type Dialect, openDatabase } from './core/db/database';
import { DIALECTS, type TestDatabase, createTestDatabase } from './core/db/test-databases';
import { createLocalEventBus } from './core/events/event-bus';
import { seedDemoData } from './core/seed/seed-demo-data';
import { allTools } from './tools';

// Issue 10 item 11: two development instances starting on one empty PostgreSQL database both seeded,
// and the second crashed on "A school account with student ID ... already exists". The seed must run
// once, whoever starts first, and never fail the other.

const NOW = Date.parse('2026-11-23T10:00:00+07:00');
const TABLES = [
  'registry_pairs',
  'grants',
  'school_accounts',
  'recruitment_stages',
  'recruitment_applications',
  'sports',
  'timetable_schedule_items',
  'appointments',
];

async function counts(database: DbHandle): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
    found[table] = Number(rows[0]!.n);
  }
  return found;
}

describe.each(DIALECTS)('the demo seed on %s', (dialect) => {
  let dataDir: string;
  const cleanups: Array<() => Promise<unknown>> = [];
  const context = (database: DbHandle): AppContext =>
    createContext(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database,
      createLocalEventBus(),
      () => NOW,
    );
  const freshDatabase = async (on: Dialect = dialect): Promise<TestDatabase> => {
    const database = await createTestDatabase(on);
    cleanups.push(() => database.close());
    return database;
  };
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-seed-'));
    cleanups.push(() => fs.promises.rm(dataDir, { recursive: true, force: true }));
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('seeds once however many instances start on one database, and none of them fails', async () => {
    // What one seed writes (counted on SQLite in memory, the quicker of the two).
    const once = await freshDatabase('sqlite');
    expect(await seedDemoData(context(once), allTools)).toBe(true);
    const expected = await counts(once);
    expect(Object.values(expected).every((n) => n > 0)).toBe(true);

    const shared = await freshDatabase();
    let results: boolean[];
    if (dialect === 'postgres') {
      // A second instance: its own pool on the same schema, so the two really run at once.
      const second = openDatabase({ databaseUrl: shared.databaseUrl, pgSchema: shared.schema, pgPoolSize: 5 });
      cleanups.push(() => second.close());
      results = await Promise.all([seedDemoData(context(shared), allTools), seedDemoData(context(second), allTools)]);
    } else {
      // SQLite is one process per file: twice in a row.
      results = [await seedDemoData(context(shared), allTools), await seedDemoData(context(shared), allTools)];
    }
    expect(results.sort()).toEqual([false, true]);
    expect(await counts(shared)).toEqual(expected);
  });
});
