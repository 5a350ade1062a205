import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { readEventStream } from '@server/test-support/read-event-stream';
import { LOOKUP_FAILED } from './get-user-details';

const staff = demoPerson('staff');
const member = demoPerson('member');
const thai = demoPerson('thai');
const unknownDiscordId = '999999999999999999';

describe.each(DIALECTS)('bureau records and bot API on %s', (dialect) => {
  let t: TestApp;
  let staffCookie: string;
  let memberCookie: string;
  let botKey: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const p of [staff, member, thai]) await t.ctx.registry.upsertPair(p.discord.id, p.roblox!.id);
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    staffCookie = await t.signInAs('staff');
    memberCookie = await t.signInAs('member');
    botKey = (await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('test bot', 'bureau-bot')).key;
  });
  afterAll(() => t?.close());

  type Caller = 'anonymous' | 'non-staff' | 'staff' | 'bot key' | 'bad key';
  const as = (caller: Caller): { cookie?: string; headers?: Record<string, string> } => {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'non-staff':
        return { cookie: memberCookie };
      case 'staff':
        return { cookie: staffCookie };
      case 'bot key':
        return { headers: { authorization: `Bearer ${botKey}` } };
      case 'bad key':
        return { headers: { authorization: `Bearer gh_abcdefgh_${'x'.repeat(43)}` } };
    }
  };

  // Every endpoint x every kind of caller. Staff calls that would print a PDF or open a stream use an
  // unknown id (404 proves the grant check passed); those paths have their own tests.
  const s = staff.discord.id;
  const r = staff.roblox!.id;
  const endpoints: Array<{
    name: string;
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
    expect: Record<Caller, number>;
    after?: () => Promise<void>;
  }> = [
    {
      name: 'checker (public)',
      method: 'GET',
      url: `/bureau/api/check-status?type=discord&id=${s}`,
      expect: { anonymous: 200, 'non-staff': 200, staff: 200, 'bot key': 200, 'bad key': 200 },
    },
    {
      name: 'records search',
      method: 'GET',
      url: '/bureau/api/records?type=discord&q=1',
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'user details',
      method: 'GET',
      url: `/bureau/api/user-details?discordId=${s}&robloxId=${r}`,
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'infraction lookup',
      method: 'GET',
      url: `/bureau/api/records/${s}/infractions`,
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'document',
      method: 'GET',
      url: `/bureau/api/records/${unknownDiscordId}/documents/registration`,
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'live events',
      method: 'GET',
      url: '/bureau/api/records/events',
      expect: { anonymous: 401, 'non-staff': 403, staff: 0, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'bot upsert pair',
      method: 'PUT',
      url: `/bureau/api/bot/pairs/${unknownDiscordId}`,
      body: { robloxId: '424242' },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 200, 'bad key': 401 },
    },
    {
      name: 'bot delete pair',
      method: 'DELETE',
      url: `/bureau/api/bot/pairs/${unknownDiscordId}`,
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 200, 'bad key': 401 },
    },
    {
      name: 'bot set ban',
      method: 'PUT',
      url: '/bureau/api/bot/bans/424242',
      body: { reason: 'Test' },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 200, 'bad key': 401 },
    },
    {
      name: 'bot clear ban',
      method: 'DELETE',
      url: '/bureau/api/bot/bans/424242',
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 200, 'bad key': 401 },
    },
    {
      name: 'bot add infraction',
      method: 'POST',
      url: '/bureau/api/bot/infractions',
      body: { platform: 'Roblox', subjectId: '424242', id: 5, reason: 'x' },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 201, 'bad key': 401 },
    },
    {
      name: 'bot remove infraction',
      method: 'DELETE',
      url: '/bureau/api/bot/infractions/Roblox/424242/5',
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 200, 'bad key': 401 },
    },
    {
      name: 'history (issue 14 item 5)',
      method: 'GET',
      url: `/bureau/api/history?discordId=${s}`,
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'lookup of anyone (issue 14 item 3)',
      method: 'GET',
      url: `/bureau/api/lookup?type=roblox&id=${r}`,
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'open a case (staff)',
      method: 'POST',
      url: '/bureau/api/cases',
      body: { platform: 'Discord', subjectId: unknownDiscordId, type: 'note', note: 'Permission table' },
      expect: { anonymous: 401, 'non-staff': 403, staff: 201, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'amend a case (staff)',
      method: 'PATCH',
      url: '/bureau/api/cases/999999',
      body: { hidden: true },
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'expire a case (staff)',
      method: 'POST',
      url: '/bureau/api/cases/999999/expire',
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'note on a case (staff)',
      method: 'POST',
      url: '/bureau/api/cases/999999/notes',
      body: { body: 'A note' },
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'bot open a case (v1)',
      method: 'POST',
      url: '/bureau/api/bot/v1/cases',
      body: { platform: 'Roblox', subjectId: '424242', type: 'warn', Reason: 'Permission table' },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 201, 'bad key': 401 },
    },
    {
      name: 'bot amend a case (v1)',
      method: 'PATCH',
      url: '/bureau/api/bot/v1/cases/999999',
      body: { hidden: true },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 404, 'bad key': 401 },
    },
    {
      name: 'bot expire a case (v1)',
      method: 'POST',
      url: '/bureau/api/bot/v1/cases/999999/expire',
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 404, 'bad key': 401 },
    },
    {
      name: 'bot note on a case (v1)',
      method: 'POST',
      url: '/bureau/api/bot/v1/cases/999999/notes',
      body: { body: 'A note' },
      expect: { anonymous: 401, 'non-staff': 401, staff: 401, 'bot key': 404, 'bad key': 401 },
    },
    {
      name: 'verification status (signed-in member)',
      method: 'GET',
      url: '/bureau/api/verify/me',
      expect: { anonymous: 401, 'non-staff': 200, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'verification claims (staff)',
      method: 'GET',
      url: '/bureau/api/verify/claims',
      expect: { anonymous: 401, 'non-staff': 403, staff: 200, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'approve a claim (staff)',
      method: 'POST',
      url: '/bureau/api/verify/claims/999999/approve',
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'refuse a claim (staff)',
      method: 'POST',
      url: '/bureau/api/verify/claims/999999/refuse',
      expect: { anonymous: 401, 'non-staff': 403, staff: 404, 'bot key': 401, 'bad key': 401 },
    },
    {
      name: 'bot API description (public)',
      method: 'GET',
      url: '/bureau/api/bot/v1/openapi.json',
      expect: { anonymous: 200, 'non-staff': 200, staff: 200, 'bot key': 200, 'bad key': 200 },
    },
    {
      name: 'unlink own pair (signed-in member)',
      method: 'POST',
      url: '/bureau/api/verify/unlink',
      expect: { anonymous: 401, 'non-staff': 200, staff: 200, 'bot key': 401, 'bad key': 401 },
      // The other tests read these pairs.
      after: async () => {
        for (const p of [staff, member]) await t.ctx.registry.upsertPair(p.discord.id, p.roblox!.id);
      },
    },
  ];
  // Issue 14 item 4: every bot call answers the same under /v1.
  for (const endpoint of endpoints.filter((e) => e.url.startsWith('/bureau/api/bot/') && !e.url.includes('/v1/'))) {
    endpoints.push({ ...endpoint, name: `${endpoint.name} (v1)`, url: endpoint.url.replace('/bureau/api/bot/', '/bureau/api/bot/v1/') });
  }
  const callers: Caller[] = ['anonymous', 'non-staff', 'staff', 'bot key', 'bad key'];

  it.each(endpoints)('permission table: $name', async (endpoint) => {
    for (const caller of callers) {
      const expected = endpoint.expect[caller];
      if (expected === 0) continue; // the staff stream is tested over real HTTP below
      const response = await t.request({
        method: endpoint.method,
        url: endpoint.url,
        ...(endpoint.body ? { payload: endpoint.body } : {}),
        ...as(caller),
      });
      expect(response.statusCode, `${endpoint.name} as ${caller}: ${response.body}`).toBe(expected);
      if (expected >= 400) expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
    }
    await endpoint.after?.();
  });

  it('searches by Discord and by Roblox id substring, paginated', async () => {
    const byDiscord = await t.request({ url: `/bureau/api/records?type=discord&q=${thai.discord.id.slice(2, 10)}`, cookie: staffCookie });
    expect(byDiscord.json().items).toEqual([{ discordId: thai.discord.id, robloxId: thai.roblox!.id }]);
    const byRoblox = await t.request({ url: `/bureau/api/records?type=roblox&q=%20${thai.roblox!.id.slice(3)}%20`, cookie: staffCookie });
    expect(byRoblox.json().items).toContainEqual({ discordId: thai.discord.id, robloxId: thai.roblox!.id });
    const paged = await t.request({ url: '/bureau/api/records?limit=2', cookie: staffCookie });
    expect(paged.json().items).toHaveLength(2);
    expect(paged.json().nextCursor).toEqual(paged.json().items[1].discordId);
  });

  it('answers 400 naming the field for bad search and lookup input', async () => {
    for (const url of [
      '/bureau/api/records?type=steam',
      `/bureau/api/records?q=${'1'.repeat(30)}`,
      '/bureau/api/records?limit=0',
      '/bureau/api/user-details?discordId=abc&robloxId=1',
      `/bureau/api/records/${s}/documents/military`,
      '/bureau/api/records/abc/infractions',
    ]) {
      const response = await t.request({ url, cookie: staffCookie });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatch(/type|q|limit|discordId|robloxId/);
    }
  });

  it('bot writes: pairs, bans and infractions reach the registry and the checker; bad input writes nothing', async () => {
    const bot = { authorization: `Bearer ${botKey}` };
    const discordId = makeDiscordUser().id;
    let response = await t.request({
      method: 'PUT',
      url: `/bureau/api/bot/pairs/${discordId}`,
      payload: { robloxId: '7654321' },
      headers: bot,
    });
    expect(response.json()).toEqual({ ok: true, changed: true });
    expect(await t.ctx.registry.findPairByDiscordId(discordId)).toEqual({ discordId, robloxId: '7654321' });
    response = await t.request({
      method: 'PUT',
      url: `/bureau/api/bot/pairs/${discordId}`,
      payload: { robloxId: '7654321' },
      headers: bot,
    });
    expect(response.json()).toEqual({ ok: true, changed: false });

    response = await t.request({
      method: 'PUT',
      url: '/bureau/api/bot/bans/7654321',
      payload: { moderator: 'Mod', reason: 'Exploiting', time: 1_700_000_000, username: 'Eve' },
      headers: bot,
    });
    expect(response.statusCode).toBe(200);
    let check = await t.request({ url: '/bureau/api/check-status?type=roblox&id=7654321' });
    expect(check.json().ban).toEqual({ isBanned: true, moderator: 'Mod', reason: 'Exploiting', time: 1_700_000_000 });
    await t.request({ method: 'DELETE', url: '/bureau/api/bot/bans/7654321', headers: bot });
    check = await t.request({ url: '/bureau/api/check-status?type=roblox&id=7654321' });
    expect(check.json().ban).toBeNull();

    response = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/infractions',
      payload: { platform: 'Discord', subjectId: discordId, moderator: 'Mod', note: 'Warned' },
      headers: bot,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: number };
    expect(id).toBe(t.clock.now());
    expect(await t.ctx.registry.listInfractions('Discord', discordId)).toEqual([
      { platform: 'Discord', subjectId: discordId, id, moderator: 'Mod', reason: null, note: 'Warned' },
    ]);
    response = await t.request({ method: 'DELETE', url: `/bureau/api/bot/infractions/Discord/${discordId}/${id}`, headers: bot });
    expect(response.json()).toEqual({ ok: true, changed: true });
    expect(await t.ctx.registry.listInfractions('Discord', discordId)).toEqual([]);

    // Bad input: 400 naming the field, nothing written.
    const bad: Array<[string, string, unknown]> = [
      ['PUT', `/bureau/api/bot/pairs/${discordId}`, { robloxId: 'abc' }],
      ['PUT', '/bureau/api/bot/pairs/12', { robloxId: '5' }],
      ['PUT', `/bureau/api/bot/pairs/${discordId}`, { robloxId: '5', extra: 1 }],
      ['PUT', '/bureau/api/bot/bans/7654321', { time: 'yesterday' }],
      ['POST', '/bureau/api/bot/infractions', { platform: 'Steam', subjectId: discordId }],
      ['POST', '/bureau/api/bot/infractions', { platform: 'Discord', subjectId: discordId, note: 'x'.repeat(3000) }],
      ['DELETE', '/bureau/api/bot/infractions/Discord/abc/1', undefined],
    ];
    for (const [method, url, payload] of bad) {
      response = await t.request({ method: method as 'PUT', url, ...(payload ? { payload: payload as object } : {}), headers: bot });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(await t.ctx.registry.findPairByDiscordId(discordId)).toEqual({ discordId, robloxId: '7654321' });
    expect(await t.ctx.registry.findBan('7654321')).toBeNull();
    expect(await t.ctx.registry.listInfractions('Discord', discordId)).toEqual([]);
    expect(await t.ctx.registry.findPairByDiscordId('12')).toBeNull();

    // A revoked key stops working at once.
    const { key, info } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('old bot', 'bureau-bot');
    await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).revoke(info.id);
    response = await t.request({
      method: 'DELETE',
      url: `/bureau/api/bot/pairs/${discordId}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(401);
    expect(await t.ctx.registry.findPairByDiscordId(discordId)).not.toBeNull();
  });

  it('streams pair changes made through the bot API to a signed-in staff member (server-sent events)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}/bureau/api/records/events`, { headers: { cookie: staffCookie }, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const stream = readEventStream(response);
      await stream.waitFor(': connected');
      const discordId = makeDiscordUser().id;
      const bot = { authorization: `Bearer ${botKey}`, 'content-type': 'application/json' };
      await fetch(`${address}/bureau/api/bot/pairs/${discordId}`, {
        method: 'PUT',
        headers: bot,
        body: JSON.stringify({ robloxId: '3141592' }),
      });
      await stream.waitFor(`data: {"kind":"pair.upserted","discordId":"${discordId}","robloxId":"3141592"}`);
      // Bans do not change the list, so they are not sent.
      await fetch(`${address}/bureau/api/bot/bans/3141592`, { method: 'PUT', headers: bot, body: '{}' });
      await fetch(`${address}/bureau/api/bot/pairs/${discordId}`, { method: 'DELETE', headers: { authorization: bot.authorization } });
      await stream.waitFor(`data: {"kind":"pair.deleted","discordId":"${discordId}"}`);
      expect(stream.text).not.toContain('ban');
    } finally {
      controller.abort();
    }
  });

  it('looks user details up live, from the cache afterwards, and says when an API fails (001 §7)', async () => {
    const url = `/bureau/api/user-details?discordId=${thai.discord.id}&robloxId=${thai.roblox!.id}`;
    const live = await t.request({ url, cookie: staffCookie });
    expect(live.json()).toMatchObject({
      discordUsername: 'somchai.rail',
      discordDisplayName: 'สมชาย ใจดี',
      discordCreationDate: '2022-01-10T03:00:00.000Z',
      discordStatus: 'Verified',
      robloxUsername: 'SomchaiRail',
      robloxDisplayName: 'สมชาย รถไฟ',
      robloxCreationDate: '2019-09-09T10:00:00Z',
      robloxStatus: 'Clear',
      sources: { discord: 'live', roblox: 'live' },
      notice: null,
    });
    const calls = t.roblox!.calls.length;
    const cached = await t.request({ url, cookie: staffCookie });
    expect(cached.json().sources).toEqual({ discord: 'cache', roblox: 'cache' });
    expect(t.roblox!.calls.length).toBe(calls);

    // 001 §8: a lookup that fails with nothing to fall back on is 'Failed to fetch user details from API: ...'.
    const stranger = makeDiscordUser();
    t.roblox!.faults.fail(/\/v1\/users\/8080808/, 500, 1);
    const failed = await t.request({ url: `/bureau/api/user-details?discordId=${stranger.id}&robloxId=8080808`, cookie: staffCookie });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: LOOKUP_FAILED, code: 'bureau.lookup_failed' });
    // A 404 is an answer: the person is simply unknown there.
    const unknown = await t.request({ url: `/bureau/api/user-details?discordId=${stranger.id}&robloxId=8080808`, cookie: staffCookie });
    expect(unknown.json()).toMatchObject({
      discordUsername: 'Unknown',
      robloxUsername: 'Unknown',
      discordStatus: 'Not Verified',
      robloxCreationDate: 'Unknown',
    });
  });

  // Found by an audit: a Discord ID may have up to 25 digits (contracts/core DiscordId), but a snowflake
  // of 23 or more digits reads as a date no Date can hold; its toISOString threw, so the pair's details,
  // and both its PDFs, answered 500. 001 §3: an unknown value reads 'Unknown'.
  it('answers the details of a 25-digit Discord ID with the creation date Unknown', async () => {
    const discordId = '7000000000000000000000002';
    await t.ctx.registry.upsertPair(discordId, '8080809');
    try {
      const response = await t.request({ url: `/bureau/api/user-details?discordId=${discordId}&robloxId=8080809`, cookie: staffCookie });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ discordId, discordCreationDate: 'Unknown', discordStatus: 'Verified' });
    } finally {
      await t.ctx.registry.deletePair(discordId);
    }
  });
});

describe('user details without a Discord bot token', () => {
  it('answers from the registry alone and says so', async () => {
    const t = await buildTestApp({ discord: { botToken: false } });
    try {
      await t.ctx.registry.upsertPair(member.discord.id, member.roblox!.id);
      await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
      const cookie = await t.signInAs('staff');
      const response = await t.request({
        url: `/bureau/api/user-details?discordId=${member.discord.id}&robloxId=${member.roblox!.id}`,
        cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        discordUsername: 'Unknown',
        discordCreationDate: '2021-07-22T08:30:00.000Z',
        discordStatus: 'Verified',
        robloxUsername: 'SignalSam',
        sources: { discord: 'registry', roblox: 'live' },
        notice: expect.stringContaining('No Discord bot token'),
      });
      expect(t.discord!.calls.filter((c) => c.includes('/users/'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
