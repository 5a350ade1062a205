import type { FastifyRequest } from 'fastify';
import { currentSession } from '@server/core/auth/request-auth';
import type { Session } from '@server/core/auth/session-store';
import { DomainError } from '@server/core/errors/domain-error';

/**
 * 000 §6 Roles and permissions, enforced on the server:
 * - 'signed-in': any Discord session (to ask whether it is verified);
 * - 'verified': a Discord id in the community registry (unverified users can do nothing else);
 * - 'applicant': verified and not an admin (own status, submit, upload);
 * - 'admin': verified and holding the recruitment-admin grant.
 */
export type RecruitmentAccess = 'signed-in' | 'verified' | 'applicant' | 'admin';

export interface RecruitmentCaller {
  session: Session;
  isVerified: boolean;
  isAdmin: boolean;
}

/** Who is calling and what they may do; null for anonymous. */
export async function findRecruitmentCaller(request: FastifyRequest): Promise<RecruitmentCaller | null> {
  const session = await currentSession(request);
  if (!session || session.kind !== 'discord') return null;
  const { registry, grants } = request.server.ctx;
  const [isVerified, hasGrant] = await Promise.all([
    registry.isVerified(session.subject),
    grants.has(session.subject, 'recruitment-admin'),
  ]);
  // An admin grant does nothing for an unverified account (000 §6: unverified users can do nothing).
  return { session, isVerified, isAdmin: isVerified && hasGrant };
}

export async function requireRecruitmentAccess(request: FastifyRequest, level: RecruitmentAccess): Promise<RecruitmentCaller> {
  const caller = await findRecruitmentCaller(request);
  if (!caller) throw new DomainError('unauthenticated', 'Please log in with Discord first.');
  if (level === 'signed-in') return caller;
  if (!caller.isVerified) throw new DomainError('recruitment.not_verified');
  if (level === 'admin' && !caller.isAdmin) throw new DomainError('recruitment.admins_only');
  if (level === 'applicant' && caller.isAdmin) throw new DomainError('recruitment.admins_do_not_apply');
  return caller;
}
