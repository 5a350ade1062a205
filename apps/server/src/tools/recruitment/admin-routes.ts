import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BoardQuery,
  BulkUpdateRequest,
  IdParams,
  MANAGED_LISTS,
  type ManagedList,
  ReorderRequest,
  ReportsQuery,
  UpdateQuestionRequest,
  UpdateRoleRequest,
  UpdateStageRequest,
} from '@guildhall/contracts/recruitment';
import { parseInput } from '@server/core/http/parse-input';
import { bulkUpdateApplications } from './bulk-update-applications';
import { DomainError } from '@server/core/errors/domain-error';
import { getApplicationAvatar } from './get-application-avatar';
import { hiddenApplicants } from './hidden-applicants';
import { getBoard } from './get-board';
import { getReports } from './get-reports';
import type { RecruitmentDeps } from './recruitment-deps';
import { reorderManagedList } from './reorder-managed-list';
import { requireRecruitmentAccess } from './require-recruitment-access';
import { restoreManagedItem } from './restore-managed-item';
import { updateQuestion } from './update-question';
import { updateRole } from './update-role';
import { updateStage } from './update-stage';

const BASE = '/recruitment/api';

/**
 * Issue 13 items 3, 4, 7, 8, beside the calls of 000 §7 (which stay as they are): editing,
 * reordering and restoring stages, roles and questions; the board and bulk moves; reports; avatars.
 * All of them are for recruitment admins only (000 §6: admins configure and review).
 */
export function registerRecruitmentAdminRoutes(app: FastifyInstance, deps: RecruitmentDeps): void {
  const { config } = app.ctx;
  const admin = (request: FastifyRequest) => requireRecruitmentAccess(request, 'admin');
  const idOf = (request: FastifyRequest) => parseInput(IdParams, request.params).id;

  for (const list of MANAGED_LISTS satisfies readonly ManagedList[]) {
    app.post(`${BASE}/${list}/reorder`, async (request) => {
      await admin(request);
      return reorderManagedList(deps, list, parseInput(ReorderRequest, request.body).ids);
    });
    app.post(`${BASE}/${list}/:id/restore`, async (request) => {
      await admin(request);
      return restoreManagedItem(deps, list, idOf(request));
    });
  }
  app.post(`${BASE}/stages/:id/update`, async (request) => {
    await admin(request);
    return updateStage(deps, idOf(request), parseInput(UpdateStageRequest, request.body));
  });
  app.post(`${BASE}/roles/:id/update`, async (request) => {
    await admin(request);
    return updateRole(deps, idOf(request), parseInput(UpdateRoleRequest, request.body));
  });
  app.post(`${BASE}/questions/:id/update`, async (request) => {
    await admin(request);
    return updateQuestion(deps, idOf(request), parseInput(UpdateQuestionRequest, request.body));
  });

  app.get(`${BASE}/board`, async (request) => {
    const caller = await admin(request);
    return getBoard(deps, parseInput(BoardQuery, request.query), caller.session.subject);
  });
  app.post(`${BASE}/applications/bulk-update`, async (request) => {
    const caller = await admin(request);
    const actor = { id: caller.session.subject, name: caller.session.displayName };
    return bulkUpdateApplications(deps, actor, parseInput(BulkUpdateRequest, request.body));
  });
  app.get(`${BASE}/reports`, async (request) => {
    await admin(request);
    return getReports(deps, parseInput(ReportsQuery, request.query));
  });

  const avatarDeps = { db: deps.db, now: deps.now, cdnBaseUrl: config.DISCORD_CDN_BASE_URL, timeoutMs: config.LOOKUP_TIMEOUT_MS };
  app.get(`${BASE}/applications/:id/avatar`, async (request, reply) => {
    const caller = await admin(request);
    const id = idOf(request);
    // Decision 0028: a face tells who applied as well as a name does.
    if ((await hiddenApplicants(deps, caller.session.subject, [id])).has(id))
      throw new DomainError('not_found', 'Blind review hides this applicant until you have reviewed the application.');
    const image = await getApplicationAvatar(avatarDeps, id);
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(image.data);
  });
}
