import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeRobloxUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeBureauDeps } from './bureau-deps';

// Decision 0060 (decisions 0030, 0031): a case that writes, clears or lifts 001 §3's
// RobloxData/{robloxId}/Ban does the work of /bans, so a key needs bureau-bans for it as well as
// bureau-cases. A key holding bureau-cases alone banned and unbanned any Roblox account.
describe.each(DIALECTS)('bot case calls that touch a Roblox ban on %s', (dialect) => {
  let t: TestApp;
  let cases: string;
  let casesAndBans: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_BOT_PER_MINUTE: '1000' } });
    const store = apiKeyStoreFor(t.ctx.database.db, t.ctx.now);
    cases = (await store.create('Mod bot', 'bureau-cases')).key;
    casesAndBans = (await store.create('Ban and mod bot', ['bureau-cases', 'bureau-bans'])).key;
  });
  afterAll(() => t?.close());

  const call = (key: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.request({ method, url: `/bureau/api/bot/v1${url}`, payload, headers: { authorization: `Bearer ${key}` } });
  const forbidden = { error: 'This API key does not hold the scope bureau-bans.', code: 'forbidden' };

  it('refuses a bureau-cases key a Roblox ban or unban case (403 naming bureau-bans) and writes nothing', async () => {
    const robloxId = makeRobloxUser().id;
    const ban = await call(cases, 'POST', '/cases', { platform: 'Roblox', subjectId: robloxId, type: 'ban', Reason: 'Exploiting' });
    expect([ban.statusCode, ban.json()]).toEqual([403, forbidden]);
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();
    expect(await t.ctx.registry.listInfractions('Roblox', robloxId)).toEqual([]);

    await t.ctx.registry.setBan({ robloxId, isBanned: true, moderator: 'Mod', reason: 'Exploiting', time: 1, username: null });
    const unban = await call(cases, 'POST', '/cases', { platform: 'Roblox', subjectId: robloxId, type: 'unban' });
    expect([unban.statusCode, unban.json()]).toEqual([403, forbidden]);
    expect(await t.ctx.registry.findBan(robloxId)).toMatchObject({ isBanned: true });
  });

  it('refuses a bureau-cases key amending a case into a ban, or amending or ending a ban case', async () => {
    const robloxId = makeRobloxUser().id;
    const warn = await call(cases, 'POST', '/cases', { platform: 'Roblox', subjectId: robloxId, type: 'warn' });
    expect(warn.statusCode, warn.body).toBe(201);
    const intoBan = await call(cases, 'PATCH', `/cases/${warn.json().case.number}`, { type: 'ban' });
    expect([intoBan.statusCode, intoBan.json()]).toEqual([403, forbidden]);
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();

    const banned = await call(casesAndBans, 'POST', '/cases', {
      platform: 'Roblox',
      subjectId: robloxId,
      type: 'ban',
      Reason: 'Exploiting',
    });
    expect(banned.statusCode, banned.body).toBe(201);
    const number = banned.json().case.number as number;
    for (const [method, url, payload] of [
      ['PATCH', `/cases/${number}`, { Reason: 'Nothing' }],
      ['PATCH', `/cases/${number}`, { type: 'warn' }],
      ['POST', `/cases/${number}/expire`, undefined],
    ] as const) {
      const response = await call(cases, method, url, payload);
      expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([403, forbidden]);
    }
    expect(await t.ctx.registry.findBan(robloxId)).toMatchObject({ isBanned: true, reason: 'Exploiting' });
  });

  it('still lets a bureau-cases key do what touches no ban, and a key with both scopes ban, amend and lift', async () => {
    const robloxId = makeRobloxUser().id;
    const warn = await call(cases, 'POST', '/cases', { platform: 'Roblox', subjectId: robloxId, type: 'warn' });
    expect(warn.statusCode, warn.body).toBe(201);
    const number = warn.json().case.number as number;
    expect((await call(cases, 'PATCH', `/cases/${number}`, { Reason: 'Spam', type: 'mute' })).statusCode).toBe(200);
    expect((await call(cases, 'POST', `/cases/${number}/expire`)).statusCode).toBe(200);
    expect((await call(cases, 'POST', '/cases', { platform: 'Discord', subjectId: '123456789012345678', type: 'ban' })).statusCode).toBe(
      201,
    );

    const banned = await call(casesAndBans, 'POST', '/cases', { platform: 'Roblox', subjectId: robloxId, type: 'ban', Reason: 'A' });
    expect(banned.statusCode, banned.body).toBe(201);
    const ban = banned.json().case.number as number;
    expect((await call(casesAndBans, 'PATCH', `/cases/${ban}`, { Reason: 'B' })).statusCode).toBe(200);
    expect(await t.ctx.registry.findBan(robloxId)).toMatchObject({ isBanned: true, reason: 'B' });
    expect((await call(casesAndBans, 'POST', `/cases/${ban}/expire`)).statusCode).toBe(200);
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();
    // A case number that names no case is still a 404 for either key.
    expect((await call(cases, 'POST', '/cases/999999/expire')).statusCode).toBe(404);
  });
});

// The check was made on the case as read before the write: a staff amendment that made a warning a
// ban and committed while the bot's amendment waited for the case let a bureau-cases key rewrite the
// ban's text. The check is now made on the case as the write holds it.
describe('a bot amending a case that staff are making a ban on postgres', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('waits for the staff amendment, then refuses a bureau-cases key (403) and writes nothing', async () => {
    t = await buildTestApp({ dialect: 'postgres', env: { ENABLED_TOOLS: 'bureau' } });
    const key = (await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Mod bot', 'bureau-cases')).key;
    const robloxId = makeRobloxUser().id;
    const opened = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/v1/cases',
      payload: { platform: 'Roblox', subjectId: robloxId, type: 'warn', Reason: 'Spam' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const number = opened.json().case.number as number;
    // The staff amendment into a ban as it stands before its commit: the case row written and held.
    const staff = holdTransaction(makeBureauDeps(t.ctx).db, async (trx) => {
      await trx.updateTable('bureau_cases').set({ type: 'ban' }).where('id', '=', number).execute();
      return { pid: await backendPid(trx) };
    });
    const { pid } = await staff.open;
    const amended = t.request({
      method: 'PATCH',
      url: `/bureau/api/bot/v1/cases/${number}`,
      payload: { Reason: 'Rewritten by the bot' },
      headers: { authorization: `Bearer ${key}` },
    });
    await waitUntil(async () => (await blockedBy(t!.ctx.database.db, pid)).length > 0);
    staff.release();
    await staff.done;

    const answer = await amended;
    expect([answer.statusCode, answer.json()]).toEqual([
      403,
      { error: 'This API key does not hold the scope bureau-bans.', code: 'forbidden' },
    ]);
    expect(await t.ctx.registry.listInfractions('Roblox', robloxId)).toEqual([expect.objectContaining({ reason: 'Spam' })]);
  });
});
