import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';

/**
 * Issue 12 item 7: every /admin/api call x every kind of caller. 401 without a Discord session (a
 * school session is not one), 403 signed in with Discord but without `owner` (whatever else is held).
 * `owner, another site`: the owner's cookie riding on a write another site's page sent (decision 0001's
 * Origin check) is refused with 403 `cross_site`; a read is answered (the other site cannot read it).
 */
const WHO = ['anonymous', 'school', 'discord', 'recruitment-admin', 'bureau-staff', 'owner', 'owner, another site'] as const;
type Who = (typeof WHO)[number];
type Expect = Record<Who, number>;
const ownerOnly = (ok: number, write = true): Expect => ({
  anonymous: 401,
  school: 401,
  discord: 403,
  'recruitment-admin': 403,
  'bureau-staff': 403,
  owner: ok,
  'owner, another site': write ? 403 : ok,
});

interface Case {
  name: string;
  expect: Expect;
  call(t: TestApp, cookie: string | undefined, headers?: Record<string, string>): Promise<{ statusCode: number }>;
}

let counter = 0;
const freshTarget = () => `7000000000${String(++counter).padStart(6, '0')}`;

const cases: Case[] = [
  {
    name: 'GET /admin/api/grants',
    expect: ownerOnly(200, false),
    call: (t, cookie, headers) => t.request({ method: 'GET', url: '/admin/api/grants', cookie, headers }),
  },
  {
    name: 'POST /admin/api/grants',
    expect: ownerOnly(200),
    call: (t, cookie, headers) =>
      t.request({ method: 'POST', url: '/admin/api/grants', cookie, headers, payload: { discordId: freshTarget(), role: 'bureau-staff' } }),
  },
  {
    name: 'DELETE /admin/api/grants/:discordId/:role',
    expect: ownerOnly(200),
    call: async (t, cookie, headers) => {
      const target = freshTarget();
      await t.ctx.grants.grant(target, 'recruitment-admin');
      return t.request({ method: 'DELETE', url: `/admin/api/grants/${target}/recruitment-admin`, cookie, headers });
    },
  },
  {
    name: 'GET /admin/api/keys',
    expect: ownerOnly(200, false),
    call: (t, cookie, headers) => t.request({ method: 'GET', url: '/admin/api/keys', cookie, headers }),
  },
  {
    name: 'POST /admin/api/keys',
    expect: ownerOnly(201),
    call: (t, cookie, headers) => t.request({ method: 'POST', url: '/admin/api/keys', cookie, headers, payload: { name: 'bot' } }),
  },
  {
    name: 'DELETE /admin/api/keys/:id',
    expect: ownerOnly(200),
    call: async (t, cookie, headers) => {
      const res = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner, payload: { name: 'to revoke' } });
      return t.request({ method: 'DELETE', url: `/admin/api/keys/${res.json().info.id}`, cookie, headers });
    },
  },
  {
    name: 'GET /admin/api/audit',
    expect: ownerOnly(200, false),
    call: (t, cookie, headers) => t.request({ method: 'GET', url: '/admin/api/audit', cookie, headers }),
  },
];

let owner: string;

describe.each(DIALECTS)('owner console permissions on %s', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Who, string | undefined>();
  const adminRoutes: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      env: { ENABLED_TOOLS: 'bureau' },
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && route.url.startsWith('/admin/')) adminRoutes.push(`${method} ${route.url}`);
      },
    });
    cookies.set('anonymous', undefined);
    const account = await t.ctx.schoolAccounts.create(makeSchoolAccount({ role: 'developer' }));
    cookies.set('school', (await t.signInSchool(account.studentId)).cookie);
    for (const who of ['discord', 'recruitment-admin', 'bureau-staff', 'owner'] as const) {
      const user = makeDiscordUser();
      if (who !== 'discord') await t.ctx.grants.grant(user.id, who);
      cookies.set(who, await t.signInDiscord(user));
    }
    owner = cookies.get('owner')!;
    cookies.set('owner, another site', owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  // A route added to the owner console later is in this table, or this fails.
  it('has a row for every /admin route the app registers', () => {
    expect(adminRoutes.sort()).toEqual(cases.map((c) => c.name).sort());
  });

  for (const c of cases) {
    it(`${c.name}: ${WHO.map((w) => `${w} ${c.expect[w]}`).join(', ')}`, async () => {
      const got: Partial<Expect> = {};
      for (const who of WHO) {
        const headers = who === 'owner, another site' ? { origin: 'https://evil.example' } : undefined;
        got[who] = (await c.call(t, cookies.get(who), headers)).statusCode;
      }
      expect(got).toEqual(c.expect);
    });
  }
});
