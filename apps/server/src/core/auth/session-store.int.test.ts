import { demoPerson } from '@guildhall/testkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// requireSchoolSession reads the session and its account in one joined query
// (SessionStore.findWithSchoolAccount); the answers must stay those of two separate reads.
describe.each(DIALECTS)('school sessions on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'timetable' } });
  });
  afterEach(async () => {
    await t?.close();
  });

  const school = (subject: string) => ({ kind: 'school' as const, subject, displayName: subject, avatar: null });

  it('finds a live school session with its account, read fresh', async () => {
    const account = await t.ctx.schoolAccounts.create({ studentId: '68960001', password: 'pw', email: 'a@school.test', role: 'student' });
    const { token, expiresAt } = await t.ctx.sessions.create(school('68960001'));
    expect(await t.ctx.sessions.findWithSchoolAccount(token)).toEqual({
      session: { kind: 'school', subject: '68960001', displayName: '68960001', avatar: null, expiresAt },
      account,
    });
    // 002: the role is never taken from the session.
    await t.ctx.schoolAccounts.upsert({ studentId: '68960001', password: 'pw', role: 'sports_lead' });
    expect((await t.ctx.sessions.findWithSchoolAccount(token))?.account).toMatchObject({
      id: account.id,
      role: 'sports_lead',
      email: null,
    });
  });

  it('answers no account for a school session whose account is gone, and for a Discord session', async () => {
    const { token } = await t.ctx.sessions.create(school('68960002'));
    expect(await t.ctx.sessions.findWithSchoolAccount(token)).toMatchObject({ session: { kind: 'school' }, account: null });
    // A Discord subject that happens to equal a student id is not that student.
    await t.ctx.schoolAccounts.create({ studentId: '68960003', password: 'pw', role: 'developer' });
    const discord = await t.ctx.sessions.create({ kind: 'discord', subject: '68960003', displayName: 'd', avatar: null });
    expect(await t.ctx.sessions.findWithSchoolAccount(discord.token)).toMatchObject({ session: { kind: 'discord' }, account: null });
  });

  it('answers null for an unknown, oversize or expired token', async () => {
    await t.ctx.schoolAccounts.create({ studentId: '68960004', password: 'pw', role: 'student' });
    const { token } = await t.ctx.sessions.create(school('68960004'));
    expect(await t.ctx.sessions.findWithSchoolAccount('nope')).toBeNull();
    expect(await t.ctx.sessions.findWithSchoolAccount('x'.repeat(201))).toBeNull();
    t.clock.advance(t.config.SESSION_TTL_HOURS * 3_600_000);
    expect(await t.ctx.sessions.findWithSchoolAccount(token)).toBeNull();
  });

  it('requireSchoolSession: 401 {error} without a school session or with a deleted account, the account otherwise', async () => {
    const account = await t.ctx.schoolAccounts.create({ studentId: '68960005', password: 'pw', role: 'student' });
    const { token } = await t.ctx.sessions.create(school('68960005'));
    const me = (headers: Record<string, string>) => t.app.inject({ url: '/timetable/api/me', headers });
    const ok = await me({ authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userId: account.id, studentId: '68960005', role: 'student' });

    expect((await me({})).json()).toEqual({ error: 'Please log in with your student ID first.', code: 'unauthenticated' });
    const discord = await t.signInAs('staff');
    const asDiscord = await me({ cookie: discord });
    expect(asDiscord.statusCode).toBe(401);
    expect(asDiscord.json()).toEqual({ error: 'Please log in with your student ID first.', code: 'unauthenticated' });

    await t.database.db.deleteFrom('school_accounts').where('id', '=', account.id).execute();
    const gone = await me({ authorization: `Bearer ${token}` });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ error: 'This account no longer exists. Please log in again.', code: 'unauthenticated' });
  });
});

// requireGrant reads the session and the grant in one joined query (SessionStore.findWithGrant); the
// answers must stay those of two separate reads, and on PostgreSQL it must be one round trip.
describe.each(DIALECTS)('staff sessions on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const discord = (subject: string) => ({ kind: 'discord' as const, subject, displayName: subject, avatar: null });

  it('finds a live session and whether its Discord subject holds the role, read fresh', async () => {
    const { token, expiresAt } = await t.ctx.sessions.create(discord('111'));
    const session = { kind: 'discord', subject: '111', displayName: '111', avatar: null, expiresAt };
    expect(await t.ctx.sessions.findWithGrant(token, 'bureau-staff')).toEqual({ session, granted: false });
    await t.ctx.grants.grant('111', 'bureau-staff');
    expect(await t.ctx.sessions.findWithGrant(token, 'bureau-staff')).toEqual({ session, granted: true });
    expect(await t.ctx.sessions.findWithGrant(token, 'owner')).toEqual({ session, granted: false });
    await t.ctx.grants.revoke('111', 'bureau-staff');
    expect(await t.ctx.sessions.findWithGrant(token, 'bureau-staff')).toEqual({ session, granted: false });
    // A school subject that happens to equal a granted Discord id holds nothing.
    await t.ctx.grants.grant('68960001', 'bureau-staff');
    const school = await t.ctx.sessions.create({ kind: 'school', subject: '68960001', displayName: 's', avatar: null });
    expect(await t.ctx.sessions.findWithGrant(school.token, 'bureau-staff')).toMatchObject({ session: { kind: 'school' }, granted: false });
    expect(await t.ctx.sessions.findWithGrant('nope', 'bureau-staff')).toBeNull();
    expect(await t.ctx.sessions.findWithGrant('x'.repeat(201), 'bureau-staff')).toBeNull();
    t.clock.advance(t.config.SESSION_TTL_HOURS * 3_600_000);
    expect(await t.ctx.sessions.findWithGrant(token, 'bureau-staff')).toBeNull();
  });

  it('requireGrant: 401 without a Discord session, 403 without the grant, in one round trip on PostgreSQL', async () => {
    const records = (cookie?: string) => t.app.inject({ url: '/bureau/api/records', headers: cookie ? { cookie } : {} });
    expect((await records()).json()).toEqual({ error: 'Please sign in with Discord first.', code: 'unauthenticated' });
    const cookie = await t.signInAs('staff');
    // The statements that read sessions or grants while a signed-in person without the grant is refused.
    const pool = t.ctx.database.pgPool;
    let authReads: () => number = () => 0;
    if (pool) {
      const client = await pool.connect();
      const query = vi.spyOn(Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown }, 'query');
      client.release();
      authReads = () => query.mock.calls.filter(([text]) => typeof text === 'string' && /\b(sessions|grants)\b/.test(text)).length;
    }
    const refused = await records(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This needs the bureau-staff permission.', code: 'forbidden' });
    if (pool) expect(authReads()).toBe(1);
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    expect((await records(cookie)).statusCode).toBe(200);
  });
});
