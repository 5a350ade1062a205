import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeBureauDeps } from './bureau-deps';
import { inOneTransaction } from './in-one-transaction';
import { decideVerifyClaim } from './verify-claims';

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

// Staff approving a claim while a member's own link of that account is still uncommitted: the approval
// read no holder, passed decision 0059's check (staff saw none) and linked the claimant, then the link
// committed too, and the account was paired with both. The approval now waits for the link's turn on
// the account, then sees the new holder.
describe('a claim approved beside a member linking the same account on postgres', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('waits for the link, then is refused as naming the wrong holder; the account keeps one pair', async () => {
    t = await buildTestApp({ dialect: 'postgres', env: { ENABLED_TOOLS: 'bureau' } });
    const deps = { ...makeBureauDeps(t.ctx), registry: t.ctx.registry, jobs: t.ctx.jobs };
    const [claimant, member, robloxId] = ['300000000000000001', '300000000000000009', '4000001'];
    const claim = await deps.db
      .insertInto('bureau_verify_claims')
      .values({ discord_id: claimant, roblox_id: robloxId, status: 'pending', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The member's link (link-roblox-account.ts) as it stands before its commit: its turn on the
    // account taken, the account found free, its pair written.
    const link = holdTransaction(deps.db, async (trx) => {
      await inOneTransaction({ ...deps, db: trx as unknown as typeof deps.db }, async () => undefined, `roblox:${robloxId}`);
      await trx.insertInto('registry_pairs').values({ discord_id: member, roblox_id: robloxId, updated_at: 1 }).execute();
      return backendPid(trx);
    });
    const pid = await link.open;
    const decision = decideVerifyClaim(
      deps,
      Number(claim.id),
      true,
      { kind: 'staff', id: 'staff', name: 'Staff' },
      {
        expectedLinkedDiscordId: null,
      },
    );
    await waitUntil(async () => (await blockedBy(deps.db, pid)).length > 0);
    link.release();
    await link.done;
    await expect(decision).rejects.toMatchObject({ code: 'conflict' });
    const pairs = await deps.db.selectFrom('registry_pairs').select('discord_id').where('roblox_id', '=', robloxId).execute();
    expect(pairs).toEqual([{ discord_id: member }]);
  });
  it('refuses a decision on a claim its member has just moved to another account, naming neither', async () => {
    t = await buildTestApp({ dialect: 'postgres', env: { ENABLED_TOOLS: 'bureau' } });
    const deps = { ...makeBureauDeps(t.ctx), registry: t.ctx.registry, jobs: t.ctx.jobs };
    const claim = await deps.db
      .insertInto('bureau_verify_claims')
      .values({ discord_id: '300000000000000001', roblox_id: '4000001', status: 'pending', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The member's new claim (link-roblox-account.ts moves their pending claim) as it stands before its commit.
    const reclaim = holdTransaction(deps.db, async (trx) => {
      await trx.updateTable('bureau_verify_claims').set({ roblox_id: '4000002' }).where('id', '=', claim.id).execute();
      return backendPid(trx);
    });
    const pid = await reclaim.open;
    const decision = decideVerifyClaim(deps, Number(claim.id), true, { kind: 'staff', id: 'staff', name: 'Staff' });
    await waitUntil(async () => (await blockedBy(deps.db, pid)).length > 0);
    reclaim.release();
    await reclaim.done;
    await expect(decision).rejects.toMatchObject({ code: 'conflict' });
    expect(await deps.db.selectFrom('registry_pairs').selectAll().execute()).toEqual([]);
    const after = await deps.db.selectFrom('bureau_verify_claims').select(['status', 'roblox_id']).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'pending', roblox_id: '4000002' });
  });
});
