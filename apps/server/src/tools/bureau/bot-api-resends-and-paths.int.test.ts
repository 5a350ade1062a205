import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_API_LEGACY_BASE, HistoryAnswer } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const staff = demoPerson('staff');

describe.each(DIALECTS)('bot API resends and paths on %s', (dialect) => {
  let t: TestApp;
  let key: string;
  let staffCookie: string;
  const routes: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_BOT_PER_MINUTE: '1000' },
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      },
    });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    staffCookie = await t.signInAs('staff');
    key = (await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Mod bot', 'bureau-cases')).key;
  });
  afterAll(() => t?.close());

  const add = (payload: object) =>
    t.request({ method: 'POST', url: '/bureau/api/bot/v1/infractions', payload, headers: { authorization: `Bearer ${key}` } });
  const history = async (discordId: string) =>
    HistoryAnswer.parse((await t.request({ url: `/bureau/api/history?discordId=${discordId}`, cookie: staffCookie })).json()).entries;

  // Decision 0030: a write that changes nothing records nothing, and says so (`changed: false`).
  it('answers an infraction resent with its id and the same text as unchanged, and records it once', async () => {
    const discordId = makeDiscordUser().id;
    const infraction = { platform: 'Discord', subjectId: discordId, id: 1_700_000_000_000, Moderator: 'Mod', Reason: 'Spam' };
    expect((await add(infraction)).json()).toEqual({ ok: true, changed: true, id: 1_700_000_000_000 });
    // A retry, and two bots relaying the same moderation at once.
    expect((await add(infraction)).json()).toEqual({ ok: true, changed: false, id: 1_700_000_000_000 });
    const racing = await Promise.all([add(infraction), add({ ...infraction, reason: 'Spam', Reason: undefined })]);
    expect(racing.map((r) => [r.statusCode, r.json()])).toEqual([
      [201, { ok: true, changed: false, id: 1_700_000_000_000 }],
      [201, { ok: true, changed: false, id: 1_700_000_000_000 }],
    ]);
    expect((await history(discordId)).map((e) => e.action)).toEqual(['infraction.added']);
    // A new text under the same id still replaces it, once.
    expect((await add({ ...infraction, Note: 'Second warning' })).json()).toEqual({ ok: true, changed: true, id: 1_700_000_000_000 });
    expect((await history(discordId)).map((e) => e.action)).toEqual(['infraction.replaced', 'infraction.added']);
  });

  // Decision 0030: the document cannot drift from what the server does, including which calls answer
  // without /v1 (it said all of them; the cases calls answered 404 there).
  it('names, for each call, whether it also answers without /v1, as the server registers it', async () => {
    const doc = (await t.request({ url: '/bureau/api/bot/v1/openapi.json' })).json() as {
      info: { description: string };
      paths: Record<string, Record<string, { 'x-also-at'?: string }>>;
    };
    const legacyRoutes = routes.filter((r) => r.includes(`${BOT_API_LEGACY_BASE}/`) && !r.includes('/v1/'));
    const documented = Object.entries(doc.paths).flatMap(([, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-also-at'])
        .map(([method, op]) => `${method.toUpperCase()} ${op['x-also-at']!.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual([...new Set(legacyRoutes)].sort());
    expect(documented.some((r) => r.includes('/cases'))).toBe(false);
    expect(doc.info.description).not.toMatch(/same calls answer/);
    expect(doc.info.description).toMatch(/cases calls answer only under \/v1/);
  });
});
