import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import type { RecruitmentTables } from './recruitment-tables';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, withRecruitmentPeople } from './recruitment-fixtures';

// Decision 0058 (amended): staff could still save feedback on an application its applicant had
// withdrawn, and the applicant was sent it by a DM. The refusal is made under the application's row
// lock, inside the write's transaction, so a withdrawal that commits while the save waits is seen too.

const API = '/recruitment/api';
const WITHDRAWN_FEEDBACK = {
  code: 'recruitment.withdrawn_feedback',
  error: 'The applicant withdrew this application, so its feedback can no longer be changed.',
};

async function setUp(dialect: (typeof DIALECTS)[number]) {
  const t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
  const form = await t.setUpForm();
  expect((await t.apply('applicant', form)).statusCode).toBe(200);
  const id = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!.id;
  return { t, id };
}

const feedbackRows = (t: TestApp, id: number) =>
  toolDb<RecruitmentTables>(t.database)
    .selectFrom('recruitment_applications')
    .select(['feedback', 'withdrawn_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const dmsTo = async (t: TestApp) =>
  Number(
    (
      await toolDb<RecruitmentTables>(t.database)
        .selectFrom('recruitment_notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('feedback on a withdrawn application on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let id: number;
  beforeEach(async () => {
    ({ t, id } = await setUp(dialect));
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('is refused with a 409 naming the withdrawal; nothing is written nor sent; the stored text sent again passes', async () => {
    expect((await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Before.', expectedFeedback: null })).statusCode).toBe(
      200,
    );
    const dmsBefore = await dmsTo(t);
    expect((await t.post(`${API}/application/withdraw`, 'applicant')).statusCode).toBe(200);

    const refused = await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Too late.', expectedFeedback: 'Before.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(WITHDRAWN_FEEDBACK);
    // Clearing it is a change too.
    expect((await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: null })).json()).toEqual(WITHDRAWN_FEEDBACK);
    expect(await feedbackRows(t, id)).toMatchObject({ feedback: 'Before.' });
    expect(await dmsTo(t)).toBe(dmsBefore);
    // A card sending back the text it shows is not a change (000 §7 sends feedback with every call).
    const same = await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Before.', expectedFeedback: 'Before.' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ feedback: 'Before.' });
  });

  it('a bulk move with feedback lists the withdrawn one as failed with the same sentence', async () => {
    expect((await t.post(`${API}/application/withdraw`, 'applicant')).statusCode).toBe(200);
    const { stageId } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ stageId: number }>)[0]!;
    const bulk = await t.post(`${API}/applications/bulk-update`, 'admin', { ids: [id], stageId, feedback: 'For all.' });
    expect(bulk.json()).toEqual({ updated: [], failed: [{ id, ...WITHDRAWN_FEEDBACK }] });
  });
});

describe('a feedback save crossing a withdrawal on postgres', () => {
  let t: TestApp & RecruitmentPeople;
  let id: number;
  beforeEach(async () => {
    ({ t, id } = await setUp('postgres'));
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('a save that waits for the application while the withdrawal takes it is refused once the withdrawal commits', async () => {
    const db = toolDb<RecruitmentTables>(t.database);
    // Another writer (an admin's move in flight) holds the application's row; the real withdrawal
    // queues on it first, then the real feedback save: the save reads the row only after the
    // withdrawal has committed. A check made before the save's transaction passed here and wrote.
    const holder = holdTransaction(db, async (trx) => {
      await sql`select id from recruitment_applications where id = ${id} for update`.execute(trx);
      return backendPid(trx);
    });
    const holderPid = await holder.open;
    const withdraw = t.post(`${API}/application/withdraw`, 'applicant');
    await waitUntil(async () => (await blockedBy(db, holderPid)).length === 1);
    const dmsBefore = await dmsTo(t);
    const save = t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Crossing.', expectedFeedback: null });
    // The save waits behind the withdrawal (or the holder): both are in the queue, withdrawal first.
    const [withdrawPid] = await blockedBy(db, holderPid);
    await waitUntil(async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where pid <> ${withdrawPid!} and pg_blocking_pids(pid) && array[${holderPid}, ${withdrawPid!}]::int[]`.execute(db);
      return rows[0]!.waiting === 1;
    });

    holder.release();
    await holder.done;
    expect((await withdraw).statusCode).toBe(200);
    const saved = await save;
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toEqual(WITHDRAWN_FEEDBACK);
    expect(await feedbackRows(t, id)).toMatchObject({ feedback: null, withdrawn_at: expect.anything() });
    expect(await dmsTo(t)).toBe(dmsBefore);
  });
});
