import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AVATAR_PNG } from '@guildhall/testkit/fake-discord';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  addVerifiedMember,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';
const AVATAR_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/**
 * Issue 13 items 3 (edit, reorder, delete with undo, questions per role), 4 (board, bulk move),
 * 7 (reports) and 8 (avatars), through the real app on both dialects.
 */
describe.each(DIALECTS)('recruitment admin tools on %s (issue 13)', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;

  beforeAll(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    form = await t.setUpForm();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new verified member applies for `roleId` with the form's three questions; answers the application id. */
  async function applyAsNew(roleId = form.roleId, avatar: string | null = null, extra: Record<string, string> = {}): Promise<number> {
    const user = await addVerifiedMember(t, { avatar });
    t.discord!.users.set(user.id, user);
    const cookie = await t.signInDiscord(user);
    const upload = await t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie,
      headers: { 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' },
      payload: SAMPLE_PDF,
    });
    const res = await t.request({
      method: 'POST',
      url: `${API}/submit`,
      cookie,
      payload: {
        jobSelection: roleId,
        answers: { [form.textId]: 'Trains.', [form.choiceId]: 'Under 5', [form.fileId]: upload.json().finalUrl, ...extra },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  const applicationOf = async (id: number) =>
    ((await t.get(`${API}/applications?pageSize=200`, 'admin')).json() as Array<{ id: number; stageName: string; job: string }>).find(
      (a) => a.id === id,
    )!;
  const stageNames = async () => ((await t.get(`${API}/stages`, 'admin')).json() as Array<{ name: string }>).map((s) => s.name);

  it('edits a stage, a role and a question; applications keep what they recorded', async () => {
    const id = await applyAsNew();
    const before = await applicationOf(id);
    const stageId = form.stageIds[0]!;
    expect((await t.post(`${API}/stages/${stageId}/update`, 'admin', { name: 'Accepted now', color: '#112233' })).statusCode).toBe(200);
    expect((await t.post(`${API}/roles/${form.roleId}/update`, 'admin', { name: 'Chief Dispatcher' })).statusCode).toBe(200);
    const q = await t.post(`${API}/questions/${form.textId}/update`, 'admin', { text: 'Why us?', type: 'text' });
    expect(q.statusCode).toBe(200);

    const stages = (await t.get(`${API}/stages`, 'admin')).json();
    expect(stages[0]).toMatchObject({ id: stageId, name: 'Accepted now', color: '#112233' });
    expect((await t.get(`${API}/roles`, 'admin')).json()).toContainEqual({ id: form.roleId, name: 'Chief Dispatcher' });
    const after = (await t.get(`${API}/applications?pageSize=200`, 'admin')).json().find((a: { id: number }) => a.id === id);
    // The application still shows the stage, role and question text as they were, and is still Pending.
    expect(after).toMatchObject({ stageName: before.stageName, job: before.job, status: 'Pending' });
    expect(after.questionLabels[String(form.textId)]).toBe('Why you?');

    await t.post(`${API}/stages/${stageId}/update`, 'admin', { name: 'Received', color: '#6c757d' });
    await t.post(`${API}/roles/${form.roleId}/update`, 'admin', { name: 'Dispatcher' });
    await t.post(`${API}/questions/${form.textId}/update`, 'admin', { text: 'Why you?', type: 'text' });
  });

  it('deletes with undo: a removed stage leaves the list and comes back in its old place', async () => {
    const names = await stageNames();
    const second = form.stageIds[1]!;
    expect((await t.post(`${API}/stages/${second}/delete`, 'admin')).json()).toEqual({ success: true });
    expect(await stageNames()).toEqual(names.filter((_, i) => i !== 1));
    // A removed stage cannot be chosen, edited or removed again.
    const app = await applyAsNew();
    expect((await t.post(`${API}/applications/${app}/update`, 'admin', { stageId: second })).statusCode).toBe(400);
    expect((await t.post(`${API}/stages/${second}/update`, 'admin', { name: 'X', color: '#000000' })).statusCode).toBe(404);
    expect((await t.post(`${API}/stages/${second}/delete`, 'admin')).statusCode).toBe(404);

    expect((await t.post(`${API}/stages/${second}/restore`, 'admin')).json()).toEqual({ success: true });
    expect(await stageNames()).toEqual(names);
    expect((await t.post(`${API}/stages/${second}/restore`, 'admin')).statusCode).toBe(404);

    const role = (await t.post(`${API}/roles/create`, 'admin', { name: 'Temp role' })).json().id;
    const scoped = (await t.post(`${API}/questions/create`, 'admin', { text: 'Scoped', type: 'text', roleIds: [role] })).json().id;
    await t.post(`${API}/roles/${role}/delete`, 'admin');
    expect((await t.get(`${API}/roles`, 'admin')).json().map((r: { id: number }) => r.id)).not.toContain(role);
    // The removed role stays in the question's scope (else it would be asked for every role), and the question saves
    // as it is listed (the removed role's id was refused); no new criterion is made for the removed role.
    const listed = ((await t.get(`${API}/questions`, 'admin')).json() as Array<{ id: number; roleIds: number[] }>).find(
      (q) => q.id === scoped,
    )!;
    expect(listed.roleIds).toEqual([role]);
    expect(
      (await t.post(`${API}/questions/${scoped}/update`, 'admin', { text: 'Scoped, edited', type: 'text', roleIds: listed.roleIds }))
        .statusCode,
    ).toBe(200);
    const criterion = await t.post(`${API}/criteria/create`, 'admin', { roleId: role, name: 'On a removed role' });
    expect([criterion.statusCode, criterion.json().error]).toEqual([400, 'roleId: that role does not exist (it may have been removed).']);
    expect((await t.post(`${API}/questions/${scoped}/delete`, 'admin')).statusCode).toBe(200);
    await t.post(`${API}/roles/${role}/restore`, 'admin');
    expect((await t.get(`${API}/roles`, 'admin')).json().map((r: { id: number }) => r.id)).toContain(role);
    await t.post(`${API}/roles/${role}/delete`, 'admin');
  });

  it('reorders stages, roles and questions; a stale list is refused', async () => {
    const stages = (await t.get(`${API}/stages`, 'admin')).json() as Array<{ id: number; name: string }>;
    const reversed = stages.map((s) => s.id).reverse();
    expect((await t.post(`${API}/stages/reorder`, 'admin', { ids: reversed })).statusCode).toBe(200);
    expect((await t.get(`${API}/stages`, 'admin')).json().map((s: { id: number }) => s.id)).toEqual(reversed);
    // 000 §4: the first stage is the default for new applications, so it follows the order.
    const app = await applyAsNew();
    expect((await applicationOf(app)).stageName).toBe(stages.at(-1)!.name);
    // Missing one id (a list from before someone added a stage) changes nothing.
    const stale = await t.post(`${API}/stages/reorder`, 'admin', { ids: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect((await t.get(`${API}/stages`, 'admin')).json().map((s: { id: number }) => s.id)).toEqual(reversed);
    await t.post(`${API}/stages/reorder`, 'admin', { ids: stages.map((s) => s.id) });

    const questions = [form.fileId, form.textId, form.choiceId];
    expect((await t.post(`${API}/questions/reorder`, 'admin', { ids: questions })).statusCode).toBe(200);
    expect((await t.get(`${API}/questions`, 'applicant')).json().map((q: { id: number }) => q.id)).toEqual(questions);
    const roles = (await t.get(`${API}/roles`, 'admin')).json().map((r: { id: number }) => r.id) as number[];
    await t.post(`${API}/roles/reorder`, 'admin', { ids: [...roles].reverse() });
    expect((await t.get(`${API}/roles`, 'applicant')).json().map((r: { id: number }) => r.id)).toEqual([...roles].reverse());
  });

  it('reorders race-safely: ten reorders at once leave one of the orders, every place unique', async () => {
    const ids = (await t.get(`${API}/stages`, 'admin')).json().map((s: { id: number }) => s.id) as number[];
    const orders = Array.from({ length: 10 }, (_, i) => [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)]);
    const results = await Promise.all(orders.map((order) => t.post(`${API}/stages/reorder`, 'admin', { ids: order })));
    expect(results.map((r) => r.statusCode).every((code) => code === 200 || code === 409)).toBe(true);
    const stages = (await t.get(`${API}/stages`, 'admin')).json() as Array<{ id: number; ordering: number }>;
    expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(stages.map((s) => s.id)));
    expect(new Set(stages.map((s) => s.ordering)).size).toBe(stages.length);
    await t.post(`${API}/stages/reorder`, 'admin', { ids });
  });

  it('asks a question only for its roles, on the form and on the server', async () => {
    const signaller = (await t.post(`${API}/roles/create`, 'admin', { name: 'Signaller' })).json().id as number;
    const created = await t.post(`${API}/questions/create`, 'admin', { text: 'Which box?', type: 'text', roleIds: [signaller] });
    const scoped = created.json().id as number;
    const listed = (await t.get(`${API}/questions`, 'applicant')).json().find((q: { id: number }) => q.id === scoped);
    expect(listed).toMatchObject({ text: 'Which box?', roleIds: [signaller] });
    // A dispatcher is not asked it (and may not answer it); a signaller must answer it.
    await applyAsNew(form.roleId);
    const user = await addVerifiedMember(t);
    const cookie = await t.signInDiscord(user);
    const upload = await t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie,
      headers: { 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' },
      payload: SAMPLE_PDF,
    });
    const answers = { [form.textId]: 'x', [form.choiceId]: 'Under 5', [form.fileId]: upload.json().finalUrl };
    const missing = await t.request({ method: 'POST', url: `${API}/submit`, cookie, payload: { jobSelection: signaller, answers } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('"Which box?" needs an answer');
    const wrongRole = await t.request({
      method: 'POST',
      url: `${API}/submit`,
      cookie,
      payload: { jobSelection: form.roleId, answers: { ...answers, [scoped]: 'Box 1' } },
    });
    expect(wrongRole.statusCode).toBe(400);
    await applyAsNew(signaller, null, { [scoped]: 'Box 1' });
    // Every role again: [] clears the scope.
    await t.post(`${API}/questions/${scoped}/update`, 'admin', { text: 'Which box?', type: 'text', roleIds: [] });
    expect((await t.get(`${API}/questions`, 'applicant')).json().find((q: { id: number }) => q.id === scoped).roleIds).toEqual([]);
    expect((await t.post(`${API}/questions/create`, 'admin', { text: 'Q', type: 'text', roleIds: [999999] })).statusCode).toBe(400);
    await t.post(`${API}/questions/${scoped}/delete`, 'admin');
  });

  it('shows the board, one column per stage, and moves a card with the rules and audit of /update', async () => {
    const id = await applyAsNew();
    const board = (await t.get(`${API}/board`, 'admin')).json() as {
      columns: Array<{ stageId: number | null; name: string; total: number; cards: Array<{ id: number; status: string }> }>;
    };
    const stages = (await t.get(`${API}/stages`, 'admin')).json() as Array<{ id: number; name: string }>;
    expect(board.columns.slice(0, stages.length).map((c) => c.name)).toEqual(stages.map((s) => s.name));
    expect(board.columns[0]!.cards.map((c) => c.id)).toContain(id);
    const accepted = stages.find((s) => s.name === 'Accepted')!;
    // The board moves a card with 000 §7's own call.
    expect((await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: accepted.id })).json().status).toBe('Accepted');
    const after = (await t.get(`${API}/board?perStage=1`, 'admin')).json() as typeof board;
    const column = after.columns.find((c) => c.stageId === accepted.id)!;
    expect(column.cards).toEqual([expect.objectContaining({ id, status: 'Accepted' })]);
    expect(column.total).toBeGreaterThanOrEqual(1);
  });

  it('moves several applications to a stage with one feedback text in one action', async () => {
    const ids = [await applyAsNew(), await applyAsNew(), await applyAsNew()];
    const stages = (await t.get(`${API}/stages`, 'admin')).json() as Array<{ id: number; name: string }>;
    const interview = stages[1]!;
    const declined = stages.find((s) => s.name === 'Declined')!;
    const res = await t.post(`${API}/applications/bulk-update`, 'admin', { ids, stageId: interview.id, feedback: 'See you Monday.' });
    expect(res.json()).toEqual({ updated: ids, failed: [] });
    const list = (await t.get(`${API}/applications?pageSize=200`, 'admin')).json() as Array<{
      id: number;
      stageName: string;
      feedback: string;
      audit: Array<{ kind: string; to: string; actorName: string }>;
    }>;
    for (const id of ids) {
      const a = list.find((x) => x.id === id)!;
      expect(a).toMatchObject({ stageName: interview.name, feedback: 'See you Monday.' });
      expect(a.audit).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'stage', to: interview.name, actorName: 'chief.dispatcher' }),
          expect.objectContaining({ kind: 'feedback', to: 'See you Monday.' }),
        ]),
      );
    }
    // The rules of one move hold for each: decided ones keep their feedback (000 §4).
    await t.post(`${API}/applications/bulk-update`, 'admin', { ids: [ids[0]!], stageId: declined.id });
    const second = await t.post(`${API}/applications/bulk-update`, 'admin', { ids, stageId: declined.id, feedback: 'Sorry.' });
    expect(second.json().updated).toEqual([ids[1], ids[2]]);
    expect(second.json().failed).toEqual([expect.objectContaining({ id: ids[0], code: 'recruitment.feedback_locked' })]);
    // A missing application or stage refuses the whole request and writes nothing.
    const missing = await t.post(`${API}/applications/bulk-update`, 'admin', { ids: [ids[1]!, 99999999], stageId: interview.id });
    expect(missing.statusCode).toBe(404);
    expect((await applicationOf(ids[1]!)).stageName).toBe('Declined');
  });

  it('reports applications per week, the funnel, the median time to decision and acceptance per role', async () => {
    const today = new Date(t.ctx.now()).toISOString().slice(0, 10);
    const ids = [await applyAsNew(), await applyAsNew()];
    const stages = (await t.get(`${API}/stages`, 'admin')).json() as Array<{ id: number; name: string }>;
    t.clock.advance(10 * 3_600_000);
    await t.post(`${API}/applications/${ids[0]}/update`, 'admin', { stageId: stages.find((s) => s.name === 'Accepted')!.id });
    t.clock.advance(10 * 3_600_000);
    await t.post(`${API}/applications/${ids[1]}/update`, 'admin', { stageId: stages.find((s) => s.name === 'Declined')!.id });
    const to = new Date(t.ctx.now()).toISOString().slice(0, 10);
    const report = (await t.get(`${API}/reports?from=${today}&to=${to}`, 'admin')).json();
    const all = (await t.get(`${API}/applications?pageSize=200`, 'admin')).json() as Array<{
      status: string;
      job: string;
      stageName: string;
      audit: Array<{ kind: string; from: string; to: string }>;
    }>;
    expect(report.total).toBe(all.length);
    expect(report.perWeek.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(all.length);
    expect(report.funnel.map((f: { name: string }) => f.name)).toEqual(stages.map((s) => s.name));
    // Reached: the stage each started in and every stage the audit trail moved it to.
    const reached = (name: string) =>
      all.filter((a) => {
        const moves = a.audit.filter((m) => m.kind === 'stage');
        return (moves.length ? moves[0]!.from : a.stageName) === name || moves.some((m) => m.to === name);
      }).length;
    for (const f of report.funnel as Array<{ name: string; reached: number }>) expect(f.reached).toBe(reached(f.name));
    expect(report.funnel.find((f: { name: string }) => f.name === 'Accepted').reached).toBeGreaterThanOrEqual(1);
    expect(report.decided).toBeGreaterThanOrEqual(2);
    expect(report.medianHoursToDecision).not.toBeNull();
    const dispatcher = report.byRole.find((r: { job: string }) => r.job === 'Dispatcher');
    const accepted = all.filter((a) => a.job === 'Dispatcher' && a.status === 'Accepted').length;
    const declined = all.filter((a) => a.job === 'Dispatcher' && a.status === 'Declined').length;
    expect(dispatcher).toMatchObject({ accepted, declined, rate: Math.round((accepted / (accepted + declined)) * 1000) / 1000 });
    // A range before anything was submitted is empty, with its weeks listed.
    const empty = (await t.get(`${API}/reports?from=2020-01-06&to=2020-01-19`, 'admin')).json();
    expect(empty).toMatchObject({ total: 0, medianHoursToDecision: null, byRole: [] });
    expect(empty.perWeek).toEqual([
      { weekStart: '2020-01-06', count: 0 },
      { weekStart: '2020-01-13', count: 0 },
    ]);
  });

  it('counts the funnel by stage, through a rename and a removed stage’s name reused (issue 13 item 7, decision 0050)', async () => {
    const today = new Date(t.ctx.now()).toISOString().slice(0, 10);
    const create = async (name: string) => (await t.post(`${API}/stages/create`, 'admin', { name, color: '#123456' })).json().id as number;
    const move = async (id: number, stageId: number) =>
      expect((await t.post(`${API}/applications/${id}/update`, 'admin', { stageId })).statusCode).toBe(200);
    const funnel = async () =>
      (
        (await t.get(`${API}/reports?from=${today}&to=${today}`, 'admin')).json().funnel as Array<{ stageId: number; reached: number }>
      ).reduce((all, f) => all.set(f.stageId, f.reached), new Map<number, number>());
    const screening = await create('Screening');
    const trial = await create('Trial shift');
    const [first, second] = [await applyAsNew(), await applyAsNew()];
    await move(first, screening);
    await move(second, screening);
    await move(second, trial);
    expect([(await funnel()).get(screening), (await funnel()).get(trial)]).toEqual([2, 1]);

    // Renamed after both passed through it: they were still there (name-matched, this counted 0).
    await t.post(`${API}/stages/${screening}/update`, 'admin', { name: 'Screenings', color: '#123456' });
    expect((await funnel()).get(screening)).toBe(2);
    // A new stage given a removed stage's name starts at 0 (name-matched, it took the removed one's 1).
    await t.post(`${API}/stages/${trial}/delete`, 'admin');
    const reused = await create('Trial shift');
    expect((await funnel()).get(reused)).toBe(0);
    await move(first, reused);
    expect((await funnel()).get(reused)).toBe(1);
    // Restored, the removed stage has its own count back.
    await t.post(`${API}/stages/${trial}/restore`, 'admin');
    expect([(await funnel()).get(trial), (await funnel()).get(reused)]).toEqual([1, 1]);

    // Rows audited before the trail recorded ids: a stage is known where the chain of moves says (a
    // move starts where the one before it ended; the last ended at the application's stage_id), else
    // by the name of a current stage, which misses one renamed since (the limitation 0050 accepts).
    type AuditRow = { id: number; application_id: number; kind: string; from_stage_id: number | null; to_stage_id: number | null };
    const db = t.database.db.withTables<{ recruitment_audit: AuditRow }>();
    const before = await funnel();
    const clearIds = db
      .updateTable('recruitment_audit')
      .set({ from_stage_id: null, to_stage_id: null })
      .where('application_id', '=', second);
    const moves = await db
      .selectFrom('recruitment_audit')
      .select('id')
      .where('application_id', '=', second)
      .where('kind', '=', 'stage')
      .orderBy('id')
      .execute();
    await clearIds.where('id', '=', moves[0]!.id).execute();
    expect(await funnel()).toEqual(before);
    await clearIds.execute();
    const after = await funnel();
    expect([after.get(form.stageIds[0]!), after.get(screening), after.get(trial), after.get(reused)]).toEqual([
      before.get(form.stageIds[0]!),
      1,
      1,
      1,
    ]);
    for (const stageId of [screening, trial, reused]) await t.post(`${API}/stages/${stageId}/delete`, 'admin');
  });

  it('serves the applicant’s Discord avatar from our origin, fetched once from the CDN; none without one', async () => {
    const withAvatar = await applyAsNew(form.roleId, AVATAR_HASH);
    const calls = () => t.discord!.calls.filter((c) => c.startsWith('GET /avatars/') && c.endsWith(`/${AVATAR_HASH}.png`)).length;
    const before = calls();
    const res = await t.get(`${API}/applications/${withAvatar}/avatar`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(FAKE_AVATAR_PNG)).toBe(true);
    expect(calls()).toBe(before + 1);
    // Cached with the profile: the CDN is not asked again, even when it is down.
    t.discord!.faults.fail(/\/avatars\//, 500);
    expect((await t.get(`${API}/applications/${withAvatar}/avatar`, 'admin')).statusCode).toBe(200);
    expect(calls()).toBe(before + 1);
    // No avatar: 404, and the page shows initials.
    const without = await applyAsNew();
    const none = await t.get(`${API}/applications/${without}/avatar`, 'admin');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('not_found');
    // An avatar the CDN cannot give is a 404 too, never a 500.
    const broken = await applyAsNew(form.roleId, 'b'.repeat(32));
    expect((await t.get(`${API}/applications/${broken}/avatar`, 'admin')).statusCode).toBe(404);
  });
});
