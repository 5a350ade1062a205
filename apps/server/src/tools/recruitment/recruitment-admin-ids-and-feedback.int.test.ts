import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  addVerifiedMember,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';
/** One past the largest id PostgreSQL's integer columns hold. */
const TOO_BIG = 2_147_483_648;

/** An audit of the admin side (000 §2 Admin view, §6 admin, §7 admin calls), on both dialects. */
describe.each(DIALECTS)('recruitment admin audit on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  let applicationId: number;
  let secondAdmin: string;

  beforeAll(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    applicationId = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!.id;
    const colleague = await addVerifiedMember(t, { username: 'second.admin' });
    await t.ctx.grants.grant(colleague.id, 'recruitment-admin');
    secondAdmin = await t.signInDiscord(colleague);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an id beyond the id columns with a 4xx and a sentence, never a 500 (PostgreSQL refused it)', async () => {
    const id = applicationId;
    const stageId = form.stageIds[1]!;
    const calls: Array<[string, () => ReturnType<TestApp['request']>]> = [
      ['update: path id', () => t.post(`${API}/applications/${TOO_BIG}/update`, 'admin', { stageId })],
      ['update: stageId', () => t.post(`${API}/applications/${id}/update`, 'admin', { stageId: TOO_BIG })],
      ['update: stageId as text', () => t.post(`${API}/applications/${id}/update`, 'admin', { stageId: String(TOO_BIG) })],
      ['bulk: ids', () => t.post(`${API}/applications/bulk-update`, 'admin', { ids: [TOO_BIG], stageId })],
      ['bulk: stageId', () => t.post(`${API}/applications/bulk-update`, 'admin', { ids: [id], stageId: TOO_BIG })],
      ['note', () => t.post(`${API}/applications/${TOO_BIG}/notes`, 'admin', { body: 'x' })],
      ['review', () => t.post(`${API}/applications/${TOO_BIG}/review`, 'admin', { vote: 'yes' })],
      ['reviews', () => t.get(`${API}/applications/${TOO_BIG}/reviews`, 'admin')],
      ['avatar', () => t.get(`${API}/applications/${TOO_BIG}/avatar`, 'admin')],
      ['criterion: roleId', () => t.post(`${API}/criteria/create`, 'admin', { roleId: TOO_BIG, name: 'Clarity' })],
      ['criterion: delete', () => t.post(`${API}/criteria/${TOO_BIG}/delete`, 'admin')],
      ['stage: update', () => t.post(`${API}/stages/${TOO_BIG}/update`, 'admin', { name: 'A', color: '#000000' })],
      ['stage: delete', () => t.post(`${API}/stages/${TOO_BIG}/delete`, 'admin')],
      ['stage: restore', () => t.post(`${API}/stages/${TOO_BIG}/restore`, 'admin')],
      ['role: delete', () => t.post(`${API}/roles/${TOO_BIG}/delete`, 'admin')],
      ['question: roleIds', () => t.post(`${API}/questions/create`, 'admin', { text: 'Why?', type: 'text', roleIds: [TOO_BIG] })],
      ['reorder', () => t.post(`${API}/stages/reorder`, 'admin', { ids: [TOO_BIG] })],
      ['submit: jobSelection', () => t.post(`${API}/submit`, 'other', { jobSelection: TOO_BIG, answers: {} })],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(res.json(), name).toMatchObject({ code: expect.any(String), error: expect.stringMatching(/\w/) });
    }
    // The largest id that fits is still an id that names nothing.
    expect((await t.post(`${API}/applications/2147483647/update`, 'admin', { stageId })).statusCode).toBe(404);
  });

  it('keeps feedback another admin saved meanwhile when a stale card changes the stage (decision 0058)', async () => {
    const feedbackNow = async () =>
      ((await t.get(`${API}/applications?pageSize=200`, 'admin')).json() as Array<{ id: number; feedback: string | null }>).find(
        (a) => a.id === applicationId,
      )!.feedback;
    const asSecond = (body: object) =>
      t.request({ method: 'POST', url: `${API}/applications/${applicationId}/update`, cookie: secondAdmin, payload: body });
    const [received, interview] = [form.stageIds[0]!, form.stageIds[1]!];
    // Both cards read the application with no feedback. The first admin saves some.
    expect(
      (await t.post(`${API}/applications/${applicationId}/update`, 'admin', { feedback: 'Strong answers.', expectedFeedback: null }))
        .statusCode,
    ).toBe(200);
    // The second admin's card, unchanged since it was read, moves the application: the card sends its
    // (empty) feedback with the move, as 000 §7 has it. The move is made; the feedback stays.
    const moved = await asSecond({ status: 'Pending', feedback: null, stageId: interview, expectedFeedback: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ stageId: interview, feedback: 'Strong answers.' });
    expect(await feedbackNow()).toBe('Strong answers.');
    // Had they typed feedback of their own over a text they never saw, they are told, and nothing changes.
    const clash = await asSecond({ status: 'Pending', feedback: 'Weak answers.', stageId: received, expectedFeedback: null });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'conflict', error: expect.stringMatching(/Another admin changed the feedback/) });
    expect(await feedbackNow()).toBe('Strong answers.');
    // Having read it, they may replace it; and the same text twice is no clash.
    expect((await asSecond({ feedback: 'Weak answers.', expectedFeedback: 'Strong answers.' })).statusCode).toBe(200);
    expect((await asSecond({ feedback: 'Weak answers.', expectedFeedback: 'Strong answers.' })).statusCode).toBe(200);
    expect(await feedbackNow()).toBe('Weak answers.');
    // Without expectedFeedback the call works as 000 §7 has it: the last save wins.
    expect((await t.post(`${API}/applications/${applicationId}/update`, 'admin', { feedback: 'Final.' })).statusCode).toBe(200);
    expect(await feedbackNow()).toBe('Final.');
  });

  it('refuses a move from a view another admin has moved the application past since (decision 0058)', async () => {
    const stageNow = async () =>
      ((await t.get(`${API}/applications?pageSize=200`, 'admin')).json() as Array<{ id: number; stageId: number | null }>).find(
        (a) => a.id === applicationId,
      )!.stageId;
    const move = (cookie: string, body: object) =>
      t.request({ method: 'POST', url: `${API}/applications/${applicationId}/update`, cookie, payload: body });
    const adminCookie = t.cookieOf('admin')!;
    const [received, interview, third] = [form.stageIds[0]!, form.stageIds[1]!, form.stageIds[2]!];
    expect((await move(adminCookie, { stageId: received })).statusCode).toBe(200);
    // Both views show Received. The first admin moves it to Interview.
    expect((await move(adminCookie, { stageId: interview, expectedStageId: received })).statusCode).toBe(200);
    // The second admin's stale board drags it elsewhere: told, and it stays where the first put it.
    const stale = await move(secondAdmin, { stageId: third, expectedStageId: received });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', error: expect.stringMatching(/^Another admin moved this application to /) });
    expect(await stageNow()).toBe(interview);
    // Asking for where it already is changes nothing and is no clash (a double click, two admins agreeing).
    expect((await move(secondAdmin, { stageId: interview, expectedStageId: received })).statusCode).toBe(200);
    // Having seen it, or without expectedStageId (000 §7 as it is), the move is made.
    expect((await move(secondAdmin, { stageId: third, expectedStageId: interview })).statusCode).toBe(200);
    expect((await move(secondAdmin, { stageId: received })).statusCode).toBe(200);
    expect(await stageNow()).toBe(received);
  });
});
