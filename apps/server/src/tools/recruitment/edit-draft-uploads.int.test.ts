import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { makeRecruitmentDeps } from './recruitment-deps';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  withRecruitmentPeople,
} from './recruitment-fixtures';
import { removeOrphanUploads } from './remove-orphan-uploads';

// Decision 0028: a file uploaded in the applicant's edit form was named by nothing until Save Changes,
// so an edit left open past UPLOAD_ORPHAN_TTL_HOURS lost it to the orphan clean-up and the save was
// refused with a 400. The edit form now keeps a draft, as the new application's form does.

const API = '/recruitment/api';
const TTL_MS = 24 * 3_600_000;
const GONE = { code: 'not_found', error: 'There is no such file.' };

describe.each(DIALECTS)('the edit form’s uploads and the orphan clean-up on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  beforeEach(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
  });
  afterEach(async () => {
    await t?.close();
  });

  const upload = async (name: string) => ((await t.upload('applicant', SAMPLE_PDF, name)).json() as { finalUrl: string }).finalUrl;
  const answersWith = (file: string) => ({ [form.textId]: 'I love trains, still.', [form.choiceId]: '5 to 10', [form.fileId]: file });
  const saveEditDraft = (file: string) =>
    t.post(`${API}/application/edit-draft`, 'applicant', { jobSelection: String(form.roleId), answers: answersWith(file) });
  const sweep = () => removeOrphanUploads(makeRecruitmentDeps(t.ctx, t.app.log));
  const fileAnswer = async () => {
    const own = (await t.get(`${API}/application/status`, 'applicant')).json() as { own: { answers: Record<string, string> } | null };
    return own.own?.answers[form.fileId];
  };

  it('keeps an upload an open edit form names past the TTL, so Save Changes takes it; an abandoned upload is still removed', async () => {
    const submittedCv = await fileAnswer();
    const newCv = await upload('new-cv.pdf');
    const abandoned = await upload('abandoned.pdf');
    expect((await saveEditDraft(newCv)).json()).toEqual({ success: true });

    // The edit stays open for longer than UPLOAD_ORPHAN_TTL_HOURS.
    t.clock.advance(TTL_MS + 60_000);
    expect(await sweep()).toEqual({ removed: 1, bytes: SAMPLE_PDF.length });
    expect((await t.get(abandoned, 'applicant')).json()).toEqual(GONE);
    expect((await t.get(newCv, 'applicant')).statusCode).toBe(200);

    // Reopened, the edit form gets back what it held, the file with its name.
    const kept = (await t.get(`${API}/application/edit-draft`, 'applicant')).json();
    expect(kept).toEqual({
      draft: {
        jobSelection: String(form.roleId),
        answers: answersWith(newCv),
        fileNames: { [form.fileId]: 'new-cv.pdf' },
        updatedAt: expect.any(String),
      },
    });

    const saved = await t.post(`${API}/application/edit`, 'applicant', { jobSelection: form.roleId, answers: answersWith(newCv) });
    expect(saved.statusCode).toBe(200);
    expect(await fileAnswer()).toBe(newCv);
    // The draft became the application; the file it replaced is now the one nothing uses.
    expect((await t.get(`${API}/application/edit-draft`, 'applicant')).json()).toEqual({ draft: null });
    expect(await sweep()).toEqual({ removed: 1, bytes: SAMPLE_PDF.length });
    expect((await t.get(submittedCv!, 'applicant')).json()).toEqual(GONE);
    expect((await t.get(newCv, 'admin')).statusCode).toBe(200);
  });

  it('Cancel discards the edit draft; its upload is then removed once past the TTL', async () => {
    const newCv = await upload('new-cv.pdf');
    expect((await saveEditDraft(newCv)).statusCode).toBe(200);
    expect((await t.post(`${API}/application/edit-draft/discard`, 'applicant')).json()).toEqual({ success: true });
    expect((await t.get(`${API}/application/edit-draft`, 'applicant')).json()).toEqual({ draft: null });
    t.clock.advance(TTL_MS + 60_000);
    expect(await sweep()).toEqual({ removed: 1, bytes: SAMPLE_PDF.length });
    expect((await t.get(newCv, 'applicant')).json()).toEqual(GONE);
  });

  it('holds its uploads only while the edit may still be saved: not once a reviewer acted', async () => {
    const newCv = await upload('new-cv.pdf');
    expect((await saveEditDraft(newCv)).statusCode).toBe(200);
    const { id } = ((await t.get(`${API}/applications`, 'admin')).json() as Array<{ id: number }>)[0]!;
    expect((await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Looking at it.' })).statusCode).toBe(200);
    // The form can no longer be saved (the edit would be refused the same way).
    const refused = await saveEditDraft(newCv);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'recruitment.not_editable' });
    t.clock.advance(TTL_MS + 60_000);
    expect(await sweep()).toEqual({ removed: 1, bytes: SAMPLE_PDF.length });
    expect((await t.get(newCv, 'applicant')).json()).toEqual(GONE);
  });

  it('a withdrawn application’s edit draft keeps nothing, and there is none to save', async () => {
    const newCv = await upload('new-cv.pdf');
    expect((await saveEditDraft(newCv)).statusCode).toBe(200);
    expect((await t.post(`${API}/application/withdraw`, 'applicant')).statusCode).toBe(200);
    expect((await saveEditDraft(newCv)).json()).toMatchObject({ code: 'recruitment.no_open_application' });
    expect((await t.get(`${API}/application/edit-draft`, 'applicant')).json()).toEqual({ draft: null });
    t.clock.advance(TTL_MS + 60_000);
    // The withdrawn application still names the CV it was submitted with; the edit's upload goes.
    expect(await sweep()).toEqual({ removed: 1, bytes: SAMPLE_PDF.length });
    expect((await t.get(newCv, 'applicant')).json()).toEqual(GONE);
  });
});
