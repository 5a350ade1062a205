import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// Issue 14 item 1: a Roblox account linked to one Discord account goes to a second only by a claim staff
// approve. Two members proving the same free account at the same moment both found it free and both
// linked it (PostgreSQL), so it was paired twice and no claim reached staff.
describe.each(DIALECTS)('two members linking one Roblox account at once on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
  });
  afterAll(() => t?.close());

  /** Our start route and Roblox's authorize; the answer sends the callback (the last step) when called. */
  const readyToLink = async (robloxId: string) => {
    const discord = makeDiscordUser();
    const cookie = await t.signInDiscord(discord);
    const start = await t.request({ url: '/bureau/verify/roblox', cookie });
    expect(start.statusCode, start.body).toBe(302);
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set('as', robloxId);
    const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const linkCookie = String(start.headers['set-cookie']).split(';')[0]!;
    return {
      discordId: discord.id,
      finish: async () => {
        const done = await t.request({ url: callback.pathname + callback.search, cookie: `${cookie}; ${linkCookie}` });
        return new URL(done.headers.location as string, 'http://x').searchParams.get('outcome');
      },
    };
  };

  it('links it to one of them and makes the other a claim for staff', async () => {
    for (let round = 0; round < 4; round++) {
      const roblox = makeRobloxUser();
      t.roblox!.users.set(roblox.id, roblox);
      const members = [await readyToLink(roblox.id), await readyToLink(roblox.id)];
      const outcomes = await Promise.all(members.map((m) => m.finish()));
      expect(outcomes.sort(), `round ${round}`).toEqual(['claim_pending', 'linked']);
      const pairs = await Promise.all(members.map((m) => t.ctx.registry.findPairByDiscordId(m.discordId)));
      expect(
        pairs.filter((p) => p?.robloxId === roblox.id),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });
});
