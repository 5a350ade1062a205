import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '@guildhall/testkit/fake-discord';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { DIALECTS } from '../../core/db/test-databases';
import { type RecruitmentTestApp, TEST_PUBLIC_URL, startRecruitmentTestApp } from './recruitment-test-app';

const API = '/recruitment/api';

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  return found ? found.split(';')[0]! : null;
}

/** 000 §2 Login screen: the real OAuth code path, against the fake Discord of the test kit. */
describe.each(DIALECTS)('recruitment login through Discord OAuth on %s', (dialect) => {
  let discord: FakeDiscord;
  let t: RecruitmentTestApp;
  const member = demoPerson('member');
  const stranger = demoPerson('unverified');

  beforeAll(async () => {
    discord = await startFakeDiscord({ users: [member.discord, stranger.discord] });
    t = await startRecruitmentTestApp(dialect, { DISCORD_CLIENT_ID: discord.clientId, DISCORD_CLIENT_SECRET: discord.clientSecret, DISCORD_BASE_URL: discord.url });
    await t.app.ctx.registry.upsertPair(member.discord.id, member.roblox!.id);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  async function logIn(userId: string): Promise<string> {
    const start = await t.app.inject({ method: 'GET', url: `${API}/login` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    // 000 §2: client id, a redirect to the backend's login endpoint, response type code, scope identify.
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(discord.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}${API}/login`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('identify');
    const pending = cookieFrom(start.headers['set-cookie'], 'gh_oauth');
    expect(pending).not.toBeNull();

    authorize.searchParams.set('as', userId);
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe(`${API}/login`);

    const finish = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: pending! } });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/recruitment');
    const session = cookieFrom(finish.headers['set-cookie'], 'gh_session');
    expect(session).not.toBeNull();
    return session!;
  }

  it('a verified member signs in and is a verified applicant', async () => {
    const cookie = await logIn(member.discord.id);
    const user = await t.app.inject({ method: 'GET', url: `${API}/user`, headers: { cookie } });
    expect(user.json()).toEqual({ user: { userId: member.discord.id, username: member.discord.username, isAdmin: false } });
    expect((await t.app.inject({ method: 'GET', url: `${API}/check-verification`, headers: { cookie } })).json()).toEqual({ isVerified: true });
  });

  it('an unverified account signs in, is told it is unverified, can do nothing, and logs out', async () => {
    const cookie = await logIn(stranger.discord.id);
    expect((await t.app.inject({ method: 'GET', url: `${API}/check-verification`, headers: { cookie } })).json()).toEqual({ isVerified: false });
    expect((await t.app.inject({ method: 'GET', url: `${API}/roles`, headers: { cookie } })).statusCode).toBe(403);
    const out = await t.app.inject({ method: 'GET', url: `${API}/logout`, headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: `${API}/user`, headers: { cookie } })).json()).toEqual({ user: null });
  });

  it('refuses a callback whose state was not started here', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/login?code=abc&state=forged` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired or was not started here/);
  });
});
