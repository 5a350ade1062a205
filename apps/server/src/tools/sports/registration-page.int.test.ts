import {
  type AdminRegistrationRow,
  REGISTRATIONS_NEXT_HEADER,
  REGISTRATIONS_PAGE_MAX,
  REGISTRATIONS_PAGE_SIZE,
  REGISTRATIONS_TOTAL_HEADER,
} from '@guildhall/contracts/sports';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeSport, makeSportRegistration } from '@guildhall/testkit/sports-demo';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';
import { makeSportsDeps } from './sports-deps';
import type { SportsTables } from './sports-tables';
import { upsertSports } from './upsert-sports';

// Decision 0070: the Admin Panel's list (002 §2) a page at a time. 002 §7's call answers its whole list
// as ever; given limit or after it answers one page of it, the total and the next cursor in headers.
// Through the real routes, on both databases.

const STUDENTS = 120;
const LIST = '/sports/api/admin/sport-registrations';

interface Page {
  items: AdminRegistrationRow[];
  nextCursor: string | null;
  total: number;
}
/** Registered in ten bursts of twelve within one millisecond: the order inside a burst is the id's. */
const registeredAt = (i: number) => Date.UTC(2026, 4, 11, 3, 0) + Math.floor(i / 12) * 60_000;
/** Every fifth a reserve, queued newest first, so the waiting list's order is not the list's. */
const statusOf = (i: number) => (i % 5 === 0 ? 'reserve' : 'pending_selection');

describe.each(DIALECTS)('the Admin Panel list a page at a time on %s', (dialect) => {
  let t: TestApp;
  const tokens = { lead: '', developer: '', student: '' };
  let sportId = 0;
  let otherSportId = 0;
  const accountIds: number[] = [];

  const db = () => toolDb<SportsTables>(t.database);
  /** `token` null: no token at all. */
  const get = async (url: string, token: string | null = tokens.lead) => {
    const res = await t.request({ method: 'GET', url, token: token ?? undefined });
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown, headers: res.headers };
  };
  /** 002 §7's whole list, as the spec has it. */
  const whole = async (query = '') => {
    const res = await get(`${LIST}?sportId=${sportId}${query}`);
    expect(res.status).toBe(200);
    expect(res.headers[REGISTRATIONS_TOTAL_HEADER]).toBeUndefined();
    return res.body as AdminRegistrationRow[];
  };
  const page = async (query: string): Promise<Page> => {
    const res = await get(`${LIST}?sportId=${sportId}${query}`);
    expect(res.status, query).toBe(200);
    const next = res.headers[REGISTRATIONS_NEXT_HEADER];
    return {
      items: res.body as AdminRegistrationRow[],
      nextCursor: typeof next === 'string' ? next : null,
      total: Number(res.headers[REGISTRATIONS_TOTAL_HEADER]),
    };
  };
  /** Every page in turn, as the web app asks for them. */
  const walk = async (query: string) => {
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const next: Page = await page(`${query}${after ? `&after=${after}` : ''}`);
      pages.push(next);
      after = next.nextCursor;
    } while (after !== null && pages.length < 100);
    return pages;
  };
  const ids = (pages: readonly Page[]) => pages.flatMap((p) => p.items.map((r) => r.registration_id));

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      clock: createTestClock(Date.UTC(2026, 4, 12)),
      env: { ENABLED_TOOLS: 'sports' },
    });
    for (const [key, role] of [
      ['lead', 'sports_lead'],
      ['developer', 'developer'],
      ['student', 'student'],
    ] as const) {
      const account = makeSchoolAccount({ role });
      await t.app.ctx.schoolAccounts.create(account);
      tokens[key] = (await t.signInSchool(account.studentId)).token;
    }
    for (let i = 0; i < STUDENTS; i++) {
      const account = makeSchoolAccount();
      await t.app.ctx.schoolAccounts.create(account);
      accountIds.push((await t.app.ctx.schoolAccounts.findByStudentId(account.studentId))!.id);
    }
    await upsertSports(makeSportsDeps(t.app.ctx), [makeSport({ name: 'Football' }), makeSport({ name: 'Chess' })]);
    for (const s of await db().selectFrom('sports').select(['id', 'name']).execute()) {
      if (s.name === 'Football') sportId = s.id;
      else otherSportId = s.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('sport_registrations').execute();
    // Inserted newest first, so the ids run against the dates and only the ORDER BY puts them right.
    for (let i = STUDENTS - 1; i >= 0; i--) {
      const at = registeredAt(i);
      const status = statusOf(i);
      await db()
        .insertInto('sport_registrations')
        .values(
          makeSportRegistration(sportId, accountIds[i]!, {
            created_at: at,
            updated_at: at,
            status,
            queued_at: status === 'reserve' ? -i : null,
          }),
        )
        .execute();
    }
    // Another sport's rows never show on this one's pages.
    await db()
      .insertInto('sport_registrations')
      .values(makeSportRegistration(otherSportId, accountIds[0]!, { status: 'not_selected' }))
      .execute();
  });

  it('pages through every row once, in the whole list’s order', async () => {
    // 002 §7's call keeps its answer: every row, a bare list.
    const wholeRows = await whole();
    expect(wholeRows).toHaveLength(STUDENTS);

    const pages = await walk(`&limit=${REGISTRATIONS_PAGE_SIZE}`);
    expect(pages.map((p) => p.items.length)).toEqual([
      REGISTRATIONS_PAGE_SIZE,
      REGISTRATIONS_PAGE_SIZE,
      STUDENTS - 2 * REGISTRATIONS_PAGE_SIZE,
    ]);
    expect(pages.map((p) => p.total)).toEqual([STUDENTS, STUDENTS, STUDENTS]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The same rows as the whole list, field for field (waiting-list places included), in its order.
    expect(pages.flatMap((p) => p.items)).toEqual(wholeRows);
    // Oldest first; rows of one millisecond by id.
    const sorted = [...wholeRows].sort(
      (a, b) => a.registration_date.localeCompare(b.registration_date) || a.registration_id - b.registration_id,
    );
    expect(wholeRows.map((r) => r.registration_id)).toEqual(sorted.map((r) => r.registration_id));
    expect(new Set(ids(pages)).size).toBe(STUDENTS);
    // The CSV stays the whole list (a download by design), whatever paging is asked of it.
    const csv = await t.request({ method: 'GET', url: `${LIST}.csv?sportId=${sportId}&limit=10`, token: tokens.lead });
    expect(csv.body.trim().split('\n')).toHaveLength(STUDENTS + 1);
  });

  it(`pages ${REGISTRATIONS_PAGE_SIZE} rows at a time when asked for the next page without a limit`, async () => {
    const first = await page('&limit=10');
    const second = await page(`&after=${first.nextCursor}`);
    expect(second.items).toHaveLength(REGISTRATIONS_PAGE_SIZE);
    expect(ids([first, second])).toEqual((await whole()).slice(0, 10 + REGISTRATIONS_PAGE_SIZE).map((r) => r.registration_id));
  });

  it('splits a burst of one millisecond across pages without losing or repeating a row', async () => {
    // Pages of 7 end inside the bursts of 12 again and again.
    const pages = await walk('&limit=7');
    expect(pages).toHaveLength(Math.ceil(STUDENTS / 7));
    expect(ids(pages)).toEqual((await page(`&limit=${STUDENTS}`)).items.map((r) => r.registration_id));
    // Every row in one burst: the order is the ids' alone, page after page.
    await db()
      .updateTable('sport_registrations')
      .set({ created_at: registeredAt(0) })
      .execute();
    const tied = ids(await walk('&limit=11'));
    expect(tied).toEqual([...tied].sort((a, b) => a - b));
    expect(tied).toHaveLength(STUDENTS);
  });

  it('ends exactly: a last page that fills its limit says there is no next one', async () => {
    const [first, second] = await walk('&limit=60');
    expect(first!.items).toHaveLength(60);
    expect(first!.nextCursor).not.toBeNull();
    expect(second!.items).toHaveLength(60);
    expect(second!.nextCursor).toBeNull();
    const all = await page(`&limit=${STUDENTS}`);
    expect([all.items.length, all.nextCursor]).toEqual([STUDENTS, null]);
    const most = await page(`&limit=${REGISTRATIONS_PAGE_MAX}`);
    expect([most.items.length, most.nextCursor]).toEqual([STUDENTS, null]);
  });

  it('goes on from where it was when the last row it showed is withdrawn, and shows rows that came in meanwhile', async () => {
    const first = await page('&limit=10');
    const lastShown = first.items.at(-1)!.registration_id;
    await db().deleteFrom('sport_registrations').where('id', '=', lastShown).execute();
    const second = await page(`&limit=10&after=${first.nextCursor}`);
    const wholeNow = await whole();
    expect(second.items.map((r) => r.registration_id)).toEqual(wholeNow.slice(9, 19).map((r) => r.registration_id));
    expect(second.total).toBe(STUDENTS - 1);
  });

  it('filters by status on the server, with the total of that status and the reserves’ places', async () => {
    const pages = await walk('&status=reserve&limit=10');
    const reserves = pages.flatMap((p) => p.items);
    expect(reserves).toHaveLength(STUDENTS / 5);
    expect(pages.map((p) => p.total)).toEqual([STUDENTS / 5, STUDENTS / 5, STUDENTS / 5]);
    expect(reserves.every((r) => r.status === 'reserve')).toBe(true);
    // A place counts every reserve of the sport, not the rows before it on its page: the whole list's places.
    expect(reserves).toEqual(await whole('&status=reserve'));
    expect(reserves.map((r) => r.waiting_position).sort((a, b) => a! - b!)).toEqual(Array.from({ length: STUDENTS / 5 }, (_, i) => i + 1));
    expect(pages[1]!.items[0]!.waiting_position).not.toBe(1);
    const none = await page('&status=selected&limit=10');
    expect(none).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('refuses page sizes and cursors outside its limits with 400 and a sentence naming the field', async () => {
    for (const [query, field] of [
      [`&limit=${REGISTRATIONS_PAGE_MAX + 1}`, 'limit'],
      ['&limit=0', 'limit'],
      ['&limit=-1', 'limit'],
      ['&limit=2.5', 'limit'],
      ['&limit=many', 'limit'],
      ['&after=abc', 'after'],
      ['&after=1.2.3', 'after'],
      ['&after=1747000000000', 'after'],
      // Past what PostgreSQL's integer id and a JS number hold: refused before any SQL (id-range.int.test.ts).
      ['&after=1747000000000.2147483648', 'after'],
      ['&after=9999999999999999.1', 'after'],
      ['&after=1747000000000.0', 'after'],
      ['&limit=10&status=captain', 'status'],
    ] as const) {
      const res = await get(`${LIST}?sportId=${sportId}${query}`);
      expect(res.status, query).toBe(400);
      expect((res.body as { error: string }).error, query).toMatch(new RegExp(`^${field}\\b`));
    }
    expect((await get(`${LIST}?limit=10`)).status).toBe(400);
    expect((await get(`${LIST}?sportId=999999&limit=10`)).status).toBe(404);
  });

  it('is for developers and sports leads only, as the whole list is', async () => {
    const url = `${LIST}?sportId=${sportId}&limit=10`;
    expect((await get(url, null)).status).toBe(401);
    const student = await get(url, tokens.student);
    expect([student.status, (student.body as { code: string }).code]).toEqual([403, 'sports.admins_only']);
    const developer = await get(url, tokens.developer);
    expect([developer.status, (developer.body as unknown[]).length]).toEqual([200, 10]);
    expect((await get(url, tokens.lead)).status).toBe(200);
  });

  it('reads its pages from indexes in list order (the migration, on this database)', async () => {
    const names =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'sport_registrations' and schemaname = current_schema()`.execute(
              t.database.db,
            )
          ).rows
        : (
            await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'sport_registrations'`.execute(
              t.database.db,
            )
          ).rows;
    expect(names.map((n) => n.name)).toEqual(
      expect.arrayContaining(['sport_registrations_sport_order', 'sport_registrations_sport_status_order']),
    );
    expect(names.map((n) => n.name)).not.toContain('sport_registrations_sport');
  });
});
