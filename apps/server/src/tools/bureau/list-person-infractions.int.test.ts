import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoInfractions, demoPerson } from '@guildhall/testkit/demo-data';
import { makeInfraction } from '@guildhall/testkit/factories';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { INFRACTIONS_FAILED, infractionDateOf, listPersonInfractions } from './list-person-infractions';

// 001 §2 "Infraction lookup page", §3 infraction records: GET /bureau/api/records/:discordId/infractions.
const staff = demoPerson('staff');
const thai = demoPerson('thai');
const banned = demoPerson('banned');
const unpairedDiscordId = '999999999999999999';

describe.each(DIALECTS)('infraction lookup on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  const url = (discordId: string) => `/bureau/api/records/${discordId}/infractions`;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    for (const p of [staff, thai, banned]) await t.ctx.registry.upsertPair(p.discord.id, p.roblox!.id);
    for (const infraction of demoInfractions) await t.ctx.registry.addInfraction(infraction);
    const extra = { moderator: null, reason: null, note: null };
    // Interleaved with the demo ones across both platforms, one an old seconds-style id, and two ids
    // whose text order differs from their numeric order (999 < 1000).
    await t.ctx.registry.addInfraction(
      makeInfraction('Roblox', banned.roblox!.id, { ...extra, id: 1_600_000_000, reason: 'Old seconds id' }),
    );
    await t.ctx.registry.addInfraction(
      makeInfraction('Discord', banned.discord.id, { ...extra, id: 1_720_000_000_000, moderator: 'Mod', note: 'Latest' }),
    );
    await t.ctx.registry.addInfraction(makeInfraction('Roblox', banned.roblox!.id, { ...extra, id: 1000 }));
    await t.ctx.registry.addInfraction(makeInfraction('Discord', banned.discord.id, { ...extra, id: 999 }));
    // Not this person's: the Roblox id under the Discord category, and someone else's record.
    await t.ctx.registry.addInfraction(makeInfraction('Discord', banned.roblox!.id, { ...extra, id: 5, reason: 'Wrong category' }));
    await t.ctx.registry.addInfraction(
      makeInfraction('Roblox', thai.roblox!.id, { ...extra, id: 1_706_000_000_000, reason: 'Someone else' }),
    );
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    cookie = await t.signInAs('staff');
  });
  afterAll(() => t?.close());

  it('answers both accounts and both platforms, ascending by numeric id, with the id read as the date', async () => {
    const response = await t.request({ url: url(banned.discord.id), cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      discordId: banned.discord.id,
      robloxId: banned.roblox!.id,
      infractions: [
        { platform: 'Discord', id: 999, date: '1970-01-01T00:16:39.000Z', moderator: null, reason: null, note: null },
        { platform: 'Roblox', id: 1000, date: '1970-01-01T00:16:40.000Z', moderator: null, reason: null, note: null },
        { platform: 'Roblox', id: 1_600_000_000, date: '2020-09-13T12:26:40.000Z', moderator: null, reason: 'Old seconds id', note: null },
        {
          platform: 'Discord',
          id: 1_700_000_000_000,
          date: '2023-11-14T22:13:20.000Z',
          moderator: 'ModeratorMike',
          reason: 'Spamming in #general',
          note: null,
        },
        {
          platform: 'Roblox',
          id: 1_710_000_000_000,
          date: '2024-03-09T16:00:00.000Z',
          moderator: 'ModeratorMike',
          reason: 'Derailing trains on purpose',
          note: 'Third warning',
        },
        { platform: 'Discord', id: 1_720_000_000_000, date: '2024-07-03T09:46:40.000Z', moderator: 'Mod', reason: null, note: 'Latest' },
      ],
    });
  });

  it('keeps Thai text as it is and answers an empty list for a person with none', async () => {
    const thaiAnswer = await t.request({ url: url(thai.discord.id), cookie });
    expect(thaiAnswer.json().infractions).toEqual([
      {
        platform: 'Discord',
        id: 1_705_000_000_000,
        date: '2024-01-11T19:06:40.000Z',
        moderator: 'ผู้ดูแล สมศรี',
        reason: null,
        note: 'ตักเตือนด้วยวาจา',
      },
      { platform: 'Roblox', id: 1_706_000_000_000, date: '2024-01-23T08:53:20.000Z', moderator: null, reason: 'Someone else', note: null },
    ]);
    const none = await t.request({ url: url(staff.discord.id), cookie });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ discordId: staff.discord.id, robloxId: staff.roblox!.id, infractions: [] });
  });

  it('answers 404 when the Discord ID has no verified pair, and 400 naming the field for a bad ID', async () => {
    const missing = await t.request({ url: url(unpairedDiscordId), cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No verified pair has this Discord ID.', code: 'not_found' });
    for (const bad of ['abc', '12', '1'.repeat(30), '%20']) {
      const response = await t.request({ url: url(bad), cookie });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toMatch(/^discordId: must be a Discord ID/);
    }
  });

  it('reads a padded ID the way the contract trims it', async () => {
    const response = await t.request({ url: url(`%20${thai.discord.id}%20`), cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().discordId).toBe(thai.discord.id);
  });
});

describe.each(DIALECTS)('infraction lookup when the registry cannot be read on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.registry.upsertPair(thai.discord.id, thai.roblox!.id);
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    // A real failure, not a stub: the infractions table is gone, the pairs are still there.
    await sql`drop table registry_infractions`.execute(t.ctx.database.db);
  });
  afterAll(() => t?.close());

  it("logs 'Failed to fetch {category} infractions' per platform and answers an error, not a clean record", async () => {
    const logged: string[] = [];
    const log = { error: (_details: object, message: string) => void logged.push(message) };
    await expect(listPersonInfractions({ registry: t.ctx.registry, log }, { discordId: thai.discord.id })).rejects.toMatchObject({
      code: 'bureau.infractions_failed',
      message: INFRACTIONS_FAILED,
    });
    expect(logged.sort()).toEqual(['Failed to fetch Discord infractions', 'Failed to fetch Roblox infractions']);

    const response = await t.request({ url: `/bureau/api/records/${thai.discord.id}/infractions`, cookie: await t.signInAs('staff') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: INFRACTIONS_FAILED, code: 'bureau.infractions_failed' });
  });
});

describe('infractionDateOf', () => {
  it('reads epoch milliseconds, small ids as seconds, and no date for an id out of range', () => {
    expect(infractionDateOf(1_705_000_000_000)).toBe('2024-01-11T19:06:40.000Z');
    expect(infractionDateOf(1_705_000_000)).toBe('2024-01-11T19:06:40.000Z');
    expect(infractionDateOf(Number.MAX_SAFE_INTEGER)).toBeNull();
  });
});
