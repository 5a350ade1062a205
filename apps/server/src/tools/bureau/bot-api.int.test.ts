import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_API_LEGACY_BASE, BOT_API_OPERATIONS, BotApiDocument, HistoryAnswer } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { recordRoutes } from '@server/test-support/record-routes';

const staff = demoPerson('staff');

// Issue 14 item 4: the bot API takes 001 §3's field names, lives under /v1 beside the first paths,
// is described by an OpenAPI document, and its keys have scopes, their own rate limit and a name in
// the history.
describe.each(DIALECTS)('bureau bot API v1 on %s', (dialect) => {
  let t: TestApp;
  let staffCookie: string;
  let keys: Record<'all' | 'pairs' | 'bans' | 'cases', { key: string; id: string }>;
  const routes: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_BOT_PER_MINUTE: '1000' },
      onRoute: recordRoutes(routes),
    });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    staffCookie = await t.signInAs('staff');
    const store = apiKeyStoreFor(t.ctx.database.db, t.ctx.now);
    const make = async (name: string, scope: Parameters<typeof store.create>[1]) => {
      const { key, info } = await store.create(name, scope);
      return { key, id: info.id };
    };
    keys = {
      all: await make('Community bot', 'bureau-bot'),
      pairs: await make('Verify bot', 'bureau-pairs'),
      bans: await make('Ban bot', 'bureau-bans'),
      cases: await make('Mod bot', 'bureau-cases'),
    };
  });
  afterAll(() => t?.close());

  const bearer = (which: keyof typeof keys) => ({ authorization: `Bearer ${keys[which].key}` });
  const addInfraction = (payload: object) =>
    t.request({ method: 'POST', url: '/bureau/api/bot/v1/infractions', payload, headers: bearer('cases') });
  const history = async (query: string) => {
    const response = await t.request({ url: `/bureau/api/history?${query}`, cookie: staffCookie });
    expect(response.statusCode, response.body).toBe(200);
    return HistoryAnswer.parse(response.json()).entries;
  };

  it('takes a ban by 001 §3 names (Moderator, Reason, Time, Username) on /v1 and the first path alike', async () => {
    for (const base of ['/bureau/api/bot/v1', '/bureau/api/bot']) {
      const robloxId = makeRobloxUser().id;
      const response = await t.request({
        method: 'PUT',
        url: `${base}/bans/${robloxId}`,
        payload: { isBanned: true, Moderator: 'Mod', Reason: 'Exploiting', Time: 1_700_000_000, Username: 'Eve' },
        headers: bearer('all'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await t.ctx.registry.findBan(robloxId)).toEqual({
        robloxId,
        isBanned: true,
        moderator: 'Mod',
        reason: 'Exploiting',
        time: 1_700_000_000,
        username: 'Eve',
      });
      const check = await t.request({ url: `/bureau/api/check-status?type=roblox&id=${robloxId}` });
      expect(check.json().ban).toEqual({ isBanned: true, moderator: 'Mod', reason: 'Exploiting', time: 1_700_000_000 });
    }
  });

  it('takes an infraction by Moderator, Reason, Note and a pair as the bare value Verification/{discordId} holds', async () => {
    const discordId = makeDiscordUser().id;
    let response = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/v1/infractions',
      payload: { platform: 'Discord', subjectId: discordId, id: 1_700_000_000_000, Moderator: 'Mod', Reason: 'Spam', Note: 'First' },
      headers: bearer('all'),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await t.ctx.registry.listInfractions('Discord', discordId)).toEqual([
      { platform: 'Discord', subjectId: discordId, id: 1_700_000_000_000, moderator: 'Mod', reason: 'Spam', note: 'First' },
    ]);
    response = await t.request({
      method: 'PUT',
      url: `/bureau/api/bot/v1/pairs/${discordId}`,
      payload: JSON.stringify('7654321'),
      headers: { ...bearer('all'), 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ ok: true, changed: true });
    expect(await t.ctx.registry.findPairByDiscordId(discordId)).toEqual({ discordId, robloxId: '7654321' });
  });

  it('refuses both spellings of one field, and unknown fields, with a 400 naming the field; nothing is written', async () => {
    const robloxId = makeRobloxUser().id;
    const bad: Array<[string, unknown, RegExp]> = [
      [`/bureau/api/bot/v1/bans/${robloxId}`, { Reason: 'a', reason: 'b' }, /Reason.*not both/],
      [`/bureau/api/bot/v1/bans/${robloxId}`, { Time: 5, time: 6 }, /Time/],
      [`/bureau/api/bot/v1/bans/${robloxId}`, { Banned: true }, /Banned/],
      [`/bureau/api/bot/v1/bans/${robloxId}`, { Time: 'yesterday' }, /Time/],
    ];
    for (const [url, payload, message] of bad) {
      const response = await t.request({ method: 'PUT', url, payload: payload as object, headers: bearer('all') });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(message), code: 'invalid_input' });
    }
    const infraction = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/v1/infractions',
      payload: { platform: 'Roblox', subjectId: robloxId, Note: 'a', note: 'b' },
      headers: bearer('all'),
    });
    expect(infraction.statusCode).toBe(400);
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();
    expect(await t.ctx.registry.listInfractions('Roblox', robloxId)).toEqual([]);
  });

  // Decision 0075: "0123" names nobody on Discord or Roblox, and a pair stored under it never matched its
  // owner's lookups; every call that writes an ID takes it as printed. Reads and removals take any
  // digits, so a row stored before (as an import brings it) still answers and can be removed.
  it('refuses an ID with a leading 0 in every write, with the whole rule; reads and removals still take it', async () => {
    const zeroDiscord = `0${makeDiscordUser().id}`;
    const zeroRoblox = `0${makeRobloxUser().id}`;
    const discordRule = 'must be a Discord ID: it never starts with 0';
    const robloxRule = 'must be a Roblox ID: it never starts with 0';
    const subjectRule = 'must be a Discord or Roblox ID: it never starts with 0';
    const writes: Array<{ method: 'PUT' | 'POST'; url: string; payload: object | string; rule: string; cookie?: string }> = [
      { method: 'PUT', url: `/bureau/api/bot/v1/pairs/${zeroDiscord}`, payload: { robloxId: makeRobloxUser().id }, rule: discordRule },
      { method: 'PUT', url: `/bureau/api/bot/pairs/${makeDiscordUser().id}`, payload: { robloxId: zeroRoblox }, rule: robloxRule },
      // The bare value Verification/{discordId} holds.
      { method: 'PUT', url: `/bureau/api/bot/v1/pairs/${makeDiscordUser().id}`, payload: JSON.stringify(zeroRoblox), rule: robloxRule },
      { method: 'PUT', url: `/bureau/api/bot/v1/bans/${zeroRoblox}`, payload: { Reason: 'x' }, rule: robloxRule },
      { method: 'PUT', url: '/bureau/api/bot/v1/bans/0', payload: { Reason: 'x' }, rule: robloxRule },
      { method: 'POST', url: '/bureau/api/bot/v1/infractions', payload: { platform: 'Roblox', subjectId: zeroRoblox }, rule: subjectRule },
      { method: 'POST', url: '/bureau/api/bot/v1/cases', payload: { platform: 'Discord', subjectId: zeroDiscord }, rule: subjectRule },
      {
        method: 'POST',
        url: '/bureau/api/cases',
        payload: { platform: 'Discord', subjectId: zeroDiscord },
        rule: subjectRule,
        cookie: staffCookie,
      },
    ];
    for (const { method, url, payload, rule, cookie } of writes) {
      const headers = { 'content-type': 'application/json', ...(cookie ? {} : bearer('all')) };
      const response = await t.request({ method, url, payload, cookie, headers });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining(rule), code: 'invalid_input' });
    }
    expect(await t.ctx.registry.findPairByDiscordId(zeroDiscord)).toBeNull();
    expect(await t.ctx.registry.findBan(zeroRoblox)).toBeNull();
    expect(await t.ctx.registry.listInfractions('Roblox', zeroRoblox)).toEqual([]);
    expect(await t.ctx.registry.listInfractions('Discord', zeroDiscord)).toEqual([]);

    // A pair and a ban stored so before: the checker reads them, and the bot removes them.
    await t.ctx.registry.upsertPair(zeroDiscord, zeroRoblox);
    await t.ctx.registry.setBan({ robloxId: zeroRoblox, isBanned: true, moderator: 'M', reason: 'R', time: 1, username: null });
    const check = await t.request({ url: `/bureau/api/check-status?type=discord&id=${zeroDiscord}` });
    expect(check.json()).toMatchObject({ result: 'verified', ban: { isBanned: true } });
    const lift = await t.request({ method: 'DELETE', url: `/bureau/api/bot/v1/bans/${zeroRoblox}`, headers: bearer('all') });
    expect(lift.statusCode, lift.body).toBe(200);
    const unpair = await t.request({ method: 'DELETE', url: `/bureau/api/bot/v1/pairs/${zeroDiscord}`, headers: bearer('all') });
    expect(unpair.statusCode, unpair.body).toBe(200);
    expect(await t.ctx.registry.findPairByDiscordId(zeroDiscord)).toBeNull();
  });

  it('lets a key write only what its scope names (bureau-bot: everything)', async () => {
    const discordId = makeDiscordUser().id;
    const robloxId = makeRobloxUser().id;
    const calls = {
      pairs: { method: 'PUT' as const, url: `/bureau/api/bot/v1/pairs/${discordId}`, payload: { robloxId } },
      bans: { method: 'PUT' as const, url: `/bureau/api/bot/v1/bans/${robloxId}`, payload: { Reason: 'x' } },
      cases: {
        method: 'POST' as const,
        url: '/bureau/api/bot/v1/infractions',
        payload: { platform: 'Roblox', subjectId: robloxId, id: 7 },
      },
    };
    for (const key of ['pairs', 'bans', 'cases', 'all'] as const) {
      for (const [scope, call] of Object.entries(calls)) {
        const response = await t.request({ ...call, headers: bearer(key) });
        const allowed = key === 'all' || key === scope;
        expect(response.statusCode, `${key} key on ${scope}: ${response.body}`).toBe(allowed ? (scope === 'cases' ? 201 : 200) : 403);
        if (!allowed)
          expect(response.json()).toEqual({ error: `This API key does not hold the scope bureau-${scope}.`, code: 'forbidden' });
      }
    }
  });

  it('names the key in the history of every bot write, with the record before and after', async () => {
    const discordId = makeDiscordUser().id;
    const robloxId = makeRobloxUser().id;
    await t.request({ method: 'PUT', url: `/bureau/api/bot/v1/pairs/${discordId}`, payload: { robloxId }, headers: bearer('pairs') });
    await t.request({ method: 'PUT', url: `/bureau/api/bot/v1/pairs/${discordId}`, payload: { robloxId: '42' }, headers: bearer('all') });
    await t.request({ method: 'PUT', url: `/bureau/api/bot/bans/${robloxId}`, payload: { Reason: 'Cheating' }, headers: bearer('bans') });
    await t.request({ method: 'DELETE', url: `/bureau/api/bot/v1/bans/${robloxId}`, headers: bearer('bans') });

    const entries = await history(`discordId=${discordId}&robloxId=${robloxId}`);
    expect(entries.map((e) => [e.action, e.actor.kind, e.actor.id, e.actor.name])).toEqual([
      ['ban.cleared', 'bot', keys.bans.id, 'Ban bot'],
      ['ban.set', 'bot', keys.bans.id, 'Ban bot'],
      ['pair.relinked', 'bot', keys.all.id, 'Community bot'],
      ['pair.linked', 'bot', keys.pairs.id, 'Verify bot'],
    ]);
    expect(entries[2]).toMatchObject({
      entity: 'pair',
      key: discordId,
      before: { discordId, robloxId },
      after: { discordId, robloxId: '42' },
    });
    expect(entries[1]).toMatchObject({ entity: 'ban', key: robloxId, before: null, after: { reason: 'Cheating', isBanned: true } });
    expect(entries[0]).toMatchObject({ before: { reason: 'Cheating' }, after: null, at: t.clock.now() });
    // A write that changes nothing leaves no entry; by the Roblox ID alone: its ban and its first pair.
    await t.request({ method: 'DELETE', url: `/bureau/api/bot/v1/bans/${robloxId}`, headers: bearer('bans') });
    expect((await history(`robloxId=${robloxId}`)).map((e) => e.action)).toEqual(['ban.cleared', 'ban.set', 'pair.linked']);
  });

  it('answers 400 for a history query without an ID or with a bad one', async () => {
    for (const query of ['', 'discordId=abc', 'robloxId=x']) {
      const response = await t.request({ url: `/bureau/api/history?${query}`, cookie: staffCookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'invalid_input' });
    }
  });

  it('publishes an OpenAPI 3.1 document with every v1 call, its body and answer, to anyone', async () => {
    const response = await t.request({ url: '/bureau/api/bot/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    // The bot authors' page (/bureau/bot-api) reads it with this contract.
    expect(() => BotApiDocument.parse(doc)).not.toThrow();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const v1Routes = routes.filter((r) => r.includes('/bureau/api/bot/v1/') && !r.endsWith('/openapi.json'));
    expect(documented.sort()).toEqual([...new Set(v1Routes)].sort());
    expect(documented).toHaveLength(BOT_API_OPERATIONS.length);
    const ban = doc.paths['/bureau/api/bot/v1/bans/{robloxId}']!.put!.requestBody!.content['application/json']!.schema.properties;
    expect(Object.keys(ban)).toEqual(expect.arrayContaining(['isBanned', 'Moderator', 'Reason', 'Time', 'Username', 'moderator']));
  });

  // Decision 0030: a write that changes nothing records nothing, and says so (`changed: false`).
  it('answers an infraction resent with its id and the same text as unchanged, and records it once', async () => {
    const discordId = makeDiscordUser().id;
    const infraction = { platform: 'Discord', subjectId: discordId, id: 1_700_000_000_000, Moderator: 'Mod', Reason: 'Spam' };
    expect((await addInfraction(infraction)).json()).toEqual({ ok: true, changed: true, id: 1_700_000_000_000 });
    // A retry, and two bots relaying the same moderation at once.
    expect((await addInfraction(infraction)).json()).toEqual({ ok: true, changed: false, id: 1_700_000_000_000 });
    const racing = await Promise.all([addInfraction(infraction), addInfraction({ ...infraction, reason: 'Spam', Reason: undefined })]);
    expect(racing.map((r) => [r.statusCode, r.json()])).toEqual([
      [201, { ok: true, changed: false, id: 1_700_000_000_000 }],
      [201, { ok: true, changed: false, id: 1_700_000_000_000 }],
    ]);
    expect((await history(`discordId=${discordId}`)).map((e) => e.action)).toEqual(['infraction.added']);
    // A new text under the same id still replaces it, once.
    expect((await addInfraction({ ...infraction, Note: 'Second warning' })).json()).toEqual({
      ok: true,
      changed: true,
      id: 1_700_000_000_000,
    });
    expect((await history(`discordId=${discordId}`)).map((e) => e.action)).toEqual(['infraction.replaced', 'infraction.added']);
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

describe('bureau bot API rate limit', () => {
  it('counts each key on its own', async () => {
    const t = await buildTestApp({ env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_BOT_PER_MINUTE: '3' } });
    try {
      const store = apiKeyStoreFor(t.ctx.database.db, t.ctx.now);
      const a = (await store.create('a', 'bureau-bot')).key;
      const b = (await store.create('b', 'bureau-bot')).key;
      const call = (key: string) =>
        t.request({ method: 'PUT', url: '/bureau/api/bot/v1/bans/1234', payload: {}, headers: { authorization: `Bearer ${key}` } });
      for (let i = 0; i < 3; i++) {
        const ok = await call(a);
        expect(ok.statusCode).toBe(200);
        // Decision 0040: a bot paces itself by the counts, so its successes carry them.
        expect(ok.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': String(2 - i) });
      }
      const limited = await call(a);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect((await call(b)).statusCode).toBe(200);
      // The key id is no secret: calls with b's id and a made-up secret are refused and do not use up b's minute.
      const forged = `${b.slice(0, 'gh_12345678_'.length)}${'x'.repeat(43)}`;
      for (let i = 0; i < 5; i++) expect((await call(forged)).statusCode).not.toBe(200);
      expect((await call(b)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
