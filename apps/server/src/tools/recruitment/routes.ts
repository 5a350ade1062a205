import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DiscordLoginQuery } from '@guildhall/contracts';
import {
  AddNoteRequest,
  CreateQuestionRequest,
  CreateRoleRequest,
  CreateStageRequest,
  ExportApplicationsQuery,
  IdParams,
  LOGIN_RESULT_PARAM,
  ListApplicationsQuery,
  type LoginFailure,
  SubmitApplicationRequest,
  TOTAL_COUNT_HEADER,
  UpdateApplicationRequest,
  UpdateSettingRequest,
  type CheckVerificationAnswer,
  type UserAnswer,
} from '@guildhall/contracts/recruitment';
import { z } from 'zod';
import { beginDiscordLogin, finishDiscordLogin } from '@server/core/auth/discord-oauth';
import { signOut } from '@server/core/auth/request-auth';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import { addStaffNote } from './add-staff-note';
import { assertMayUpload } from './assert-may-upload';
import { registerReviewCycleRoutes } from './review-cycle-routes';
import { registerRecruitmentAdminRoutes } from './admin-routes';
import { createQuestion } from './create-question';
import { createRole } from './create-role';
import { createStage } from './create-stage';
import { deleteQuestion } from './delete-question';
import { deleteRole } from './delete-role';
import { deleteStage } from './delete-stage';
import { exportApplicationsCsv } from './export-applications-csv';
import { getApplicationStatus } from './get-application-status';
import { defineWebhookMessageJob } from './post-webhook-message';
import { listApplications } from './list-applications';
import { listQuestions } from './list-questions';
import { listRoles } from './list-roles';
import { listStages } from './list-stages';
import { openUpload } from './open-upload';
import { scheduleOrphanUploadRemoval } from './orphan-uploads-job';
import { readPublicSettings } from './read-public-settings';
import { readSettings } from './read-settings';
import { makeRecruitmentDeps } from './recruitment-deps';
import { findRecruitmentCaller, requireRecruitmentAccess } from './require-recruitment-access';
import { sanitizeFileName } from './sanitize-file-name';
import { saveUpload } from './save-upload';
import { submitApplication } from './submit-application';
import { updateApplication } from './update-application';
import { updateSetting } from './update-setting';

const BASE = '/recruitment/api';
/** 000 §2: Discord sends the browser back to the backend's login endpoint. */
const LOGIN_PATH = `${BASE}/login`;
const PORTAL_PATH = '/recruitment';

const UploadParams = z.object({ id: z.string().max(64), name: z.string().max(400) });

/** 000 §7: every call of the portal, under /recruitment/api. Routes stay thin: parse -> service -> answer. */
export async function registerRecruitmentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const deps = makeRecruitmentDeps(ctx, app.log);
  defineWebhookMessageJob(deps, ctx.config.RECRUITMENT_WEBHOOK_RETRY_DELAY_SECONDS);
  const signInLimit = { rateLimit: { max: ctx.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } };
  const publicLimit = { rateLimit: { max: ctx.config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } };
  const admin = (request: FastifyRequest) => requireRecruitmentAccess(request, 'admin');
  const actorOf = (caller: Awaited<ReturnType<typeof admin>>) => ({ id: caller.session.subject, name: caller.session.displayName });
  const idOf = (request: FastifyRequest) => parseInput(IdParams, request.params).id;

  // --- Session (000 §2 Checking state, Login screen, Logout) ---------------------------------
  app.get(`${BASE}/public-settings`, { config: publicLimit }, async () => readPublicSettings(deps));

  app.get(`${BASE}/user`, async (request): Promise<UserAnswer> => {
    const caller = await findRecruitmentCaller(request);
    return { user: caller ? { userId: caller.session.subject, username: caller.session.displayName, isAdmin: caller.isAdmin } : null };
  });

  app.get(`${BASE}/check-verification`, async (request): Promise<CheckVerificationAnswer> => {
    const caller = await requireRecruitmentAccess(request, 'signed-in');
    return { isVerified: caller.isVerified };
  });

  // Without a code this starts Discord's OAuth (identify scope); with one, Discord is returning.
  app.get(LOGIN_PATH, { config: signInLimit }, async (request, reply) => {
    const query = parseInput(DiscordLoginQuery, request.query);
    if (query.code === undefined && query.state === undefined && query.error === undefined) {
      return beginDiscordLogin(request, reply, { callbackPath: LOGIN_PATH, returnTo: PORTAL_PATH });
    }
    // 000 §2: whoever cancels on Discord's consent page, or whose sign-in cannot finish (an expired or
    // replayed link, Discord unreachable), lands back on the portal's login screen with a message,
    // never on a JSON error. finishDiscordLogin has already cleared the pending sign-in its state names, if any.
    try {
      return reply.redirect(await finishDiscordLogin(request, reply, LOGIN_PATH, query));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const reason: LoginFailure = query.error !== undefined ? 'cancelled' : 'failed';
      request.log.info({ reason, code: error.code, message: error.message }, 'recruitment sign-in did not finish');
      return reply.redirect(`${PORTAL_PATH}?${LOGIN_RESULT_PARAM}=${reason}`);
    }
  });

  // 000 §7 "Browser navigation to /api/logout": the page navigates there by posting a form, so the
  // logout passes core/http's Origin check; no GET, which any other site could link to (issue 10 item 2).
  app.post(`${BASE}/logout`, async (request, reply) => {
    await signOut(request, reply);
    return reply.redirect(PORTAL_PATH);
  });

  // --- Applicant (000 §2 Applicant view) ------------------------------------------------------
  app.get(`${BASE}/application/status`, async (request) => {
    const caller = await requireRecruitmentAccess(request, 'applicant');
    return getApplicationStatus(deps, caller.session.subject);
  });
  app.get(`${BASE}/stages`, async (request) => {
    await requireRecruitmentAccess(request, 'verified');
    return listStages(deps);
  });
  app.get(`${BASE}/roles`, async (request) => {
    await requireRecruitmentAccess(request, 'verified');
    return listRoles(deps);
  });
  app.get(`${BASE}/questions`, async (request) => {
    await requireRecruitmentAccess(request, 'verified');
    return listQuestions(deps);
  });

  app.post(`${BASE}/submit`, async (request) => {
    const caller = await requireRecruitmentAccess(request, 'applicant');
    const body = parseInput(SubmitApplicationRequest, request.body);
    const { session } = caller;
    return submitApplication(deps, { userId: session.subject, username: session.displayName, avatar: session.avatar }, body);
  });

  // 000 §7 POST /api/upload-file: a raw body of any type, so it lives in its own scope with a
  // catch-all parser that hands over the body unread: saveUpload streams it to storage, counting the
  // size limit and the quota as it goes (issue 12 item 2). Access, and whether this person may still
  // apply at all (open, inside the period, not yet applied), are checked before the body is read.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.addHook('onRequest', async (request) => {
      const caller = await requireRecruitmentAccess(request, 'applicant');
      // Issue 13 item 2: also while editing an application no reviewer has acted on.
      await assertMayUpload(deps, caller.session.subject);
    });
    // A refusal sent before the body was read through (too large, over quota): close the connection
    // after the answer rather than wait for the rest of a body nobody reads.
    scope.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    scope.post(`${BASE}/upload-file`, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
      const caller = await requireRecruitmentAccess(request, 'applicant');
      const fileName = sanitizeFileName(request.headers['x-filename']);
      const length = Number(request.headers['content-length']);
      return saveUpload(deps, {
        ownerId: caller.session.subject,
        fileName,
        declaredType: request.headers['content-type'],
        body: request.body instanceof Readable ? request.body : undefined,
        declaredSize: Number.isFinite(length) ? length : undefined,
      });
    });
  });

  // Issue 12 item 2: uploads no application uses are removed after UPLOAD_ORPHAN_TTL_HOURS (core/jobs).
  scheduleOrphanUploadRemoval(app, deps);

  // Uploaded files: to their uploader and admins only, always as a download, never sniffed.
  app.get(`${BASE}/uploads/:id/:name`, async (request, reply) => {
    const caller = await requireRecruitmentAccess(request, 'verified');
    const params = parseInput(UploadParams, request.params);
    const file = await openUpload(deps, { userId: caller.session.subject, isAdmin: caller.isAdmin }, params.id);
    const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  // --- Admin (000 §2 Admin view) --------------------------------------------------------------
  app.get(`${BASE}/applications`, async (request, reply) => {
    const caller = await admin(request);
    const { total, applications } = await listApplications(deps, parseInput(ListApplicationsQuery, request.query), caller.session.subject);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(applications);
  });
  app.get(`${BASE}/applications/export.csv`, async (request, reply) => {
    const caller = await admin(request);
    const csv = await exportApplicationsCsv(deps, parseInput(ExportApplicationsQuery, request.query), caller.session.subject);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="applications.csv"')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  app.post(`${BASE}/applications/:id/update`, async (request) => {
    const caller = await admin(request);
    return updateApplication(deps, actorOf(caller), idOf(request), parseInput(UpdateApplicationRequest, request.body));
  });
  app.post(`${BASE}/applications/:id/notes`, async (request) => {
    const caller = await admin(request);
    return addStaffNote(deps, actorOf(caller), idOf(request), parseInput(AddNoteRequest, request.body));
  });

  app.get(`${BASE}/settings`, async (request) => {
    await admin(request);
    return readSettings(deps);
  });
  app.post(`${BASE}/settings/update`, async (request) => {
    await admin(request);
    return updateSetting(deps, parseInput(UpdateSettingRequest, request.body));
  });

  app.post(`${BASE}/stages/create`, async (request) => {
    await admin(request);
    return createStage(deps, parseInput(CreateStageRequest, request.body));
  });
  app.post(`${BASE}/stages/:id/delete`, async (request) => {
    await admin(request);
    return deleteStage(deps, idOf(request));
  });
  app.post(`${BASE}/roles/create`, async (request) => {
    await admin(request);
    return createRole(deps, parseInput(CreateRoleRequest, request.body));
  });
  app.post(`${BASE}/roles/:id/delete`, async (request) => {
    await admin(request);
    return deleteRole(deps, idOf(request));
  });
  app.post(`${BASE}/questions/create`, async (request) => {
    await admin(request);
    return createQuestion(deps, parseInput(CreateQuestionRequest, request.body));
  });
  app.post(`${BASE}/questions/:id/delete`, async (request) => {
    await admin(request);
    return deleteQuestion(deps, idOf(request));
  });

  // Issue 13 items 3, 4, 7, 8: editing and ordering, the board and bulk moves, reports, avatars.
  registerRecruitmentAdminRoutes(app, deps);

  // Issue 13 items 1, 2, 5, 6: reviews, the applicant's own controls, DMs and nudges.
  registerReviewCycleRoutes(app, deps);
}
