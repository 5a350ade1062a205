import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSports } from '@guildhall/testkit/sports-demo';
import { createContext } from '@server/app';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/core/context';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { toolDb } from '@server/core/db/tool-db';
import type { SportsTables } from './sports-tables';
import { makeSportsDeps } from './sports-deps';
import { upsertSports } from './upsert-sports';

// Issue 10 item 9: upsertSports finds a sport by name, then inserts it when missing; two imports at
// once (CLI import-sports, two instances seeding) both inserted and the later one failed on the
// unique name.

describe.each(DIALECTS)('upsertSports under concurrency on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test' }), database, createLocalEventBus());
  });
  afterAll(() => database.close());

  it('four identical imports at once all succeed and create each sport once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => upsertSports(makeSportsDeps(ctx), demoSports)));
    expect(results.map((r) => r.created + r.updated)).toEqual(Array(4).fill(demoSports.length));
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(demoSports.length);
    const names = await toolDb<SportsTables>(database).selectFrom('sports').select('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual(demoSports.map((s) => s.name).sort());
  });
});
