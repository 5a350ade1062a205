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
  const account = await request.server.ctx.schoolAccounts.verifyPassword(body.student_id, body.password);
  if (!account) throw new DomainError('invalid_credentials');
  const token = await signIn(request, reply, {
    kind: 'school',
    subject: account.studentId,
    displayName: account.email ?? account.studentId,
    avatar: null,
  });
  return { token, role: account.role, userId: account.id, studentId: account.studentId, email: account.email };
}
