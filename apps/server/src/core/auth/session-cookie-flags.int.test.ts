import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const STUDENT = { student_id: '65001', password: 'correct horse battery' };

/** The attributes of the Set-Cookie named `name`, lower-cased, without its value. */
function cookieFlags(res: LightMyRequestResponse, name: string): string[] {
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

// The session cookie and the pending Discord sign-in's cookie: HttpOnly, SameSite=Lax, and Secure
// whenever the public address is HTTPS, however PUBLIC_URL spells its scheme and whatever the proxy says.
describe.each(DIALECTS)('session cookie flags on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const build = async (publicUrl: string) => {
    t = await buildTestApp({ dialect, roblox: false, env: { PUBLIC_URL: publicUrl, ENABLED_TOOLS: 'timetable', TRUST_PROXY: '10.0.0.2' } });
    await t.ctx.schoolAccounts.create({ studentId: STUDENT.student_id, password: STUDENT.password, role: 'student' });
    return t;
  };
  // Through the proxy, which says the client spoke plain HTTP to it: the cookie stays Secure all the same.
  const viaProxy = { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'http' };
  const schoolSignIn = (app: TestApp) =>
    app.app.inject({ method: 'POST', url: '/timetable/api/login', remoteAddress: '10.0.0.2', headers: viaProxy, payload: STUDENT });
  const discordSignIn = (app: TestApp) => app.app.inject({ url: '/auth/discord/login', remoteAddress: '10.0.0.2', headers: viaProxy });

  for (const publicUrl of ['https://guild.example', 'HTTPS://Guild.Example', 'Https://guild.example:8443/']) {
    it(`with PUBLIC_URL=${publicUrl} both cookies are Secure, HttpOnly and SameSite=Lax`, async () => {
      const app = await build(publicUrl);
      const school = await schoolSignIn(app);
      expect(school.statusCode).toBe(200);
      expect(cookieFlags(school, 'gh_session')).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      const discord = await discordSignIn(app);
      expect(discord.statusCode).toBe(302);
      expect(cookieFlags(discord, 'gh_oauth')).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    });
  }

  it('with a plain-HTTP PUBLIC_URL (development) the cookies are not Secure, or no browser would keep them', async () => {
    const app = await build('http://localhost:3000');
    const school = await schoolSignIn(app);
    expect(cookieFlags(school, 'gh_session')).not.toContain('secure');
    expect(cookieFlags(school, 'gh_session')).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(cookieFlags(await discordSignIn(app), 'gh_oauth')).not.toContain('secure');
  });
});
