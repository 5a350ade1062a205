import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@server/core/db/migrate';
import { DIALECTS, createTestDatabase } from '@server/core/db/test-databases';
import { allMigrations } from '@server/migrations';
import { toolDb } from '@server/core/db/tool-db';
import type { RecruitmentTables } from './recruitment-tables';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, withRecruitmentPeople } from './recruitment-fixtures';

// Issue 10 item 9: eight stages created at once got orders [19,19,19,19,19,19,19,20] on PostgreSQL,
// so "the first stage in the list is the default" (000 §4) was ambiguous.

describe.each(DIALECTS)('stage creation under concurrency on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  beforeAll(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
  });
  afterAll(() => t.close());

  it('eight stages created at once get eight distinct orders, after the existing ones', async () => {
    expect((await t.post('/recruitment/api/stages/create', 'admin', { name: 'Applied' })).json().ordering).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.post('/recruitment/api/stages/create', 'admin', { name: `Stage ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.json().ordering).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const stages = (await t.get('/recruitment/api/stages', 'admin')).json() as Array<{ id: number; ordering: number }>;
    expect(stages[0]!.ordering).toBe(0);
    for (const answer of answers) expect(stages.find((s) => s.id === answer.json().id)?.ordering).toBe(answer.json().ordering);
  });
});

describe.each(DIALECTS)('the unique stage ordering migration on %s', (dialect) => {
  it('spreads out stages that already share an ordering, keeping their list order', async () => {
    const { '20261124-01-recruitment-unique-stage-ordering': _added, ...before } = allMigrations;
    const database = await createTestDatabase(dialect, { migrations: before });
    try {
      const db = toolDb<RecruitmentTables>(database);
      // What the race left behind: [0, 19 x 3, 20], inserted out of list order.
      for (const [name, ordering] of [
        ['Applied', 0],
        ['B', 19],
        ['A', 19],
        ['Last', 20],
        ['C', 19],
      ] as const) {
        await db.insertInto('recruitment_stages').values({ name, ordering, color: '#6c757d' }).execute();
      }
      await migrateToLatest(database.db, dialect, allMigrations);
      const stages = await db.selectFrom('recruitment_stages').select(['name', 'ordering']).orderBy('ordering').execute();
      expect(stages).toEqual([
        { name: 'Applied', ordering: 0 },
        { name: 'B', ordering: 1 },
        { name: 'A', ordering: 2 },
        { name: 'C', ordering: 3 },
        { name: 'Last', ordering: 4 },
      ]);
      await expect(db.insertInto('recruitment_stages').values({ name: 'Twin', ordering: 4, color: '#6c757d' }).execute()).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

// The same race for roles and questions, found on PostgreSQL (5 roles at once shared places 1, 2 and 3).
describe.each(DIALECTS)('the unique role and question ordering migration on %s', (dialect) => {
  it('spreads out roles and questions that already share an ordering, keeping their list order', async () => {
    const { '20261203-01-recruitment-unique-role-question-ordering': _added, ...before } = allMigrations;
    const database = await createTestDatabase(dialect, { migrations: before });
    try {
      const db = toolDb<RecruitmentTables>(database);
      for (const [name, ordering] of [
        ['First', 0],
        ['B', 1],
        ['A', 1],
        ['Last', 2],
      ] as const) {
        await db.insertInto('recruitment_roles').values({ name, ordering }).execute();
        await db.insertInto('recruitment_questions').values({ text: name, type: 'text', options: null, ordering }).execute();
      }
      await migrateToLatest(database.db, dialect, allMigrations);
      const spread = [
        { name: 'First', ordering: 0 },
        { name: 'B', ordering: 1 },
        { name: 'A', ordering: 2 },
        { name: 'Last', ordering: 3 },
      ];
      expect(await db.selectFrom('recruitment_roles').select(['name', 'ordering']).orderBy('ordering').execute()).toEqual(spread);
      const questions = await db.selectFrom('recruitment_questions').select(['text', 'ordering']).orderBy('ordering').execute();
      expect(questions.map((q) => ({ name: q.text, ordering: q.ordering }))).toEqual(spread);
      await expect(db.insertInto('recruitment_roles').values({ name: 'Twin', ordering: 3 }).execute()).rejects.toThrow();
      await expect(
        db.insertInto('recruitment_questions').values({ text: 'Twin', type: 'text', options: null, ordering: 3 }).execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
