import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import type { RecruitmentTables } from './recruitment-tables';
import { type RecruitmentForm, type RecruitmentPeople, RECRUITMENT_TEST_ENV, withRecruitmentPeople } from './recruitment-fixtures';

// Decision 0028: a successful edit deletes the edit form's draft. Found by review: a draft save that
// had checked the application before Save Changes committed, and wrote after, left its older draft
// behind, and the next Edit reopened on it (a second Save Changes would quietly undo the first). Real
// concurrent PostgreSQL transactions; on SQLite one transaction runs at a time.
const API = '/recruitment/api';

describe('an edit draft save crossing Save Changes on postgres', () => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  beforeEach(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect: 'postgres', roblox: false, env: RECRUITMENT_TEST_ENV }));
    form = await t.setUpForm();
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('the draft written meanwhile is deleted by the edit, not left for the next Edit', async () => {
    const db = toolDb<RecruitmentTables>(t.database);
    const { id } = await db
      .selectFrom('recruitment_applications')
      .select('id')
      .where('open_user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const own = (await t.get(`${API}/application/status`, 'applicant')).json() as { own: { answers: Record<string, string> } };
    const answers = (text: string) => ({ [form.textId]: text, [form.choiceId]: '5 to 10', [form.fileId]: own.own.answers[form.fileId]! });
    // The draft save is slowed between its check and its write: an uncommitted row on the same key
    // makes its insert wait there (rolled back on release, so the save then writes).
    const holder = holdTransaction(db, async (trx) => {
      await trx
        .insertInto('recruitment_edit_drafts')
        .values({ application_id: id, job_selection: 'x', answers: '{}', updated_at: 1 })
        .execute();
      return backendPid(trx);
    });
    const holderPid = await holder.open;
    const draftSave = t.post(`${API}/application/edit-draft`, 'applicant', {
      jobSelection: String(form.roleId),
      answers: answers('older draft'),
    });
    let draftSavePid = 0;
    await waitUntil(async () => ([draftSavePid = 0] = await blockedBy(db, holderPid)).length === 1 && draftSavePid > 0);

    // Save Changes: it either ends now (the old code: nothing to delete yet) or waits for the draft save.
    let editEnded = false;
    const saved = t.post(`${API}/application/edit`, 'applicant', { jobSelection: form.roleId, answers: answers('saved text') });
    void saved.then(() => (editEnded = true));
    await waitUntil(async () => editEnded || (await blockedBy(db, draftSavePid)).length === 1);
    holder.release();
    await holder.done.catch(() => undefined);

    expect((await saved).statusCode).toBe(200);
    expect((await draftSave).statusCode).toBe(200);
    const draft = (await t.get(`${API}/application/edit-draft`, 'applicant')).json() as { draft: unknown };
    expect(draft.draft).toBeNull();
  });
});
