import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const FOREIGN = 'https://evil.example';
const STUDENT = { student_id: '65001', password: 'correct horse battery' };

const setCookies = (res: LightMyRequestResponse) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const sessionCookieOf = (res: LightMyRequestResponse) =>
  setCookies(res)
    .find((c) => c.startsWith('gh_session='))
    ?.split(';')[0];

// core/http's Origin check (ARCHITECTURE.md §2), as decided in docs/decisions/0001 after issue 10 items 2 and 7.
describe.each(DIALECTS)('the Origin check on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('refuses a sign-in posted from another site, cookie or not, and sets no session cookie (login CSRF)', async () => {
    t = await buildTestApp({ dialect, discord: false, env: { ENABLED_TOOLS: 'timetable,sports', NODE_ENV: 'development' } });
    await t.ctx.schoolAccounts.create({ studentId: STUDENT.student_id, password: STUDENT.password, role: 'student' });
    const form = new URLSearchParams(STUDENT).toString();
    const attempts = [
      { url: '/timetable/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FOREIGN }, payload: form },
      { url: '/timetable/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, payload: form },
      { url: '/sports/api/login', headers: { 'content-type': 'application/json', origin: FOREIGN }, payload: JSON.stringify(STUDENT) },
      {
        url: '/sports/api/login',
        headers: { 'content-type': 'application/json', referer: `${FOREIGN}/trap.html` },
        payload: JSON.stringify(STUDENT),
      },
      {
        url: '/auth/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FOREIGN },
        payload: 'identity=staff&returnTo=%2F',
      },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'POST', ...attempt });
      expect(res.statusCode, attempt.url).toBe(403);
      expect(res.json().error, attempt.url).toMatch(/^This request came from another site and was refused\./);
      expect(setCookies(res), attempt.url).toEqual([]);
    }
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    // The same sign-ins from our own pages, and from a client that is not a browser (no Origin), work.
    const own = await t.app.inject({
      method: 'POST',
      url: '/timetable/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
      payload: form,
    });
    expect(own.statusCode).toBe(200);
    expect(sessionCookieOf(own)).toBeDefined();
    const app = await t.app.inject({ method: 'POST', url: '/sports/api/login', payload: STUDENT });
    expect(app.statusCode).toBe(200);
    expect(app.json().token).toEqual(expect.any(String));
  });

  it('in development, 127.0.0.1, localhost and [::1] on the same port are one site; the refusal names the origin to use', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' } });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const cookie = await t.signInAs('staff');
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin } });
      expect(res.statusCode, origin).toBe(302);
    }
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://localhost.evil.example:3000',
      'http://192.168.1.5:3000',
    ]) {
      const cookie = await t.signInAs('staff');
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual({
        error: 'This request came from another site and was refused. Open Guildhall at http://localhost:3000.',
        code: 'cross_site',
      });
    }
  });

  it('in production, and for a public address, another loopback name is another site', async () => {
    for (const [env, origin] of [
      [
        { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', DEV_SIGN_IN: 'false', SEED_DEMO_DATA: 'false' },
        'http://127.0.0.1:3000',
      ],
      [{ NODE_ENV: 'development', PUBLIC_URL: 'https://guildhall.example' }, 'http://localhost:3000'],
    ] as const) {
      t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', ...env } });
      const cookie = await t.signInAs('staff');
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin } });
      expect(res.statusCode, `${env.PUBLIC_URL} <- ${origin}`).toBe(403);
      expect(res.json().error).toBe(`This request came from another site and was refused. Open Guildhall at ${t.origin}.`);
      await t.close();
    }
  });

  it('a call authenticated by a bearer token is not an ambient-credential request: a riding cookie and any Origin do not refuse it', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'sports' } });
    await t.ctx.schoolAccounts.create({ studentId: STUDENT.student_id, password: STUDENT.password, role: 'student' });
    const cookie = await t.signInAs('staff');
    for (const origin of [{ origin: 'http://127.0.0.1:9' }, { origin: FOREIGN }, { origin: 'null' }, {}]) {
      const token = (await t.request({ method: 'POST', url: '/sports/api/login', payload: STUDENT })).json().token as string;
      const headers = { authorization: `Bearer ${token}`, cookie, ...origin };
      const out = await t.app.inject({ method: 'POST', url: '/sports/api/logout', headers });
      expect(out.statusCode, JSON.stringify(origin)).toBe(200);
      expect((await t.app.inject({ url: '/sports/api/my-registration', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        401,
      );
    }
    // Any other Authorization scheme is no bearer token: the cookie is what authenticates, so it is checked.
    for (const authorization of ['Basic eDp5', 'Bearer ', 'bearer']) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization, cookie, origin: FOREIGN } });
      expect(res.statusCode, authorization).toBe(403);
    }
    expect((await t.request({ url: '/auth/api/me', cookie })).json().identity).not.toBeNull();
  });
});
