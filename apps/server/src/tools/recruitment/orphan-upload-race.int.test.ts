import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeRecruitmentDeps } from './recruitment-deps';
import type { RecruitmentDb, RecruitmentTables } from './recruitment-tables';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  withRecruitmentPeople,
} from './recruitment-fixtures';
import { removeOrphanUploads } from './remove-orphan-uploads';
import { lockOwnerUploads } from './upload-owner-lock';

// Issue 12 item 2: the orphan clean-up must never remove an upload that a submit or an edit names at
// the same moment. Found by reading: on PostgreSQL the submit checked its uploads outside the
// transaction that inserts the application, and the clean-up's conditional delete (READ COMMITTED)
// could not see an application not yet committed, so the admin's download of the file was a 404.
// Both now take the owner's upload lock (upload-owner-lock.ts). These use real concurrent
// transactions, nothing of ours stubbed. On SQLite the one connection is held by whichever
// transaction runs, so there the second set checks only that the outcome is the same.

const API = '/recruitment/api';
const TTL_MS = 24 * 3_600_000;
const STILL_WAITING = 'still waiting';
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<typeof STILL_WAITING>((resolve) => setTimeout(() => resolve(STILL_WAITING), ms))]);

async function setUp(dialect: (typeof DIALECTS)[number]) {
  const t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
  const form = await t.setUpForm();
  return { t, form };
}

const upload = async (t: TestApp & RecruitmentPeople, name: string) =>
  ((await t.upload('applicant', SAMPLE_PDF, name)).json() as { finalUrl: string }).finalUrl;

/** The file answer of the applicant's one application. */
const fileAnswerOf = async (db: RecruitmentDb, form: RecruitmentForm) => {
  const rows = await db.selectFrom('recruitment_applications').select('answers').execute();
  return rows.map((row) => (JSON.parse(row.answers) as Record<string, string>)[form.fileId]);
};

/** 000 §5: the sentence a file answer naming no upload of this applicant is refused with. */
const namesNoUpload = (form: RecruitmentForm) => ({
  code: 'invalid_input',
  error: `answers.${form.fileId}: "Your CV" needs a file that you uploaded.`,
});

const answersFor = (form: RecruitmentForm, file: string) => ({
  [form.textId]: 'I love trains.',
  [form.choiceId]: '5 to 10',
  [form.fileId]: file,
});

describe('the orphan clean-up beside a submit in flight on postgres', () => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  beforeEach(async () => {
    ({ t, form } = await setUp('postgres'));
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('waits for the submit that names an old upload to commit, then spares the upload', async () => {
    const db = toolDb<RecruitmentTables>(t.database);
    const file = await upload(t, 'cv.pdf');
    // The upload is past UPLOAD_ORPHAN_TTL_HOURS with nothing naming it yet: a candidate for the clean-up.
    t.clock.advance(TTL_MS + 60_000);
    const applicantId = t.idOf('applicant');
    // A draft of the applicant's naming nothing (a draft naming the upload would keep it anyway).
    await db
      .insertInto('recruitment_drafts')
      .values({ user_id: applicantId, job_selection: '', answers: '{}', updated_at: t.clock.now() })
      .execute();

    // Pause the real submit after it has inserted its application, inside its transaction: it deletes
    // the applicant's draft before committing, and this transaction holds that row.
    const draftHolder = holdTransaction(db, async (trx) => {
      await sql`select user_id from recruitment_drafts where user_id = ${applicantId} for update`.execute(trx);
      const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
      return rows[0]!.xid;
    });
    const holderXid = await draftHolder.open;
    const submit = t.post(`${API}/submit`, 'applicant', { jobSelection: form.roleId, answers: answersFor(form, file) });
    await waitUntil(async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks
        where locktype = 'transactionid' and transactionid = ${holderXid}::xid and not granted`.execute(db);
      return rows[0]!.waiting > 0;
    });

    const deps = makeRecruitmentDeps(t.ctx, t.app.log);
    const sweep = removeOrphanUploads(deps);
    // The submit holds the applicant's upload lock: the clean-up may not decide about their upload yet.
    expect(await within(1_000, sweep)).toBe(STILL_WAITING);

    draftHolder.release();
    await draftHolder.done;
    expect((await submit).statusCode).toBe(200);
    expect(await sweep).toEqual({ removed: 0, bytes: 0 });
    expect(await fileAnswerOf(db, form)).toEqual([file]);
    expect((await t.get(file, 'admin')).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('a submit or an edit beside the orphan clean-up removing its upload on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  beforeEach(async () => {
    ({ t, form } = await setUp(dialect));
  });
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  /** The clean-up's transaction as it stands just before it commits: the owner's lock held, the row deleted. */
  const sweepingDelete = (uploadUrl: string) =>
    holdTransaction(toolDb<RecruitmentTables>(t.database), async (trx) => {
      await lockOwnerUploads(trx, dialect, t.idOf('applicant'));
      const id = /\/uploads\/([^/]+)\//.exec(uploadUrl)![1]!;
      await trx.deleteFrom('recruitment_uploads').where('id', '=', id).execute();
    });

  it('a submit waits for the clean-up to commit, then is refused as naming no upload (never an answer to bytes that are gone)', async () => {
    const file = await upload(t, 'cv.pdf');
    const sweeping = sweepingDelete(file);
    await sweeping.open;
    const submit = t.post(`${API}/submit`, 'applicant', { jobSelection: form.roleId, answers: answersFor(form, file) });
    expect(await within(1_000, submit)).toBe(STILL_WAITING);
    sweeping.release();
    await sweeping.done;
    const answer = await submit;
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(namesNoUpload(form));
    expect(await fileAnswerOf(toolDb<RecruitmentTables>(t.database), form)).toEqual([]);
  });

  it('an edit waits for the clean-up to commit, then is refused and keeps the answers it had', async () => {
    const first = await upload(t, 'cv.pdf');
    expect((await t.post(`${API}/submit`, 'applicant', { jobSelection: form.roleId, answers: answersFor(form, first) })).statusCode).toBe(
      200,
    );
    const second = await upload(t, 'new-cv.pdf');
    const sweeping = sweepingDelete(second);
    await sweeping.open;
    const edit = t.post(`${API}/application/edit`, 'applicant', { jobSelection: form.roleId, answers: answersFor(form, second) });
    expect(await within(1_000, edit)).toBe(STILL_WAITING);
    sweeping.release();
    await sweeping.done;
    const answer = await edit;
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(namesNoUpload(form));
    expect(await fileAnswerOf(toolDb<RecruitmentTables>(t.database), form)).toEqual([first]);
  });
});
