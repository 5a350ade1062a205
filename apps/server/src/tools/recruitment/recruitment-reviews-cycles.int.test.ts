import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { DAILY_DIGEST, postDailyDigest } from './post-daily-digest';
import { makeRecruitmentDeps } from './recruitment-deps';
import type { RecruitmentTables } from './recruitment-tables';
import {
  type RecruitmentForm,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  addVerifiedMember,
  startWebhookReceiver,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';
const DAY = 86_400_000;
const silent = { warn: () => undefined, info: () => undefined };

/** Issue 13 items 1, 2, 5, 6 on both dialects: reviews, cycles and the applicant's controls, DMs, nudges. */
describe.each(DIALECTS)('recruitment reviews and cycles on %s (issue 13)', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: RecruitmentForm;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  /** A second recruitment admin, for several reviews. */
  let second: string;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    t = await withRecruitmentPeople(
      await buildTestApp({
        dialect,
        roblox: false,
        env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_WEBHOOK_URL: receiver.url, RECRUITMENT_DM_RETRY_DELAY_SECONDS: '0' },
      }),
    );
    form = await t.setUpForm();
    const reviewer = await addVerifiedMember(t, { username: 'second.reviewer' });
    await t.ctx.grants.grant(reviewer.id, 'recruitment-admin');
    second = await t.signInDiscord(reviewer);
  });
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  const applicationOf = async (id: number, who: 'admin' | string = 'admin') => {
    const res =
      who === 'admin'
        ? await t.get(`${API}/applications`, 'admin')
        : await t.request({ method: 'GET', url: `${API}/applications`, cookie: who });
    return (res.json() as Array<{ id: number } & Record<string, unknown>>).find((a) => a.id === id)!;
  };
  const setSetting = (key: string, value: string) => t.post(`${API}/settings/update`, 'admin', { key, value });
  const review = (id: number, body: object, cookie?: string) =>
    cookie
      ? t.request({ method: 'POST', url: `${API}/applications/${id}/review`, cookie, payload: body })
      : t.post(`${API}/applications/${id}/review`, 'admin', body);

  describe('item 1: reviews by several staff', () => {
    it('takes one review per admin, scored on the role’s criteria; the list shows tally and average; audit and CSV have them', async () => {
      const fit = (await t.post(`${API}/criteria/create`, 'admin', { roleId: form.roleId, name: 'Fit' })).json().id as number;
      const skill = (await t.post(`${API}/criteria/create`, 'admin', { roleId: form.roleId, name: 'Skill' })).json().id as number;
      expect((await t.get(`${API}/criteria`, 'admin')).json()).toEqual([
        { id: fit, roleId: form.roleId, name: 'Fit' },
        { id: skill, roleId: form.roleId, name: 'Skill' },
      ]);
      const id = (await t.apply('applicant', form)).json().id as number;

      expect((await review(id, { vote: 'yes', scores: { [fit]: 5, [skill]: 4 }, comment: 'Strong.' })).statusCode).toBe(200);
      expect((await review(id, { vote: 'no', scores: { [fit]: 2, [skill]: 1 } }, second)).statusCode).toBe(200);
      // Sent again, the first admin's review replaces theirs: still two reviews.
      expect((await review(id, { vote: 'abstain', scores: { [fit]: 3, [skill]: 3 }, comment: 'On reflection.' })).statusCode).toBe(200);
      // The same vote again (only the comment changes) is no new line in the trail ("from abstain to abstain").
      expect((await review(id, { vote: 'abstain', scores: { [fit]: 3, [skill]: 3 }, comment: 'On reflection.' })).statusCode).toBe(200);

      const card = await applicationOf(id);
      expect(card.reviews).toEqual({ count: 2, yes: 0, no: 1, abstain: 1, averageScore: 2.25, reviewedByMe: true, hidden: false });
      const reviews = (await t.get(`${API}/applications/${id}/reviews`, 'admin')).json();
      expect(reviews.reviews.map((r: { reviewerName: string; vote: string }) => [r.reviewerName, r.vote])).toEqual([
        ['chief.dispatcher', 'abstain'],
        ['second.reviewer', 'no'],
      ]);
      expect(reviews.mine.comment).toBe('On reflection.');
      expect(reviews.criteria.map((c: { name: string }) => c.name)).toEqual(['Fit', 'Skill']);
      const audit = (card.audit as Array<{ kind: string; actorName: string; from: string | null; to: string }>).filter(
        (a) => a.kind === 'review',
      );
      expect(audit.map((a) => [a.actorName, a.from, a.to])).toEqual([
        ['chief.dispatcher', null, 'yes'],
        ['second.reviewer', null, 'no'],
        ['chief.dispatcher', 'yes', 'abstain'],
      ]);

      const csv = (await t.get(`${API}/applications/export.csv`, 'admin')).body.replace(/^\uFEFF/, '');
      expect(csv).toContain('withdrawnAt,reviewCount,votesYes,votesNo,votesAbstain,averageScore,reviews');
      expect(csv).toContain(',2,0,1,1,2.25,"chief.dispatcher: abstain (3.00) On reflection.\nsecond.reviewer: no (1.50)"');
    });

    it('blind review: other reviews and the tally stay hidden until the reviewer has reviewed, names too when asked', async () => {
      const id = (await t.apply('applicant', form)).json().id as number;
      await review(id, { vote: 'yes' }, second);
      await setSetting('blindReview', 'true');
      await setSetting('blindHideApplicant', 'true');

      const before = await applicationOf(id);
      expect(before.reviews).toEqual({ count: 1, yes: 0, no: 0, abstain: 0, averageScore: null, reviewedByMe: false, hidden: true });
      expect([before.username, before.userId, before.avatar]).toEqual([`Applicant #${id}`, '', null]);
      const hidden = (await t.get(`${API}/applications/${id}/reviews`, 'admin')).json();
      expect(hidden.reviews).toEqual([]);
      expect(hidden.tally.hidden).toBe(true);
      // The CSV export hides the same (it had every name, vote and comment).
      const csvOf = async () => (await t.get(`${API}/applications/export.csv`, 'admin')).body.replace(/^\uFEFF/, '').split('\r\n')[1]!;
      const hiddenLine = await csvOf();
      expect(hiddenLine).toMatch(new RegExp(`^${id},Applicant #${id},,`));
      expect(hiddenLine).toContain(',1,,,,,');
      expect(hiddenLine).not.toMatch(/signal\.sam|second\.reviewer|yes/);
      // Nor does any other answer give them away: the card's history (it listed "second.reviewer
      // reviewed: yes"), the board, a search by name (it found "Applicant #N"), the avatar, failed DMs.
      expect((before.audit as Array<{ kind: string }>).map((a) => a.kind)).not.toContain('review');
      const boardCard = async () =>
        (await t.get(`${API}/board`, 'admin'))
          .json()
          .columns.flatMap((c: { cards: Array<{ id: number }> }) => c.cards)
          .find((c: { id: number }) => c.id === id);
      expect(await boardCard()).toMatchObject({ username: `Applicant #${id}`, userId: '', hasAvatar: false });
      const search = async () => (await t.get(`${API}/applications?search=signal`, 'admin')).json() as Array<{ id: number }>;
      expect((await search()).map((a) => a.id)).not.toContain(id);
      expect((await t.get(`${API}/applications/export.csv?search=signal`, 'admin')).body).not.toContain(`\r\n${id},`);
      const avatar = await t.get(`${API}/applications/${id}/avatar`, 'admin');
      expect([avatar.statusCode, avatar.json().error]).toEqual([
        404,
        'Blind review hides this applicant until you have reviewed the application.',
      ]);
      const db = toolDb<RecruitmentTables>(t.database);
      await db
        .insertInto('recruitment_notifications')
        .values({
          application_id: id,
          user_id: 'x',
          content: 'Hi',
          state: 'failed',
          attempts: 3,
          last_error: '403',
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const failedFor = async () =>
        ((await t.get(`${API}/notifications/failed`, 'admin')).json() as Array<{ applicationId: number; username: string }>).find(
          (f) => f.applicationId === id,
        )!.username;
      expect(await failedFor()).toBe(`Applicant #${id}`);

      await review(id, { vote: 'no' });
      const after = await applicationOf(id);
      expect(after.username).toBe('signal.sam');
      expect((after.audit as Array<{ kind: string }>).filter((a) => a.kind === 'review')).toHaveLength(2);
      expect(await boardCard()).toMatchObject({ username: 'signal.sam' });
      expect((await search()).map((a) => a.id)).toContain(id);
      expect(await failedFor()).toBe('signal.sam');
      const shownLine = await csvOf();
      expect(shownLine.startsWith(`${id},signal.sam,`)).toBe(true);
      expect(shownLine).toContain(',2,1,1,0,,"second.reviewer: yes\nchief.dispatcher: no"');
      expect(after.reviews).toMatchObject({ count: 2, yes: 1, no: 1, reviewedByMe: true, hidden: false });
      expect((await t.get(`${API}/applications/${id}/reviews`, 'admin')).json().reviews).toHaveLength(2);
      // The other admin had reviewed before blind review was on: they see everything.
      expect((await applicationOf(id, second)).reviews).toMatchObject({ count: 2, hidden: false });
    });

    it.each([
      ['a vote that is not yes, no or abstain', { vote: 'maybe' }, /vote/],
      ['a score above 5', 'score6', /from 1 to 5/],
      ['a score that is not whole', 'score2.5', /whole number/],
      ['a missing score', 'missing', /needs a score from 1 to 5/],
      ['a criterion of another role', 'foreign', /not one of this role/],
      ['a comment too long', { vote: 'yes', comment: 'x'.repeat(5001) }, /at most 5000/],
    ])('refuses a review with %s (400, nothing written)', async (_name, body, message) => {
      const fit = (await t.post(`${API}/criteria/create`, 'admin', { roleId: form.roleId, name: 'Fit' })).json().id as number;
      const otherRole = (await t.post(`${API}/roles/create`, 'admin', { name: 'Other' })).json().id as number;
      const foreign = (await t.post(`${API}/criteria/create`, 'admin', { roleId: otherRole, name: 'Elsewhere' })).json().id as number;
      const id = (await t.apply('applicant', form)).json().id as number;
      const bodies: Record<string, object> = {
        score6: { vote: 'yes', scores: { [fit]: 6 } },
        'score2.5': { vote: 'yes', scores: { [fit]: 2.5 } },
        missing: { vote: 'yes' },
        foreign: { vote: 'yes', scores: { [fit]: 3, [foreign]: 3 } },
      };
      const res = await review(id, typeof body === 'string' ? bodies[body]! : { ...body, scores: { [fit]: 3 } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', error: expect.stringMatching(message) });
      expect((await applicationOf(id)).reviews).toMatchObject({ count: 0 });
    });

    it('refuses bad criteria and reviews of nothing (4xx with a code)', async () => {
      const bad = [
        [await t.post(`${API}/criteria/create`, 'admin', { roleId: 999999, name: 'Fit' }), 400],
        [await t.post(`${API}/criteria/create`, 'admin', { roleId: form.roleId, name: '  ' }), 400],
        [await t.post(`${API}/criteria/create`, 'admin', { roleId: 'x', name: 'Fit' }), 400],
        [await t.post(`${API}/criteria/999999/delete`, 'admin'), 404],
        [await review(999999, { vote: 'yes' }), 404],
        [await t.get(`${API}/applications/999999/reviews`, 'admin'), 404],
        [await t.get(`${API}/applications/abc/reviews`, 'admin'), 400],
      ] as const;
      for (const [res, status] of bad) {
        expect(res.statusCode).toBe(status);
        expect(typeof res.json().code).toBe('string');
      }
      expect((await t.get(`${API}/criteria`, 'admin')).json()).toEqual([]);
    });
  });

  describe('item 2: cycles and the applicant’s own controls', () => {
    const status = async (who: 'applicant' | 'other' = 'applicant') => (await t.get(`${API}/application/status`, who)).json();

    it('withdraws a Pending application; with no cooldown the applicant may apply again and sees both in the history', async () => {
      const first = (await t.apply('applicant', form)).json().id as number;
      expect((await status()).editable).toBe(true);
      const withdrawn = await t.post(`${API}/application/withdraw`, 'applicant');
      expect(withdrawn.json()).toEqual({ success: true });
      const after = await status();
      expect(after).toMatchObject({ hasApplication: true, applicationId: first, status: 'Pending', editable: false, mayReapply: true });
      expect(after.withdrawnAt).not.toBeNull();
      expect((await applicationOf(first)).withdrawnAt).toBe(after.withdrawnAt);
      expect(((await applicationOf(first)).audit as Array<{ kind: string }>).map((a) => a.kind)).toContain('withdraw');
      // The board marks it too (it looked like any Pending card there, and a move was refused).
      const boardCards = (await t.get(`${API}/board`, 'admin')).json().columns.flatMap((c: { cards: unknown[] }) => c.cards) as Array<{
        id: number;
        withdrawn: boolean;
      }>;
      expect(boardCards.find((c) => c.id === first)).toMatchObject({ withdrawn: true });
      // Nothing left to withdraw.
      const again = await t.post(`${API}/application/withdraw`, 'applicant');
      expect([again.statusCode, again.json().code]).toEqual([409, 'recruitment.no_open_application']);

      // A withdrawn application is not decided afterwards (it sent a decision, and Accepted stopped the applicant reapplying).
      const decided = await t.post(`${API}/applications/${first}/update`, 'admin', { stageId: form.stageIds[2] }); // Accepted
      expect([decided.statusCode, decided.json()]).toEqual([
        409,
        { error: 'The applicant withdrew this application, so it can no longer be moved to another stage.', code: 'recruitment.withdrawn' },
      ]);
      expect(await status()).toMatchObject({ status: 'Pending', mayReapply: true });

      const second = (await t.apply('applicant', form)).json().id as number;
      const now = await status();
      expect(now.applicationId).toBe(second);
      expect(now.history.map((h: { id: number; withdrawnAt: string | null }) => [h.id, h.withdrawnAt === null])).toEqual([
        [second, true],
        [first, false],
      ]);
    });

    it('holds someone Declined to the reapply cooldown, counted from the decision', async () => {
      await setSetting('reapplyCooldownDays', '3');
      const id = (await t.apply('applicant', form)).json().id as number;
      await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[3] }); // Declined
      const held = await status();
      expect(held).toMatchObject({ status: 'Declined', mayReapply: false });
      expect(Date.parse(held.reapplyFrom)).toBe(t.clock.now() + 3 * DAY);
      const refused = await t.apply('applicant', form);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'recruitment.reapply_cooldown', error: expect.stringMatching(/apply again from/) });

      t.clock.advance(3 * DAY + 1);
      expect((await status()).mayReapply).toBe(true);
      expect((await t.apply('applicant', form)).statusCode).toBe(200);
      // Moving the old one back to a Pending stage would make two open applications: refused.
      const reopen = await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] });
      expect([reopen.statusCode, reopen.json().code]).toEqual([409, 'recruitment.reopen_conflict']);
    });

    it('keeps one open application per user under a 20-way race: 1 winner, 19 refused', async () => {
      const { finalUrl } = (await t.upload('applicant', SAMPLE_PDF, 'cv.pdf')).json();
      const body = { jobSelection: form.roleId, answers: { [form.textId]: 'Me.', [form.choiceId]: 'Under 5', [form.fileId]: finalUrl } };
      const results = await Promise.all(Array.from({ length: 20 }, () => t.post(`${API}/submit`, 'applicant', body)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect((await status()).history).toHaveLength(1);
    });

    it('edits the application while no reviewer has acted, and not after', async () => {
      const id = (await t.apply('applicant', form)).json().id as number;
      const { finalUrl } = (await t.upload('applicant', SAMPLE_PDF, 'new-cv.pdf')).json();
      const edit = (text: string) =>
        t.post(`${API}/application/edit`, 'applicant', {
          jobSelection: form.roleId,
          answers: { [form.textId]: text, [form.choiceId]: 'Under 5', [form.fileId]: finalUrl },
        });
      expect((await edit('Edited answer.')).json()).toEqual({ success: true });
      const card = await applicationOf(id);
      expect(JSON.parse(card.answers as string)[form.textId]).toBe('Edited answer.');
      expect(JSON.parse(card.answers as string)[form.fileId]).toMatch(/new-cv\.pdf$/);
      // The status view has what the edit form needs.
      expect((await status()).own).toMatchObject({
        jobSelection: String(form.roleId),
        answers: { [form.textId]: 'Edited answer.' },
        fileNames: { [form.fileId]: 'new-cv.pdf' },
      });
      expect((card.audit as Array<{ kind: string; actorName: string }>).map((a) => [a.kind, a.actorName])).toEqual([
        ['edit', 'signal.sam'],
      ]);

      // Closing applications leaves the edit open, a new file for it included (decision 0028); someone
      // without an application is still told applications are closed.
      expect((await setSetting('applicationsOpen', 'false')).statusCode).toBe(200);
      expect((await status()).editable).toBe(true);
      const whileClosed = await t.upload('applicant', SAMPLE_PDF, 'closed-cv.pdf');
      expect(whileClosed.statusCode).toBe(200);
      const closedEdit = await t.post(`${API}/application/edit`, 'applicant', {
        jobSelection: form.roleId,
        answers: { [form.textId]: 'Edited answer.', [form.choiceId]: 'Under 5', [form.fileId]: whileClosed.json().finalUrl },
      });
      expect(closedEdit.json()).toEqual({ success: true });
      const outsider = await t.upload('other', SAMPLE_PDF, 'late.pdf');
      expect([outsider.statusCode, outsider.json().code]).toEqual([403, 'recruitment.applications_closed']);
      expect((await setSetting('applicationsOpen', 'true')).statusCode).toBe(200);

      // A bad edit is refused like a bad submission, and changes nothing.
      const bad = await t.post(`${API}/application/edit`, 'applicant', { jobSelection: form.roleId, answers: { [form.textId]: 'x' } });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_input']);

      await t.post(`${API}/applications/${id}/notes`, 'admin', { body: 'Private notes do not lock it.' });
      expect((await status()).editable).toBe(true);
      await review(id, { vote: 'yes' });
      expect((await status()).editable).toBe(false);
      expect((await status()).own).toBeNull();
      const locked = await edit('Too late.');
      expect([locked.statusCode, locked.json().code]).toEqual([409, 'recruitment.not_editable']);
      expect(JSON.parse((await applicationOf(id)).answers as string)[form.textId]).toBe('Edited answer.');
      // Nor may they upload more files for it.
      expect((await t.upload('applicant', SAMPLE_PDF, 'more.pdf')).statusCode).toBe(409);
    });

    it('saves the form as a draft on the server, uploads included, and clears it on submit', async () => {
      expect((await t.get(`${API}/application/draft`, 'applicant')).json()).toEqual({ draft: null });
      const mine = (await t.upload('applicant', SAMPLE_PDF, 'draft cv.pdf')).json().finalUrl as string;
      const theirs = (await t.upload('other', SAMPLE_PDF, 'theirs.pdf')).json().finalUrl as string;
      const saved = await t.post(`${API}/application/draft`, 'applicant', {
        jobSelection: String(form.roleId),
        answers: { [form.textId]: 'Half an answ', [form.fileId]: mine, [form.choiceId]: theirs },
      });
      expect(saved.json()).toEqual({ success: true });
      const { draft } = (await t.get(`${API}/application/draft`, 'applicant')).json();
      // Someone else's upload never comes back in a draft.
      expect(draft).toMatchObject({
        jobSelection: String(form.roleId),
        answers: { [form.textId]: 'Half an answ', [form.fileId]: mine },
        fileNames: { [form.fileId]: 'draft cv.pdf' },
      });
      expect((await t.get(`${API}/application/draft`, 'other')).json()).toEqual({ draft: null });

      const bad = await t.post(`${API}/application/draft`, 'applicant', { jobSelection: 'x', answers: {} });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_input']);
      const long = await t.post(`${API}/application/draft`, 'applicant', { answers: { [form.textId]: 'x'.repeat(5001) } });
      expect(long.statusCode).toBe(400);

      await t.apply('applicant', form);
      expect((await t.get(`${API}/application/draft`, 'applicant')).json()).toEqual({ draft: null });
    });

    it('refuses a draft save that arrives after the submission, so a re-apply form does not open on the old answers (000 §4)', async () => {
      const typed = { jobSelection: String(form.roleId), answers: { [form.textId]: 'Typed just before Submit' } };
      await t.post(`${API}/application/draft`, 'applicant', typed);
      await t.apply('applicant', form);
      // The autosave of the last keystrokes, sent before the click, lands after the submission.
      const late = await t.post(`${API}/application/draft`, 'applicant', typed);
      expect([late.statusCode, late.json().error]).toEqual([409, 'You have already submitted an application.']);
      expect((await t.get(`${API}/application/draft`, 'applicant')).json()).toEqual({ draft: null });

      expect((await t.post(`${API}/application/withdraw`, 'applicant')).statusCode).toBe(200);
      expect((await t.get(`${API}/application/draft`, 'applicant')).json()).toEqual({ draft: null });
      // Once the application is closed, the re-apply form is a draft again.
      expect(
        (await t.post(`${API}/application/draft`, 'applicant', { jobSelection: '', answers: { [form.textId]: 'Anew' } })).json(),
      ).toEqual({
        success: true,
      });
      expect((await t.get(`${API}/application/draft`, 'applicant')).json()).toMatchObject({
        draft: { answers: { [form.textId]: 'Anew' } },
      });
    });
  });

  describe('item 5: the applicant hears by Discord DM', () => {
    const knowApplicant = () => {
      const user = { ...makeDiscordUser({ username: 'signal.sam' }), id: t.idOf('applicant') };
      t.discord!.users.set(user.id, user);
      return user.id;
    };

    it('sends a DM from the bot, through the job queue, on a stage change and on feedback', async () => {
      const userId = knowApplicant();
      const id = (await t.apply('applicant', form)).json().id as number;
      await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] });
      await t.ctx.jobs.settle();
      await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'See you @everyone at the interview.' });
      await t.ctx.jobs.settle();
      const stageName = (await applicationOf(id)).stageName;
      expect(t.discord!.dms.map((m) => [m.recipientId, m.content])).toEqual([
        [userId, `Your application for Dispatcher has an update.\nStage: ${stageName}`],
        [userId, 'Your application for Dispatcher has an update.\nFeedback from our team: See you @everyone at the interview.'],
      ]);
      expect(t.discord!.dms[1]!.allowedMentions).toEqual({ parse: [] });
      expect(t.discord!.calls.filter((c) => c.includes('/users/@me/channels'))).toHaveLength(2);
      expect((await t.get(`${API}/notifications/failed`, 'admin')).json()).toEqual([]);
    });

    it('retries a DM Discord could not take, and shows admins one that failed for good', async () => {
      knowApplicant();
      const id = (await t.apply('applicant', form)).json().id as number;
      t.discord!.faults.fail(/\/channels\/.*\/messages/, 503, 1);
      await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[1] });
      await t.ctx.jobs.settle();
      expect(t.discord!.dms).toHaveLength(1); // the retry went through

      t.discord!.closedDms.add(t.idOf('applicant'));
      await t.post(`${API}/applications/${id}/update`, 'admin', { feedback: 'Hello.' });
      await t.ctx.jobs.settle();
      const failed = (await t.get(`${API}/notifications/failed`, 'admin')).json();
      expect(failed).toEqual([
        expect.objectContaining({
          applicationId: id,
          username: 'signal.sam',
          attempts: 1,
          error: 'Discord answered 403: Cannot send messages to this user',
        }),
      ]);
      expect((await applicationOf(id)).failedNotifications).toEqual(failed);

      // Discord down for good: 1 try and 3 retries, then failed.
      t.discord!.closedDms.clear();
      t.discord!.faults.fail(/\/users\/@me\/channels/, 500, 10);
      await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[0] });
      await t.ctx.jobs.settle();
      const [latest] = (await t.get(`${API}/notifications/failed`, 'admin')).json();
      expect(latest).toMatchObject({ attempts: 4, error: expect.stringMatching(/^Discord answered 500/) });
    });
  });

  describe('item 6: reviewer nudges', () => {
    it('marks applications waiting longer than the setting and lists them in the daily digest', async () => {
      const id = (await t.apply('applicant', form)).json().id as number;
      expect((await applicationOf(id)).waiting).toBe(false);
      await setSetting('stageWaitDays', '2');
      expect((await t.ctx.jobs.stats()).byName[DAILY_DIGEST]?.queued).toBe(1);

      t.clock.advance(2 * DAY + 1000);
      expect((await applicationOf(id)).waiting).toBe(true);
      const other = (await t.apply('other', form)).json().id as number;
      expect((await applicationOf(other)).waiting).toBe(false);
      // The job's own work, run now whatever the clock (pg-boss keeps its own time for runAt).
      await postDailyDigest(makeRecruitmentDeps(t.ctx, silent));
      await t.ctx.jobs.settle();
      const digest = receiver.messages.map((m) => m.content).find((c) => c.startsWith('⏰'));
      expect(digest).toBe(
        `⏰ Daily digest: 1 application has waited more than 2 days in a stage.\n• #${id} signal.sam (Dispatcher): 2 days in "Received"`,
      );

      // A decision ends the wait.
      await t.post(`${API}/applications/${id}/update`, 'admin', { stageId: form.stageIds[2] }); // Accepted
      expect((await applicationOf(id)).waiting).toBe(false);
      // Each run queues the next day's, so the series goes on.
      expect((await t.ctx.jobs.stats()).byName[DAILY_DIGEST]?.queued).toBeGreaterThanOrEqual(1);
    });

    it('sends the digest now from the dashboard: refused without a wait, nothing sent when nothing waits, else the same message', async () => {
      const id = (await t.apply('applicant', form)).json().id as number;
      const send = () => t.post(`${API}/digest/send`, 'admin');
      const unset = await send();
      expect([unset.statusCode, unset.json().code]).toEqual([409, 'recruitment.no_stage_wait']);
      expect(unset.json().error).toMatch(/^Set how many days/);

      await setSetting('stageWaitDays', '3');
      expect((await send()).json()).toEqual({ waiting: 0, sent: false });
      t.clock.advance(3 * DAY + 1000);
      expect((await send()).json()).toEqual({ waiting: 1, sent: true });
      await t.ctx.jobs.settle();
      // On SQLite the polled queue runs on the app's clock, so the daily run, now due, posts the same list too.
      const digests = receiver.messages.map((m) => m.content).filter((c) => c.startsWith('⏰'));
      expect(digests.length).toBeGreaterThanOrEqual(1);
      expect(new Set(digests)).toEqual(
        new Set([
          `⏰ Daily digest: 1 application has waited more than 3 days in a stage.\n• #${id} signal.sam (Dispatcher): 3 days in "Received"`,
        ]),
      );
      // The daily series goes on: a run is queued.
      expect((await t.ctx.jobs.stats()).byName[DAILY_DIGEST]?.queued).toBe(1);
    });

    it('refuses a wait or cooldown that is not whole days (400)', async () => {
      for (const value of ['0', '-1', '1.5', 'two', '3651']) {
        for (const key of ['stageWaitDays', 'reapplyCooldownDays']) {
          const res = await setSetting(key, value);
          expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_input']);
        }
      }
      const res = await setSetting('blindReview', 'yes');
      expect(res.statusCode).toBe(400);
    });
  });
});
