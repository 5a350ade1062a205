import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/session-store';
import type { AuditActor } from './audit-log';

/** The audit log's "who and from where" for a signed-in request (request.ip honours TRUST_PROXY). */
export function requestActor(request: FastifyRequest, session: Pick<Session, 'kind' | 'subject'>): AuditActor {
  return { kind: session.kind, id: session.subject, address: request.ip };
}
