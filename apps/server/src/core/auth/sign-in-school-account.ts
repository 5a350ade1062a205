import type { FastifyReply, FastifyRequest } from 'fastify';
import { SchoolLoginRequest, type SchoolLoginAnswer } from '@guildhall/contracts';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../http/parse-input';
import { signIn } from './request-auth';

/**
 * 002 §7 POST /api/login for school accounts (sports and timetable). Sets the session cookie and
 * answers the same token for bearer clients. A wrong id and a wrong password get the same answer.
 */
export async function signInSchoolAccount(request: FastifyRequest, reply: FastifyReply): Promise<SchoolLoginAnswer> {
  const body = parseInput(SchoolLoginRequest, request.body);
  const { schoolAccounts, signInThrottle } = request.server.ctx;
  // Issue 12 item 1 (decision 0023): attempts per student ID, whatever the client address; unknown IDs
  // are counted the same way, so a refusal never tells whether the account exists.
  const waitMs = await signInThrottle.attempt(body.student_id);
  if (waitMs > 0) {
    reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
    throw new DomainError('sign_in_throttled');
  }
  const account = await schoolAccounts.verifyPassword(body.student_id, body.password);
  if (!account) throw new DomainError('invalid_credentials');
  await signInThrottle.reset(body.student_id);
  const token = await signIn(request, reply, {
    kind: 'school',
    subject: account.studentId,
    displayName: account.email ?? account.studentId,
    avatar: null,
  });
  return { token, role: account.role, userId: account.id, studentId: account.studentId, email: account.email };
}
