import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeSport } from '@guildhall/testkit/sports-demo';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeSportsDeps } from './sports-deps';
import type { SportsTables } from './sports-tables';
import { upsertSports } from './upsert-sports';

// Decision 0063: register-for-sport read the switch (002 §3 Settings) before its transaction, so a
// registration past that check still committed after a lead's "close" had. PostgreSQL only: on SQLite
// the registration's transaction holds the one write lock from its first statement, so no close
// commits between its check and its commit.
describe('closing registration while a student registers, on postgres', () => {
  let t: TestApp;
  let lead = '';
  const students: Array<{ token: string; accountId: number }> = [];
  let sportId = 0;

  const db = () => toolDb<SportsTables>(t.database);
  const register = (i: number) =>
    t.request({ method: 'POST', url: '/sports/api/register-sport', token: students[i]!.token, payload: { sport_id: sportId } });
  const setOpen = (isRegistrationOpen: boolean) =>
    t.request({ method: 'POST', url: '/sports/api/admin/settings/registration-status', token: lead, payload: { isRegistrationOpen } });
  const registrations = () => db().selectFrom('sport_registrations').select(['account_id', 'status']).execute();

  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'postgres', discord: false, roblox: false, env: { ENABLED_TOOLS: 'sports' } });
    const leadAccount = makeSchoolAccount({ role: 'sports_lead' });
    await t.ctx.schoolAccounts.create(leadAccount);
    lead = (await t.signInSchool(leadAccount.studentId)).token;
    for (let i = 0; i < 2; i++) {
      const a = makeSchoolAccount();
      await t.ctx.schoolAccounts.create(a);
      const { token, account } = await t.signInSchool(a.studentId);
      students.push({ token, accountId: account.id });
    }
    await upsertSports(makeSportsDeps(t.ctx), [makeSport({ name: 'Rowing', total_spots: 5, eligibility_level: 'open' })]);
    sportId = (await db().selectFrom('sports').select('id').executeTakeFirstOrThrow()).id;
  });
  beforeEach(async () => {
    await db().deleteFrom('sport_registrations').execute();
    expect((await setOpen(true)).statusCode).toBe(200);
  });
  afterEach(releaseHeld);
  afterAll(() => t?.close());

  it('a registration still waiting when "close" commits is refused as closed, and writes nothing', async () => {
    // Another change to the sport holds its row (as sport-team.ts's lockSport does), so the
    // registration waits inside its transaction.
    const holder = holdTransaction(db(), async (trx) => {
      await trx
        .updateTable('sports')
        .set((eb) => ({ total_spots: eb.ref('total_spots') }))
        .where('id', '=', sportId)
        .execute();
      return backendPid(trx);
    });
    const holderPid = await holder.open;
    const registering = register(0);
    await waitUntil(async () => (await blockedBy(db(), holderPid)).length === 1);
    expect((await setOpen(false)).statusCode).toBe(200);
    holder.release();
    await holder.done;
    const answer = await registering;
    expect({ status: answer.statusCode, code: answer.json<{ code: string }>().code }).toEqual({
      status: 403,
      code: 'sports.registration_closed',
    });
    expect(await registrations()).toEqual([]);
  });

  it('"close" waits for a registration that read "open", and nothing registers after it commits', async () => {
    // A row in the student's place in the one-active index (uncommitted) stops the registration at its
    // insert, past its check; the row is taken away before the holder commits.
    const holder = holdTransaction(db(), async (trx) => {
      const { id } = await trx
        .insertInto('sport_registrations')
        .values({ sport_id: sportId, account_id: students[0]!.accountId, status: 'pending_selection', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { trx, id, pid: await backendPid(trx) };
    });
    const held = await holder.open;
    const registering = register(0);
    let registerPid = 0;
    await waitUntil(async () => {
      [registerPid = 0] = await blockedBy(db(), held.pid);
      return registerPid !== 0;
    });
    const closing = setOpen(false);
    // The lock manager's own answer: the close waits on the registration's transaction.
    await waitUntil(async () => (await blockedBy(db(), registerPid)).length === 1);
    await held.trx.deleteFrom('sport_registrations').where('id', '=', held.id).execute();
    holder.release();
    await holder.done;
    expect((await registering).statusCode).toBe(200);
    expect((await closing).statusCode).toBe(200);
    expect((await register(1)).json<{ code: string }>().code).toBe('sports.registration_closed');
    expect(await registrations()).toEqual([{ account_id: students[0]!.accountId, status: 'pending_selection' }]);
  });
});
