import { SchoolLoginRequest } from '@guildhall/contracts';
import { SCHOOL_ROLES, type SchoolRole } from '../core/auth/school-account-store';
import { isDomainError } from '../core/errors/domain-error';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/** 002 §3 roles; the same list core stores. */
export function parseSchoolRoleArg(value: string | undefined): SchoolRole {
  if (value && (SCHOOL_ROLES as readonly string[]).includes(value)) return value as SchoolRole;
  throw new CliError(`role: unknown role "${value ?? ''}"; known roles: ${SCHOOL_ROLES.join(', ')}`);
}

export const MIN_SCHOOL_PASSWORD_LENGTH = 6;

/** Checks a new account's fields with the login contract (so the account can log in), never echoing the password. */
export function checkSchoolAccountFields(studentId: string, password: string, where = ''): string {
  const parsed = SchoolLoginRequest.safeParse({ student_id: studentId, password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${where}${String(issue?.path[0] ?? 'input')}: ${issue?.message ?? 'is not valid'}`);
  }
  if (password.length < MIN_SCHOOL_PASSWORD_LENGTH)
    throw new CliError(`${where}password: must be at least ${MIN_SCHOOL_PASSWORD_LENGTH} characters`);
  return parsed.data.student_id;
}

/** The password from SCHOOL_ACCOUNT_PASSWORD, else the first line piped on stdin: never an argument (shell history, ps). */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.SCHOOL_ACCOUNT_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) throw new CliError('password: set SCHOOL_ACCOUNT_PASSWORD or pipe the password on stdin');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

export const createSchoolAccountCommand: CliCommand = {
  name: 'create-school-account',
  args: '<studentId> <role> [email]',
  summary: 'create a school account (002); password from SCHOOL_ACCOUNT_PASSWORD or stdin, never printed',
  async run(ctx, args, io) {
    expectArgs(createSchoolAccountCommand, args, 2, 3);
    const role = parseSchoolRoleArg(args[1]);
    const email = args[2]?.trim() || null;
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`email: "${email}" is not an email address`);
    const password = await readPassword();
    const studentId = checkSchoolAccountFields(args[0] ?? '', password);
    try {
      const account = await ctx.schoolAccounts.create({ studentId, password, email, role });
      io.out(`Created school account ${account.studentId} (${account.role}).`);
      return 0;
    } catch (error) {
      if (isDomainError(error, 'school_account_exists')) throw new CliError(error.message, 1);
      throw error;
    }
  },
};
