import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoBans, demoPerson, demoUnpairedBan } from '@guildhall/testkit';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { checkVerificationStatus } from './check-verification-status';

const staff = demoPerson('staff');
const banned = demoPerson('banned');
const unverified = demoPerson('unverified');

// 001 §2 and §4 Status checker, on the real registry and the fake Discord and Roblox APIs.
describe.each(DIALECTS)('checkVerificationStatus on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    for (const person of [staff, banned]) await t.ctx.registry.upsertPair(person.discord.id, person.roblox!.id);
    for (const ban of demoBans) await t.ctx.registry.setBan(ban);
  });
  afterEach(async () => {
    await t?.close();
  });

  const verifiedStaff = {
    result: 'verified',
    discord: { id: staff.discord.id, username: 'registrar.rose' },
    roblox: { id: '1200001', username: 'RoseRegistrar' },
    ban: null,
  };

  it('finds a verified pair by Discord id and by Roblox id', async () => {
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual(verifiedStaff);
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '1200001' })).toEqual(verifiedStaff);
  });

  it('shows the ban of a verified, banned account (RobloxData/{id}/Ban)', async () => {
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: banned.roblox!.id })).toEqual({
      result: 'verified',
      discord: { id: banned.discord.id, username: 'derail.dan' },
      roblox: { id: '1200005', username: 'DerailDan' },
      ban: { isBanned: true, moderator: 'ModeratorMike', reason: 'Derailing trains on purpose', time: 1_722_470_400 },
    });
  });

  it('a ban with no pair is "not verified"; the Roblox name falls back to the ban record', async () => {
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: demoUnpairedBan.robloxId })).toEqual({
      result: 'not_verified',
      roblox: { id: '1200099', username: 'EvasiveEve' },
      ban: { isBanned: true, moderator: null, reason: 'Ban evasion', time: 1_719_792_000 },
    });
  });

  it('answers not found for an unknown Discord id, an unknown Roblox id, and a Discord id with no pair', async () => {
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: '123456789012345678' })).toEqual({ result: 'not_found' });
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '424242' })).toEqual({ result: 'not_found' });
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: unverified.discord.id })).toEqual({ result: 'not_found' });
  });

  it('001 §8: a failing ban lookup is silent and counts as not banned', async () => {
    // A real failure of the ban read: its table is gone.
    await sql`drop table registry_bans`.execute(t.database.db);
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: banned.roblox!.id })).toMatchObject({
      result: 'verified',
      ban: null,
    });
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: demoUnpairedBan.robloxId })).toEqual({ result: 'not_found' });
  });

  it('names stay empty (the page shows Unknown, 001 §3) when the APIs are down', async () => {
    t.discord!.faults.fail(/./, 503, 10);
    t.roblox!.faults.fail(/./, 503, 10);
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual({
      ...verifiedStaff,
      discord: { id: staff.discord.id, username: null },
      roblox: { id: '1200001', username: null },
    });
  });

  it('without a Discord bot token, Discord names come from the lookup cache only', async () => {
    const noToken = await buildTestApp({ dialect, discord: { botToken: false }, env: { ENABLED_TOOLS: 'bureau' } });
    try {
      await noToken.ctx.registry.upsertPair(staff.discord.id, staff.roblox!.id);
      expect(await checkVerificationStatus(noToken.ctx, { type: 'discord', id: staff.discord.id })).toMatchObject({
        discord: { username: null },
      });
      await noToken.ctx.lookup.remember('discord', staff.discord.id, staff.discord);
      expect(await checkVerificationStatus(noToken.ctx, { type: 'discord', id: staff.discord.id })).toMatchObject({
        discord: { username: 'registrar.rose' },
      });
      expect(noToken.discord!.calls).toEqual([]);
    } finally {
      await noToken.close();
    }
  });

  it('decisions/0003: names come from the cached profiles read with the pair; only a missing or stale one calls the API', async () => {
    const callsFor = () => [...t.discord!.calls, ...t.roblox!.calls].filter((c) => c.includes(staff.discord.id) || c.includes('1200001'));
    // Nothing cached yet: both APIs answer, and their answers are cached.
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual(verifiedStaff);
    expect(callsFor()).toHaveLength(2);
    // Fresh: answered from the joined cache rows, no call.
    t.clock.advance(t.config.LOOKUP_CACHE_SECONDS * 1000 - 1);
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '1200001' })).toEqual(verifiedStaff);
    expect(callsFor()).toHaveLength(2);
    // Stale and the APIs down: the older answers are still used.
    t.clock.advance(1);
    t.discord!.faults.fail(/./, 503, 1);
    t.roblox!.faults.fail(/./, 503, 1);
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual(verifiedStaff);
    expect(callsFor()).toHaveLength(4);
    // Stale and the APIs back: live answers again.
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual(verifiedStaff);
    expect(callsFor()).toHaveLength(6);
  });

  it('decision 0036: fresh cached names are read at once; only a stale one takes the lookup (the public hot path)', async () => {
    await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id });
    await checkVerificationStatus(t.ctx, { type: 'roblox', id: demoUnpairedBan.robloxId });
    const discordUser = vi.spyOn(t.ctx.lookup, 'discordUser');
    const robloxUser = vi.spyOn(t.ctx.lookup, 'robloxUser');
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '1200001' })).toEqual(verifiedStaff);
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: demoUnpairedBan.robloxId })).toMatchObject({
      result: 'not_verified',
    });
    expect([discordUser.mock.calls, robloxUser.mock.calls]).toEqual([[], []]);
    t.clock.advance(t.config.LOOKUP_CACHE_SECONDS * 1000);
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id })).toEqual(verifiedStaff);
    expect([discordUser.mock.calls.length, robloxUser.mock.calls.length]).toEqual([1, 1]);
  });

  it('a cached name is used for a not-verified Roblox id (ban only), and a changed ban shows at once', async () => {
    await t.ctx.lookup.remember('roblox', demoUnpairedBan.robloxId, {
      id: Number(demoUnpairedBan.robloxId),
      name: 'CachedEve',
      displayName: null,
      created: null,
      isBanned: true,
    });
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: demoUnpairedBan.robloxId })).toMatchObject({
      result: 'not_verified',
      roblox: { id: '1200099', username: 'CachedEve' },
    });
    await t.ctx.registry.setBan({ ...demoBans.find((b) => b.robloxId === banned.roblox!.id)!, reason: 'Changed reason' });
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: banned.discord.id })).toMatchObject({
      ban: { reason: 'Changed reason' },
    });
  });

  it('001 §5: when several pairs hold one Roblox id, the oldest answers', async () => {
    t.clock.advance(1000);
    await t.ctx.registry.upsertPair('100000000000000001', '7770001');
    t.clock.advance(1000);
    await t.ctx.registry.upsertPair('100000000000000000', '7770001');
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '7770001' })).toMatchObject({
      result: 'verified',
      discord: { id: '100000000000000001' },
    });
    // A Roblox id compares as a string: a leading zero is another id.
    expect(await checkVerificationStatus(t.ctx, { type: 'roblox', id: '07770001' })).toEqual({ result: 'not_found' });
  });

  // Decision 0040: on PostgreSQL the lookups of one turn go as one statement over their ids; each must
  // still get its own answer, whatever else was asked beside it (repeats, unknown ids, the other type).
  it('answers lookups made together each on its own, in one statement per type on PostgreSQL', async () => {
    const queries = [
      { type: 'discord', id: staff.discord.id },
      { type: 'roblox', id: '1200001' },
      { type: 'roblox', id: banned.roblox!.id },
      { type: 'roblox', id: demoUnpairedBan.robloxId },
      { type: 'discord', id: '123456789012345678' },
      { type: 'roblox', id: '424242' },
      { type: 'discord', id: unverified.discord.id },
      { type: 'discord', id: staff.discord.id },
      { type: 'roblox', id: '01200001' },
    ] as const;
    const oneByOne = [];
    for (const query of queries) oneByOne.push(await checkVerificationStatus(t.ctx, query));
    expect(oneByOne[0]).toEqual(verifiedStaff);
    expect(oneByOne.filter((answer) => answer.result === 'not_found')).toHaveLength(4);

    const pool = t.ctx.database.pgPool;
    const statements = pool ? vi.spyOn(pool, 'query') : null;
    const together = await Promise.all(queries.map((query) => checkVerificationStatus(t.ctx, query)));
    expect(together).toEqual(oneByOne);
    if (statements) {
      const names = statements.mock.calls.map(([config]) => (config as { name?: string }).name);
      expect(names.sort()).toEqual(['guildhall-checker-batch-discord', 'guildhall-checker-batch-roblox']);
    }
  });

  it('serves the same answers over GET /bureau/api/check-status, trimming the id (001 §5)', async () => {
    const res = await t.request({ url: `/bureau/api/check-status?type=roblox&id=${encodeURIComponent(' 1200001 ')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(verifiedStaff);
    const missing = await t.request({ url: '/bureau/api/check-status?type=discord&id=123456789012345678' });
    expect(missing.json()).toEqual({ result: 'not_found' });
  });
});

// Decision 0036: on a SQLite file the checker reads through its own read-only connection, so a write
// transaction in progress (Kysely's one connection is taken until it ends) neither holds it up nor
// shows it rows that are not committed yet.
describe('checkVerificationStatus on a SQLite file', () => {
  let t: TestApp;
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-checker-'));
    database = await createTestDatabase('sqlite', { sqliteFile: path.join(dir, 'guildhall.sqlite') });
    t = await buildTestApp({ database, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.registry.upsertPair(staff.discord.id, staff.roblox!.id);
    // Fresh cached names, so the answers below need no API call (whose answer would be cached by a write).
    await checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id });
  });
  afterEach(async () => {
    await t?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers during a write transaction, from what is committed, and sees the write once committed', async () => {
    const newcomer = '100000000000000042';
    const timedOut = Symbol('timed out');
    const during = await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('registry_pairs').values({ discord_id: newcomer, roblox_id: '4242', updated_at: 1 }).execute();
      const answers = Promise.all([
        checkVerificationStatus(t.ctx, { type: 'discord', id: staff.discord.id }),
        checkVerificationStatus(t.ctx, { type: 'discord', id: newcomer }),
      ]);
      return Promise.race([answers, new Promise<typeof timedOut>((resolve) => setTimeout(() => resolve(timedOut), 2_000))]);
    });
    expect(during).not.toBe(timedOut);
    expect(during).toMatchObject([{ result: 'verified', discord: { id: staff.discord.id } }, { result: 'not_found' }]);
    expect(await checkVerificationStatus(t.ctx, { type: 'discord', id: newcomer })).toMatchObject({
      result: 'verified',
      roblox: { id: '4242' },
    });
  });
});
