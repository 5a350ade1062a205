import type { FastifyRequest } from 'fastify';
import type { SchoolAccount, SchoolRole } from '@server/core/auth/school-account-store';
import { requireSchoolSession } from '@server/core/auth/request-auth';
import { DomainError } from '@server/core/errors/domain-error';

/** 002 §6: developer and sports_lead see the Admin Panel. */
export const SPORTS_ADMIN_ROLES: readonly SchoolRole[] = ['developer', 'sports_lead'];

export const isSportsAdmin = (account: SchoolAccount) => SPORTS_ADMIN_ROLES.includes(account.role);

/** Any signed-in school account (bearer token or cookie); the role is read fresh from the account. */
export async function requireSportsAccount(request: FastifyRequest): Promise<SchoolAccount> {
  return (await requireSchoolSession(request)).account;
}

/** 002 §6: only students register for tryouts and withdraw. */
export async function requireSportsStudent(request: FastifyRequest): Promise<SchoolAccount> {
  const account = await requireSportsAccount(request);
  if (account.role !== 'student') throw new DomainError('sports.students_only');
  return account;
}

/** 002 §6: the admin endpoints refuse students (enforced here, the web app only mirrors it). */
export async function requireSportsAdmin(request: FastifyRequest): Promise<SchoolAccount> {
  const account = await requireSportsAccount(request);
  if (!isSportsAdmin(account)) throw new DomainError('sports.admins_only');
  return account;
}
