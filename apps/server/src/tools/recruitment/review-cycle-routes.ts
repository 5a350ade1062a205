import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateCriterionRequest,
  EditApplicationRequest,
  IdParams,
  SaveDraftRequest,
  SubmitReviewRequest,
} from '@guildhall/contracts/recruitment';
import { parseInput } from '@server/core/http/parse-input';
import { createCriterion } from './create-criterion';
import { deleteCriterion } from './delete-criterion';
import { discardEditDraft } from './discard-edit-draft';
import { editApplication } from './edit-application';
import { listCriteria } from './list-criteria';
import { hiddenApplicants, hiddenName } from './hidden-applicants';
import { listFailedNotifications } from './list-failed-notifications';
import { listReviews } from './list-reviews';
import { DM_RETRY_LIMIT, SEND_APPLICANT_DM, SendApplicantDmPayload } from './notify-applicant';
import { DAILY_DIGEST, DailyDigestPayload, postDailyDigest, scheduleDailyDigest } from './post-daily-digest';
import { readDraft } from './read-draft';
import { readEditDraft } from './read-edit-draft';
import { readSettings } from './read-settings';
import type { RecruitmentDeps } from './recruitment-deps';
import { requireRecruitmentAccess } from './require-recruitment-access';
import { saveDraft } from './save-draft';
import { saveEditDraft } from './save-edit-draft';
import { sendDigestNow } from './send-digest-now';
import { sendApplicantDm } from './send-applicant-dm';
import { submitReview } from './submit-review';
import { withdrawApplication } from './withdraw-application';

const BASE = '/recruitment/api';

/**
 * Issue 13 items 1, 2, 5, 6, beside 000 §7's calls (which stay as they are): reviews and their
 * criteria (admins), withdraw / edit / drafts (the applicant, 000 §6 'applicant'), failed DMs (admins),
 * and the two durable jobs (the applicant DM, the daily digest). Routes stay thin: parse -> use case.
 */
export function registerReviewCycleRoutes(app: FastifyInstance, deps: RecruitmentDeps): void {
  const admin = (request: FastifyRequest) => requireRecruitmentAccess(request, 'admin');
  const applicant = (request: FastifyRequest) => requireRecruitmentAccess(request, 'applicant');
  const actorOf = (caller: Awaited<ReturnType<typeof admin>>) => ({ id: caller.session.subject, name: caller.session.displayName });
  const idOf = (request: FastifyRequest) => parseInput(IdParams, request.params).id;

  // --- Item 1: reviews by several staff --------------------------------------------------------
  app.get(`${BASE}/criteria`, async (request) => {
    await admin(request);
    return listCriteria(deps);
  });
  app.post(`${BASE}/criteria/create`, async (request) => {
    await admin(request);
    return createCriterion(deps, parseInput(CreateCriterionRequest, request.body));
  });
  app.post(`${BASE}/criteria/:id/delete`, async (request) => {
    await admin(request);
    return deleteCriterion(deps, idOf(request));
  });
  app.get(`${BASE}/applications/:id/reviews`, async (request) => {
    const caller = await admin(request);
    return listReviews(deps, caller.session.subject, idOf(request));
  });
  app.post(`${BASE}/applications/:id/review`, async (request) => {
    const caller = await admin(request);
    return submitReview(deps, actorOf(caller), idOf(request), parseInput(SubmitReviewRequest, request.body));
  });

  // --- Item 2: the applicant's own controls ----------------------------------------------------
  app.post(`${BASE}/application/withdraw`, async (request) => withdrawApplication(deps, actorOf(await applicant(request))));
  app.post(`${BASE}/application/edit`, async (request) => {
    const caller = await applicant(request);
    return editApplication(deps, actorOf(caller), parseInput(EditApplicationRequest, request.body));
  });
  app.get(`${BASE}/application/draft`, async (request) => readDraft(deps, (await applicant(request)).session.subject));
  app.post(`${BASE}/application/draft`, async (request) => {
    const caller = await applicant(request);
    return saveDraft(deps, caller.session.subject, parseInput(SaveDraftRequest, request.body));
  });
  // Decision 0028: the edit form's own draft, which keeps its uploads while the edit may be saved.
  app.get(`${BASE}/application/edit-draft`, async (request) => readEditDraft(deps, (await applicant(request)).session.subject));
  app.post(`${BASE}/application/edit-draft`, async (request) => {
    const caller = await applicant(request);
    return saveEditDraft(deps, caller.session.subject, parseInput(SaveDraftRequest, request.body));
  });
  app.post(`${BASE}/application/edit-draft/discard`, async (request) => discardEditDraft(deps, (await applicant(request)).session.subject));

  // --- Item 5: DMs to the applicant; failures are visible to admins ------------------------------
  app.get(`${BASE}/notifications/failed`, async (request) => {
    const caller = await admin(request);
    const failed = await listFailedNotifications(deps, null);
    // Decision 0028: blind review hides who applied here too, as on their card.
    const hidden = await hiddenApplicants(deps, caller.session.subject, [...new Set(failed.map((f) => f.applicationId))]);
    return failed.map((f) => (hidden.has(f.applicationId) ? { ...f, username: hiddenName(f.applicationId) } : f));
  });
  app.ctx.jobs.define(SEND_APPLICANT_DM, SendApplicantDmPayload, (payload, job) => sendApplicantDm(deps, payload.notificationId, job), {
    retryLimit: DM_RETRY_LIMIT,
    retryDelaySeconds: deps.dmRetryDelaySeconds,
  });

  // --- Item 6: the daily digest, a recurring job that queues its next run ------------------------
  app.ctx.jobs.define(DAILY_DIGEST, DailyDigestPayload, () => postDailyDigest(deps));
  app.post(`${BASE}/digest/send`, async (request) => {
    await admin(request);
    return sendDigestNow(deps);
  });
  // Started when a wait is set (update-setting.ts) and again on each start while one is; a queue that
  // cannot take it now is logged, never stops the server (the next start or setting change tries again).
  app.addHook('onReady', async () => {
    try {
      if ((await readSettings(deps)).stageWaitDays) await scheduleDailyDigest(deps);
    } catch (error) {
      deps.log.warn({ err: error }, 'recruitment daily digest could not be scheduled');
    }
  });
}
