import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { refuseNewJobs } from '@server/test-support/refuse-inserts';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  countRows,
  startWebhookReceiver,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';

// Decision 0043: the applicant's DM, the webhook's message and the daily digest are jobs a change
// implies, stored in the change's transaction (as 0041's reminders). The database refuses new jobs
// here: a change that queued after its commit would answer 500 (or 200) and keep the change untold.
describe.each(DIALECTS)('recruitment messages commit with their change on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    t = await withRecruitmentPeople(
      await buildTestApp({ dialect, roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_WEBHOOK_URL: receiver.url } }),
    );
    form = await t.setUpForm();
  });
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('when no job can be stored, submitting, moving (one or in bulk), deciding, withdrawing and starting the digest change nothing', async () => {
    // A standing application (its webhook job also creates pg-boss's tables on PostgreSQL).
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    const { id } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!;
    const draft = { jobSelection: String(form.roleId), answers: { [form.textId]: 'Half an answ' } };
    expect((await t.post(`${API}/application/draft`, 'other', draft)).json()).toEqual({ success: true });
    const { finalUrl } = (await t.upload('other', SAMPLE_PDF, 'cv.pdf')).json();
    await t.ctx.jobs.settle();
    await refuseNewJobs(t);
    const before = await countRows(t);
    const applicationsBefore = (await t.get(`${API}/applications`, 'admin')).json();
    const settingsBefore = (await t.get(`${API}/settings`, 'admin')).json();

    const refused = {
      submit: await t.post(`${API}/submit`, 'other', {
        jobSelection: form.roleId,
        answers: { [form.textId]: 'I love trains.', [form.choiceId]: '5 to 10', [form.fileId]: finalUrl },
      }),
      move: await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] }),
      feedback: await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Almost there' }),
      decide: await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[3] }),
      withdraw: await t.post(`${API}/application/withdraw`, 'applicant'),
      digest: await t.post(`${API}/settings/update`, 'admin', { key: 'stageWaitDays', value: '3' }),
    };
    for (const [write, response] of Object.entries(refused))
      expect({ write, status: response.statusCode, code: response.json<{ code?: string }>().code }).toEqual({
        write,
        status: 500,
        code: 'internal',
      });

    // A bulk move lists the applications it could not move, as it lists those a rule refuses.
    const bulk = await t.post(`${API}/applications/bulk-update`, 'admin', { ids: [id], stageId: form.stageIds[1] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({
      updated: [],
      failed: [{ id, code: 'internal', error: 'Something went wrong on our side. Please try again.' }],
    });

    expect(await countRows(t)).toEqual(before);
    expect((await t.get(`${API}/applications`, 'admin')).json()).toEqual(applicationsBefore);
    expect((await t.get(`${API}/settings`, 'admin')).json()).toEqual(settingsBefore);
    // The other applicant's draft is still theirs to finish.
    expect((await t.get(`${API}/application/draft`, 'other')).json()).toMatchObject({ draft: { jobSelection: String(form.roleId) } });
  });
});

// Without a bot there is no DM to store first: the decision's webhook message alone fails the decision.
describe.each(DIALECTS)('a recruitment decision commits with its webhook message on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('when the message cannot be stored, the decision is not made', async () => {
    receiver = await startWebhookReceiver();
    t = await withRecruitmentPeople(
      await buildTestApp({
        dialect,
        roblox: false,
        discord: { botToken: false },
        env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_WEBHOOK_URL: receiver.url },
      }),
    );
    const form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    const { id } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!;
    // A move that decides nothing sends no message, and is made.
    expect((await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] })).statusCode).toBe(200);
    await t.ctx.jobs.settle();
    await refuseNewJobs(t);
    const before = await countRows(t);

    const decided = await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[3] });
    expect({ status: decided.statusCode, code: decided.json<{ code?: string }>().code }).toEqual({ status: 500, code: 'internal' });
    expect(await countRows(t)).toEqual(before);
    const [application] = (await t.get(`${API}/applications`, 'admin')).json() as Array<{ status: string; stageId: number }>;
    expect(application).toMatchObject({ status: 'Pending', stageId: form.stageIds[1] });
  });
});

// A double click (or two admins) moving one application to one stage at once: one change, told once.
describe.each(DIALECTS)('recruitment writes racing on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  afterEach(async () => {
    await t?.close();
  });

  it('five identical moves at once write one audit line and one DM', async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    const form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    const { id } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!;
    const moves = await Promise.all(
      Array.from({ length: 5 }, () => t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] })),
    );
    expect(moves.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const after = await countRows(t);
    expect({ audit: after.recruitment_audit, notifications: after.recruitment_notifications }).toEqual({ audit: 1, notifications: 1 });
  });

  it('a review resent at once audits one first vote; roles and questions created at once get places of their own', async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    const form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    const { id } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!;
    const five = (send: () => Promise<{ statusCode: number }>) => Promise.all(Array.from({ length: 5 }, send));
    const reviews = await five(() => t.post(`${API}/applications/${id}/review`, 'admin', { vote: 'yes', scores: {} }));
    expect(reviews.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const created = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => t.post(`${API}/roles/create`, 'admin', { name: `Racing role ${i}` })),
      ...Array.from({ length: 6 }, (_, i) => t.post(`${API}/questions/create`, 'admin', { text: `Racing question ${i}`, type: 'text' })),
    ]);
    expect(created.map((r) => r.statusCode)).toEqual(Array(12).fill(200));

    const db = t.ctx.database.db.withTables<Record<string, Record<string, unknown>>>();
    const firstVotes = await db.selectFrom('recruitment_audit').select('from_value').where('kind', '=', 'review').orderBy('id').execute();
    // One first vote; the same vote resent is no new line in the trail.
    expect(firstVotes.map((a) => a.from_value)).toEqual([null]);
    for (const table of ['recruitment_roles', 'recruitment_questions']) {
      const places = (await db.selectFrom(table).select('ordering').orderBy('ordering').execute()).map((r) => Number(r.ordering));
      expect({ table, places }).toEqual({ table, places: places.map((_, i) => i) });
    }
  });
});
