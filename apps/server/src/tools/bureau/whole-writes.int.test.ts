import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CaseAnswer, type HistoryActor } from '@guildhall/contracts/bureau';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { apiKeyStoreFor } from '@server/core/auth/api-keys';
import { DIALECTS } from '@server/core/db/test-databases';
import { REGISTRY_TOPIC, type RegistryChange } from '@server/core/registry/registry-repository';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { refuseInserts } from '@server/test-support/refuse-inserts';
import { findCaseRow } from './bureau-cases';
import { makeBureauDeps } from './bureau-deps';
import { inOneTransaction } from './in-one-transaction';
import { CASE_EXPIRY_JOB, liftExpiredBan } from './lift-expired-ban';

const staff = demoPerson('staff');
const HOUR = 3_600_000;
const ACTOR: HistoryActor = { kind: 'system', id: 'test', name: 'Test' };

// Decision 0042: a bureau write keeps its registry rows, its case, its job and its history together or
// not at all. The database refuses the history here, the last row every write adds: a write that is
// not one transaction keeps what it wrote before it (an infraction without its history, a case marked
// lifted with its ban still standing, a claim approved with its link lost).
describe.each(DIALECTS)('bureau writes kept whole on %s', (dialect) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('when the history cannot be written, no write keeps anything, and no live view hears of it', async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const { key } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Bot', 'bureau-bot');
    const bot = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.request({ method, url: `/bureau/api/bot/v1${url}`, payload, headers: { authorization: `Bearer ${key}` } });
    const { db } = makeBureauDeps(t.ctx);

    // What stands before: a pair, and a temporary ban case on its Roblox account with a note.
    const pair = { discordId: makeDiscordUser().id, robloxId: makeRobloxUser().id };
    expect((await bot('PUT', `/pairs/${pair.discordId}`, { robloxId: pair.robloxId })).statusCode).toBe(200);
    const opened = await bot('POST', '/cases', {
      platform: 'Roblox',
      subjectId: pair.robloxId,
      type: 'ban',
      reason: 'Exploiting',
      expiresAt: t.clock.now() + HOUR,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id: infractionId, case: openedCase } = CaseAnswer.parse(opened.json());
    expect((await bot('POST', `/cases/${openedCase.number}/notes`, { body: 'Seen again' })).statusCode).toBe(201);
    // Someone else's claim on another pair's Roblox account (not banned: a banned one is not linked), waiting for staff.
    const claimed = { discordId: makeDiscordUser().id, robloxId: makeRobloxUser().id };
    expect((await bot('PUT', `/pairs/${claimed.discordId}`, { robloxId: claimed.robloxId })).statusCode).toBe(200);
    const claimant = makeDiscordUser().id;
    const claim = await db
      .insertInto('bureau_verify_claims')
      .values({ discord_id: claimant, roblox_id: claimed.robloxId, status: 'pending', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const everything = async () => ({
      pairs: await db.selectFrom('registry_pairs').selectAll().orderBy('discord_id').execute(),
      bans: await db.selectFrom('registry_bans').selectAll().orderBy('roblox_id').execute(),
      infractions: await db.selectFrom('registry_infractions').selectAll().orderBy('id').execute(),
      cases: await db.selectFrom('bureau_cases').selectAll().orderBy('id').execute(),
      notes: await db.selectFrom('bureau_case_notes').selectAll().orderBy('id').execute(),
      claims: await db.selectFrom('bureau_verify_claims').selectAll().orderBy('id').execute(),
      history: (await sql<{ n: number }>`select count(*) as n from bureau_history`.execute(db)).rows.map((r) => Number(r.n)),
      // The temporary ban's lift, and no other (a job queued outside a rolled-back write would stay).
      jobs: (await t.ctx.jobs.stats()).byName,
    });
    const heard: RegistryChange[] = [];
    t.ctx.events.subscribe(REGISTRY_TOPIC, (event) => heard.push(event.payload as RegistryChange));
    // On PostgreSQL the writes above are still being heard (NOTIFY arrives later, in order): wait for a
    // marker sent after them, then listen afresh.
    const marker: RegistryChange = { kind: 'imported', pairs: 1, bans: 1, infractions: 1 };
    await t.ctx.registry.publish(marker);
    await expect.poll(() => heard.some((change) => JSON.stringify(change) === JSON.stringify(marker))).toBe(true);
    heard.length = 0;
    const before = await everything();
    // pair.linked, case.opened, ban.set, case.note_added, pair.linked
    expect(before.history).toEqual([5]);
    expect(before.jobs[CASE_EXPIRY_JOB]).toMatchObject({ queued: 1 });
    await refuseInserts(t, 'bureau_history');

    const other = makeRobloxUser().id;
    const number = openedCase.number;
    const refused = {
      openCase: await bot('POST', '/cases', {
        platform: 'Roblox',
        subjectId: other,
        type: 'ban',
        reason: 'Alt',
        expiresAt: t.clock.now() + HOUR,
      }),
      openUnban: await bot('POST', '/cases', { platform: 'Roblox', subjectId: pair.robloxId, type: 'unban', reason: 'Appeal' }),
      amendCase: await bot('PATCH', `/cases/${number}`, { reason: 'Exploiting again', expiresAt: t.clock.now() + 2 * HOUR }),
      expireCase: await bot('POST', `/cases/${number}/expire`),
      addNote: await bot('POST', `/cases/${number}/notes`, { body: 'And again' }),
      addInfraction: await bot('POST', '/infractions', { platform: 'Roblox', subjectId: other, Moderator: 'Bot', Reason: 'Spam' }),
      removeInfraction: await bot('DELETE', `/infractions/Roblox/${pair.robloxId}/${infractionId}`),
      setBan: await bot('PUT', `/bans/${other}`, { Moderator: 'Bot', Reason: 'Alt' }),
      clearBan: await bot('DELETE', `/bans/${pair.robloxId}`),
      relinkPair: await bot('PUT', `/pairs/${pair.discordId}`, { robloxId: other }),
      unlinkPair: await bot('DELETE', `/pairs/${pair.discordId}`),
      approveClaim: await t.request({ method: 'POST', url: `/bureau/api/verify/claims/${claim.id}/approve`, cookie }),
    };
    for (const [write, response] of Object.entries(refused)) {
      expect({ write, status: response.statusCode, code: response.json<{ code?: string }>().code }).toEqual({
        write,
        status: 500,
        code: 'internal',
      });
    }
    // The lift a case's expiry job makes (its route above fails sooner, at the expiry's own history).
    const row = (await findCaseRow({ db }, number))!;
    const deps = { ...makeBureauDeps(t.ctx), registry: t.ctx.registry, jobs: t.ctx.jobs };
    await expect(liftExpiredBan(deps, { ...row, expires_at: t.clock.now() - 1 }, ACTOR)).rejects.toThrow();

    expect(await everything()).toEqual(before);
    // The bus carries what it is given in order: once this change is heard, any earlier one would have been.
    await t.ctx.registry.publish({ kind: 'imported', pairs: 0, bans: 0, infractions: 0 });
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard).toEqual([{ kind: 'imported', pairs: 0, bans: 0, infractions: 0 }]);
  });
});

// Decision 0042: a change that committed stands even when the bus cannot carry it. On the in-process
// bus a listener that throws reaches the publisher, as a refused NOTIFY does on PostgreSQL's (whose
// listeners run apart from publish, so this is the bus where it can be shown).
describe('a bureau write kept but not published', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers as kept and publishes the rest of its changes', async () => {
    t = await buildTestApp({ dialect: 'sqlite', env: { ENABLED_TOOLS: 'bureau' } });
    const { key } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Bot', 'bureau-bot');
    const heard: RegistryChange[] = [];
    t.ctx.events.subscribe(REGISTRY_TOPIC, (event) => {
      const change = event.payload as RegistryChange;
      if (change.kind === 'infraction.added') throw new Error('a live view that fails');
      heard.push(change);
    });
    const subjectId = makeRobloxUser().id;
    const opened = await t.request({
      method: 'POST',
      url: '/bureau/api/bot/v1/cases',
      payload: { platform: 'Roblox', subjectId, type: 'ban', reason: 'Exploiting' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await t.ctx.registry.listInfractions('Roblox', subjectId)).toHaveLength(1);
    expect(heard).toEqual([{ kind: 'ban.set', robloxId: subjectId }]);
  });
});

// Issue 10 item 9's rule for the bureau's transactions: racing writes each get an answer, none a 500,
// and nothing is written twice. The test clock stands still, so racing cases all want one id.
describe.each(DIALECTS)('bureau writes racing on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
  });
  afterAll(() => t?.close());

  it('cases opened at once get numbers and ids of their own; a case amended or expired at once changes once', async () => {
    const { key } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Bot', 'bureau-bot');
    const bot = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      t.request({ method, url: `/bureau/api/bot/v1${url}`, payload, headers: { authorization: `Bearer ${key}` } });
    const subjectId = makeRobloxUser().id;
    const opened = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bot('POST', '/cases', { platform: 'Roblox', subjectId, type: 'ban', reason: `Race ${i}`, expiresAt: t.clock.now() + HOUR }),
      ),
    );
    expect(opened.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const cases = opened.map((r) => CaseAnswer.parse(r.json()));
    expect(new Set(cases.map((c) => c.case.number)).size).toBe(8);
    expect(cases.map((c) => c.id).sort()).toEqual(Array.from({ length: 8 }, (_, i) => t.clock.now() + i));
    expect(await t.ctx.registry.listInfractions('Roblox', subjectId)).toHaveLength(8);

    const last = Math.max(...cases.map((c) => c.case.number));
    const amended = await Promise.all(Array.from({ length: 5 }, () => bot('PATCH', `/cases/${last}`, { reason: 'Race, amended' })));
    expect(amended.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const expired = await Promise.all(Array.from({ length: 5 }, () => bot('POST', `/cases/${last}/expire`)));
    expect(expired.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await t.ctx.registry.findBan(subjectId)).toBeNull();
    const { db } = makeBureauDeps(t.ctx);
    const history = await db.selectFrom('bureau_history').select('action').where('roblox_id', '=', subjectId).execute();
    const count = (action: string) => history.filter((h) => h.action === action).length;
    expect({
      opened: count('case.opened'),
      amended: count('case.amended'),
      expired: count('case.expired'),
      lifted: count('ban.lifted'),
    }).toEqual({ opened: 8, amended: 1, expired: 1, lifted: 1 });
  });

  it("a bot's first link, ban and infraction resent at once are each new once, then unchanged", async () => {
    const { key } = await apiKeyStoreFor(t.ctx.database.db, t.ctx.now).create('Racing bot', 'bureau-bot');
    const bot = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.request({ method, url: `/bureau/api/bot/v1${url}`, payload, headers: { authorization: `Bearer ${key}` } });
    const five = <R>(send: () => Promise<R>) => Promise.all(Array.from({ length: 5 }, send));
    const discordId = makeDiscordUser().id;
    const robloxId = makeRobloxUser().id;
    const links = await five(() => bot('PUT', `/pairs/${discordId}`, { robloxId }));
    const bans = await five(() => bot('PUT', `/bans/${robloxId}`, { Moderator: 'Bot', Reason: 'Alt', Time: 1_700_000_000 }));
    const infractions = await five(() =>
      bot('POST', '/infractions', { platform: 'Roblox', subjectId: robloxId, id: 1234, Reason: 'Spam' }),
    );
    expect([...links, ...bans, ...infractions].map((r) => r.statusCode)).toEqual([...Array(10).fill(200), ...Array(5).fill(201)]);
    expect(links.filter((r) => r.json<{ changed: boolean }>().changed)).toHaveLength(1);
    // Decision 0030: the same ban resent changes nothing after the first, and records nothing.
    expect(bans.filter((r) => r.json<{ changed: boolean }>().changed)).toHaveLength(1);
    const history = await makeBureauDeps(t.ctx)
      .db.selectFrom('bureau_history')
      .select('action')
      .where((eb) => eb.or([eb('discord_id', '=', discordId), eb('roblox_id', '=', robloxId)]))
      .execute();
    const count = (action: string) => history.filter((h) => h.action === action).length;
    // Decision 0030 (add-infraction.ts): the same infraction resent, same id and text, changes nothing
    // after the first and records nothing (it recorded four `infraction.replaced` of nothing).
    expect({
      linked: count('pair.linked'),
      set: count('ban.set'),
      updated: count('ban.updated'),
      added: count('infraction.added'),
      replaced: count('infraction.replaced'),
    }).toEqual({ linked: 1, set: 1, updated: 0, added: 1, replaced: 0 });
  });
});

// A bot's ban write takes the ban, then its cases; staff expiring or amending a case take the case, then
// its ban or infraction. Crossing, PostgreSQL ended one of the two as a deadlock and it answered a 500.
describe.each(DIALECTS)('bureau writes that cross on %s', (dialect) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it.runIf(dialect === 'postgres')(
    'the write PostgreSQL ends as a deadlock’s victim runs again whole, after the other commits',
    async () => {
      t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
      const deps = { ...makeBureauDeps(t.ctx), registry: t.ctx.registry, jobs: t.ctx.jobs };
      const runs = { first: 0, second: 0 };
      let firstHolds = () => {};
      let secondHolds = () => {};
      const firstHeld = new Promise<void>((resolve) => (firstHolds = resolve));
      const secondHeld = new Promise<void>((resolve) => (secondHolds = resolve));
      const take = (tx: typeof deps, record: number) => sql`select pg_advisory_xact_lock(${record})`.execute(tx.db);
      // Each takes one record, waits until the other holds its own, then asks for the other's.
      const first = inOneTransaction(deps, async (tx) => {
        runs.first += 1;
        await take(tx, 9_100_001);
        firstHolds();
        await secondHeld;
        await take(tx, 9_100_002);
        return 'first';
      });
      const second = inOneTransaction(deps, async (tx) => {
        runs.second += 1;
        await take(tx, 9_100_002);
        secondHolds();
        await firstHeld;
        await take(tx, 9_100_001);
        return 'second';
      });
      expect(await Promise.all([first, second])).toEqual(['first', 'second']);
      // One of them was ended and ran again.
      expect(runs.first + runs.second).toBe(3);
    },
  );
});
