import type { FastifyReply, FastifyRequest } from 'fastify';
import { SchoolLoginRequest, type SchoolLoginAnswer } from '@guildhall/contracts';
import { recordAudit } from '../audit/audit-log';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../http/parse-input';
import { signIn, signOut } from './request-auth';

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
    const seconds = Math.ceil(waitMs / 1000);
    reply.header('retry-after', String(seconds));
    await recordFailure(request, body.student_id, 'throttled: waiting for the back-off');
    // The English sentence says how long too, as the Thai one does from the details: 'Please wait and
    // try again.' left a student retrying for up to an hour (SIGN_IN_BACKOFF_MAX_SECONDS).
    throw new DomainError(
      'sign_in_throttled',
      `Too many failed sign-ins for this student ID. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      { retryAfterSeconds: seconds },
    );
  }
  const account = await schoolAccounts.verifyPassword(body.student_id, body.password);
  if (!account) {
    await recordFailure(request, body.student_id, 'wrong student ID or password');
    throw new DomainError('invalid_credentials');
  }
  await signInThrottle.reset(body.student_id);
  const token = await signIn(request, reply, {
    kind: 'school',
    subject: account.studentId,
    displayName: account.email ?? account.studentId,
    avatar: null,
  });
  // A re-import that replaced the password (and ended this account's sessions) committed while the old
  // one was being checked: this session was made with a password that no longer opens the account.
  if (!(await schoolAccounts.stillHasPassword(account))) {
    await signOut(request, reply, token);
    await recordFailure(request, body.student_id, 'the password was replaced while signing in');
    throw new DomainError('invalid_credentials');
  }
  return { token, role: account.role, userId: account.id, studentId: account.studentId, email: account.email };
}

/** Issue 12 item 7: a failed school sign-in in the audit log, under the student ID that was tried. */
function recordFailure(request: FastifyRequest, studentId: string, why: string): Promise<void> {
  const { database, now } = request.server.ctx;
  return recordAudit(database.db, now, { kind: 'school', id: studentId, address: request.ip }, { action: 'sign_in_failed', detail: why });
}
