import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord } from '@guildhall/testkit/fake-discord';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { RECRUITMENT_TEST_ENV } from './recruitment-fixtures';

const API = '/recruitment/api';

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  return found ? found.split(';')[0]! : null;
}

/** 000 §2 Login screen: the real OAuth code path, against the fake Discord of the test kit. */
describe.each(DIALECTS)('recruitment login through Discord OAuth on %s', (dialect) => {
  let discord: FakeDiscord;
  let t: TestApp;
  const member = demoPerson('member');
  const stranger = demoPerson('unverified');

  beforeAll(async () => {
    // The shared test app starts the fake Discord with the demo people as its users.
    t = await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV });
    discord = t.discord!;
    await t.ctx.registry.upsertPair(member.discord.id, member.roblox!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function logIn(userId: string): Promise<string> {
    const start = await t.app.inject({ method: 'GET', url: `${API}/login` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    // 000 §2: client id, a redirect to the backend's login endpoint, response type code, scope identify.
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(discord.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}${API}/login`);
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
    expect((await t.app.inject({ method: 'GET', url: `${API}/check-verification`, headers: { cookie } })).json()).toEqual({
      isVerified: true,
    });
  });

  it('an unverified account signs in, is told it is unverified, can do nothing, and logs out', async () => {
    const cookie = await logIn(stranger.discord.id);
    expect((await t.app.inject({ method: 'GET', url: `${API}/check-verification`, headers: { cookie } })).json()).toEqual({
      isVerified: false,
    });
    expect((await t.app.inject({ method: 'GET', url: `${API}/roles`, headers: { cookie } })).statusCode).toBe(403);
    const out = await t.request({ method: 'POST', url: `${API}/logout`, cookie });
    expect(out.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: `${API}/user`, headers: { cookie } })).json()).toEqual({ user: null });
  });

  // A person who cancels on Discord's consent page, or whose sign-in cannot finish, lands back on
  // the portal's login screen with a message (not on a JSON error), and no session is started.
  it('sends someone who cancels on Discord back to the login screen with login=cancelled', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${API}/login` });
    const pending = cookieFrom(start.headers['set-cookie'], 'gh_oauth')!;
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: `${API}/login?error=access_denied&state=${state}`, headers: { cookie: pending } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/recruitment?login=cancelled');
    expect(cookieFrom(res.headers['set-cookie'], 'gh_session')).toBeNull();
  });

  it('sends a callback whose state was not started here back to the login screen with login=failed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/login?code=abc&state=forged` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/recruitment?login=failed');
    expect(cookieFrom(res.headers['set-cookie'], 'gh_session')).toBeNull();
  });

  it('sends a sign-in Discord refuses (a code used twice) back with login=failed', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${API}/login` });
    const pending = cookieFrom(start.headers['set-cookie'], 'gh_oauth')!;
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set('as', member.discord.id);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const first = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: pending } });
    expect(first.headers.location).toBe('/recruitment');
    // The same callback again (even with the old state cookie): Discord's codes are single-use.
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: pending } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/recruitment?login=failed');
  });
});
