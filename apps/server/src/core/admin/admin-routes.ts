import type { FastifyInstance } from 'fastify';
import {
  ApiKeyParams,
  type ApiKeysAnswer,
  ApiKeysQuery,
  AuditQuery,
  type AuditAnswer,
  CreateApiKeyRequest,
  type CreateApiKeyAnswer,
  GrantParams,
  GrantRequest,
  type GrantChangeAnswer,
  type GrantsAnswer,
  PageQuery,
  type RevokeApiKeyAnswer,
} from '@guildhall/contracts/admin';
import { searchAudit } from '../audit/audit-log';
import { requestActor } from '../audit/request-actor';
import { API_KEY_SCOPES } from '../auth/api-keys';
import { requireGrant } from '../auth/request-auth';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../http/parse-input';
import { createBotKey } from './create-bot-key';
import { grantRole } from './grant-role';
import { listBotKeys } from './list-bot-keys';
import { listGrants } from './list-grants';
import { revokeBotKey } from './revoke-bot-key';
import { revokeRole } from './revoke-role';

/**
 * Issue 12 item 7: the owner console's API. Every call needs a Discord session holding `owner`
 * (401 without a Discord session, 403 without the grant); every change is written to the audit log
 * with who, what and the client address.
 */
export async function registerAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const requireOwner = (request: Parameters<typeof requireGrant>[0]) => requireGrant(request, 'owner');

  app.get('/admin/api/grants', async (request): Promise<GrantsAnswer> => {
    await requireOwner(request);
    return listGrants(ctx.database.db, parseInput(PageQuery, request.query));
  });

  app.post('/admin/api/grants', async (request): Promise<GrantChangeAnswer> => {
    const session = await requireOwner(request);
    const body = parseInput(GrantRequest, request.body);
    const { changed } = await grantRole(ctx, requestActor(request, session), body.discordId, body.role);
    return { ...body, changed };
  });

  app.delete('/admin/api/grants/:discordId/:role', async (request): Promise<GrantChangeAnswer> => {
    const session = await requireOwner(request);
    const params = parseInput(GrantParams, request.params);
    if (params.role === 'owner' && params.discordId === session.subject) throw new DomainError('admin.own_owner_grant');
    const { changed } = await revokeRole(ctx, requestActor(request, session), params.discordId, params.role, session.subject);
    if (!changed) throw new DomainError('not_found', `${params.discordId} does not have ${params.role}.`);
    return { ...params, changed };
  });

  app.get('/admin/api/keys', async (request): Promise<ApiKeysAnswer> => {
    await requireOwner(request);
    const query = parseInput(ApiKeysQuery, request.query);
    return { ...(await listBotKeys(ctx.database.db, query)), scopes: [...API_KEY_SCOPES] };
  });

  app.post('/admin/api/keys', async (request, reply): Promise<CreateApiKeyAnswer> => {
    const session = await requireOwner(request);
    // Issue 14 item 4: the contracts check each scope; bureau-bot when none is named.
    const body = parseInput(CreateApiKeyRequest, request.body);
    const scopes = body.scopes ?? [body.scope ?? 'bureau-bot'];
    const created = await createBotKey(ctx, requestActor(request, session), body.name, scopes);
    // The secret is in this answer only: no cache may keep it.
    reply.code(201).header('cache-control', 'no-store');
    return created;
  });

  app.delete('/admin/api/keys/:id', async (request): Promise<RevokeApiKeyAnswer> => {
    const session = await requireOwner(request);
    const { id } = parseInput(ApiKeyParams, request.params);
    if (!(await revokeBotKey(ctx, requestActor(request, session), id))) {
      throw new DomainError('not_found', `There is no live API key ${id}.`);
    }
    return { id, revoked: true };
  });

  app.get('/admin/api/audit', async (request): Promise<AuditAnswer> => {
    await requireOwner(request);
    const query = parseInput(AuditQuery, request.query);
    return searchAudit(ctx.database.db, query);
  });
}
