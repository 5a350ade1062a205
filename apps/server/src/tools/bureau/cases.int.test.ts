import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseAnswer, PersonLookupAnswer } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeInfraction, makeRobloxUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { refuseNewJobs } from '@server/test-support/refuse-inserts';

const staff = demoPerson('staff');
const HOUR = 3_600_000;

// Issue 14 items 2, 3 and 5: cases (numbers, types, expiry, hidden, notes, amendments) made by staff
// and bots by the same rules, the lookup of anyone, and the history of every change.
describe.each(DIALECTS)('bureau cases on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let botKey: string;
  let pairsKey: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', BUREAU_CASE_TYPE_LABELS: 'mute=Timeout' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    cookie = await t.signInAs('staff');
    const store = apiKeyStoreFor(t.ctx.database.db, t.ctx.now);
    botKey = (await store.create('Mod bot', 'bureau-cases')).key;
    pairsKey = (await store.create('Verify bot', 'bureau-pairs')).key;
  });
  afterAll(() => t?.close());

  const open = async (payload: object, as: 'staff' | 'bot' = 'staff') => {
    const response = await t.request({
      method: 'POST',
      url: as === 'staff' ? '/bureau/api/cases' : '/bureau/api/bot/v1/cases',
      payload,
      ...(as === 'staff' ? { cookie } : { headers: { authorization: `Bearer ${botKey}` } }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return CaseAnswer.parse(response.json());
  };
  const lookup = async (type: 'discord' | 'roblox', id: string) => {
    const response = await t.request({ url: `/bureau/api/lookup?type=${type}&id=${id}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return PersonLookupAnswer.parse(response.json());
  };
  const check = async (id: string) => (await t.request({ url: `/bureau/api/check-status?type=roblox&id=${id}` })).json();

  it('numbers cases for the whole community; staff are the moderator unless they name one; labels are configurable', async () => {
    const a = await open({ platform: 'Discord', subjectId: makeDiscordUser().id, type: 'mute', reason: 'Spam' });
    const b = await open({ platform: 'Roblox', subjectId: makeRobloxUser().id, type: 'note', Moderator: 'Someone', Note: 'Watch' }, 'bot');
    expect(b.case.number).toBe(a.case.number + 1);
    expect(a).toMatchObject({ moderator: staff.discord.username, reason: 'Spam', id: t.clock.now() });
    expect(a.case).toMatchObject({ type: 'mute', typeLabel: 'Timeout', expired: false, hidden: false, expiresAt: null, notes: [] });
    expect(b).toMatchObject({ moderator: 'Someone', note: 'Watch', case: { typeLabel: 'Note' } });
  });

  it('a temporary ban on Roblox bans at once, reads as expired when due, and lifts itself', async () => {
    const robloxId = makeRobloxUser().id;
    // One second: pg-boss keeps the job's distance in real time (core/jobs), so the test waits it out.
    const ban = await open({ platform: 'Roblox', subjectId: robloxId, type: 'ban', reason: 'Exploiting', expiresAt: t.clock.now() + 1000 });
    expect(await check(robloxId)).toMatchObject({
      result: 'not_verified',
      ban: { isBanned: true, moderator: staff.discord.username, reason: 'Exploiting' },
    });
    t.clock.advance(1000);
    // Due: the checker no longer shows it, even before the lift has run.
    expect(await check(robloxId)).toEqual({ result: 'not_found' });
    expect((await lookup('roblox', robloxId)).infractions[0]!.case).toMatchObject({ number: ban.case.number, expired: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.ctx.jobs.settle();
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();
    const history = (await lookup('roblox', robloxId)).history;
    expect(history[0]).toMatchObject({ entity: 'ban', action: 'ban.lifted', actor: { kind: 'system' }, after: null });
    expect(history.map((h) => h.action)).toEqual(['ban.lifted', 'ban.set', 'case.opened']);
  });

  it("a ban a bot writes itself is no case's: an older case's expiry leaves it, and a hidden case does not hide it", async () => {
    const { key } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Ban bot', 'bureau-bot');
    const bans = (method: 'PUT' | 'DELETE', robloxId: string, payload?: object) =>
      t.request({
        method,
        url: `/bureau/api/bot/v1/bans/${robloxId}`,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    // A temporary ban case, then a permanent ban from the bot: the case's expiry cleared it (Not Found).
    const temporary = makeRobloxUser().id;
    await open({ platform: 'Roblox', subjectId: temporary, type: 'ban', reason: 'Cooling off', expiresAt: t.clock.now() + 1000 });
    expect((await bans('PUT', temporary, { Moderator: 'BotMod', Reason: 'Permanent' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(await check(temporary)).toMatchObject({ ban: { isBanned: true, moderator: 'BotMod', reason: 'Permanent' } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.ctx.jobs.settle();
    expect(await t.ctx.registry.findBan(temporary)).toMatchObject({ moderator: 'BotMod', reason: 'Permanent' });
    // A hidden ban case, cleared and banned again by the bot: the new ban shows its moderator and reason.
    const hidden = makeRobloxUser().id;
    await open({ platform: 'Roblox', subjectId: hidden, type: 'ban', reason: 'Internal', hidden: true });
    expect((await bans('DELETE', hidden)).statusCode).toBe(200);
    expect((await bans('PUT', hidden, { Moderator: 'BotMod', Reason: 'Public reason' })).statusCode).toBe(200);
    expect(await check(hidden)).toMatchObject({ ban: { isBanned: true, moderator: 'BotMod', reason: 'Public reason' } });
  });

  it('a hidden ban case still bans but never shows its moderator or reason on the public checker', async () => {
    const robloxId = makeRobloxUser().id;
    const { case: c } = await open({ platform: 'Roblox', subjectId: robloxId, type: 'ban', reason: 'Internal', hidden: true });
    expect(await check(robloxId)).toMatchObject({ result: 'not_verified', ban: { isBanned: true, moderator: null, reason: null } });
    // Unhidden by an amendment, the checker shows it.
    await t.request({ method: 'PATCH', url: `/bureau/api/cases/${c.number}`, cookie, payload: { hidden: false } });
    expect(await check(robloxId)).toMatchObject({ ban: { moderator: staff.discord.username, reason: 'Internal' } });
  });

  it('amends keeping the original in the history, expires once, takes notes; bots by the same rules', async () => {
    const discordId = makeDiscordUser().id;
    const { case: c } = await open({ platform: 'Discord', subjectId: discordId, type: 'warn', reason: 'Rude' });
    let response = await t.request({
      method: 'PATCH',
      url: `/bureau/api/cases/${c.number}`,
      cookie,
      payload: { Reason: 'Very rude', type: 'mute' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(CaseAnswer.parse(response.json())).toMatchObject({ reason: 'Very rude', case: { type: 'mute' } });
    // The same amendment by a bot without the cases scope is refused; with it, it passes.
    response = await t.request({
      method: 'PATCH',
      url: `/bureau/api/bot/v1/cases/${c.number}`,
      headers: { authorization: `Bearer ${pairsKey}` },
      payload: { reason: 'x' },
    });
    expect(response.statusCode).toBe(403);
    response = await t.request({
      method: 'POST',
      url: `/bureau/api/bot/v1/cases/${c.number}/notes`,
      headers: { authorization: `Bearer ${botKey}` },
      payload: { body: 'Apologised in DMs' },
    });
    expect(response.statusCode, response.body).toBe(201);
    response = await t.request({ method: 'POST', url: `/bureau/api/cases/${c.number}/expire`, cookie });
    expect(CaseAnswer.parse(response.json()).case).toMatchObject({ expired: true, expiresAt: t.clock.now() });
    response = await t.request({ method: 'POST', url: `/bureau/api/cases/${c.number}/expire`, cookie });
    expect(response.statusCode).toBe(200);

    const person = await lookup('discord', discordId);
    expect(person).toMatchObject({ discordId, robloxId: null, paired: false });
    expect(person.infractions[0]!.case.notes).toEqual([
      {
        id: expect.any(Number),
        body: 'Apologised in DMs',
        author: { kind: 'bot', id: expect.any(String), name: 'Mod bot' },
        at: t.clock.now(),
      },
    ]);
    expect(person.history.map((h) => h.action)).toEqual(['case.expired', 'case.note_added', 'case.amended', 'case.opened']);
    const amended = person.history[2]!;
    expect(amended).toMatchObject({ key: String(c.number), actor: { kind: 'staff', id: staff.discord.id } });
    expect(amended.before).toMatchObject({ reason: 'Rude', type: 'warn' });
    expect(amended.after).toMatchObject({ reason: 'Very rude', type: 'mute' });
  });

  it('looks up anyone: an unpaired Roblox ID with a ban and old infractions, which become cases', async () => {
    const robloxId = makeRobloxUser().id;
    await t.ctx.registry.addInfraction(makeInfraction('Roblox', robloxId, { id: 1_600_000_000_000, reason: 'Old' }));
    await t.ctx.registry.setBan({ robloxId, isBanned: true, moderator: 'M', reason: 'R', time: 1, username: 'U' });
    const person = await lookup('roblox', robloxId);
    expect(person).toMatchObject({ discordId: null, robloxId, paired: false, ban: { reason: 'R' } });
    expect(person.infractions).toEqual([expect.objectContaining({ reason: 'Old', case: expect.objectContaining({ type: 'warn' }) })]);
    // Its number stays the same on a second read.
    expect((await lookup('roblox', robloxId)).infractions[0]!.case.number).toBe(person.infractions[0]!.case.number);
    // A paired person: both sides.
    const discordId = makeDiscordUser().id;
    await t.ctx.registry.upsertPair(discordId, robloxId);
    expect(await lookup('discord', discordId)).toMatchObject({ discordId, robloxId, paired: true });
  });

  it('a new type does to the Roblox ban what opening the case with it would (decision 0031); a lifted ban is not reopened', async () => {
    const amend = async (number: number, payload: object) => {
      const response = await t.request({ method: 'PATCH', url: `/bureau/api/cases/${number}`, payload, cookie });
      return [response.statusCode, response.json()] as const;
    };
    // A temporary ban amended into a warning clears the ban it wrote: it did stand for good, nothing would lift it.
    const wasBanned = makeRobloxUser().id;
    const ban = await open({ platform: 'Roblox', subjectId: wasBanned, type: 'ban', reason: 'Temp', expiresAt: t.clock.now() + HOUR });
    expect((await amend(ban.case.number, { type: 'warn' }))[0]).toBe(200);
    expect(await check(wasBanned)).toEqual({ result: 'not_found' });
    expect(await t.ctx.registry.findBan(wasBanned)).toBeNull();
    expect((await lookup('roblox', wasBanned)).history.map((h) => h.action)).toEqual([
      'ban.cleared',
      'case.amended',
      'ban.set',
      'case.opened',
    ]);

    // A mute amended into a ban bans, with the case's text.
    const nowBanned = makeRobloxUser().id;
    const mute = await open({ platform: 'Roblox', subjectId: nowBanned, type: 'mute', reason: 'Griefing' });
    expect((await amend(mute.case.number, { type: 'ban' }))[0]).toBe(200);
    expect(await check(nowBanned)).toMatchObject({ result: 'not_verified', ban: { isBanned: true, reason: 'Griefing' } });

    // A later ban case owns the ban: amending the earlier one's type leaves it standing.
    const later = await open({ platform: 'Roblox', subjectId: nowBanned, type: 'ban', reason: 'Again' });
    expect((await amend(mute.case.number, { type: 'warn' }))[0]).toBe(200);
    expect(await check(nowBanned)).toMatchObject({ result: 'not_verified', ban: { reason: 'Again' } });
    expect(later.case.number).toBeGreaterThan(mute.case.number);

    // A ban lifted when its case ended stays lifted: a new expiry or type is refused, the text may still change.
    const lifted = makeRobloxUser().id;
    const ended = await open({ platform: 'Roblox', subjectId: lifted, type: 'ban', reason: 'Short' });
    const expire = await t.request({ method: 'POST', url: `/bureau/api/cases/${ended.case.number}/expire`, cookie });
    expect(expire.statusCode).toBe(200);
    expect(await t.ctx.registry.findBan(lifted)).toBeNull();
    for (const change of [{ expiresAt: t.clock.now() + HOUR }, { expiresAt: null }, { type: 'warn' }]) {
      expect(await amend(ended.case.number, change)).toEqual([
        400,
        { error: 'This ban was lifted when its case ended: open a new case to ban again.', code: 'invalid_input' },
      ]);
    }
    expect((await amend(ended.case.number, { reason: 'Short, explained' }))[0]).toBe(200);
    expect(await check(lifted)).toEqual({ result: 'not_found' });
  });

  it("dates a new case today even when a bot gave one of the person's infractions a date far ahead", async () => {
    const subjectId = makeDiscordUser().id;
    const far = 253_402_300_799_000; // 9999-12-31T23:59:59Z
    const add = (id: number) =>
      t.request({
        method: 'POST',
        url: '/bureau/api/bot/v1/infractions',
        payload: { platform: 'Discord', subjectId, id, reason: 'Far' },
        headers: { authorization: `Bearer ${botKey}` },
      });
    expect((await add(far)).statusCode).toBe(201);
    // Past the last date a date can hold: refused (the next case's id went past 2^53 and every later one was a 409).
    const tooFar = await add(Number.MAX_SAFE_INTEGER);
    expect([tooFar.statusCode, tooFar.json()]).toEqual([400, { error: expect.stringMatching(/id.*275760/), code: 'invalid_input' }]);
    const first = await open({ platform: 'Discord', subjectId, type: 'warn', reason: 'One' });
    const second = await open({ platform: 'Discord', subjectId, type: 'warn', reason: 'Two' });
    expect(first.id).toBe(t.clock.now());
    expect(second.id).toBe(t.clock.now() + 1);
  });

  it('refuses bad input with a 400 naming the field, an unknown case with a 404, and writes nothing', async () => {
    const subjectId = makeDiscordUser().id;
    const bad: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId, type: 'slap' }, /type/],
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId: 'abc' }, /subjectId/],
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId, expiresAt: t.clock.now() - 1, type: 'mute' }, /expiresAt/],
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId, expiresAt: t.clock.now() + HOUR, type: 'note' }, /does not expire/],
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId, reason: 'a', Reason: 'b' }, /not both/],
      ['POST', '/bureau/api/cases', { platform: 'Discord', subjectId, colour: 'red' }, /colour/],
      // Past the last date a date can hold: it could never be shown or printed (the PDF failed for good).
      [
        'POST',
        '/bureau/api/cases',
        { platform: 'Discord', subjectId, type: 'mute', expiresAt: 8_640_000_000_000_001 },
        /expiresAt.*275760/,
      ],
      ['PATCH', '/bureau/api/cases/1', { expiresAt: Number.MAX_SAFE_INTEGER }, /expiresAt.*275760/],
      // An amendment's null clears: a null and a value for one field say two things (it cleared the field).
      ['PATCH', '/bureau/api/cases/1', { Moderator: null, moderator: 'x' }, /Moderator or moderator, not both/],
      ['PATCH', '/bureau/api/cases/1', {}, /at least one/],
      ['PATCH', '/bureau/api/cases/abc', { hidden: true }, /number/],
      ['POST', '/bureau/api/cases/1/notes', { body: '   ' }, /body/],
    ];
    for (const [method, url, payload, message] of bad) {
      const response = await t.request({ method: method as 'POST', url, payload: payload as object, cookie });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(message), code: 'invalid_input' });
    }
    const missing = await t.request({ method: 'POST', url: '/bureau/api/cases/999999/expire', cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'There is no case 999999.', code: 'not_found' });
    expect((await lookup('discord', subjectId)).infractions).toEqual([]);
    for (const query of ['type=discord&id=abc', 'type=steam&id=1', '']) {
      const response = await t.request({ url: `/bureau/api/lookup?${query}`, cookie });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

// Decision 0041: a temporary ban and the job that lifts it commit together, when opened and when amended.
describe.each(DIALECTS)('bureau case expiries on %s', (dialect) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('when the lift cannot be queued, opening or amending a temporary ban changes nothing; other cases still open', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const open = (payload: object) => t.request({ method: 'POST', url: '/bureau/api/cases', payload, cookie });
    // A standing temporary ban first (on PostgreSQL its job installs pg-boss's tables).
    const banned = makeRobloxUser().id;
    const first = await open({ platform: 'Roblox', subjectId: banned, type: 'ban', reason: 'Exploiting', expiresAt: t.clock.now() + HOUR });
    expect(first.statusCode, first.body).toBe(201);
    const number = CaseAnswer.parse(first.json()).case.number;
    await refuseNewJobs(t);

    const subjectId = makeRobloxUser().id;
    const refused = await open({ platform: 'Roblox', subjectId, type: 'ban', reason: 'Exploiting', expiresAt: t.clock.now() + HOUR });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ code: 'internal' });
    expect(await t.ctx.registry.findBan(subjectId)).toBeNull();
    expect(await t.ctx.registry.listInfractions('Roblox', subjectId)).toEqual([]);
    const lookup = async (id: string) =>
      PersonLookupAnswer.parse((await t.request({ url: `/bureau/api/lookup?type=roblox&id=${id}`, cookie })).json());
    expect((await lookup(subjectId)).infractions).toEqual([]);

    const amended = await t.request({
      method: 'PATCH',
      url: `/bureau/api/cases/${number}`,
      payload: { expiresAt: t.clock.now() + 2 * HOUR },
      cookie,
    });
    expect(amended.statusCode).toBe(500);
    expect((await lookup(banned)).infractions[0]!.case).toMatchObject({ number, expiresAt: t.clock.now() + HOUR });

    // A case that needs no job opens as before, and so does a ban without an expiry.
    expect((await open({ platform: 'Roblox', subjectId, type: 'note', Note: 'Watch' })).statusCode).toBe(201);
    expect((await open({ platform: 'Roblox', subjectId, type: 'ban', reason: 'For good' })).statusCode).toBe(201);
    expect(await t.ctx.registry.findBan(subjectId)).toMatchObject({ isBanned: true, reason: 'For good' });
  });
});
