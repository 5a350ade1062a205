import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import {
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  SAMPLE_PNG,
  addVerifiedMember,
  startWebhookReceiver,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';

const startReceiver = startWebhookReceiver;

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DIALECTS)('recruitment portal on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let form: Awaited<ReturnType<RecruitmentPeople['setUpForm']>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await withRecruitmentPeople(
      await buildTestApp({ dialect, roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_WEBHOOK_URL: receiver.url } }),
    );
    form = await t.setUpForm();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('shows anonymous visitors only the public subset of the settings (000 §6)', async () => {
    await t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessAnnouncement', value: 'Secret-ish news' });
    const res = await t.get(`${API}/public-settings`, 'anonymous');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: 'N/A' });
  });

  it('answers the session user and verification (000 §7)', async () => {
    expect((await t.get(`${API}/user`, 'anonymous')).json()).toEqual({ user: null });
    expect((await t.get(`${API}/user`, 'applicant')).json()).toEqual({
      user: { userId: t.idOf('applicant'), username: 'signal.sam', isAdmin: false },
    });
    expect((await t.get(`${API}/user`, 'admin')).json().user.isAdmin).toBe(true);
    expect((await t.get(`${API}/check-verification`, 'unverified')).json()).toEqual({ isVerified: false });
    expect((await t.get(`${API}/check-verification`, 'applicant')).json()).toEqual({ isVerified: true });
  });

  it('sets globalProcessLastUpdatedAt only when the announcement changes', async () => {
    const first = (
      await t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessAnnouncement', value: 'Interviews next week' })
    ).json();
    expect(first.globalProcessLastUpdatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await new Promise((r) => setTimeout(r, 5));
    const same = (
      await t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessAnnouncement', value: 'Interviews next week' })
    ).json();
    expect(same.globalProcessLastUpdatedAt).toBe(first.globalProcessLastUpdatedAt);
    const other = (await t.post(`${API}/settings/update`, 'admin', { key: 'applicationEndDate', value: '2099-12-31' })).json();
    expect(other.globalProcessLastUpdatedAt).toBe(first.globalProcessLastUpdatedAt);
    expect((await t.get(`${API}/settings`, 'admin')).json()).toMatchObject({
      applicationEndDate: '2099-12-31',
      globalProcessAnnouncement: 'Interviews next week',
    });
  });

  it('an applicant with no application sees hasApplication false and the global status', async () => {
    const res = await t.get(`${API}/application/status`, 'applicant');
    expect(res.json()).toMatchObject({ hasApplication: false, status: null, globalProcessAnnouncement: 'Interviews next week' });
  });

  it('submits one application on the first stage, and a webhook hears of it', async () => {
    const res = await t.apply('applicant', form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const status = (await t.get(`${API}/application/status`, 'applicant')).json();
    expect(status).toMatchObject({
      hasApplication: true,
      status: 'Pending',
      stageId: form.stageIds[0],
      stageName: 'Received',
      stageColor: '#6c757d',
      feedback: null,
      job: 'Dispatcher',
    });
    await waitFor(() => receiver.messages.length >= 1);
    expect(receiver.messages[0]!.content).toContain('signal.sam');
    expect(receiver.messages[0]!.allowed_mentions).toEqual({ parse: [] });
    // 000 §4: one application per user.
    const again = await t.apply('applicant', form);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already submitted an application.');
  });

  it('lists applications for admins with answers as JSON text mapping question id to answer (000 §3)', async () => {
    const res = await t.get(`${API}/applications`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const [card] = res.json();
    expect(card).toMatchObject({
      userId: t.idOf('applicant'),
      username: 'signal.sam',
      job: 'Dispatcher',
      status: 'Pending',
      stageId: form.stageIds[0],
    });
    const answers = JSON.parse(card.answers);
    expect(answers[form.textId]).toBe('I love trains.');
    expect(answers[form.choiceId]).toBe('5 to 10');
    expect(answers[form.fileId]).toMatch(/^\/recruitment\/api\/uploads\/[0-9a-f-]{36}\/cv\.pdf$/);
    expect(card.questionLabels[form.textId]).toBe('Why you?');
  });

  it('serves an uploaded file to its uploader and admins only, as an attachment with nosniff', async () => {
    const [card] = (await t.get(`${API}/applications`, 'admin')).json();
    const url = JSON.parse(card.answers)[form.fileId];
    for (const who of ['applicant', 'admin'] as const) {
      const res = await t.get(url, who);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cv.pdf"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Its own sandbox policy, not the pages' (decision 0040: a route's header wins over the document set).
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    expect((await t.get(url, 'other')).statusCode).toBe(403);
    expect((await t.get(url, 'anonymous')).statusCode).toBe(401);
  });

  it('names an upload after the type found in its bytes: PNG bytes sent as fake.pdf are fake.png (issue 10 item 16)', async () => {
    const cookie = await t.signInDiscord(await addVerifiedMember(t));
    const uploaded = await t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie,
      headers: { 'content-type': 'application/pdf', 'x-filename': 'fake.pdf' },
      payload: SAMPLE_PNG,
    });
    expect(uploaded.statusCode).toBe(200);
    const { finalUrl } = uploaded.json() as { finalUrl: string };
    expect(finalUrl).toMatch(/^\/recruitment\/api\/uploads\/[0-9a-f-]{36}\/fake\.png$/);
    const served = async () => {
      const res = await t.request({ method: 'GET', url: finalUrl, cookie });
      expect(res.headers['content-type']).toBe('image/png');
      return res.headers['content-disposition'];
    };
    expect(await served()).toBe(`attachment; filename="fake.png"; filename*=UTF-8''fake.png`);
    // A row stored before the fix, still named fake.pdf, is served under the fitting name too.
    const uploads = t.database.db.withTables<{ recruitment_uploads: { id: string; file_name: string } }>();
    await uploads.updateTable('recruitment_uploads').set({ file_name: 'fake.pdf' }).where('id', '=', finalUrl.split('/')[4]!).execute();
    expect(await served()).toBe(`attachment; filename="fake.png"; filename*=UTF-8''fake.png`);
  });

  it('derives the status from the stage name, locks feedback once decided, and keeps an audit trail (000 §4)', async () => {
    const [card] = (await t.get(`${API}/applications`, 'admin')).json();
    const update = (body: object) => t.post(`${API}/applications/${card.id}/update`, 'admin', body);
    expect((await update({ feedback: 'Good answers.' })).json()).toMatchObject({ status: 'Pending', feedback: 'Good answers.' });
    // A client-sent status is ignored: the stage decides.
    expect((await update({ stageId: form.stageIds[1], status: 'Accepted', feedback: 'Good answers.' })).json()).toMatchObject({
      status: 'Pending',
      stageId: form.stageIds[1],
    });
    expect((await update({ stageId: form.stageIds[2], feedback: 'Welcome aboard!' })).json()).toMatchObject({
      status: 'Accepted',
      feedback: 'Welcome aboard!',
    });
    const locked = await update({ feedback: 'Changed my mind' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatch(/Feedback can no longer be changed/);
    // Re-sending the same feedback with a stage change is fine; the stage can still change (000 §4).
    expect((await update({ stageId: form.stageIds[3], feedback: 'Welcome aboard!' })).json()).toMatchObject({
      status: 'Declined',
      feedback: 'Welcome aboard!',
    });
    expect((await update({ stageId: form.stageIds[2] })).json()).toMatchObject({ status: 'Accepted' });

    const status = (await t.get(`${API}/application/status`, 'applicant')).json();
    expect(status).toMatchObject({ status: 'Accepted', stageName: 'Accepted', feedback: 'Welcome aboard!' });
    const [after] = (await t.get(`${API}/applications`, 'admin')).json();
    expect(after.audit.map((a: { kind: string; to: string }) => `${a.kind}:${a.to}`)).toEqual([
      'feedback:Good answers.',
      'stage:Interview',
      'feedback:Welcome aboard!',
      'stage:Accepted',
      'stage:Declined',
      'stage:Accepted',
    ]);
    expect(after.audit[0].actorName).toBe('chief.dispatcher');
    await waitFor(
      () => receiver.messages.some((m) => m.content.includes('Accepted')) && receiver.messages.some((m) => m.content.includes('Declined')),
    );
  });

  it('reopens a decided application with new feedback in one call; between decided stages feedback stays locked (issue 10 item 17)', async () => {
    const [card] = (await t.get(`${API}/applications`, 'admin')).json();
    const update = (body: object) => t.post(`${API}/applications/${card.id}/update`, 'admin', body);
    expect((await update({ stageId: form.stageIds[3] })).json()).toMatchObject({ status: 'Declined' });
    const reopened = await update({ stageId: form.stageIds[1], feedback: 'back to interview' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual({ success: true, status: 'Pending', stageId: form.stageIds[1], feedback: 'back to interview' });
    expect((await t.get(`${API}/application/status`, 'applicant')).json()).toMatchObject({
      status: 'Pending',
      stageName: 'Interview',
      feedback: 'back to interview',
    });

    expect((await update({ stageId: form.stageIds[2] })).json()).toMatchObject({ status: 'Accepted', feedback: 'back to interview' });
    // Accepted -> Declined keeps it decided, so new feedback in that call is refused and nothing changes.
    const locked = await update({ stageId: form.stageIds[3], feedback: 'Declined after all' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatch(/Feedback can no longer be changed/);
    const [after] = (await t.get(`${API}/applications`, 'admin')).json();
    expect(after).toMatchObject({ status: 'Accepted', stageId: form.stageIds[2], feedback: 'back to interview' });
    expect(after.audit.slice(-4).map((a: { kind: string; to: string }) => `${a.kind}:${a.to}`)).toEqual([
      'stage:Declined',
      'feedback:back to interview',
      'stage:Interview',
      'stage:Accepted',
    ]);
  });

  it('keeps staff notes private to admins', async () => {
    const [card] = (await t.get(`${API}/applications`, 'admin')).json();
    const note = await t.post(`${API}/applications/${card.id}/notes`, 'admin', { body: 'Knows the signalling rules well.' });
    expect(note.statusCode).toBe(200);
    const [after] = (await t.get(`${API}/applications`, 'admin')).json();
    expect(after.notes).toMatchObject([{ body: 'Knows the signalling rules well.', authorName: 'chief.dispatcher' }]);
    const own = await t.get(`${API}/application/status`, 'applicant');
    expect(own.body).not.toContain('signalling rules');
    expect((await t.post(`${API}/applications/${card.id}/notes`, 'applicant', { body: 'x' })).statusCode).toBe(403);
  });

  it("deleting a stage, role or question keeps the applications' data", async () => {
    const [before] = (await t.get(`${API}/applications`, 'admin')).json();
    expect((await t.post(`${API}/stages/${form.stageIds[2]}/delete`, 'admin')).json()).toEqual({ success: true });
    expect((await t.post(`${API}/roles/${form.roleId}/delete`, 'admin')).json()).toEqual({ success: true });
    expect((await t.post(`${API}/questions/${form.textId}/delete`, 'admin')).json()).toEqual({ success: true });
    const [after] = (await t.get(`${API}/applications`, 'admin')).json();
    expect(after).toMatchObject({ job: 'Dispatcher', status: 'Accepted', stageName: 'Accepted', answers: before.answers });
    expect(after.questionLabels[form.textId]).toBe('Why you?');
    expect((await t.get(`${API}/application/status`, 'applicant')).json()).toMatchObject({ stageName: 'Accepted', status: 'Accepted' });
    // Deleted again: there is nothing to delete.
    expect((await t.post(`${API}/stages/${form.stageIds[2]}/delete`, 'admin')).statusCode).toBe(404);
  });

  it('filters, searches, pages and exports as CSV with answers as columns', async () => {
    // The form changed above: a new role and a fresh text question for the second applicant.
    const roleId = (await t.post(`${API}/roles/create`, 'admin', { name: 'Signaller' })).json().id;
    const textId = (await t.post(`${API}/questions/create`, 'admin', { text: 'Favourite line, "and why"?', type: 'text' })).json().id;
    const res = await t.apply('other', { ...form, roleId, textId });
    expect(res.statusCode).toBe(200);

    const list = (q: string) => t.get(`${API}/applications${q}`, 'admin');
    expect((await list('?status=Pending')).json().map((a: { username: string }) => a.username)).toEqual(['points.polly']);
    expect((await list('?status=Accepted')).json().map((a: { username: string }) => a.username)).toEqual(['signal.sam']);
    expect((await list('?status=Declined')).json()).toEqual([]);
    expect((await list('?search=POLLY')).json().map((a: { username: string }) => a.username)).toEqual(['points.polly']);
    expect((await list('?search=%25')).json()).toEqual([]);
    const page1 = await list('?pageSize=1&page=1');
    const page2 = await list('?pageSize=1&page=2');
    expect(page1.headers['x-total-count']).toBe('2');
    expect([page1.json()[0].username, page2.json()[0].username]).toEqual(['points.polly', 'signal.sam']);

    const csv = await t.get(`${API}/applications/export.csv?status=All`, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,username,userId,job,status,stage,feedback,submittedAt,statusLastUpdatedAt,withdrawnAt,reviewCount,votesYes,votesNo,votesAbstain,averageScore,reviews,Hours a week?,Your CV,"Favourite line, ""and why""?",Why you?',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('signal.sam');
    expect(lines[1]).toContain('I love trains.');
    const pending = await t.get(`${API}/applications/export.csv?status=Pending`, 'admin');
    expect(pending.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('stores a file answer as the upload’s own URL, whatever name the client sent with it', async () => {
    // The admin finds this application by its username.
    const cookie = await t.signInDiscord(await addVerifiedMember(t, { username: 'third.tess' }));
    const uploaded = await t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie,
      headers: { 'content-type': 'application/pdf', 'x-filename': 'tess%20cv.pdf' },
      payload: SAMPLE_PDF,
    });
    const { finalUrl } = uploaded.json() as { finalUrl: string };
    expect(finalUrl).toMatch(/\/tess%20cv\.pdf$/);
    // A '..' where the name goes would make the 'View Uploaded File' link point somewhere else.
    const tampered = finalUrl.replace(/[^/]+$/, '..');
    const questions = (await t.get(`${API}/questions`, 'admin')).json() as Array<{ id: number; type: string; options: string | null }>;
    const roles = (await t.get(`${API}/roles`, 'admin')).json() as Array<{ id: number }>;
    const answers = Object.fromEntries(
      questions.map((q) => [q.id, q.type === 'file' ? tampered : q.type === 'multiple-choice' ? JSON.parse(q.options!)[0] : 'Hello']),
    );
    const res = await t.request({ method: 'POST', url: `${API}/submit`, cookie, payload: { jobSelection: roles[0]!.id, answers } });
    expect(res.statusCode).toBe(200);
    const [card] = (await t.get(`${API}/applications?search=third.tess`, 'admin')).json();
    expect(JSON.parse(card.answers)[form.fileId]).toBe(finalUrl);
  });
});
