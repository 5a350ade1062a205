import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseAnswer, PersonLookupAnswer } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const staff = demoPerson('staff');
const HOUR = 3_600_000;
const STALE = {
  error: 'Someone else changed this case since you opened it. Reload to see their change, then amend again.',
  code: 'conflict',
};

// Issue 14 item 2, the lost update: two staff have the same person's infraction page open; B amends a
// case, then A, whose page still shows the case as it was, amends it too. A's amendment carries what
// A's form opened with (`expected`) and is refused, writing nothing, instead of replacing B's change.
describe.each(DIALECTS)('amending a case from a stale form on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let botKey: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    cookie = await t.signInAs('staff');
    botKey = (await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Mod bot', 'bureau-cases')).key;
  });
  afterAll(() => t?.close());

  const open = async (payload: object) => {
    const response = await t.request({ method: 'POST', url: '/bureau/api/cases', payload, cookie });
    expect(response.statusCode, response.body).toBe(201);
    return CaseAnswer.parse(response.json());
  };
  const amend = async (number: number, payload: object) => {
    const response = await t.request({ method: 'PATCH', url: `/bureau/api/cases/${number}`, payload, cookie });
    return [response.statusCode, response.json()] as const;
  };
  const lookup = async (type: 'discord' | 'roblox', id: string) => {
    const response = await t.request({ url: `/bureau/api/lookup?type=${type}&id=${id}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return PersonLookupAnswer.parse(response.json());
  };

  it("refuses a stale amendment with a 409 and writes nothing: B's reason stays, no history line", async () => {
    const discordId = makeDiscordUser().id;
    const c = await open({ platform: 'Discord', subjectId: discordId, type: 'warn', reason: 'Rude' });
    // What both tabs' forms opened with.
    const opened = { type: 'warn', reason: 'Rude', moderator: c.moderator, expiresAt: null };
    // B saves first, from the same page.
    expect(await amend(c.case.number, { reason: 'Rude in #general', expected: opened })).toEqual([200, expect.anything()]);
    // A's form still shows "Rude": refused, whichever field A changed.
    expect(await amend(c.case.number, { reason: 'Rude to staff', expected: opened })).toEqual([409, STALE]);
    expect(await amend(c.case.number, { type: 'mute', expected: opened })).toEqual([409, STALE]);
    const person = await lookup('discord', discordId);
    expect(person.infractions[0]).toMatchObject({ reason: 'Rude in #general', case: { type: 'warn' } });
    expect(person.history.map((h) => h.action)).toEqual(['case.amended', 'case.opened']);
  });

  it('a stale form hears 409 before a rule about values it has not seen, and its expiry or type is not written', async () => {
    const robloxId = makeRobloxUser().id;
    const c = await open({ platform: 'Roblox', subjectId: robloxId, type: 'mute', reason: 'Spam', expiresAt: t.clock.now() + HOUR });
    const opened = { type: 'mute', reason: 'Spam', expiresAt: c.case.expiresAt };
    // B makes it a kick (no expiry); A, who still sees a mute, moves its expiry.
    expect((await amend(c.case.number, { type: 'kick', expiresAt: null, expected: opened }))[0]).toBe(200);
    expect(await amend(c.case.number, { expiresAt: t.clock.now() + 2 * HOUR, expected: opened })).toEqual([409, STALE]);
    // B's expiry change, then A's type change from the page before it.
    const d = await open({ platform: 'Roblox', subjectId: robloxId, type: 'ban', reason: 'Exploit' });
    const dOpened = { type: 'ban', reason: 'Exploit', expiresAt: null };
    expect((await amend(d.case.number, { expiresAt: t.clock.now() + HOUR, expected: dOpened }))[0]).toBe(200);
    expect(await amend(d.case.number, { type: 'warn', expected: dOpened })).toEqual([409, STALE]);
    const cases = (await lookup('roblox', robloxId)).infractions.map((i) => i.case);
    expect(cases).toMatchObject([
      { number: c.case.number, type: 'kick', expiresAt: null },
      { number: d.case.number, type: 'ban', expiresAt: t.clock.now() + HOUR },
    ]);
    // The ban B's amendment kept stands.
    expect(await t.ctx.registry.findBan(robloxId)).toMatchObject({ isBanned: true, reason: 'Exploit' });
  });

  it("a bot replacing the infraction's text (same 001 §3 id) makes a form opened before it stale", async () => {
    const discordId = makeDiscordUser().id;
    const c = await open({ platform: 'Discord', subjectId: discordId, type: 'warn', reason: 'Spam' });
    const replaced = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/v1/infractions',
      payload: { platform: 'Discord', subjectId: discordId, id: c.id, Moderator: 'ModBot', Reason: 'Spam (3 links)' },
      headers: { authorization: `Bearer ${botKey}` },
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await amend(c.case.number, { reason: 'Spam, warned', expected: { reason: 'Spam', moderator: c.moderator } })).toEqual([
      409,
      STALE,
    ]);
    expect((await lookup('discord', discordId)).infractions[0]).toMatchObject({ moderator: 'ModBot', reason: 'Spam (3 links)' });
  });

  it('a fresh amendment passes; so does one without `expected` (bots, older callers); `expected` alone changes nothing', async () => {
    const discordId = makeDiscordUser().id;
    const c = await open({ platform: 'Discord', subjectId: discordId, type: 'warn', reason: 'Rude' });
    const [status, body] = await amend(c.case.number, {
      reason: 'Very rude',
      type: 'mute',
      expiresAt: t.clock.now() + HOUR,
      expected: { type: 'warn', reason: 'Rude', moderator: c.moderator, expiresAt: null, hidden: false },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ reason: 'Very rude', case: { type: 'mute', expiresAt: t.clock.now() + HOUR } });
    // A null expected value matches a cleared field.
    expect((await amend(c.case.number, { reason: null, expected: { reason: 'Very rude' } }))[0]).toBe(200);
    expect((await amend(c.case.number, { reason: 'Back', expected: { reason: null } }))[0]).toBe(200);
    expect((await amend(c.case.number, { hidden: true }))[0]).toBe(200);
    const bot = await t.request({
      method: 'PATCH',
      url: `/bureau/api/bot/v1/cases/${c.case.number}`,
      payload: { Reason: 'Set by the bot' },
      headers: { authorization: `Bearer ${botKey}` },
    });
    expect(bot.statusCode, bot.body).toBe(200);
    const [refused, error] = await amend(c.case.number, { expected: { reason: 'Set by the bot' } });
    expect([refused, error]).toEqual([400, { error: expect.stringMatching(/at least one/), code: 'invalid_input' }]);
    expect((await lookup('discord', discordId)).infractions[0]).toMatchObject({ reason: 'Set by the bot', case: { hidden: true } });
  });

  it('two amendments from the same starting point at once: exactly one wins, and only its change is written', async () => {
    const discordId = makeDiscordUser().id;
    const c = await open({ platform: 'Discord', subjectId: discordId, type: 'warn', reason: 'Rude' });
    const opened = { type: 'warn', reason: 'Rude', expiresAt: null };
    const reasons = ['From tab A', 'From tab B', 'From tab C'];
    const answers = await Promise.all(reasons.map((reason) => amend(c.case.number, { reason, expected: opened })));
    expect(answers.map(([status]) => status).sort()).toEqual([200, 409, 409]);
    const winner = reasons[answers.findIndex(([status]) => status === 200)];
    const person = await lookup('discord', discordId);
    expect(person.infractions[0]!.reason).toBe(winner);
    expect(person.history.map((h) => h.action)).toEqual(['case.amended', 'case.opened']);
    expect(person.history[0]!.after).toMatchObject({ reason: winner });
  });
});
