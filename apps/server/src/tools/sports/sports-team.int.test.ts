import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeSport } from '@guildhall/testkit/sports-demo';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';
import { holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeSportsDeps } from './sports-deps';
import type { SportsTables } from './sports-tables';
import { upsertSports } from './upsert-sports';

// Issue 16 items 3 and 4 (decision 0033): capacity, dates, the waiting list and its promotion,
// counts, filters, bulk changes and sports managed on a page, through the real routes.

const STUDENTS = 12;

describe.each(DIALECTS)('sports teams that fill themselves on %s', (dialect) => {
  let t: TestApp;
  let lead = '';
  const students: Array<{ token: string; studentId: string; accountId: number }> = [];
  let sportId = 0;
  let otherSportId = 0;

  const db = () => toolDb<SportsTables>(t.database);
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> & Array<Record<string, unknown>> };
  };
  const register = (i: number, sport = sportId) => call('POST', '/sports/api/register-sport', students[i]!.token, { sport_id: sport });
  const setStatus = (registrationId: number, status: string, extra: object = {}) =>
    call('POST', '/sports/api/admin/update-registration-status', lead, { registration_id: registrationId, status, ...extra });
  const rows = () => db().selectFrom('sport_registrations').selectAll().where('sport_id', '=', sportId).orderBy('id').execute();
  const idOf = async (i: number) => (await rows()).find((r) => r.account_id === students[i]!.accountId)!.id;
  const mine = async (i: number) => (await call('GET', '/sports/api/my-registration', students[i]!.token)).body;

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      // 2026-12-01 18:00 UTC is already 2 Dec at a school in Bangkok.
      clock: createTestClock(Date.UTC(2026, 11, 1, 18, 0)),
      env: { ENABLED_TOOLS: 'sports', SCHOOL_TIME_ZONE: 'Asia/Bangkok' },
    });
    const leadAccount = makeSchoolAccount({ role: 'sports_lead' });
    await t.app.ctx.schoolAccounts.create(leadAccount);
    lead = (await t.signInSchool(leadAccount.studentId)).token;
    for (let i = 0; i < STUDENTS; i++) {
      const a = makeSchoolAccount();
      await t.app.ctx.schoolAccounts.create(a);
      const { token, account } = await t.signInSchool(a.studentId);
      students.push({ token, studentId: a.studentId, accountId: account.id });
    }
    await upsertSports(makeSportsDeps(t.app.ctx), [
      makeSport({ name: 'Badminton', total_spots: 2 }),
      makeSport({ name: 'Chess', total_spots: 5 }),
    ]);
    for (const s of await db().selectFrom('sports').select(['id', 'name']).execute()) {
      if (s.name === 'Badminton') sportId = s.id;
      else otherSportId = s.id;
    }
  });
  afterEach(releaseHeld);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    t.clock.advance(1000);
    await db().deleteFrom('sport_registrations').execute();
    await db()
      .updateTable('sports')
      .set({ total_spots: 2, registration_opens_on: null, registration_closes_on: null, archived_at: null })
      .where('id', '=', sportId)
      .execute();
  });

  /** Registers students 0..n-1 in turn (pending while the team has places). */
  async function registerMany(n: number) {
    for (let i = 0; i < n; i++) {
      expect((await register(i)).status).toBe(200);
      t.clock.advance(1000);
    }
  }

  it('refuses a third Main Player for two spots with a 409 sentence, unless the lead confirms over capacity', async () => {
    await registerMany(3);
    expect((await setStatus(await idOf(0), 'selected')).status).toBe(200);
    expect((await setStatus(await idOf(1), 'selected')).status).toBe(200);
    const refused = await setStatus(await idOf(2), 'selected');
    expect(refused).toEqual({
      status: 409,
      body: {
        code: 'sports.team_full',
        error:
          'Badminton has 2 Main Player spots and 2 are taken; selecting 1 more would go over capacity. Confirm to select over capacity.',
        // Issue 16 item 1: the sentence's data beside it, for the Thai wording.
        details: { sport: 'Badminton', spots: 2, taken: 2, left: 0, adding: 1 },
      },
    });
    expect((await rows()).map((r) => r.status)).toEqual(['selected', 'selected', 'pending_selection']);
    const confirmed = await setStatus(await idOf(2), 'selected', { confirm_over_capacity: true });
    expect(confirmed.status).toBe(200);
    expect((await rows()).map((r) => r.status)).toEqual(['selected', 'selected', 'selected']);
  });

  it('a registration for a full sport joins its waiting list with a place the student sees', async () => {
    await registerMany(2);
    await setStatus(await idOf(0), 'selected');
    await setStatus(await idOf(1), 'selected');
    const sports = (await call('GET', '/sports/api/sports', students[2]!.token)).body;
    expect(sports.find((s) => s.sport_id === sportId)).toMatchObject({ selected_count: 2, reserve_count: 0 });
    const third = await register(2);
    expect(third).toEqual({ status: 200, body: { message: 'Badminton is full: you are on its waiting list, place 1.' } });
    t.clock.advance(1000);
    expect((await register(3)).body).toEqual({ message: 'Badminton is full: you are on its waiting list, place 2.' });
    expect(await mine(2)).toMatchObject({ status: 'reserve', waiting_position: 1, moved_up_at: null });
    expect(await mine(3)).toMatchObject({ status: 'reserve', waiting_position: 2 });
    expect(await mine(0)).toMatchObject({ status: 'selected', waiting_position: null, moved_up_at: null });
  });

  it('when a Main Player is not selected, the first on the list moves up and is told; the others move up a place', async () => {
    await registerMany(2);
    await setStatus(await idOf(0), 'selected');
    await setStatus(await idOf(1), 'selected');
    for (const i of [2, 3, 4]) {
      await register(i);
      t.clock.advance(1000);
    }
    const change = await setStatus(await idOf(0), 'not_selected');
    expect(change.status).toBe(200);
    expect(change.body.moved_up).toEqual([expect.objectContaining({ student_id: students[2]!.studentId, status: 'selected' })]);
    expect(await mine(2)).toMatchObject({ status: 'selected', waiting_position: null, moved_up_at: new Date(t.clock.now()).toISOString() });
    expect(await mine(3)).toMatchObject({ status: 'reserve', waiting_position: 1 });
    expect(await mine(4)).toMatchObject({ status: 'reserve', waiting_position: 2 });
    // A Main Player set to reserve queues at the end, and the next reserve takes the place.
    const demoted = await setStatus(await idOf(1), 'reserve');
    expect(demoted.body.moved_up).toEqual([expect.objectContaining({ student_id: students[3]!.studentId })]);
    expect(demoted.body.registration).toMatchObject({ status: 'reserve', waiting_position: 2 });
    expect(await mine(4)).toMatchObject({ waiting_position: 1 });
    // Over capacity, a leaving Main Player frees no place.
    await setStatus(await idOf(1), 'selected', { confirm_over_capacity: true });
    expect((await setStatus(await idOf(1), 'not_selected')).body.moved_up).toEqual([]);
    expect(await mine(4)).toMatchObject({ status: 'reserve', waiting_position: 1 });
  });

  it('closes on its own outside the sport’s dates, counted in SCHOOL_TIME_ZONE, as well as by the switch', async () => {
    // Today at the school is 2026-12-02 although UTC still says 1 Dec.
    await db().updateTable('sports').set({ registration_closes_on: '2026-12-01' }).where('id', '=', sportId).execute();
    expect(await register(0)).toEqual({
      status: 403,
      body: {
        code: 'sports.registration_deadline_passed',
        error: 'Registration for Badminton closed on 2026-12-01.',
        details: { sport: 'Badminton', date: '2026-12-01' },
      },
    });
    await db()
      .updateTable('sports')
      .set({ registration_opens_on: '2026-12-03', registration_closes_on: null })
      .where('id', '=', sportId)
      .execute();
    expect(await register(0)).toEqual({
      status: 403,
      body: {
        code: 'sports.registration_not_open_yet',
        error: 'Registration for Badminton opens on 2026-12-03.',
        details: { sport: 'Badminton', date: '2026-12-03' },
      },
    });
    const listed = (await call('GET', '/sports/api/sports', students[0]!.token)).body.find((s) => s.sport_id === sportId);
    expect(listed).toMatchObject({ registration_opens_on: '2026-12-03', registration_window_open: false });
    await db()
      .updateTable('sports')
      .set({ registration_opens_on: '2026-12-02', registration_closes_on: '2026-12-02' })
      .where('id', '=', sportId)
      .execute();
    expect((await register(0)).status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('counts per status, filters by status, and changes several registrations at once (all or none)', async () => {
    await registerMany(4);
    const ids = await Promise.all([0, 1, 2, 3].map(idOf));
    const over = await call('POST', '/sports/api/admin/update-registration-statuses', lead, {
      sport_id: sportId,
      registration_ids: ids.slice(0, 3),
      status: 'selected',
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(
      'Badminton has 2 Main Player spots and 0 are taken (2 left); selecting 3 more would go over capacity. Confirm to select over capacity.',
    );
    expect((await rows()).every((r) => r.status === 'pending_selection')).toBe(true);
    const bulk = await call('POST', '/sports/api/admin/update-registration-statuses', lead, {
      sport_id: sportId,
      registration_ids: ids.slice(0, 2),
      status: 'selected',
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.message).toBe('Status changed to "Main Player" for 2 registrations.');
    await call('POST', '/sports/api/admin/update-registration-statuses', lead, {
      sport_id: sportId,
      registration_ids: ids.slice(2),
      status: 'reserve',
    });
    const counts = await call('GET', `/sports/api/admin/registration-counts?sportId=${sportId}`, lead);
    expect(counts.body).toEqual({
      sport_id: sportId,
      total_spots: 2,
      counts: { pending_selection: 0, selected: 2, reserve: 2, not_selected: 0 },
    });
    const reserves = await call('GET', `/sports/api/admin/sport-registrations?sportId=${sportId}&status=reserve`, lead);
    expect(reserves.body.map((r) => [r.student_id, r.waiting_position])).toEqual([
      [students[2]!.studentId, 1],
      [students[3]!.studentId, 2],
    ]);
    // Both Main Players out at once: both reserves move up, in order.
    const out = await call('POST', '/sports/api/admin/update-registration-statuses', lead, {
      sport_id: sportId,
      registration_ids: ids.slice(0, 2),
      status: 'not_selected',
    });
    expect(out.body.moved_up).toEqual([
      expect.objectContaining({ student_id: students[2]!.studentId }),
      expect.objectContaining({ student_id: students[3]!.studentId }),
    ]);
    // A registration of another sport in the batch: refused, nothing written.
    await register(4, otherSportId);
    const otherId = (
      await db().selectFrom('sport_registrations').select('id').where('sport_id', '=', otherSportId).executeTakeFirstOrThrow()
    ).id;
    const before = await rows();
    const wrong = await call('POST', '/sports/api/admin/update-registration-statuses', lead, {
      sport_id: sportId,
      registration_ids: [ids[0]!, otherId],
      status: 'reserve',
    });
    expect(wrong).toEqual({ status: 409, body: { code: 'sports.wrong_sport', error: expect.any(String) } });
    expect(await rows()).toEqual(before);
  });

  describe('races', () => {
    it('10 concurrent selections for 2 spots: exactly 2 Main Players, the other 8 refused', async () => {
      await registerMany(10);
      const ids = (await rows()).map((r) => r.id);
      const answers = await Promise.all(ids.map((id) => setStatus(id, 'selected')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 409 && a.body.code === 'sports.team_full')).toHaveLength(8);
      expect((await rows()).filter((r) => r.status === 'selected')).toHaveLength(2);
    });

    it('10 concurrent registrations for a full 2-spot team: all wait, in arrival order, each place once', async () => {
      await registerMany(2);
      await setStatus(await idOf(0), 'selected');
      await setStatus(await idOf(1), 'selected');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => register(k + 2)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const places = answers.map((a) => Number(/place (\d+)/.exec(String(a.body.message))?.[1])).sort((a, b) => a - b);
      expect(places).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const list = (await call('GET', `/sports/api/admin/sport-registrations?sportId=${sportId}&status=reserve`, lead)).body;
      const stored = (await rows()).filter((r) => r.status === 'reserve').sort((a, b) => a.queued_at! - b.queued_at! || a.id - b.id);
      expect(list.map((r) => r.registration_id)).toEqual(expect.arrayContaining(stored.map((r) => r.id)));
      expect([...list].sort((a, b) => Number(a.waiting_position) - Number(b.waiting_position)).map((r) => r.registration_id)).toEqual(
        stored.map((r) => r.id),
      );
    });

    it('two Main Players leaving at once move up the first two on the list, never one twice', async () => {
      await registerMany(2);
      const [a, b] = [await idOf(0), await idOf(1)];
      await setStatus(a, 'selected');
      await setStatus(b, 'selected');
      for (let i = 2; i < 10; i++) {
        await register(i);
        t.clock.advance(1000);
      }
      const [one, two] = await Promise.all([setStatus(a, 'not_selected'), setStatus(b, 'not_selected')]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const selected = (await rows()).filter((r) => r.status === 'selected').map((r) => r.account_id);
      expect(selected.sort()).toEqual([students[2]!.accountId, students[3]!.accountId].sort());
      for (let i = 4; i < 10; i++) expect(await mine(i)).toMatchObject({ status: 'reserve', waiting_position: i - 3 });
    });
    // Two leads moving the same two students back to active in two sports, in crossing order. On
    // PostgreSQL each update held one student's place in the one-active index and waited for the other's
    // place; the deadlock's victim answered a 500. Now it runs again and is refused as a second place is.
    it('two bulk moves back to active crossing over the same two students: one 200, one 409, never a 500', async () => {
      if (dialect === 'postgres') await sql`truncate sport_registrations`.execute(db()); // rows in id order on disk too
      const notSelected = async (i: number, sport: number) =>
        (
          await db()
            .insertInto('sport_registrations')
            .values({ sport_id: sport, account_id: students[i]!.accountId, status: 'not_selected', created_at: 1, updated_at: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      // Each update meets the two students in the other's order: student 0 first here, student 1 first there.
      const here = [await notSelected(0, sportId), await notSelected(1, sportId)];
      const there = [await notSelected(1, otherSportId), await notSelected(0, otherSportId)];
      const moveBack = (sport: number, ids: number[]) =>
        call('POST', '/sports/api/admin/update-registration-statuses', lead, {
          sport_id: sport,
          registration_ids: ids,
          status: 'pending_selection',
        });
      let answers;
      if (dialect === 'postgres') {
        // Hold each update at its second row, after it has taken its first student's place.
        const holder = holdTransaction(db(), async (trx) => {
          await sql`select id from sport_registrations where id in (${here[1]}, ${there[1]}) for update`.execute(trx);
          return (await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx)).rows[0]!.xid;
        });
        const xid = await holder.open;
        const moves = Promise.all([moveBack(sportId, here), moveBack(otherSportId, there)]);
        await waitUntil(async () => {
          const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
            where locktype = 'transactionid' and transactionid = ${xid}::xid and not granted`.execute(db());
          return waiting[0]!.n === 2;
        });
        holder.release();
        await holder.done;
        answers = await moves;
      } else answers = await Promise.all([moveBack(sportId, here), moveBack(otherSportId, there)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('sports.student_already_active');
      const active = await db()
        .selectFrom('sport_registrations')
        .select(['id', 'account_id'])
        .where('status', '<>', 'not_selected')
        .execute();
      // All or none: the refused move wrote neither of its two rows.
      expect(active.map((r) => r.id).sort()).toEqual((answers[0]!.status === 200 ? here : there).sort());
    });
  });

  it('an import raising the spots moves reserves up, as the page does (it left them waiting beside free spots)', async () => {
    await registerMany(2);
    for (const r of await rows()) expect((await setStatus(r.id, 'selected')).status).toBe(200);
    await register(2);
    t.clock.advance(1000);
    await register(3);
    expect(await mine(2)).toMatchObject({ status: 'reserve', waiting_position: 1 });
    await upsertSports(makeSportsDeps(t.app.ctx), [makeSport({ name: 'Badminton', total_spots: 3 })]);
    expect(await mine(2)).toMatchObject({ status: 'selected' });
    expect(await mine(3)).toMatchObject({ status: 'reserve', waiting_position: 1 });
    // Importing the same spots again moves nobody: only new spots promote.
    await upsertSports(makeSportsDeps(t.app.ctx), [makeSport({ name: 'Badminton', total_spots: 3 })]);
    expect(await mine(3)).toMatchObject({ status: 'reserve', waiting_position: 1 });
  });

  describe('sports managed on a page (issue 16 item 4)', () => {
    const body = {
      name: 'Futsal',
      description: 'Indoor five-a-side.',
      total_spots: 1,
      eligibility_level: 'open',
      image: 'football',
      registration_opens_on: '2026-12-01',
      registration_closes_on: '2026-12-20',
    };

    it('creates, edits (raising spots moves reserves up) and archives a sport', async () => {
      const created = await call('POST', '/sports/api/admin/sports', lead, body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...body, selected_count: 0, archived: false, registration_window_open: true });
      const id = Number(created.body.sport_id);
      expect((await call('POST', '/sports/api/admin/sports', lead, body)).body).toEqual({
        code: 'sports.name_taken',
        error: 'A sport named "Futsal" already exists.',
        details: { name: 'Futsal' },
      });
      // One Main Player and two waiting.
      await register(0, id);
      const first = (await db().selectFrom('sport_registrations').select('id').where('sport_id', '=', id).executeTakeFirstOrThrow()).id;
      await setStatus(first, 'selected');
      await register(1, id);
      t.clock.advance(1000);
      await register(2, id);
      const edited = await call('PUT', `/sports/api/admin/sports/${id}`, lead, { ...body, name: 'Futsal A', total_spots: 2 });
      expect(edited.body).toMatchObject({ name: 'Futsal A', total_spots: 2, selected_count: 2, reserve_count: 1 });
      expect(await mine(1)).toMatchObject({ status: 'selected', sport_name: 'Futsal A' });
      const archived = await call('POST', `/sports/api/admin/sports/${id}/archive`, lead, { archived: true });
      expect(archived.body).toMatchObject({ archived: true });
      const seen = (await call('GET', '/sports/api/sports', students[5]!.token)).body.map((s) => s.sport_id);
      expect(seen).not.toContain(id);
      // Refused as archived (sports.sport_archived, 403), no longer as "not for your level" (404).
      expect((await register(5, id)).body).toMatchObject({ code: 'sports.sport_archived' });
      await call('POST', `/sports/api/admin/sports/${id}/archive`, lead, { archived: false });
      expect((await call('GET', '/sports/api/sports', students[5]!.token)).body.map((s) => s.sport_id)).toContain(id);
      await db().deleteFrom('sports').where('id', '=', id).execute();
    });

    it.each([
      [{ ...body, name: '' }, 'name'],
      [{ ...body, total_spots: -1 }, 'total_spots'],
      [{ ...body, total_spots: '3' }, 'total_spots'],
      [{ ...body, eligibility_level: 'staff' }, 'eligibility_level'],
      [{ ...body, image: 'https://example.com/x.png' }, 'image'],
      [{ ...body, registration_opens_on: '2026-02-30' }, 'registration_opens_on'],
      [{ ...body, registration_closes_on: '2026-11-30' }, 'registration_closes_on'],
      [{ ...body, extra: 1 }, 'extra'],
    ])('refuses %j naming %s, writing nothing', async (bad, field) => {
      const before = await db().selectFrom('sports').selectAll().orderBy('id').execute();
      const res = await call('POST', '/sports/api/admin/sports', lead, bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', error: expect.stringContaining(field) });
      const edit = await call('PUT', `/sports/api/admin/sports/${sportId}`, lead, bad);
      expect(edit.status).toBe(400);
      expect(await db().selectFrom('sports').selectAll().orderBy('id').execute()).toEqual(before);
    });

    it('answers 404 for an unknown sport and 400 for a bad id or body', async () => {
      expect((await call('PUT', '/sports/api/admin/sports/999999', lead, body)).status).toBe(404);
      expect((await call('POST', '/sports/api/admin/sports/999999/archive', lead, { archived: true })).status).toBe(404);
      expect((await call('POST', '/sports/api/admin/sports/abc/archive', lead, { archived: true })).status).toBe(400);
      expect((await call('POST', `/sports/api/admin/sports/${sportId}/archive`, lead, { archived: 'yes' })).status).toBe(400);
    });
  });

  it('bad input on the bulk change and the counts: 400 with a sentence, nothing written', async () => {
    await registerMany(1);
    const before = await rows();
    for (const bad of [
      {},
      { sport_id: sportId, registration_ids: [], status: 'selected' },
      { sport_id: sportId, registration_ids: [1, 1], status: 'selected' },
      { sport_id: sportId, registration_ids: ['x'], status: 'selected' },
      { sport_id: sportId, registration_ids: [1], status: 'captain' },
      { sport_id: sportId, registration_ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'selected' },
    ]) {
      const res = await call('POST', '/sports/api/admin/update-registration-statuses', lead, bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', error: expect.any(String) });
    }
    expect((await call('GET', '/sports/api/admin/registration-counts?sportId=x', lead)).status).toBe(400);
    expect((await call('GET', '/sports/api/admin/registration-counts?sportId=999999', lead)).status).toBe(404);
    expect((await call('GET', `/sports/api/admin/sport-registrations?sportId=${sportId}&status=captain`, lead)).status).toBe(400);
    expect(await rows()).toEqual(before);
  });
});
