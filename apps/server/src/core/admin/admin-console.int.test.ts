import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, ApiKeysAnswer, AuditAnswer, GrantsAnswer, describeAuditActor } from '@guildhall/contracts/admin';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { grantCommand } from '@server/cli/grant';
import { createApiKeyCommand } from '@server/cli/create-api-key';
import { revokeApiKeyCommand } from '@server/cli/revoke-api-key';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { lockOwnerRemovals } from './revoke-role';

const silentIo = () => {
  const out: string[] = [];
  return { out, io: { out: (line: string) => out.push(line), err: (line: string) => out.push(line) } };
};

describe.each(DIALECTS)('owner console on %s', (dialect) => {
  let t: TestApp;
  let owner: { id: string; cookie: string };

  beforeEach(async () => {
    t = await buildTestApp({ dialect, discord: false, env: { ENABLED_TOOLS: 'sports' } });
    const user = makeDiscordUser({ username: 'owner.olive' });
    await t.ctx.grants.grant(user.id, 'owner');
    owner = { id: user.id, cookie: await t.signInDiscord(user) };
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  const audit = async (query = '') => {
    const res = await t.request({ method: 'GET', url: `/admin/api/audit${query}`, cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    return AuditAnswer.parse(res.json());
  };

  // Two owners taking the owner role from each other at the same moment: each passed the gate as an
  // owner and both removals committed, leaving nobody who could open the console. The other owner's
  // removal is staged as a held transaction at the point where it has taken the lock and removed
  // this owner's row; this owner's removal then waits for it, and is refused once it commits.
  it.runIf(dialect === 'postgres')('of two owners removing each other at once, the second is refused and one owner remains', async () => {
    const other = makeDiscordUser({ username: 'owner.otto' });
    await t.ctx.grants.grant(other.id, 'owner');
    const remove = (id: string) => t.request({ method: 'DELETE', url: `/admin/api/grants/${id}/owner`, cookie: owner.cookie });
    const othersRemoval = holdTransaction(t.database.db, async (trx) => {
      await lockOwnerRemovals(trx, dialect);
      await trx.deleteFrom('grants').where('discord_id', '=', owner.id).where('role', '=', 'owner').execute();
      return backendPid(trx);
    });
    const pid = await othersRemoval.open;
    const mine = remove(other.id);
    await waitUntil(async () => (await blockedBy(t.database.db, pid)).length > 0);
    othersRemoval.release();
    await othersRemoval.done;
    const refused = await mine;
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({
      code: 'admin.no_longer_owner',
      error: 'Your owner role was taken away a moment ago, so you can no longer take roles away.',
    });
    expect(await t.ctx.grants.has(other.id, 'owner')).toBe(true);
  });

  it('grants and revokes a role, and the audit log says who, what, when and from where', async () => {
    const target = makeDiscordUser().id;
    t.clock.advance(60_000);
    const given = await t.request({
      method: 'POST',
      url: '/admin/api/grants',
      cookie: owner.cookie,
      payload: { discordId: target, role: 'bureau-staff' },
    });
    expect(given.json()).toEqual({ discordId: target, role: 'bureau-staff', changed: true });
    expect(await t.ctx.grants.has(target, 'bureau-staff')).toBe(true);
    // Granting again changes nothing and writes no second line.
    const again = await t.request({
      method: 'POST',
      url: '/admin/api/grants',
      cookie: owner.cookie,
      payload: { discordId: target, role: 'bureau-staff' },
    });
    expect(again.json().changed).toBe(false);

    const list = await t.request({ method: 'GET', url: '/admin/api/grants', cookie: owner.cookie });
    expect(list.json().grants).toEqual(
      expect.arrayContaining([
        { discordId: target, role: 'bureau-staff', grantedAt: t.clock.now() },
        { discordId: owner.id, role: 'owner', grantedAt: expect.any(Number) },
      ]),
    );

    const revoked = await t.request({ method: 'DELETE', url: `/admin/api/grants/${target}/bureau-staff`, cookie: owner.cookie });
    expect(revoked.json()).toEqual({ discordId: target, role: 'bureau-staff', changed: true });
    expect(await t.ctx.grants.has(target, 'bureau-staff')).toBe(false);
    const gone = await t.request({ method: 'DELETE', url: `/admin/api/grants/${target}/bureau-staff`, cookie: owner.cookie });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: `${target} does not have bureau-staff.`, code: 'not_found' });

    const log = await audit('?q=' + target);
    expect(log.total).toBe(2);
    expect(log.entries).toEqual([
      expect.objectContaining({
        action: 'grant.revoked',
        actorKind: 'discord',
        actor: owner.id,
        target,
        detail: 'bureau-staff',
        address: '127.0.0.1',
      }),
      expect.objectContaining({
        action: 'grant.given',
        actorKind: 'discord',
        actor: owner.id,
        target,
        detail: 'bureau-staff',
        at: t.clock.now(),
      }),
    ]);
  });

  it('refuses to take the owner role from oneself, and refuses bad input with a sentence', async () => {
    const self = await t.request({ method: 'DELETE', url: `/admin/api/grants/${owner.id}/owner`, cookie: owner.cookie });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('admin.own_owner_grant');
    expect(await t.ctx.grants.has(owner.id, 'owner')).toBe(true);

    const badRole = await t.request({
      method: 'POST',
      url: '/admin/api/grants',
      cookie: owner.cookie,
      payload: { discordId: '123456789', role: 'root' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ code: 'invalid_input', error: expect.stringContaining('role') });
    const badId = await t.request({
      method: 'POST',
      url: '/admin/api/grants',
      cookie: owner.cookie,
      payload: { discordId: 'abc', role: 'owner' },
    });
    expect(badId.json()).toEqual({ code: 'invalid_input', error: 'discordId: must be a Discord ID: 5 to 25 digits' });
    const badParam = await t.request({ method: 'DELETE', url: '/admin/api/grants/123456789/root', cookie: owner.cookie });
    expect(badParam.statusCode).toBe(400);
    const noName = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name: '  ' } });
    expect(noName.json()).toEqual({ code: 'invalid_input', error: 'name: must not be empty' });
    const badKeyId = await t.request({ method: 'DELETE', url: '/admin/api/keys/NOT-AN-ID', cookie: owner.cookie });
    expect(badKeyId.statusCode).toBe(400);
    const badScope = await t.request({
      method: 'POST',
      url: '/admin/api/keys',
      cookie: owner.cookie,
      payload: { name: 'x', scope: 'root' },
    });
    expect(badScope.json()).toEqual({
      code: 'invalid_input',
      error: 'scope: must be one of bureau-bot, bureau-pairs, bureau-bans, bureau-cases',
    });
    // Issue 14 item 4: a list of scopes, each checked by the contracts; at least one; not beside `scope`.
    for (const [payload, error] of [
      [{ name: 'x', scopes: ['bureau-pairs', 'root'] }, 'scopes.1: must be one of bureau-bot, bureau-pairs, bureau-bans, bureau-cases'],
      [{ name: 'x', scopes: [] }, 'scopes: choose at least one scope'],
      [{ name: 'x', scopes: 'bureau-pairs' }, expect.stringMatching(/^scopes: /)],
      [{ name: 'x', scope: 'bureau-bot', scopes: ['bureau-bans'] }, 'scopes: send scopes or scope, not both'],
    ] as const) {
      const refused = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toEqual({ code: 'invalid_input', error });
    }
    expect((await t.request({ method: 'GET', url: '/admin/api/keys', cookie: owner.cookie })).json().keys).toEqual([]);
    const badPage = await t.request({ method: 'GET', url: '/admin/api/audit?page=0', cookie: owner.cookie });
    expect(badPage.json()).toEqual({ code: 'invalid_input', error: 'page: must be 1 or more' });
    const badAction = await t.request({ method: 'GET', url: '/admin/api/audit?action=nope', cookie: owner.cookie });
    expect(badAction.statusCode).toBe(400);
  });

  // Owner console audit: a key named with U+202E showed reversed in the console and the audit log.
  it('refuses a key name holding a text-direction control, and keeps names written in any script', async () => {
    for (const control of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c']) {
      const name = `Community bot ${control}yek-kcab`;
      const refused = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name } });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json()).toEqual({ code: 'invalid_input', error: 'name: must not contain text-direction control characters' });
    }
    expect((await t.request({ method: 'GET', url: '/admin/api/keys', cookie: owner.cookie })).json().keys).toEqual([]);
    expect((await audit('?action=api_key.created')).total).toBe(0);

    // Right-to-left letters are not controls: only the invisible direction marks are refused.
    for (const name of ['บอทชุมชน 🤖', 'بوت المجتمع']) {
      const created = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().info.name).toBe(name);
    }
  });

  // Owner console audit (decision 0067): a name of zero-width characters passed "must not be empty" and
  // listed as a blank row; a line break or an escape sequence was kept; 98 accents stacked on one letter
  // drew a line down over the rows below it, in the key list and in the audit log.
  it('refuses a key name that shows nothing, holds control characters or stacks marks, and keeps the marks scripts use', async () => {
    for (const [name, error] of [
      ['\u200b', 'name: must not be empty'],
      ['\u00ad\u2060\u3164', 'name: must not be empty'],
      ['\u0301\u0301', 'name: must not be empty'],
      ['line one\nline two', 'name: must not contain control characters, such as a line break, a tab or an escape'],
      ['bot\u001b[31m red', 'name: must not contain control characters, such as a line break, a tab or an escape'],
      ['bot\u0085', 'name: must not contain control characters, such as a line break, a tab or an escape'],
      [`Z${'\u0301'.repeat(98)}`, 'name: must not stack more than 4 marks on one letter'],
      [`bot ${'\u0336\u0337\u0338'.repeat(2)}`, 'name: must not stack more than 4 marks on one letter'],
    ] as const) {
      const refused = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name } });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json(), JSON.stringify(name)).toEqual({ code: 'invalid_input', error });
    }
    expect((await t.request({ method: 'GET', url: '/admin/api/keys', cookie: owner.cookie })).json().keys).toEqual([]);
    expect((await audit('?action=api_key.created')).total).toBe(0);

    // Thai vowels and tone marks, Tibetan stacks, decomposed Vietnamese and emoji sequences are kept.
    for (const name of ['ที่นี่ บอท', 'བསྒྲུབས་', 'Vie\u0323\u0302t bot', '👩‍💻 bot 🏳️‍🌈', 'a\u0301\u0302\u0303\u0304']) {
      const created = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().info.name).toBe(name);
    }
  });

  // Owner console audit: a snowflake never starts with 0, so such a grant could never match a sign-in.
  it('refuses to grant a role to a Discord ID starting with 0, and still revokes one already stored', async () => {
    const zeroed = '0867684895948800001';
    const refused = await t.request({
      method: 'POST',
      url: '/admin/api/grants',
      cookie: owner.cookie,
      payload: { discordId: zeroed, role: 'bureau-staff' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'invalid_input', error: 'discordId: must be a Discord ID: it never starts with 0' });
    expect(await t.ctx.grants.has(zeroed, 'bureau-staff')).toBe(false);
    expect((await audit('?action=grant.given')).total).toBe(0);

    // One stored before this rule (or by the CLI) can still be taken away from the console.
    await t.ctx.grants.grant(zeroed, 'bureau-staff');
    const revoked = await t.request({ method: 'DELETE', url: `/admin/api/grants/${zeroed}/bureau-staff`, cookie: owner.cookie });
    expect(revoked.json()).toEqual({ discordId: zeroed, role: 'bureau-staff', changed: true });
    expect(await t.ctx.grants.has(zeroed, 'bureau-staff')).toBe(false);
  });

  it('creates a bot key shown once, which works until it is revoked', async () => {
    const created = await t.request({ method: 'POST', url: '/admin/api/keys', cookie: owner.cookie, payload: { name: 'Discord bot' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, info } = created.json();
    expect(key).toMatch(/^gh_[a-z0-9]{8}_/);
    expect(info).toMatchObject({ name: 'Discord bot', scope: 'bureau-bot', scopes: ['bureau-bot'], revokedAt: null });
    expect(await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).verify(key, 'bureau-bot')).not.toBeNull();

    const list = await t.request({ method: 'GET', url: '/admin/api/keys', cookie: owner.cookie });
    // The secret is everything after `gh_<id>_`; it may itself hold '_' (base64url), so it is not split out.
    expect(list.body).not.toContain(key.slice(`gh_${info.id}_`.length));
    expect(list.json().scopes).toEqual(['bureau-bot', 'bureau-pairs', 'bureau-bans', 'bureau-cases']);
    expect(list.json().keys).toEqual([expect.objectContaining({ id: info.id, name: 'Discord bot' })]);

    const revoked = await t.request({ method: 'DELETE', url: `/admin/api/keys/${info.id}`, cookie: owner.cookie });
    expect(revoked.json()).toEqual({ id: info.id, revoked: true });
    expect(await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).verify(key, 'bureau-bot')).toBeNull();
    const twice = await t.request({ method: 'DELETE', url: `/admin/api/keys/${info.id}`, cookie: owner.cookie });
    expect(twice.statusCode).toBe(404);
    // Decision 0074: the revoked key leaves the list, and is there when revoked keys are asked for.
    expect((await t.request({ method: 'GET', url: '/admin/api/keys', cookie: owner.cookie })).json()).toMatchObject({ keys: [], total: 0 });
    const withRevoked = await t.request({ method: 'GET', url: '/admin/api/keys?revoked=show', cookie: owner.cookie });
    expect(withRevoked.json().keys).toEqual([expect.objectContaining({ id: info.id, revokedAt: t.clock.now() })]);

    const log = await audit('?q=' + info.id);
    expect(log.entries.map((e) => [e.action, e.target, e.detail])).toEqual([
      ['api_key.revoked', info.id, 'Discord bot'],
      ['api_key.created', info.id, 'Discord bot (bureau-bot)'],
    ]);
  });

  it('records sign-ins and failed school sign-ins from where they happen', async () => {
    const person = demoPerson('member');
    const dev = await t.request({ method: 'POST', url: '/auth/dev', payload: { identity: 'member', returnTo: '/' } });
    expect(dev.statusCode).toBe(302);
    const account = makeSchoolAccount();
    await t.ctx.schoolAccounts.create(account);
    const wrong = await t.request({
      method: 'POST',
      url: '/sports/api/login',
      payload: { student_id: account.studentId, password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.request({
      method: 'POST',
      url: '/sports/api/login',
      payload: { student_id: account.studentId, password: account.password },
    });
    expect(right.statusCode).toBe(200);

    const failed = await audit('?action=sign_in_failed');
    expect(failed.entries).toEqual([
      expect.objectContaining({
        actorKind: 'school',
        actor: account.studentId,
        detail: 'wrong student ID or password',
        address: '127.0.0.1',
      }),
    ]);
    const signIns = await audit('?action=sign_in');
    expect(signIns.entries.map((e) => [e.actorKind, e.actor])).toEqual([
      ['school', account.studentId],
      ['discord', person.discord.id],
    ]);
  });

  it('records the CLI’s changes as the CLI, and the CLI revokes keys too', async () => {
    const target = makeDiscordUser().id;
    const { out, io } = silentIo();
    expect(await grantCommand.run(t.ctx, [target, 'owner'], io)).toBe(0);
    expect(await createApiKeyCommand.run(t.ctx, ['from the shell'], io)).toBe(0);
    const key = out.at(-1)!;
    const id = key.split('_')[1]!;
    expect(await revokeApiKeyCommand.run(t.ctx, [id], io)).toBe(0);
    expect(out.at(-1)).toBe(`Revoked API key ${id}; it stops working now.`);
    expect(await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).verify(key, 'bureau-bot')).toBeNull();
    await expect(revokeApiKeyCommand.run(t.ctx, [id], io)).rejects.toMatchObject({
      message: `revoke-api-key: there is no live API key ${id}`,
      exitCode: 1,
    });
    await expect(revokeApiKeyCommand.run(t.ctx, ['GH'], io)).rejects.toMatchObject({ exitCode: 2 });
    const log = await audit('?q=cli');
    expect(log.entries.map((e) => [e.action, e.actorKind, e.address])).toEqual([
      ['api_key.revoked', 'cli', null],
      ['api_key.created', 'cli', null],
      ['grant.given', 'cli', null],
    ]);
    expect(log.entries[2]!.target).toBe(target);
    // The search finds the words the console's What and Who columns show, not only the stored codes.
    const inWords = async (q: string) => (await audit(`?q=${encodeURIComponent(q)}`)).entries.map((e) => e.action);
    expect(await inWords('Command line')).toEqual(['api_key.revoked', 'api_key.created', 'grant.given']);
    expect(await inWords('key REVOKED')).toEqual(['api_key.revoked']);
    expect(await inWords('Role granted')).toEqual(expect.arrayContaining(['grant.given']));
    const everything = (await audit('')).entries;
    for (const kind of new Set(everything.map((e) => e.actorKind))) {
      const entry = everything.find((e) => e.actorKind === kind)!;
      const words = describeAuditActor(entry.actorKind, entry.actor);
      expect(
        (await audit(`?q=${encodeURIComponent(words)}`)).entries.map((e) => e.id),
        words,
      ).toContain(entry.id);
    }
    // Issue 14 item 4: several scopes, comma-separated; an unknown one is named.
    expect(await createApiKeyCommand.run(t.ctx, ['ban bot', 'bureau-bans, bureau-cases'], io)).toBe(0);
    expect(out.at(-2)).toMatch(/^Created API key [a-z0-9]{8} "ban bot" \(bureau-bans, bureau-cases\)\./);
    const store = apiKeyStoreFor(t.ctx.database.db, t.ctx.now);
    expect(await store.verify(out.at(-1)!, 'bureau-cases')).not.toBeNull();
    expect(await store.verify(out.at(-1)!, 'bureau-pairs')).toBeNull();
    await expect(createApiKeyCommand.run(t.ctx, ['x', 'bureau-bans,root'], io)).rejects.toMatchObject({
      message: 'create-api-key: unknown scope "root"; known: bureau-bot, bureau-pairs, bureau-bans, bureau-cases',
      exitCode: 2,
    });
  });

  // Decision 0074: the roles and keys lists were read whole, and every key ever revoked stayed listed.
  const read = async (url: string) => {
    const res = await t.request({ method: 'GET', url, cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('pages the roles by role, then Discord ID, each role on exactly one page', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `86768489594880${String(1000 + i)}`);
    // Granted out of order: the list's order is the roles' and IDs', not the grants'.
    for (const [i, id] of [...ids].reverse().entries()) await t.ctx.grants.grant(id, i % 2 ? 'bureau-staff' : 'recruitment-admin');
    const expected = [
      ...ids.filter((_, i) => (ids.length - 1 - i) % 2 === 1).map((id) => `bureau-staff ${id}`),
      `owner ${owner.id}`,
      ...ids.filter((_, i) => (ids.length - 1 - i) % 2 === 0).map((id) => `recruitment-admin ${id}`),
    ];
    const page = async (query: string) => GrantsAnswer.parse(await read(`/admin/api/grants${query}`));
    const first = await page('?pageSize=5');
    expect({ ...first, grants: first.grants.length }).toEqual({ grants: 5, page: 1, pageSize: 5, total: 13 });
    const pages = [first, await page('?pageSize=5&page=2'), await page('?page=3&pageSize=5')];
    expect(pages.flatMap((p) => p.grants.map((g) => `${g.role} ${g.discordId}`))).toEqual(expected);
    // Past the last page: nothing, and the total still says how many there are.
    expect(await page('?page=4&pageSize=5')).toEqual({ grants: [], page: 4, pageSize: 5, total: 13 });
    // Without paging: the first ADMIN_PAGE_SIZE.
    expect(await page('')).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: 13 });
  });

  it('lists live keys newest first, a page at a time, and revoked keys only when asked', async () => {
    const { io, out } = silentIo();
    const made: string[] = [];
    for (let i = 1; i <= 6; i++) {
      // Two keys in each millisecond: their ids settle the order, the same on every read.
      if (i % 2) t.clock.advance(1000);
      await createApiKeyCommand.run(t.ctx, [`Key ${i}`], io);
      made.push(out.at(-1)!.split('_')[1]!);
    }
    for (const id of [made[1]!, made[4]!]) await revokeApiKeyCommand.run(t.ctx, [id], io);
    const page = async (query: string) => ApiKeysAnswer.parse(await read(`/admin/api/keys${query}`));
    const names = (answer: ApiKeysAnswer) => answer.keys.map((k) => k.name);

    const live = [await page('?pageSize=3'), await page('?pageSize=3&page=2')];
    expect(live.map(({ page, pageSize, total, keys }) => ({ page, pageSize, total, keys: keys.length }))).toEqual([
      { page: 1, pageSize: 3, total: 4, keys: 3 },
      { page: 2, pageSize: 3, total: 4, keys: 1 },
    ]);
    expect(live.flatMap(names).sort()).toEqual(['Key 1', 'Key 3', 'Key 4', 'Key 6']);
    // Newest first: Key 6 was made last (beside the revoked Key 5), Key 1 first (beside the revoked Key 2).
    expect([names(live[0]!)[0], names(live[1]!)[0]]).toEqual(['Key 6', 'Key 1']);

    const all = await page('?revoked=show&pageSize=100');
    expect(all.total).toBe(6);
    expect(
      all.keys
        .filter((k) => k.revokedAt !== null)
        .map((k) => k.id)
        .sort(),
    ).toEqual([made[1], made[4]].sort());
    const byTime = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
      b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
    expect(all.keys).toEqual([...all.keys].sort(byTime));
    // Two pages of 4 are the list of 6 in the same order, each key once.
    const paged = [await page('?revoked=show&pageSize=4'), await page('?revoked=show&pageSize=4&page=2')].flatMap((p) => p.keys);
    expect(paged.map((k) => k.id)).toEqual(all.keys.map((k) => k.id));
    expect(await page('?revoked=hide')).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: 4 });
  });

  it('refuses bad paging of every list with a sentence', async () => {
    for (const list of ['grants', 'keys', 'audit'])
      for (const [query, error] of [
        ['page=0', 'page: must be 1 or more'],
        ['page=two', 'page: must be a whole number'],
        ['page=1.5', 'page: must be a whole number'],
        ['page=100001', 'page: must be at most 100000'],
        ['pageSize=0', 'pageSize: must be 1 or more'],
        ['pageSize=101', 'pageSize: must be at most 100'],
        ['pageSize=', 'pageSize: must be 1 or more'],
      ]) {
        const refused = await t.request({ method: 'GET', url: `/admin/api/${list}?${query}`, cookie: owner.cookie });
        expect(refused.statusCode, `${list}?${query}`).toBe(400);
        expect(refused.json(), `${list}?${query}`).toEqual({ code: 'invalid_input', error });
      }
    const badFilter = await t.request({ method: 'GET', url: '/admin/api/keys?revoked=yes', cookie: owner.cookie });
    expect(badFilter.json()).toEqual({ code: 'invalid_input', error: 'revoked: must be hide or show' });
    // The largest page size is answered.
    expect((await read('/admin/api/grants?pageSize=100')).pageSize).toBe(100);
  });

  it('searches case-insensitively, takes % literally, and pages newest first', async () => {
    const { io } = silentIo();
    for (let i = 1; i <= ADMIN_PAGE_SIZE + 3; i++) {
      t.clock.advance(1000);
      await createApiKeyCommand.run(t.ctx, [`Key ${i}`], io);
    }
    await createApiKeyCommand.run(t.ctx, ['Ωmega Živý Bot'], io);
    await createApiKeyCommand.run(t.ctx, ['100% Bot'], io);
    const first = await audit('?action=api_key.created');
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 5);
    expect(first.entries).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.entries[0]!.detail).toBe('100% Bot (bureau-bot)');
    const second = await audit('?action=api_key.created&page=2');
    expect(second.entries.map((e) => e.detail)).toEqual([
      'Key 5 (bureau-bot)',
      'Key 4 (bureau-bot)',
      'Key 3 (bureau-bot)',
      'Key 2 (bureau-bot)',
      'Key 1 (bureau-bot)',
    ]);
    expect((await audit('?q=KEY%2012')).entries.map((e) => e.detail)).toEqual(['Key 12 (bureau-bot)']);
    expect((await audit('?q=0%25')).entries.map((e) => e.detail)).toEqual(['100% Bot (bureau-bot)']);
    // Beyond A-Z too, on SQLite as on PostgreSQL (SQLite's own lower() left "Ω" and "Ž" as they were).
    for (const q of ['Ωmega Živý', 'ωMEGA žIVÝ'])
      expect(
        (await audit(`?q=${encodeURIComponent(q)}`)).entries.map((e) => e.detail),
        q,
      ).toEqual(['Ωmega Živý Bot (bureau-bot)']);
    expect((await audit('?q=nobody-matches-this')).total).toBe(0);
  });
});

// Issue 14 item 4: the console makes a key holding the scopes chosen, and the bot API lets it make
// exactly the calls those scopes allow (403 naming the scope otherwise).
describe.each(DIALECTS)('scoped bot keys from the owner console on %s', (dialect) => {
  let t: TestApp;
  let ownerCookie: string;

  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_BOT_PER_MINUTE: '1000' } });
    const user = makeDiscordUser({ username: 'owner.otto' });
    await t.ctx.grants.grant(user.id, 'owner');
    ownerCookie = await t.signInDiscord(user);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('creates a key with the scopes ticked, which can make only the calls they allow', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/admin/api/keys',
      cookie: ownerCookie,
      payload: { name: 'Verify and mod bot', scopes: ['bureau-cases', 'bureau-pairs', 'bureau-cases'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, info } = created.json();
    // Each once, in the contracts' order.
    expect(info).toMatchObject({ scope: 'bureau-pairs bureau-cases', scopes: ['bureau-pairs', 'bureau-cases'] });
    const listed = await t.request({ method: 'GET', url: '/admin/api/keys', cookie: ownerCookie });
    expect(listed.json().keys).toEqual([expect.objectContaining({ id: info.id, scopes: ['bureau-pairs', 'bureau-cases'] })]);

    const discordId = makeDiscordUser().id;
    const robloxId = makeRobloxUser().id;
    const table = [
      { scope: 'bureau-pairs', method: 'PUT', url: `/bureau/api/bot/v1/pairs/${discordId}`, payload: { robloxId }, allowed: 200 },
      { scope: 'bureau-bans', method: 'PUT', url: `/bureau/api/bot/v1/bans/${robloxId}`, payload: { Reason: 'x' }, allowed: null },
      {
        scope: 'bureau-cases',
        method: 'POST',
        url: '/bureau/api/bot/v1/cases',
        payload: { platform: 'Roblox', subjectId: robloxId, type: 'warn', reason: 'Spam' },
        allowed: 201,
      },
      { scope: 'bureau-bans', method: 'DELETE', url: `/bureau/api/bot/v1/bans/${robloxId}`, payload: undefined, allowed: null },
      { scope: 'bureau-pairs', method: 'DELETE', url: `/bureau/api/bot/v1/pairs/${discordId}`, payload: undefined, allowed: 200 },
    ] as const;
    for (const call of table) {
      const response = await t.request({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: { authorization: `Bearer ${key}` },
      });
      if (call.allowed) expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(call.allowed);
      else {
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json()).toEqual({ error: `This API key does not hold the scope ${call.scope}.`, code: 'forbidden' });
      }
    }
    // The refused ban was never written.
    expect(await t.ctx.registry.findBan(robloxId)).toBeNull();
  });
});
