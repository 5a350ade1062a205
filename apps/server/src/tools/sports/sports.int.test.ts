import type { FastifyInstance } from 'fastify';
import { ErrorAnswer } from '@guildhall/contracts/core';
import { makeSport, makeSportRegistration } from '@guildhall/testkit/sports-demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';
import { toolDb } from '@server/core/db/tool-db';
import type { SportsTables } from './sports-tables';
import { makeSportsDeps } from './sports-deps';
import { upsertSports } from './upsert-sports';

// 002 §7 Sports API end to end through the real app (real routes, real database, bearer tokens).

type Actor = 'anonymous' | 'student' | 'otherStudent' | 'senior' | 'ineligible' | 'lead' | 'developer';

const ACCOUNTS: Array<{
  actor: Exclude<Actor, 'anonymous'>;
  studentId: string;
  password: string;
  role: 'student' | 'developer' | 'sports_lead';
}> = [
  { actor: 'student', studentId: '68960001', password: 'junior-pass', role: 'student' },
  { actor: 'otherStudent', studentId: '67960077', password: 'other-pass', role: 'student' },
  { actor: 'senior', studentId: '68980002', password: 'senior-pass', role: 'student' },
  { actor: 'ineligible', studentId: '12340003', password: 'nolevel-pass', role: 'student' },
  { actor: 'lead', studentId: '90000004', password: 'lead-pass', role: 'sports_lead' },
  { actor: 'developer', studentId: '90000005', password: 'dev-pass', role: 'developer' },
];

describe.each(DIALECTS)('sports API on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens = {} as Record<Actor, string | undefined>;
  const accountIds = {} as Record<Exclude<Actor, 'anonymous'>, number>;
  const sportIds: Record<string, number> = {};
  let t: TestApp;

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, actor: Actor, body?: unknown) {
    const token = tokens[actor];
    const response = await t.request({ method, url, token, ...(body === undefined ? {} : { payload: body as object }) });
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return { status: response.statusCode, body: isJson ? (JSON.parse(response.body) as unknown) : null, raw: response };
  }

  const db = () => toolDb<SportsTables>(database);
  const registrationRows = () => db().selectFrom('sport_registrations').selectAll().orderBy('id').execute();
  const setOpen = (open: boolean) =>
    db()
      .updateTable('sports_settings')
      .set({ is_registration_open: open ? 1 : 0 })
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      clock: createTestClock(1_700_000_000_000),
      env: { ENABLED_TOOLS: 'sports,portfolio', PORTFOLIO_PASSWORD: 'open sesame', SPORTS_SOVIET_STUDENT_ID: '68961917' },
    });
    ({ app, database } = t);
    for (const a of ACCOUNTS) {
      await app.ctx.schoolAccounts.create({ studentId: a.studentId, password: a.password, email: `${a.actor}@school.test`, role: a.role });
      const { token, account } = await t.signInSchool(a.studentId);
      accountIds[a.actor] = account.id;
      tokens[a.actor] = token;
    }
    await upsertSports(makeSportsDeps(app.ctx), [
      // Football fills with two; one sport of each level (002 §9).
      makeSport({ name: 'Football', description: 'Open tryouts', total_spots: 2, eligibility_level: 'open' }),
      makeSport({ name: 'Junior Basketball', description: 'ม.ต้น', eligibility_level: 'morton' }),
      makeSport({ name: 'Senior Volleyball', description: 'ม.ปลาย', eligibility_level: 'morplai' }),
    ]);
    for (const s of await db().selectFrom('sports').select(['id', 'name']).execute()) sportIds[s.name] = s.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    t.clock.advance(60_000);
    await db().deleteFrom('sport_registrations').execute();
    await setOpen(true);
  });

  describe('login (002 §5, §7)', () => {
    it('answers token, role, userId, studentId and email, and never the password', async () => {
      const res = await call('POST', '/sports/api/login', 'anonymous', { student_id: '90000004', password: 'lead-pass' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        token: expect.any(String),
        role: 'sports_lead',
        userId: accountIds.lead,
        studentId: '90000004',
        email: 'lead@school.test',
      });
      expect(res.raw.body).not.toContain('lead-pass');
    });

    it('gives the same answer for a wrong password and an unknown student ID', async () => {
      const wrongPassword = await call('POST', '/sports/api/login', 'anonymous', { student_id: '68960001', password: 'nope' });
      const unknownId = await call('POST', '/sports/api/login', 'anonymous', { student_id: '00000000', password: 'junior-pass' });
      expect(wrongPassword.status).toBe(401);
      expect(unknownId.status).toBe(401);
      expect(wrongPassword.body).toEqual(unknownId.body);
    });

    it('requires both fields (400 naming the field)', async () => {
      const noPassword = await call('POST', '/sports/api/login', 'anonymous', { student_id: '68960001', password: '' });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body).toMatchObject({ error: 'Password is required.' });
      const noId = await call('POST', '/sports/api/login', 'anonymous', { password: 'x' });
      expect(noId.status).toBe(400);
      expect(noId.body).toMatchObject({ error: expect.stringContaining('student_id') });
    });

    it('logout ends the session behind the bearer token', async () => {
      const login = await call('POST', '/sports/api/login', 'anonymous', { student_id: '68960001', password: 'junior-pass' });
      const token = (login.body as { token: string }).token;
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/sports/api/sports', headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/sports/api/logout', headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/sports/api/sports', headers })).statusCode).toBe(401);
    });
  });

  describe('sports list (002 §3, §5, §9)', () => {
    const names = async (actor: Actor) =>
      ((await call('GET', '/sports/api/sports', actor)).body as unknown as Array<{ name: string }>).map((s) => s.name);

    it('shows each student the sports of their level plus Open to All; admins see all', async () => {
      expect(await names('student')).toEqual(['Football', 'Junior Basketball']);
      expect(await names('senior')).toEqual(['Football', 'Senior Volleyball']);
      expect(await names('ineligible')).toEqual(['Football']);
      expect(await names('lead')).toEqual(['Football', 'Junior Basketball', 'Senior Volleyball']);
    });

    it('counts selected and pending registrations live', async () => {
      await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football });
      await call('POST', '/sports/api/register-sport', 'senior', { sport_id: sportIds.Football });
      const rows = await registrationRows();
      await call('POST', '/sports/api/admin/update-registration-status', 'lead', { registration_id: rows[0]!.id, status: 'selected' });
      const sports = (await call('GET', '/sports/api/sports', 'student')).body as unknown as Array<Record<string, unknown>>;
      expect(sports.find((s) => s.name === 'Football')).toEqual({
        sport_id: sportIds.Football,
        name: 'Football',
        description: 'Open tryouts',
        total_spots: 2,
        selected_count: 1,
        pending_count: 1,
        eligibility_level: 'open',
        // Issue 16, beside 002's fields.
        reserve_count: 0,
        registration_opens_on: null,
        registration_closes_on: null,
        registration_window_open: true,
        image: null,
        archived: false,
      });
    });
  });

  describe('registration lifecycle (002 §4, §6)', () => {
    it('register -> pending -> withdraw; my-registration is 404 when there is none', async () => {
      expect((await call('GET', '/sports/api/my-registration', 'student')).status).toBe(404);
      const reg = await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds['Junior Basketball'] });
      expect(reg.status).toBe(200);
      const mine = await call('GET', '/sports/api/my-registration', 'student');
      expect(mine.body).toMatchObject({
        sport_name: 'Junior Basketball',
        status: 'pending_selection',
        sport_id: sportIds['Junior Basketball'],
      });
      expect((await call('POST', '/sports/api/registration/withdraw', 'student')).status).toBe(200);
      expect((await call('GET', '/sports/api/my-registration', 'student')).status).toBe(404);
      expect(await registrationRows()).toHaveLength(0);
    });

    it('takes an empty body sent as application/json as no body: withdraw works, a call that needs a body gets a 400 sentence (issue 10 item 18)', async () => {
      // 002 §7: withdraw has no payload, but fetch wrappers send the JSON content type anyway.
      const emptyJson = (url: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${tokens.student}`, 'content-type': 'application/json' },
          payload: '',
        });
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football })).status).toBe(200);
      const withdrawn = await emptyJson('/sports/api/registration/withdraw');
      expect(withdrawn.statusCode).toBe(200);
      expect(await registrationRows()).toHaveLength(0);
      const needsBody = await emptyJson('/sports/api/register-sport');
      expect(needsBody.statusCode).toBe(400);
      expect(needsBody.json()).toEqual({ error: 'The request body is required', code: 'invalid_input' });
      expect(await registrationRows()).toHaveLength(0);
    });

    it('refuses a sport of another level as if it did not exist, and writes nothing', async () => {
      const res = await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds['Senior Volleyball'] });
      expect(res.status).toBe(404);
      expect(await registrationRows()).toHaveLength(0);
    });

    // Issue 16 item 4 (decision 0033): a lead archives a sport while a student has it on screen. The
    // refusal says the sport closed, with its own code, not "not available for your level" (untrue).
    it('refuses a sport archived after the list was loaded as archived, and writes nothing', async () => {
      const basketball = sportIds['Junior Basketball']!;
      const archive = (archived: boolean) => call('POST', `/sports/api/admin/sports/${basketball}/archive`, 'lead', { archived });
      expect((await archive(true)).status).toBe(200);
      try {
        const res = await call('POST', '/sports/api/register-sport', 'student', { sport_id: basketball });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          error: 'Junior Basketball is no longer open for registration.',
          code: 'sports.sport_archived',
          details: { sport: 'Junior Basketball' },
        });
        expect(ErrorAnswer.strict().safeParse(res.body).success).toBe(true);
        // Another level's student still learns nothing about the sport, archived or not (002 §5).
        const senior = await call('POST', '/sports/api/register-sport', 'senior', { sport_id: basketball });
        expect(senior.status).toBe(404);
        expect(senior.body).toMatchObject({ code: 'sports.not_for_your_level' });
        expect(await registrationRows()).toHaveLength(0);
      } finally {
        await archive(false);
      }
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: basketball })).status).toBe(200);
    });

    it('allows one active registration only', async () => {
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football })).status).toBe(200);
      const second = await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds['Junior Basketball'] });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ error: expect.stringContaining('Football') });
      expect(await registrationRows()).toHaveLength(1);
    });

    it('the student sees each status a lead sets; withdraw only while pending; not_selected frees them', async () => {
      await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football });
      const [row] = await registrationRows();
      for (const status of ['selected', 'reserve'] as const) {
        const update = await call('POST', '/sports/api/admin/update-registration-status', 'lead', { registration_id: row!.id, status });
        expect(update.status).toBe(200);
        expect(update.body).toMatchObject({ registration: { registration_id: row!.id, student_id: '68960001', status } });
        expect((await call('GET', '/sports/api/my-registration', 'student')).body).toMatchObject({ sport_name: 'Football', status });
        const withdraw = await call('POST', '/sports/api/registration/withdraw', 'student');
        expect(withdraw.status).toBe(409);
      }
      await call('POST', '/sports/api/admin/update-registration-status', 'developer', { registration_id: row!.id, status: 'not_selected' });
      expect((await call('GET', '/sports/api/my-registration', 'student')).body).toMatchObject({
        sport_name: 'Football',
        status: 'not_selected',
      });
      expect((await call('POST', '/sports/api/registration/withdraw', 'student')).status).toBe(404);
      // Not the same sport again, but another one.
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football })).status).toBe(409);
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds['Junior Basketball'] })).status).toBe(200);
      expect((await call('GET', '/sports/api/my-registration', 'student')).body).toMatchObject({
        sport_name: 'Junior Basketball',
        status: 'pending_selection',
      });
      // The old Football row cannot come back to life now: one active registration per student.
      const revive = await call('POST', '/sports/api/admin/update-registration-status', 'lead', {
        registration_id: row!.id,
        status: 'selected',
      });
      expect(revive.status).toBe(409);
      expect((await registrationRows()).find((r) => r.id === row!.id)?.status).toBe('not_selected');
    });

    it('closed registration refuses new registrations and writes nothing; admins reopen it', async () => {
      const close = await call('POST', '/sports/api/admin/settings/registration-status', 'lead', { isRegistrationOpen: false });
      expect(close.body).toEqual({ isRegistrationOpen: false });
      expect((await call('GET', '/sports/api/settings/registration-status', 'anonymous')).body).toEqual({ isRegistrationOpen: false });
      const res = await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Registration is currently closed.', code: 'sports.registration_closed' });
      expect(await registrationRows()).toHaveLength(0);
      await call('POST', '/sports/api/admin/settings/registration-status', 'developer', { isRegistrationOpen: true });
      expect((await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football })).status).toBe(200);
    });
  });

  describe('admin list and CSV', () => {
    it('lists a sport’s registrations with the 002 §3 fields, and exports them as CSV', async () => {
      await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football });
      t.clock.advance(1000);
      await call('POST', '/sports/api/register-sport', 'senior', { sport_id: sportIds.Football });
      const list = await call('GET', `/sports/api/admin/sport-registrations?sportId=${sportIds.Football}`, 'lead');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          registration_id: expect.any(Number),
          student_id: '68960001',
          student_email: 'student@school.test',
          registration_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          status: 'pending_selection',
          waiting_position: null,
        },
        {
          registration_id: expect.any(Number),
          student_id: '68980002',
          student_email: 'senior@school.test',
          registration_date: expect.any(String),
          status: 'pending_selection',
          waiting_position: null,
        },
      ]);
      const empty = await call('GET', `/sports/api/admin/sport-registrations?sportId=${sportIds['Senior Volleyball']}`, 'lead');
      expect(empty.body).toEqual([]);
      const csv = await app.inject({
        method: 'GET',
        url: `/sports/api/admin/sport-registrations.csv?sportId=${sportIds.Football}`,
        headers: { authorization: `Bearer ${tokens.lead}` },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain('registrations-football.csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('registration_id,student_id,student_email,registration_date,status,status_label,waiting_position');
      expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['68960001', '68980002']);
    });

    it('answers 404 for an unknown sport', async () => {
      expect((await call('GET', '/sports/api/admin/sport-registrations?sportId=999999', 'lead')).status).toBe(404);
    });
  });

  describe('permissions: every endpoint x actor (002 §6, enforced on the server)', () => {
    // State before each case: `student` holds a pending Football registration, nobody else has one.
    const actors: Actor[] = ['anonymous', 'student', 'otherStudent', 'lead', 'developer'];
    type Case = {
      name: string;
      method: 'GET' | 'POST' | 'PUT';
      url: () => string;
      body?: () => unknown;
      expect: Record<Actor, number> | Partial<Record<Actor, number>>;
    };
    let pendingId = 0;
    let created = 0;
    const sportBody = () => ({ name: `Made on a page ${++created}`, total_spots: 3, eligibility_level: 'open' });
    const cases: Case[] = [
      {
        name: 'GET settings',
        method: 'GET',
        url: () => '/sports/api/settings/registration-status',
        expect: { anonymous: 200, student: 200, otherStudent: 200, lead: 200, developer: 200 },
      },
      {
        name: 'GET config',
        method: 'GET',
        url: () => '/sports/api/config',
        expect: { anonymous: 200, student: 200, otherStudent: 200, lead: 200, developer: 200 },
      },
      {
        name: 'GET sports',
        method: 'GET',
        url: () => '/sports/api/sports',
        expect: { anonymous: 401, student: 200, otherStudent: 200, lead: 200, developer: 200 },
      },
      {
        name: 'GET my-registration',
        method: 'GET',
        url: () => '/sports/api/my-registration',
        expect: { anonymous: 401, student: 200, otherStudent: 404, lead: 404, developer: 404 },
      },
      {
        name: 'POST register-sport',
        method: 'POST',
        url: () => '/sports/api/register-sport',
        body: () => ({ sport_id: sportIds.Football }),
        expect: { anonymous: 401, student: 409, otherStudent: 200, lead: 403, developer: 403 },
      },
      {
        name: 'POST registration/withdraw',
        method: 'POST',
        url: () => '/sports/api/registration/withdraw',
        expect: { anonymous: 401, student: 200, otherStudent: 404, lead: 403, developer: 403 },
      },
      {
        name: 'GET admin/sport-registrations',
        method: 'GET',
        url: () => `/sports/api/admin/sport-registrations?sportId=${sportIds.Football}`,
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'GET admin/sport-registrations.csv',
        method: 'GET',
        url: () => `/sports/api/admin/sport-registrations.csv?sportId=${sportIds.Football}`,
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        // The print action (002 §2): refused before any printing for anyone but the admins.
        name: 'GET admin/sport-registrations.pdf',
        method: 'GET',
        url: () => `/sports/api/admin/sport-registrations.pdf?sportId=${sportIds.Football}`,
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'POST admin/update-registration-status',
        method: 'POST',
        url: () => '/sports/api/admin/update-registration-status',
        body: () => ({ registration_id: pendingId, status: 'selected' }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      // Issue 16 items 3 and 4: counts, bulk changes and sports managed on a page are the admins' too.
      {
        name: 'GET admin/registration-counts',
        method: 'GET',
        url: () => `/sports/api/admin/registration-counts?sportId=${sportIds.Football}`,
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'POST admin/update-registration-statuses',
        method: 'POST',
        url: () => '/sports/api/admin/update-registration-statuses',
        body: () => ({ sport_id: sportIds.Football, registration_ids: [pendingId], status: 'reserve' }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'POST admin/sports',
        method: 'POST',
        url: () => '/sports/api/admin/sports',
        body: sportBody,
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 201, developer: 201 },
      },
      {
        name: 'PUT admin/sports/:id',
        method: 'PUT',
        url: () => `/sports/api/admin/sports/${sportIds['Senior Volleyball']}`,
        body: () => ({ name: 'Senior Volleyball', description: 'ม.ปลาย', total_spots: 10, eligibility_level: 'morplai' }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'POST admin/sports/:id/archive',
        method: 'POST',
        url: () => `/sports/api/admin/sports/${sportIds['Senior Volleyball']}/archive`,
        body: () => ({ archived: false }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
      {
        name: 'POST admin/settings/registration-status',
        method: 'POST',
        url: () => '/sports/api/admin/settings/registration-status',
        body: () => ({ isRegistrationOpen: false }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, lead: 200, developer: 200 },
      },
    ];
    const table = cases.flatMap((c) => actors.map((actor) => [c.name, actor, c] as const));

    it.each(table)('%s as %s', async (_name, actor, c) => {
      await db().insertInto('sport_registrations').values(makeSportRegistration(sportIds.Football!, accountIds.student)).execute();
      pendingId = (await registrationRows())[0]!.id;
      const before = JSON.stringify([await registrationRows(), await db().selectFrom('sports_settings').selectAll().execute()]);
      const res = await call(c.method, c.url(), actor, c.body?.());
      expect(res.status).toBe(c.expect[actor]);
      const fileType = c.name.endsWith('.csv') ? /text\/csv/ : c.name.endsWith('.pdf') ? /application\/pdf/ : null;
      expect(res.raw.headers['content-type']).toMatch(fileType && res.status === 200 ? fileType : /application\/json/);
      if (res.status >= 400) {
        // {error, code}, and the data the sentence carries when it has some (issue 16 item 1).
        expect(ErrorAnswer.strict().safeParse(res.body).error).toBeUndefined();
        const after = JSON.stringify([await registrationRows(), await db().selectFrom('sports_settings').selectAll().execute()]);
        expect(after).toBe(before);
      }
      // Someone else's registration is never shown to a student.
      if (actor === 'otherStudent' && c.name === 'GET my-registration') expect(res.body).not.toHaveProperty('sport_name');
    });
  });

  describe('bad input on every write endpoint: 4xx, nothing written (ARCHITECTURE.md §6)', () => {
    const bad: Array<[string, Actor, unknown]> = [
      ['/sports/api/login', 'anonymous', { student_id: 68960001, password: 'x' }],
      ['/sports/api/login', 'anonymous', 'not json at all'],
      ['/sports/api/login', 'anonymous', { student_id: 'x'.repeat(40), password: 'x' }],
      ['/sports/api/register-sport', 'student', {}],
      ['/sports/api/register-sport', 'student', { sport_id: 'football' }],
      ['/sports/api/register-sport', 'student', { sport_id: -1 }],
      ['/sports/api/register-sport', 'student', { sport_id: 1.5 }],
      ['/sports/api/register-sport', 'student', { sport_id: 99999 }],
      ['/sports/api/register-sport', 'student', { sport_id: 1, extra: true }],
      ['/sports/api/register-sport', 'student', [1]],
      ['/sports/api/register-sport', 'student', { sport_id: 1e20 }],
      ['/sports/api/admin/update-registration-status', 'lead', {}],
      ['/sports/api/admin/update-registration-status', 'lead', { registration_id: 'R', status: 'selected' }],
      ['/sports/api/admin/update-registration-status', 'lead', { registration_id: 1, status: 'captain' }],
      ['/sports/api/admin/update-registration-status', 'lead', { registration_id: 999999, status: 'selected' }],
      ['/sports/api/admin/update-registration-status', 'lead', { registration_id: 1, status: null }],
      ['/sports/api/admin/settings/registration-status', 'lead', {}],
      ['/sports/api/admin/settings/registration-status', 'lead', { isRegistrationOpen: 'false' }],
      ['/sports/api/admin/settings/registration-status', 'lead', { isRegistrationOpen: 0 }],
    ];
    it.each(bad)('POST %s as %s with %j', async (url, actor, body) => {
      await setOpen(true);
      await call('POST', '/sports/api/register-sport', 'senior', { sport_id: sportIds.Football });
      const before = JSON.stringify([await registrationRows(), await db().selectFrom('sports_settings').selectAll().execute()]);
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const token = tokens[actor];
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(JSON.parse(res.body)).toEqual({ error: expect.any(String), code: expect.any(String) });
      const after = JSON.stringify([await registrationRows(), await db().selectFrom('sports_settings').selectAll().execute()]);
      expect(after).toBe(before);
    });

    it('bad query strings on the admin list answer 400', async () => {
      for (const q of ['', '?sportId=', '?sportId=abc', '?sportId=-3', '?sportId=1.5']) {
        const res = await call('GET', `/sports/api/admin/sport-registrations${q}`, 'lead');
        expect(res.status, q).toBe(400);
      }
    });
  });

  describe('concurrency (ARCHITECTURE.md §5: constraints live in the schema)', () => {
    it('20 parallel registrations by one student: exactly one wins', async () => {
      const targets = [sportIds.Football, sportIds['Junior Basketball']];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call('POST', '/sports/api/register-sport', 'student', { sport_id: targets[i % 2] })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(await registrationRows()).toHaveLength(1);
    });

    it('withdraw racing a status change: one of them wins, and the row agrees with the answers', async () => {
      for (let round = 0; round < 6; round++) {
        await db().deleteFrom('sport_registrations').execute();
        await call('POST', '/sports/api/register-sport', 'student', { sport_id: sportIds.Football });
        const [row] = await registrationRows();
        const [withdraw, update] = await Promise.all([
          call('POST', '/sports/api/registration/withdraw', 'student'),
          call('POST', '/sports/api/admin/update-registration-status', 'lead', { registration_id: row!.id, status: 'selected' }),
        ]);
        const rows = await registrationRows();
        if (withdraw.status === 200) {
          expect(update.status).toBe(404);
          expect(rows).toHaveLength(0);
        } else {
          expect(withdraw.status).toBe(409);
          expect(update.status).toBe(200);
          expect(rows).toMatchObject([{ id: row!.id, status: 'selected' }]);
        }
      }
    });
  });

  describe('configuration calls', () => {
    it('serves the Soviet student ID and the portfolio password (decorative, not secret)', async () => {
      expect((await call('GET', '/sports/api/config', 'anonymous')).body).toEqual({
        sovietStudentId: '68961917',
        levelPrefixes: { morton: ['6896', '6796', '6696'], morplai: ['6898', '6798', '6598'] },
        timeZone: 'Asia/Bangkok',
      });
      expect((await call('GET', '/portfolio/api/config', 'anonymous')).body).toEqual({ password: 'open sesame' });
    });
  });
});
