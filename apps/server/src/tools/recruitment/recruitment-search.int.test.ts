import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { createTestDatabase, DIALECTS, type TestDatabase } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { applyApplicationFilter } from './list-applications';
import type { RecruitmentDb, RecruitmentTables } from './recruitment-tables';

// Issue 17 item 3 (decision 0036): the username search reads a trigram index on both dialects (FTS5
// on SQLite, pg_trgm on PostgreSQL) and answers exactly what the plain substring rule answers,
// including 1-2 character needles (no trigram to look up) and LIKE/GLOB special characters.
const USERNAMES = [
  'points.polly',
  'Third.Tess',
  'under_score',
  'underXscore',
  '100%real',
  'star*gazer',
  'q?uestion',
  'br[ack]et',
  'back\\slash',
  'ÉLODIE.Ünïcode',
  'ab',
  'abc',
  'xabcx',
  'pollyanna',
  'Tessellate',
];

const NEEDLES = [
  'polly',
  'POLLY',
  'tess',
  'ess',
  'e',
  'ab',
  'a',
  '_',
  'r_s',
  'under_',
  '%',
  '0%r',
  '*',
  'star*g',
  '?',
  'q?u',
  '[ack]',
  'k]e',
  '\\',
  'k\\s',
  'élodie',
  'ünï',
  'abc',
  'xab',
  'nothing-matches',
  'la',
];

describe.each(DIALECTS)('recruitment username search on %s', (dialect) => {
  let database: TestDatabase;
  let db: RecruitmentDb;
  const deps = () => ({ db, dialect });

  async function insert(username: string, userId: string): Promise<number> {
    const now = Date.now();
    const row = await db
      .insertInto('recruitment_applications')
      .values({
        user_id: userId,
        username,
        username_lower: username.toLowerCase(),
        avatar: null,
        role_id: null,
        job: 'Tester',
        answers: '{}',
        question_labels: '{}',
        status: 'Pending',
        stage_id: null,
        stage_name: null,
        stage_color: null,
        feedback: null,
        created_at: now,
        status_updated_at: now,
        stage_entered_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const found = async (search: string) =>
    (await applyApplicationFilter(deps(), { status: 'All', search }).select('username').orderBy('id').execute()).map((r) => r.username);
  const plainRule = (names: string[], search: string) => names.filter((name) => name.toLowerCase().includes(search.toLowerCase()));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = toolDb<RecruitmentTables>(database);
    for (const [i, username] of USERNAMES.entries()) await insert(username, String(700_000_000_000_000_000n + BigInt(i)));
  });
  afterAll(() => database.close());

  it('answers exactly what the plain substring rule answers, for long, short and special needles', async () => {
    for (const needle of NEEDLES) expect(await found(needle), needle).toEqual(plainRule(USERNAMES, needle));
  });

  it('follows renames and removals (the SQLite index is kept by triggers)', async () => {
    const id = await insert('renamed.person', '799999999999999999');
    expect(await found('renamed')).toEqual(['renamed.person']);
    await db
      .updateTable('recruitment_applications')
      .set({ username: 'Moved.On', username_lower: 'moved.on' })
      .where('id', '=', id)
      .execute();
    expect(await found('renamed')).toEqual([]);
    expect(await found('moved')).toEqual(['Moved.On']);
    await db.deleteFrom('recruitment_applications').where('id', '=', id).execute();
    expect(await found('moved')).toEqual([]);
  });

  it('reads the trigram index for a needle of three or more characters', async () => {
    if (dialect === 'sqlite') {
      const query = applyApplicationFilter(deps(), { status: 'All', search: 'polly' }).select('username').compile();
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/recruitment_applications_search VIRTUAL TABLE INDEX/);
    } else {
      const indexes = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'recruitment_applications_username_trgm'`.execute(db);
      expect(indexes.rows[0]?.indexdef).toMatch(/gin \(username_lower .*gin_trgm_ops\)/);
    }
  });
});
