import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';

/**
 * Issue 12 item 7: every /admin/api call x every kind of caller. 401 without a Discord session (a
 * school session is not one), 403 signed in with Discord but without `owner` (whatever else is held).
 */
const WHO = ['anonymous', 'school', 'discord', 'recruitment-admin', 'bureau-staff', 'owner'] as const;
type Who = (typeof WHO)[number];
type Expect = Record<Who, number>;
const ownerOnly = (ok: number): Expect => ({
  anonymous: 401,
  school: 401,
  discord: 403,
  'recruitment-admin': 403,
  'bureau-staff': 403,
  owner: ok,
});

interface Case {
  name: string;
  expect: Expect;
  call(t: TestApp, cookie: string | undefined): Promise<{ statusCode: number }>;
}

let counter = 0;
const freshTarget = () => `7000000000${String(++counter).padStart(6, '0')}`;

const cases: Case[] = [
  { name: 'GET grants', expect: ownerOnly(200), call: (t, cookie) => t.request({ method: 'GET', url: '/admin/api/grants', cookie }) },
  {
    name: 'POST grants',
    expect: ownerOnly(200),
    call: (t, cookie) =>
      t.request({ method: 'POST', url: '/admin/api/grants', cookie, payload: { discordId: freshTarget(), role: 'bureau-staff' } }),
  },
  {
    name: 'DELETE grants/{discordId}/{role}',
    expect: ownerOnly(200),
    call: async (t, cookie) => {
      const target = freshTarget();
      await t.ctx.grants.grant(target, 'recruitment-admin');
      return t.request({ method: 'DELETE', url: `/admin/api/grants/${target}/recruitment-admin`, cookie });
    },
  },
  { name: 'GET keys', expect: ownerOnly(200), call: (t, cookie) => t.request({ method: 'GET', url: '/admin/api/keys', cookie }) },
  {
    name: 'POST keys',
    expect: ownerOnly(201),
    call: (t, cookie) => t.request({ method: 'POST', url: '/admin/api/keys', cookie, payload: { name: 'bot' } }),
  },
  {
    name: 'DELETE keys/{id}',
    expect: ownerOnly(200),
    call: async (t, cookie) => {
      const res = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner, payload: { name: 'to revoke' } });
      return t.request({ method: 'DELETE', url: `/admin/api/keys/${res.json().info.id}`, cookie });
    },
  },
  { name: 'GET audit', expect: ownerOnly(200), call: (t, cookie) => t.request({ method: 'GET', url: '/admin/api/audit', cookie }) },
];

let owner: string;

describe.each(DIALECTS)('owner console permissions on %s', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Who, string | undefined>();

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    cookies.set('anonymous', undefined);
    const account = await t.ctx.schoolAccounts.create(makeSchoolAccount({ role: 'developer' }));
    cookies.set('school', (await t.signInSchool(account.studentId)).cookie);
    for (const who of ['discord', 'recruitment-admin', 'bureau-staff', 'owner'] as const) {
      const user = makeDiscordUser();
      if (who !== 'discord') await t.ctx.grants.grant(user.id, who);
      cookies.set(who, await t.signInDiscord(user));
    }
    owner = cookies.get('owner')!;
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const c of cases) {
    it(`${c.name}: ${WHO.map((w) => `${w} ${c.expect[w]}`).join(', ')}`, async () => {
      const got: Partial<Expect> = {};
      for (const who of WHO) got[who] = (await c.call(t, cookies.get(who))).statusCode;
      expect(got).toEqual(c.expect);
    });
  }
});
