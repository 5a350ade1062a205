import { type SchoolAccountRecord, makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeSport } from '@guildhall/testkit/sports-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { makeSportsDeps } from './sports-deps';
import { upsertSports } from './upsert-sports';

// Issue 10 item 10: on SQLite a withdrawn registration's id was given to the next registration, so an
// admin acting on a stale table changed the wrong student. Ids are never reused, and a status change
// may name the student the admin saw.

const API = '/sports/api';

describe.each(DIALECTS)('sports registration ids on %s', (dialect) => {
  let t: TestApp;
  let sportId: number;
  const token: Record<'ann' | 'ben' | 'lead', string> = { ann: '', ben: '', lead: '' };
  const call = (who: keyof typeof token, url: string, payload?: object) =>
    t.request({
      method: payload ? 'POST' : 'GET',
      url: API + url,
      headers: { authorization: `Bearer ${token[who]}` },
      ...(payload ? { payload } : {}),
    });
  const withdraw = (who: keyof typeof token) =>
    t.request({ method: 'POST', url: `${API}/registration/withdraw`, headers: { authorization: `Bearer ${token[who]}` } });
  const myRegistrationId = async (who: keyof typeof token) => (await call(who, '/my-registration')).json().registration_id as number;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, discord: false, roblox: false, env: { ENABLED_TOOLS: 'sports' } });
    // The student ids are the ones the refusal sentence names.
    const people = {
      ann: makeSchoolAccount({ studentId: '68960001' }),
      ben: makeSchoolAccount({ studentId: '68960002' }),
      lead: makeSchoolAccount({ studentId: '90000004', role: 'sports_lead' }),
    };
    for (const [who, account] of Object.entries(people) as Array<[keyof typeof token, SchoolAccountRecord]>) {
      await t.ctx.schoolAccounts.create(account);
      token[who] = (await t.signInSchool(account.studentId)).token;
    }
    await upsertSports(makeSportsDeps(t.ctx), [makeSport({ total_spots: 5 })]);
    sportId = (await t.database.db.withTables<{ sports: { id: number } }>().selectFrom('sports').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it('a withdrawn registration’s id is never given to the next registration', async () => {
    expect((await call('ann', '/register-sport', { sport_id: sportId })).statusCode).toBe(200);
    const first = await myRegistrationId('ann');
    expect((await withdraw('ann')).statusCode).toBe(200);
    expect((await call('ben', '/register-sport', { sport_id: sportId })).statusCode).toBe(200);
    const next = await myRegistrationId('ben');
    expect(next).toBeGreaterThan(first);
    expect((await withdraw('ben')).statusCode).toBe(200);
  });

  it('a status change naming another student than the registration’s is refused with a sentence, and changes nothing', async () => {
    expect((await call('ann', '/register-sport', { sport_id: sportId })).statusCode).toBe(200);
    const id = await myRegistrationId('ann');
    const stale = await call('lead', '/admin/update-registration-status', {
      registration_id: id,
      status: 'selected',
      student_id: '68960002',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      `Registration ${id} is no longer student 68960002's: the list was out of date. Reload it and try again.`,
    );
    expect((await call('ann', '/my-registration')).json().status).toBe('pending_selection');

    const seen = await call('lead', '/admin/update-registration-status', {
      registration_id: id,
      status: 'selected',
      student_id: '68960001',
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().registration).toMatchObject({ registration_id: id, student_id: '68960001', status: 'selected' });
    // 002 §7's own body, {registration_id, status}, still works.
    const plain = await call('lead', '/admin/update-registration-status', { registration_id: id, status: 'reserve' });
    expect(plain.statusCode).toBe(200);
    expect((await call('ann', '/my-registration')).json().status).toBe('reserve');
  });
});
