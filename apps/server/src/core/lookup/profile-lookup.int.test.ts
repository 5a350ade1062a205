import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, type FakeRoblox, demoPerson, startFakeDiscord, startFakeRoblox } from '@guildhall/testkit';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { createTestClock, type TestClock } from '@server/test-support/build-test-app';
import { ProfileLookup, type ProfileLookupConfig } from './profile-lookup';

const member = demoPerson('member');
const robloxId = member.roblox!.id;
const robloxPath = `GET /v1/users/${robloxId}`;
const CACHE_SECONDS = 60;

describe.each(DIALECTS)('ProfileLookup against the fakes on %s', (dialect) => {
  let discord: FakeDiscord;
  let roblox: FakeRoblox;
  let database: TestDatabase;
  let clock: TestClock;

  beforeAll(async () => {
    discord = await startFakeDiscord({ users: [member.discord] });
    roblox = await startFakeRoblox({ users: [member.roblox!] });
  });
  afterAll(async () => {
    await discord?.close();
    await roblox?.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    clock = createTestClock(1_760_000_000_000);
    discord.calls.length = 0;
    roblox.calls.length = 0;
    discord.faults.clear();
    roblox.faults.clear();
  });
  afterEach(async () => {
    await database?.close();
  });

  const lookupWith = (overrides: Partial<ProfileLookupConfig> = {}) =>
    new ProfileLookup(
      database.db,
      {
        discordBaseUrl: discord.url,
        discordBotToken: discord.botToken,
        robloxBaseUrl: roblox.url,
        cacheSeconds: CACHE_SECONDS,
        timeoutMs: 300,
        ...overrides,
      },
      clock.now,
    );

  const liveRoblox = {
    id: robloxId,
    username: 'SignalSam',
    displayName: 'Sam the Signaller',
    createdAt: '2020-02-29T10:00:00Z',
    isBanned: false,
  };

  it('answers live, then from the cache without calling the API again until the cache ages out', async () => {
    const lookup = lookupWith();
    expect(await lookup.robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'live' });
    clock.advance(CACHE_SECONDS * 1000 - 1);
    expect(await lookup.robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'cache' });
    expect(roblox.calls).toEqual([robloxPath]);
    clock.advance(1);
    expect(await lookup.robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'live' });
    expect(roblox.calls).toEqual([robloxPath, robloxPath]);
  });

  it('falls back to the stale cached answer when the API answers 429 or 500', async () => {
    const lookup = lookupWith();
    await lookup.robloxUser(robloxId);
    for (const status of [429, 500, 503]) {
      clock.advance(CACHE_SECONDS * 1000);
      roblox.faults.fail(/^\/v1\/users\//, status);
      expect(await lookup.robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'stale' });
    }
    expect(roblox.calls).toHaveLength(4);
  });

  it('gives up after the time-out: stale when something was cached, unavailable otherwise', async () => {
    const lookup = lookupWith();
    await lookup.robloxUser(robloxId);
    clock.advance(CACHE_SECONDS * 1000);
    roblox.faults.fail(/^\/v1\/users\//, 200, 2, 1500);
    const started = Date.now();
    expect(await lookup.robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'stale' });
    expect(await lookup.discordUser('123456789012345678')).toMatchObject({ source: 'live' }); // unaffected API
    expect(await lookup.robloxUser('424242')).toEqual({ profile: null, source: 'unavailable' });
    // Two time-outs of 300 ms and a live call; without the time-out the two slow answers alone take 3 s.
    // The room is for a loaded machine's late timers.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('caches a 404 as "no such user", so the API is asked once', async () => {
    const lookup = lookupWith();
    expect(await lookup.robloxUser('999999')).toEqual({ profile: null, source: 'live' });
    expect(await lookup.robloxUser('999999')).toEqual({ profile: null, source: 'cache' });
    expect(await lookup.discordUser('999999999999999999')).toEqual({ profile: null, source: 'live' });
    expect(await lookup.discordUser('999999999999999999')).toEqual({ profile: null, source: 'cache' });
    expect(roblox.calls).toEqual(['GET /v1/users/999999']);
    expect(discord.calls).toEqual(['GET /api/v10/users/999999999999999999']);
  });

  it('reads a fresh row the caller holds at once (decision 0036); a stale, unreadable or missing one is left to the lookup', async () => {
    const lookup = lookupWith();
    const row = (data: unknown) => ({ data: JSON.stringify(data), fetched_at: clock.now() });
    const robloxRow = row({ id: Number(robloxId), name: 'SignalSam', displayName: null });
    const discordRow = row({ id: member.discord.id, username: 'signal.sam', global_name: 'Signal Sam' });
    expect(lookup.freshRobloxUser(robloxRow)).toEqual(await lookup.robloxUser(robloxId, robloxRow));
    expect(lookup.freshRobloxUser(robloxRow)).toEqual({
      profile: { id: robloxId, username: 'SignalSam', displayName: null, createdAt: null, isBanned: false },
      source: 'cache',
    });
    expect(lookup.freshDiscordUser(discordRow)).toEqual({
      profile: { id: member.discord.id, username: 'signal.sam', displayName: 'Signal Sam', avatar: null },
      source: 'cache',
    });
    // A cached "no such user" (404) is an answer too.
    expect(lookup.freshRobloxUser(row(null))).toEqual({ profile: null, source: 'cache' });
    expect(lookup.freshRobloxUser(null)).toBeNull();
    expect(lookup.freshRobloxUser(row({ weird: true }))).toBeNull();
    clock.advance(CACHE_SECONDS * 1000);
    expect(lookup.freshRobloxUser(robloxRow)).toBeNull();
    expect(lookup.freshDiscordUser(discordRow)).toBeNull();
    expect(roblox.calls).toEqual([]);
    expect(discord.calls).toEqual([]);
  });

  it('reads Discord users with the bot token', async () => {
    const lookup = lookupWith();
    expect(lookup.hasDiscordCredentials).toBe(true);
    expect(await lookup.discordUser(member.discord.id)).toEqual({
      profile: { id: member.discord.id, username: 'signal.sam', displayName: 'Signal Sam', avatar: null },
      source: 'live',
    });
  });

  it('without a bot token, uses only what the cache holds and never calls Discord', async () => {
    const lookup = lookupWith({ discordBotToken: null });
    expect(lookup.hasDiscordCredentials).toBe(false);
    expect(await lookup.discordUser(member.discord.id)).toEqual({ profile: null, source: 'unavailable' });
    await lookup.remember('discord', member.discord.id, member.discord);
    expect(await lookup.discordUser(member.discord.id)).toMatchObject({ profile: { username: 'signal.sam' }, source: 'cache' });
    clock.advance(CACHE_SECONDS * 1000 * 10);
    expect(await lookup.discordUser(member.discord.id)).toMatchObject({ profile: { username: 'signal.sam' }, source: 'stale' });
    expect(discord.calls).toEqual([]);
  });

  it('a refused bot token or an answer of an unknown shape is an outage, not a cached answer', async () => {
    const refused = lookupWith({ discordBotToken: 'wrong-token' });
    expect(await refused.discordUser(member.discord.id)).toEqual({ profile: null, source: 'unavailable' });
    expect(await database.db.selectFrom('profile_cache').selectAll().execute()).toEqual([]);
    // A cached row of a shape we cannot read is no answer, and a live lookup replaces it.
    await database.db
      .insertInto('profile_cache')
      .values({ platform: 'roblox', id: robloxId, data: '{"weird":true}', fetched_at: clock.now() })
      .execute();
    expect(await lookupWith().robloxUser(robloxId)).toEqual({ profile: liveRoblox, source: 'live' });
  });
});
