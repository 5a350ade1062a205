import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit';
import { ConfigError, loadConfig } from '@server/config';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { hashToken } from './session-store';

const LOGIN = '/auth/discord/login';
const staff = demoPerson('staff');
/** What a browser sends when it follows Discord's redirect back to us, and what a script's fetch sends. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
const FETCH = { accept: 'application/json', 'sec-fetch-mode': 'cors' };

/** `name=value` exactly as the server set it, to send back in a Cookie header. */
function cookieFrom(res: LightMyRequestResponse, name: string): string | null {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = raw.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}

const setCookieLines = (res: LightMyRequestResponse) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);

function setCookieLine(res: LightMyRequestResponse, name: string): string {
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no Set-Cookie for ${name}`);
  return line;
}

/** The OAuth cookie `begin` set, edited as whoever holds the browser can edit it. */
function editedOAuthCookie(begin: LightMyRequestResponse, changes: Record<string, string>): string {
  const pending = JSON.parse(decodeURIComponent(cookieFrom(begin, 'gh_oauth')!.slice('gh_oauth='.length))) as Record<string, unknown>;
  return `gh_oauth=${encodeURIComponent(JSON.stringify({ ...pending, ...changes }))}`;
}

type BrowserCookies = ReturnType<typeof browserCookies>;

/** One browser's cookies, as each answer's Set-Cookie leaves them (paths not told apart: no test here needs it). */
function browserCookies() {
  const jar = new Map<string, string>();
  return {
    keep(res: LightMyRequestResponse): LightMyRequestResponse {
      for (const line of setCookieLines(res)) {
        const pair = line.split(';')[0]!;
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(name.length + 1);
        // The server clears a cookie by emptying and expiring it in one line.
        if (value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    pendingSignIns: () => [...jar.keys()].filter((name) => name.startsWith('gh_oauth')),
  };
}

describe.each(DIALECTS)('sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  /**
   * Starts a login (in `browser`, which keeps the cookies, else in a fresh one) and lets the fake
   * Discord authorize `userId`; answers the callback query and the OAuth cookie.
   */
  async function authorizeAt(userId: string, returnTo = '/bureau/records', browser?: BrowserCookies) {
    const begin = await t.request({ url: `${LOGIN}?returnTo=${encodeURIComponent(returnTo)}`, cookie: browser?.header() });
    browser?.keep(begin);
    expect(begin.statusCode).toBe(302);
    const authorize = new URL(begin.headers.location as string);
    authorize.searchParams.set('as', userId);
    // The fake is a real HTTP server: the browser's hop to Discord and back, without following into our app.
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    return { begin, authorize, back, oauthCookie: cookieFrom(begin, 'gh_oauth')! };
  }

  /** Discord's redirect back, followed in `browser`, which keeps what the answer sets. */
  async function callbackIn(browser: BrowserCookies, back: URL) {
    return browser.keep(await t.request({ url: `${back.pathname}${back.search}`, cookie: browser.header(), headers: NAVIGATION }));
  }

  it('Discord OAuth round trip: authorize with state + PKCE S256, callback, HttpOnly Lax session, /auth/api/me with grants', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    const { begin, authorize, back, oauthCookie } = await authorizeAt(staff.discord.id);

    // 000 §2: identify scope; ARCHITECTURE.md §3: state + PKCE.
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${t.discord!.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(t.discord!.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}${LOGIN}`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('identify');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(setCookieLine(begin, 'gh_oauth')).toMatch(/HttpOnly/i);
    expect(back.pathname).toBe(LOGIN);
    expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));

    const callback = await t.request({ url: `${back.pathname}${back.search}`, cookie: oauthCookie });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/bureau/records');
    const session = setCookieLine(callback, 'gh_session');
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//);
    const sessionCookie = cookieFrom(callback, 'gh_session')!;
    expect(t.discord!.calls).toEqual(expect.arrayContaining(['POST /api/oauth2/token', 'GET /api/users/@me']));

    const me = await t.request({ url: '/auth/api/me', cookie: sessionCookie });
    expect(me.json()).toEqual({
      identity: { kind: 'discord', subject: staff.discord.id, displayName: staff.discord.username, avatar: null, grants: ['bureau-staff'] },
      devSignIn: false,
    });

    // ARCHITECTURE.md §4: the table holds the token's hash, never the token.
    const token = sessionCookie.slice('gh_session='.length);
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // The same callback again (the code is single-use at Discord) is refused, and no session is added:
    // the browser goes back to where it started, the reason named by its key (decision 0054).
    const replay = await t.request({ url: `${back.pathname}${back.search}`, cookie: oauthCookie, headers: NAVIGATION });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/bureau/records?signin=refused');
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('a callback whose state no sign-in in the browser waits for (not ours, or its cookie older than 10 minutes) goes home with signin=expired, leaving the waiting ones be', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const { back, oauthCookie } = await authorizeAt(staff.discord.id);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const mismatch = await t.request({ url: `${forged.pathname}${forged.search}`, cookie: oauthCookie, headers: NAVIGATION });
    expect(mismatch.statusCode).toBe(302);
    // Decision 0056: nothing ties this callback to the sign-in that waits, so not to its page either.
    expect(mismatch.headers.location).toBe('/?signin=expired');
    expect(setCookieLines(mismatch)).toEqual([]);

    // Without the cookie there is no path to go back to: the home page.
    const second = await authorizeAt(staff.discord.id);
    const noCookie = await t.request({ url: `${second.back.pathname}${second.back.search}`, headers: NAVIGATION });
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/?signin=expired');
    expect(cookieFrom(noCookie, 'gh_session')).toBeNull();
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    // Neither refused callback spent the code at Discord.
    expect(t.discord!.calls.filter((c) => c === 'POST /api/oauth2/token')).toEqual([]);
    // The forged callback left the waiting sign-in be: it still finishes.
    const genuine = await t.request({ url: `${back.pathname}${back.search}`, cookie: oauthCookie, headers: NAVIGATION });
    expect(genuine.headers.location).toBe('/bureau/records');
  });

  it('sign-ins started in two tabs both finish, each back to its own page; a replayed callback is refused as expired (decision 0056)', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const browser = browserCookies();
    const me = async () => (await t.request({ url: '/auth/api/me', cookie: browser.header() })).json().identity;
    // Both tabs say "Sign in", and both are clicked before either is approved on Discord.
    const records = await authorizeAt(staff.discord.id, '/bureau/records', browser);
    const checker = await authorizeAt(staff.discord.id, '/bureau/checker?id=7', browser);
    for (const line of [...setCookieLines(records.begin), ...setCookieLines(checker.begin)]) {
      expect(line).toMatch(/; Max-Age=600/);
      expect(line).toMatch(new RegExp(`; Path=${LOGIN}(;|$)`));
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
    }

    const first = await callbackIn(browser, records.back);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/bureau/records');
    expect(await me()).toMatchObject({ subject: staff.discord.id });
    // Only its own cookie was cleared: the other tab's sign-in still waits.
    expect(browser.pendingSignIns()).toHaveLength(1);

    const second = await callbackIn(browser, checker.back);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/bureau/checker?id=7');
    expect(await me()).toMatchObject({ subject: staff.discord.id });
    expect(browser.pendingSignIns()).toEqual([]);

    // The first tab's callback again (Back, or a reload): its cookie is gone, so Discord is not even asked.
    const replay = await callbackIn(browser, records.back);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/?signin=expired');
    expect(t.discord!.calls.filter((c) => c === 'POST /api/oauth2/token')).toHaveLength(2);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('at most five sign-ins wait in one browser: a sixth takes the place of the one started longest ago (decision 0056)', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const browser = browserCookies();
    const start = async (tab: number) => {
      t.clock.advance(1000);
      return (await authorizeAt(staff.discord.id, `/bureau/records?tab=${tab}`, browser)).back;
    };
    const finish = async (back: URL) => (await callbackIn(browser, back)).headers.location;
    const tabs: URL[] = [];
    for (let tab = 1; tab <= 6; tab++) {
      tabs[tab] = await start(tab);
      expect(browser.pendingSignIns()).toHaveLength(Math.min(tab, 5));
    }
    expect(await finish(tabs[1]!)).toBe('/?signin=expired');
    expect(await finish(tabs[2]!)).toBe('/bureau/records?tab=2');
    expect(await finish(tabs[6]!)).toBe('/bureau/records?tab=6');
    expect(browser.pendingSignIns()).toHaveLength(3);

    // Two places are free again: new sign-ins take them, and only a third new one drops the oldest (tab 3).
    tabs[7] = await start(7);
    tabs[8] = await start(8);
    expect(browser.pendingSignIns()).toHaveLength(5);
    tabs[9] = await start(9);
    expect(browser.pendingSignIns()).toHaveLength(5);
    expect(await finish(tabs[3]!)).toBe('/?signin=expired');
    for (const tab of [4, 5, 7, 8, 9]) expect(await finish(tabs[tab]!)).toBe(`/bureau/records?tab=${tab}`);
    expect(browser.pendingSignIns()).toEqual([]);
  });

  it("goes back with signin=unreachable when Discord's token endpoint fails or hangs; a caller asking for JSON gets 502 {error}", async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', LOOKUP_TIMEOUT_MS: '300' } });
    const failing = await authorizeAt(staff.discord.id, '/admin');
    t.discord!.faults.fail(/^\/api\/oauth2\/token/, 500);
    const res = await t.request({
      url: `${failing.back.pathname}${failing.back.search}`,
      cookie: failing.oauthCookie,
      headers: NAVIGATION,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin?signin=unreachable');

    const fetched = await authorizeAt(staff.discord.id);
    t.discord!.faults.fail(/^\/api\/oauth2\/token/, 500);
    const json = await t.request({ url: `${fetched.back.pathname}${fetched.back.search}`, cookie: fetched.oauthCookie, headers: FETCH });
    expect(json.statusCode).toBe(502);
    expect(json.json()).toEqual({ error: 'Discord could not be reached. Please try again.', code: 'upstream_failed' });

    const hanging = await authorizeAt(staff.discord.id);
    t.discord!.faults.fail(/^\/api\/oauth2\/token/, 200, 1, 3000);
    const started = Date.now();
    const slow = await t.request({
      url: `${hanging.back.pathname}${hanging.back.search}`,
      cookie: hanging.oauthCookie,
      headers: NAVIGATION,
    });
    expect(slow.statusCode).toBe(302);
    expect(slow.headers.location).toBe('/bureau/records?signin=unreachable');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it("Discord's Cancel sends the browser back where it started with signin=cancelled, its own query and fragment kept (decision 0054)", async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const begin = await t.request({ url: `${LOGIN}?returnTo=${encodeURIComponent('/bureau/records?q=12#top')}` });
    // The fake's consent page, as the browser shows it: its Cancel link is what Discord's Cancel does.
    const consent = await (await fetch(begin.headers.location as string)).text();
    const cancel = new URL(/href="([^"]+)">Cancel</.exec(consent)![1]!.replaceAll('&#38;', '&'));
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    expect(cancel.searchParams.get('state')).toBe(new URL(begin.headers.location as string).searchParams.get('state'));
    const back = await t.request({
      url: `${cancel.pathname}${cancel.search}`,
      cookie: cookieFrom(begin, 'gh_oauth')!,
      headers: NAVIGATION,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/bureau/records?q=12&signin=cancelled#top');
    expect(setCookieLine(back, 'gh_oauth')).toMatch(/^gh_oauth=;/);
    expect(cookieFrom(back, 'gh_session')).toBeNull();

    // A caller asking for JSON (fetch metadata, or an Accept without HTML) still gets {error, code}.
    for (const headers of [FETCH, { accept: 'application/json' }]) {
      const again = await t.request({ url: `${LOGIN}?error=access_denied&state=x`, headers });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: 'Discord sign-in was cancelled. You have not been signed in.', code: 'sign_in_failed' });
    }
  });

  // A browser drops a cookie over 4,096 bytes (the sign-in then always ended as expired), and five
  // pending sign-ins arrive in one Cookie header that proxies limit to about 8 KB. A return path that
  // fits a URL but would make the cookie longer than 1,500 bytes (its slashes are escaped again there)
  // goes home instead.
  it('a return path too long for the sign-in cookie goes home, and the sign-in finishes', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const { begin, back, oauthCookie } = await authorizeAt(staff.discord.id, `/bureau${'/a'.repeat(400)}`);
    expect(setCookieLine(begin, 'gh_oauth')!.length).toBeLessThan(1700);
    const callback = await t.request({ url: `${back.pathname}${back.search}`, cookie: oauthCookie });
    expect([callback.statusCode, callback.headers.location]).toEqual([302, '/']);
    expect(cookieFrom(callback, 'gh_session')).toBeTruthy();
  });

  it('a failed callback never goes off-site: an edited OAuth cookie goes home, and the address cannot choose the words', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const begin = await t.request({ url: LOGIN });
      const state = new URL(begin.headers.location as string).searchParams.get('state')!;
      const cookie = editedOAuthCookie(begin, { returnTo });
      const res = await t.request({
        url: `${LOGIN}?error=access_denied&state=${state}&signin=You+were+hacked`,
        cookie,
        headers: NAVIGATION,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?signin=cancelled');
    }
    // A returnTo that already names a failure gets ours instead, not both.
    const begin = await t.request({ url: `${LOGIN}?returnTo=${encodeURIComponent('/bureau?signin=whatever')}` });
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    const back = await t.request({
      url: `${LOGIN}?error=access_denied&state=${state}`,
      cookie: cookieFrom(begin, 'gh_oauth')!,
      headers: NAVIGATION,
    });
    expect(back.headers.location).toBe('/bureau?signin=cancelled');
  });

  it('a sign-in begun before the start time was kept in its cookie (an upgrade mid-sign-in) is still found', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const begin = await t.request({ url: `${LOGIN}?returnTo=${encodeURIComponent('/bureau/checker')}` });
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    const { startedAt: _dropped, ...asBefore } = JSON.parse(
      decodeURIComponent(cookieFrom(begin, 'gh_oauth')!.slice('gh_oauth='.length)),
    ) as Record<string, unknown>;
    const back = await t.request({
      url: `${LOGIN}?error=access_denied&state=${state}`,
      cookie: `gh_oauth=${encodeURIComponent(JSON.stringify(asBefore))}`,
      headers: NAVIGATION,
    });
    // Its own page, not home: the pending sign-in was read.
    expect(back.headers.location).toBe('/bureau/checker?signin=cancelled');
  });

  it('a session ends when its time is up, and logout clears the cookie and deletes the row', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', SESSION_TTL_HOURS: '2' } });
    const ttl = 2 * 3_600_000;
    const cookie = await t.signInAs('member');
    const me = async (c: string) => (await t.request({ url: '/auth/api/me', cookie: c })).json().identity;
    expect(await me(cookie)).toMatchObject({ subject: demoPerson('member').discord.id });
    t.clock.advance(ttl - 1000);
    expect(await me(cookie)).not.toBeNull();
    t.clock.advance(1000);
    expect(await me(cookie)).toBeNull();
    expect(await t.ctx.sessions.deleteExpired()).toBe(1);

    const other = await t.signInAs('staff');
    const out = await t.request({ method: 'POST', url: '/auth/logout?returnTo=/bureau/checker', cookie: other });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/bureau/checker');
    const cleared = setCookieLine(out, 'gh_session');
    expect(cleared).toMatch(/^gh_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await me(other)).toBeNull();
  });

  it('logout is a POST from our own pages: a GET (a link on any site) does not end the session (issue 10 item 2)', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const cookie = await t.signInAs('staff');
    const get = await t.request({ url: '/auth/logout?returnTo=%2F', cookie, headers: { accept: 'application/json' } });
    expect(get.statusCode).toBe(404);
    expect(setCookieLines(get)).toEqual([]);
    expect((await t.request({ url: '/auth/api/me', cookie })).json().identity).toMatchObject({ subject: staff.discord.id });
    // The header's sign-out: a form post (form-encoded, empty body) from our own page.
    const post = await t.request({
      method: 'POST',
      url: '/auth/logout?returnTo=%2Fbureau%2Fchecker',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toBe('/bureau/checker');
    expect((await t.request({ url: '/auth/api/me', cookie })).json().identity).toBeNull();
  });

  // Issue 10 item 1: raw query values, as an attacker would write them into a link.
  const HOSTILE_RETURN_TO = [
    '%2F%09%2Fevil.example',
    '%0A',
    '%0D',
    '%2F%0D%0ASet-Cookie%3A%20x%3D1',
    '%2F%2Fevil.example',
    '%5C%5Cevil.example',
    '%2F%5Cevil.example',
    '%2F.%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    '%2F%00',
  ];

  it('a hostile returnTo sends the browser home, never off-site and never to a 500 (logout, Discord and dev sign-in)', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' } });
    for (const value of HOSTILE_RETURN_TO) {
      const out = await t.request({ method: 'POST', url: `/auth/logout?returnTo=${value}`, cookie: await t.signInAs('staff') });
      expect(out.statusCode, value).toBe(302);
      expect(out.headers.location, value).toBe('/');

      // Discord: the returnTo rides through the OAuth cookie and comes back from the callback.
      const begin = await t.request({ url: `${LOGIN}?returnTo=${value}` });
      expect(begin.statusCode, value).toBe(302);
      const authorize = new URL(begin.headers.location as string);
      authorize.searchParams.set('as', staff.discord.id);
      const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      const callback = await t.request({ url: `${back.pathname}${back.search}`, cookie: cookieFrom(begin, 'gh_oauth')! });
      expect(callback.statusCode, value).toBe(302);
      expect(callback.headers.location, value).toBe('/');
    }
    // An OAuth cookie edited in the browser is checked again on the way out.
    const begin = await t.request({ url: `${LOGIN}?returnTo=%2Fbureau` });
    const authorize = new URL(begin.headers.location as string);
    authorize.searchParams.set('as', staff.discord.id);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const callback = await t.request({
      url: `${back.pathname}${back.search}`,
      cookie: editedOAuthCookie(begin, { returnTo: '/\t/evil.example' }),
    });
    expect(callback.headers.location).toBe('/');
  });

  it('the development sign-in sends a hostile returnTo home too', async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      env: { ENABLED_TOOLS: 'bureau', NODE_ENV: 'development', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' },
    });
    for (const value of HOSTILE_RETURN_TO) {
      const login = await t.request({ url: `${LOGIN}?returnTo=${value}` });
      expect(login.statusCode, value).toBe(302);
      expect(login.headers.location, value).toBe('/auth/dev?returnTo=%2F');
      const page = await t.request({ url: `/auth/dev?returnTo=${value}` });
      expect(page.statusCode, value).toBe(200);
      expect(page.body, value).not.toContain('evil.example');
      const signIn = await t.request({
        method: 'POST',
        url: '/auth/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `identity=staff&returnTo=${value}`,
      });
      // A body field the contract refuses (NUL, issue 10 item 8) is a 400 sentence; anything else goes home.
      if (signIn.statusCode === 400)
        expect(signIn.json(), value).toEqual({ error: expect.stringMatching(/^returnTo/), code: 'invalid_input' });
      else expect([signIn.statusCode, signIn.headers.location], value).toEqual([302, '/']);
    }
  });

  it('every sign-in starts a new session and ends the one the browser had (no session fixation): Discord, dev and school', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau,timetable' } });
    const me = async (c: string) => (await t.request({ url: '/auth/api/me', cookie: c })).json().identity;
    // A session planted in the browser (an attacker's own, or the last person's on a shared computer).
    const planted = await t.signInAs('member');
    const { back, oauthCookie } = await authorizeAt(staff.discord.id);
    const callback = await t.request({ url: `${back.pathname}${back.search}`, cookie: `${oauthCookie}; ${planted}` });
    const discord = cookieFrom(callback, 'gh_session')!;
    expect(discord).not.toBe(planted);
    expect(await me(discord)).toMatchObject({ subject: staff.discord.id });
    expect(await me(planted)).toBeNull();

    await t.ctx.schoolAccounts.create({ studentId: '65001', password: 'correct horse battery', role: 'student' });
    const school = await t.request({
      method: 'POST',
      url: '/timetable/api/login',
      cookie: discord,
      payload: { student_id: '65001', password: 'correct horse battery' },
    });
    const schoolCookie = cookieFrom(school, 'gh_session')!;
    expect(schoolCookie).not.toBe(discord);
    expect(await me(schoolCookie)).toMatchObject({ kind: 'school', subject: '65001' });
    expect(await me(discord)).toBeNull();
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('in production the development sign-in does not exist and login never points at it', async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      env: { ENABLED_TOOLS: 'bureau', NODE_ENV: 'production', PUBLIC_URL: 'https://guildhall.example' },
    });
    expect(t.config.devSignIn).toBe(false);
    const page = await t.request({ url: '/auth/dev', headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    const post = await t.request({ method: 'POST', url: '/auth/dev', payload: { identity: 'staff' } });
    expect(post.statusCode).toBe(404);
    const login = await t.request({ url: LOGIN });
    expect(login.statusCode).toBe(503);
    expect(login.headers.location).toBeUndefined();
    expect((await t.request({ url: '/auth/api/me' })).json()).toEqual({ identity: null, devSignIn: false });
  });

  it('outside production without a Discord app, login goes to the development sign-in, which signs in a demo person', async () => {
    t = await buildTestApp({ dialect, discord: false, env: { ENABLED_TOOLS: 'bureau', NODE_ENV: 'development' } });
    const login = await t.request({ url: `${LOGIN}?returnTo=/bureau/records` });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/auth/dev?returnTo=%2Fbureau%2Frecords');
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/dev',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'identity=staff&returnTo=%2Fbureau%2Frecords',
    });
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe('/bureau/records');
    const me = await t.request({ url: '/auth/api/me', cookie: cookieFrom(signIn, 'gh_session')! });
    expect(me.json().identity).toMatchObject({ subject: staff.discord.id });

    // No session fixation: signing in again in the same browser starts a new session and ends the old one.
    const again = await t.request({
      method: 'POST',
      url: '/auth/dev',
      cookie: cookieFrom(signIn, 'gh_session')!,
      payload: { identity: 'member', returnTo: '/' },
    });
    expect(cookieFrom(again, 'gh_session')).not.toBe(cookieFrom(signIn, 'gh_session'));
    expect((await t.request({ url: '/auth/api/me', cookie: cookieFrom(signIn, 'gh_session')! })).json().identity).toBeNull();
    expect((await t.request({ url: '/auth/api/me', cookie: cookieFrom(again, 'gh_session')! })).json().identity).toMatchObject({
      subject: demoPerson('member').discord.id,
    });
  });
});

describe('configuration of the development sign-in', () => {
  it('refuses DEV_SIGN_IN=true in production (ARCHITECTURE.md §4)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://guildhall.example', DEV_SIGN_IN: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://guildhall.example', DEV_SIGN_IN: 'true' })).toThrow(
      /DEV_SIGN_IN/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://guildhall.example' }).devSignIn).toBe(false);
  });
});
