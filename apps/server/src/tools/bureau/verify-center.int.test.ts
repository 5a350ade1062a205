import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryAnswer, VerifyClaimsAnswer, VerifyStatusAnswer } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const staff = demoPerson('staff');

// Issue 14 item 1: the verification center links a member's Roblox account through Roblox's OAuth 2.0
// (authorization code + PKCE, openid profile), against the testkit's fake Roblox OAuth.
describe.each(DIALECTS)('verification center on %s', (dialect) => {
  let t: TestApp;
  let staffCookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    staffCookie = await t.signInAs('staff');
  });
  afterAll(() => t?.close());

  /** A new member signed in with Discord and a Roblox account the fake knows. */
  const member = async () => {
    const discord = makeDiscordUser();
    const roblox = makeRobloxUser();
    t.roblox!.users.set(roblox.id, roblox);
    return { discord, roblox, cookie: await t.signInDiscord(discord) };
  };

  /** The whole dance: our start route, Roblox's authorize (approving as `robloxId`), our callback. */
  const link = async (cookie: string, robloxId: string, tamper?: (url: URL) => void) => {
    const start = await t.request({ url: '/bureau/verify/roblox', cookie });
    expect(start.statusCode, start.body).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.pathname).toBe('/oauth/v1/authorize');
    expect(authorize.searchParams.get('scope')).toBe('openid profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    authorize.searchParams.set('as', robloxId);
    const approved = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    tamper?.(callback);
    const linkCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const done = await t.request({ url: callback.pathname + callback.search, cookie: `${cookie}; ${linkCookie}` });
    expect(done.statusCode, done.body).toBe(302);
    return new URL(done.headers.location as string, 'http://x').searchParams;
  };
  const status = async (cookie: string) => VerifyStatusAnswer.parse((await t.request({ url: '/bureau/api/verify/me', cookie })).json());
  const history = async (discordId: string) =>
    HistoryAnswer.parse((await t.request({ url: `/bureau/api/history?discordId=${discordId}`, cookie: staffCookie })).json()).entries;

  it('links, unlinks and relinks, each written with the member as its author', async () => {
    const m = await member();
    expect(await status(m.cookie)).toMatchObject({ robloxId: null, canLink: true, pendingClaim: null });
    expect((await link(m.cookie, m.roblox.id)).get('outcome')).toBe('linked');
    expect(await t.ctx.registry.findPairByDiscordId(m.discord.id)).toEqual({ discordId: m.discord.id, robloxId: m.roblox.id });
    expect(await status(m.cookie)).toMatchObject({ robloxId: m.roblox.id, robloxUsername: m.roblox.name });
    const checker = await t.request({ url: `/bureau/api/check-status?type=roblox&id=${m.roblox.id}` });
    expect(checker.json()).toMatchObject({ result: 'verified', discord: { id: m.discord.id } });

    const unlinked = await t.request({ method: 'POST', url: '/bureau/api/verify/unlink', cookie: m.cookie });
    expect(unlinked.json()).toEqual({ ok: true, changed: true });
    expect(await t.ctx.registry.findPairByDiscordId(m.discord.id)).toBeNull();
    expect((await link(m.cookie, m.roblox.id)).get('outcome')).toBe('linked');
    const entries = await history(m.discord.id);
    expect(entries.map((e) => [e.action, e.actor.kind, e.actor.id, e.at])).toEqual([
      ['pair.linked', 'member', m.discord.id, t.clock.now()],
      ['pair.unlinked', 'member', m.discord.id, t.clock.now()],
      ['pair.linked', 'member', m.discord.id, t.clock.now()],
    ]);
  });

  it('a second Discord account cannot take a linked Roblox account without staff approval', async () => {
    const first = await member();
    const second = await member();
    await link(first.cookie, first.roblox.id);
    expect((await link(second.cookie, first.roblox.id)).get('outcome')).toBe('claim_pending');
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toBeNull();
    expect((await status(second.cookie)).pendingClaim).toMatchObject({ robloxId: first.roblox.id });

    // Members cannot decide; staff see the claim beside the account it is linked to now.
    const claims = VerifyClaimsAnswer.parse((await t.request({ url: '/bureau/api/verify/claims', cookie: staffCookie })).json()).claims;
    const claim = claims.find((c) => c.discordId === second.discord.id)!;
    expect(claim).toMatchObject({ robloxId: first.roblox.id, linkedDiscordId: first.discord.id, banned: false, claimantBan: null });
    const byMember = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/approve`, cookie: second.cookie });
    expect(byMember.statusCode).toBe(403);
    const approved = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/approve`, cookie: staffCookie });
    expect(approved.json()).toEqual({ id: claim.id, status: 'approved' });
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toEqual({
      discordId: second.discord.id,
      robloxId: first.roblox.id,
    });
    expect(await t.ctx.registry.findPairByDiscordId(first.discord.id)).toBeNull();
    expect((await history(first.discord.id))[0]).toMatchObject({ action: 'pair.unlinked', actor: { kind: 'staff', id: staff.discord.id } });
    const again = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/refuse`, cookie: staffCookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This claim has already been decided.', code: 'bureau.claim_decided' });
  });

  it('an approval naming the holder staff saw is refused once another member has linked the account since (decision 0059)', async () => {
    const first = await member();
    const second = await member();
    const third = await member();
    await link(first.cookie, first.roblox.id);
    expect((await link(second.cookie, first.roblox.id)).get('outcome')).toBe('claim_pending');
    const claims = VerifyClaimsAnswer.parse((await t.request({ url: '/bureau/api/verify/claims', cookie: staffCookie })).json()).claims;
    const claim = claims.find((c) => c.discordId === second.discord.id)!;
    expect(claim.linkedDiscordId).toBe(first.discord.id);
    // Meanwhile the holder unlinks, and a third member links the account, now free.
    await t.request({ method: 'POST', url: '/bureau/api/verify/unlink', cookie: first.cookie });
    expect((await link(third.cookie, first.roblox.id)).get('outcome')).toBe('linked');

    const approve = (payload?: object) =>
      t.request({
        method: 'POST',
        url: `/bureau/api/verify/claims/${claim.id}/approve`,
        cookie: staffCookie,
        ...(payload ? { payload } : {}),
      });
    const stale = await approve({ expectedLinkedDiscordId: first.discord.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'conflict',
      error: `Roblox ${first.roblox.id} is now linked to Discord ${third.discord.id}, not as it was when you read this claim. Look at it again, then decide.`,
    });
    // Nothing written: the third member keeps the account, and the claim waits.
    expect(await t.ctx.registry.findPairByDiscordId(third.discord.id)).toEqual({ discordId: third.discord.id, robloxId: first.roblox.id });
    expect((await status(second.cookie)).pendingClaim).toMatchObject({ robloxId: first.roblox.id });
    expect((await approve({ expectedLinkedDiscordId: 'not-an-id' })).statusCode).toBe(400);
    // Having seen it: approved, the third member's link given to the claimant.
    expect((await approve({ expectedLinkedDiscordId: third.discord.id })).json()).toEqual({ id: claim.id, status: 'approved' });
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toEqual({
      discordId: second.discord.id,
      robloxId: first.roblox.id,
    });
    expect(await t.ctx.registry.findPairByDiscordId(third.discord.id)).toBeNull();
  });

  it('a member whose linked account is banned neither swaps it for a clean one nor unlinks it (the checker then showed them clear)', async () => {
    const m = await member();
    await link(m.cookie, m.roblox.id);
    await t.ctx.registry.setBan({ robloxId: m.roblox.id, isBanned: true, moderator: 'Mod', reason: 'Exploiting', time: 1, username: null });
    const clean = makeRobloxUser();
    t.roblox!.users.set(clean.id, clean);
    expect((await link(m.cookie, clean.id)).get('outcome')).toBe('pair_banned');
    const unlink = await t.request({ method: 'POST', url: '/bureau/api/verify/unlink', cookie: m.cookie });
    expect([unlink.statusCode, unlink.json()]).toEqual([
      409,
      { error: 'Your linked Roblox account is banned, so the link stays as it is. Please ask bureau staff.', code: 'bureau.pair_banned' },
    ]);
    expect(await t.ctx.registry.findPairByDiscordId(m.discord.id)).toEqual({ discordId: m.discord.id, robloxId: m.roblox.id });
    // Linking the same (banned) account again says it is banned, as before.
    expect((await link(m.cookie, m.roblox.id)).get('outcome')).toBe('banned');
  });

  it('a claim on an account banned since is not approved (it moved the banned account to the claimant)', async () => {
    const first = await member();
    const second = await member();
    await link(first.cookie, first.roblox.id);
    expect((await link(second.cookie, first.roblox.id)).get('outcome')).toBe('claim_pending');
    const claim = (await status(second.cookie)).pendingClaim!;
    await t.ctx.registry.setBan({
      robloxId: first.roblox.id,
      isBanned: true,
      moderator: 'Mod',
      reason: 'Exploiting',
      time: 1,
      username: null,
    });
    // Staff see the ban in the list before they try.
    const listed = VerifyClaimsAnswer.parse((await t.request({ url: '/bureau/api/verify/claims', cookie: staffCookie })).json()).claims;
    expect(listed.find((c) => c.id === claim.id)).toMatchObject({ robloxId: first.roblox.id, banned: true });
    const approved = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/approve`, cookie: staffCookie });
    expect([approved.statusCode, approved.json()]).toEqual([
      409,
      {
        error: 'This Roblox account is banned, so it cannot be linked: refuse the claim, or lift the ban first.',
        code: 'bureau.claim_banned',
      },
    ]);
    expect(await t.ctx.registry.findPairByDiscordId(first.discord.id)).toEqual({ discordId: first.discord.id, robloxId: first.roblox.id });
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toBeNull();
    expect((await status(second.cookie)).pendingClaim).toMatchObject({ id: claim.id });
    const refused = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/refuse`, cookie: staffCookie });
    expect(refused.json()).toEqual({ id: claim.id, status: 'refused' });
  });

  // Decision 0031: staff may still approve a claimant whose own account was banned after the claim (it
  // moves them onto the clean claimed account, and the checker then shows them clear); the list says so,
  // with the ban's reason, so they decide knowingly.
  it("shows the claimant's own account banned since the claim, with its reason, and still lets staff approve", async () => {
    const first = await member();
    const second = await member();
    await link(first.cookie, first.roblox.id);
    await link(second.cookie, second.roblox.id);
    expect((await link(second.cookie, first.roblox.id)).get('outcome')).toBe('claim_pending');
    const claim = (await status(second.cookie)).pendingClaim!;
    const reason = 'Exploiting\n\n\nat spawn';
    await t.ctx.registry.setBan({ robloxId: second.roblox.id, isBanned: true, moderator: 'Mod', reason, time: 1, username: null });
    const listed = VerifyClaimsAnswer.parse((await t.request({ url: '/bureau/api/verify/claims', cookie: staffCookie })).json()).claims;
    expect(listed.find((c) => c.id === claim.id)).toMatchObject({
      robloxId: first.roblox.id,
      banned: false,
      claimantBan: { robloxId: second.roblox.id, reason },
    });
    const approved = await t.request({
      method: 'POST',
      url: `/bureau/api/verify/claims/${claim.id}/approve`,
      cookie: staffCookie,
      payload: { expectedLinkedDiscordId: first.discord.id },
    });
    expect(approved.json()).toEqual({ id: claim.id, status: 'approved' });
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toEqual({
      discordId: second.discord.id,
      robloxId: first.roblox.id,
    });
    // The ban stays with the account it was given to.
    expect(await t.ctx.registry.findBan(second.roblox.id)).toMatchObject({ isBanned: true, reason });
  });

  it('a claim left pending ends when the member links another account themselves (approved later, it undid that link)', async () => {
    const first = await member();
    const second = await member();
    await link(first.cookie, first.roblox.id);
    expect((await link(second.cookie, first.roblox.id)).get('outcome')).toBe('claim_pending');
    const claim = (await status(second.cookie)).pendingClaim!;
    expect((await link(second.cookie, second.roblox.id)).get('outcome')).toBe('linked');
    expect((await status(second.cookie)).pendingClaim).toBeNull();
    const approved = await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/approve`, cookie: staffCookie });
    expect(approved.statusCode).toBe(404);
    expect(await t.ctx.registry.findPairByDiscordId(second.discord.id)).toEqual({
      discordId: second.discord.id,
      robloxId: second.roblox.id,
    });
    expect(await t.ctx.registry.findPairByDiscordId(first.discord.id)).toEqual({ discordId: first.discord.id, robloxId: first.roblox.id });
  });

  it('refuses a banned Roblox account, whose reason the page reads from the checker; a cancelled or forged callback writes nothing', async () => {
    const m = await member();
    await t.ctx.registry.setBan({
      robloxId: m.roblox.id,
      isBanned: true,
      moderator: 'Mod',
      reason: 'Ban evasion',
      time: 1,
      username: null,
    });
    const banned = await link(m.cookie, m.roblox.id);
    // The address names the account and no sentence: a crafted one put any words on the page.
    expect([...banned.entries()]).toEqual([
      ['outcome', 'banned'],
      ['roblox', m.roblox.id],
    ]);
    const checker = await t.request({ url: `/bureau/api/check-status?type=roblox&id=${m.roblox.id}` });
    expect(checker.json()).toMatchObject({ result: 'not_verified', ban: { isBanned: true, reason: 'Ban evasion' } });
    const other = await member();
    const forged = await link(other.cookie, other.roblox.id, (url) => url.searchParams.set('state', 'forged'));
    expect([...forged.entries()]).toEqual([
      ['outcome', 'failed'],
      ['failure', 'link_expired'],
    ]);
    const refused = await link(other.cookie, other.roblox.id, (url) => url.searchParams.set('code', 'not-a-code-roblox-gave'));
    expect(Object.fromEntries(refused)).toEqual({ outcome: 'failed', failure: 'code_refused' });
    const cancelled = await link(other.cookie, other.roblox.id, (url) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    expect(cancelled.get('outcome')).toBe('cancelled');
    expect(await t.ctx.registry.findPairByDiscordId(m.discord.id)).toBeNull();
    expect(await t.ctx.registry.findPairByDiscordId(other.discord.id)).toBeNull();
  });

  it('sends a visitor without a Discord sign-in back to the page; the API answers 401; bad ids 400', async () => {
    const start = await t.request({ url: '/bureau/verify/roblox' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/bureau/verify');
    expect((await t.request({ url: '/bureau/api/verify/me' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/bureau/api/verify/unlink' })).statusCode).toBe(401);
    const bad = await t.request({ method: 'POST', url: '/bureau/api/verify/claims/abc/approve', cookie: staffCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input' });
  });
});

// The pending link's cookie is Secure whenever the public address is HTTPS, however PUBLIC_URL spells
// its scheme (it tested the text for 'https://', so `HTTPS://` sent it over plain HTTP too).
describe.each(DIALECTS)('the Roblox link cookie on %s', (dialect) => {
  it('is Secure, HttpOnly and SameSite=Lax with PUBLIC_URL=HTTPS://Guild.Example', async () => {
    const t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', PUBLIC_URL: 'HTTPS://Guild.Example' } });
    try {
      const start = await t.request({ url: '/bureau/verify/roblox', cookie: await t.signInDiscord(makeDiscordUser()) });
      expect(start.statusCode, start.body).toBe(302);
      const flags = String(start.headers['set-cookie'])
        .split(';')
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      expect(flags).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    } finally {
      await t.close();
    }
  });
});
