import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { findTextProblem } from '@guildhall/contracts/input';
import type { AppContext } from '../core/context';
import { uniqueColumns } from '../core/csv/unique-columns';
import { CliError, type CliCommand, expectArgs } from './cli-command';
import { checkSchoolAccountFields, parseSchoolRoleArg } from './create-school-account';

/**
 * Reads `student_id,password,email,role` rows and creates or updates each account (argon2id; a
 * re-import changes the password and role). Every row is checked before any is written, all are
 * written in one transaction or none, and no message ever contains a password.
 */
export async function importSchoolAccountsCsv(ctx: Pick<AppContext, 'schoolAccounts'>, text: string): Promise<{ imported: number }> {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, { columns: uniqueColumns(), skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new CliError(`file: the CSV could not be read: ${(error as Error).message}`, 1);
  }
  const rows = records.map((record, index) => {
    const where = `row ${index + 2}: `;
    // As every HTTP input (core/http/parse-input.ts): text the database cannot keep as sent is refused.
    const problem = findTextProblem(record);
    if (problem) throw new CliError(`${where}${problem.path.join('.')}: ${problem.message}`, 1);
    for (const column of ['student_id', 'password', 'role']) {
      if (!(column in record))
        throw new CliError(`file: the CSV needs the columns student_id, password, email, role (missing ${column})`, 1);
    }
    const studentId = checkSchoolAccountFields(record.student_id ?? '', record.password ?? '', where);
    let role;
    try {
      role = parseSchoolRoleArg(record.role);
    } catch (error) {
      throw new CliError(where + (error as Error).message, 1);
    }
    const email = record.email?.trim() || null;
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`${where}email: "${email}" is not an email address`, 1);
    return { studentId, password: record.password ?? '', email, role };
  });
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (seen.has(row.studentId)) throw new CliError(`row ${index + 2}: student_id ${row.studentId} appears twice`, 1);
    seen.add(row.studentId);
  }
  // PostgreSQL: the one transaction locks each account it writes until it commits, in the order given.
  // Two imports at once that share accounts in different orders (two files, or one sorted otherwise)
  // would each hold one the other waits for, and PostgreSQL would end one as a deadlock; in the order
  // of the student id, the second simply waits for the first. No live write locks these rows against
  // an import: sign-in only reads them, and a sports or timetable write's foreign key takes the key
  // share lock, which an update of password, email and role (never id or student_id) does not wait for.
  await ctx.schoolAccounts.upsertAll(rows.toSorted((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0)));
  return { imported: rows.length };
}

export const importSchoolAccountsCommand: CliCommand = {
  name: 'import-school-accounts',
  args: '<file.csv>',
  summary: 'create or update school accounts from a CSV with columns student_id,password,email,role',
  async run(ctx, args, io) {
    expectArgs(importSchoolAccountsCommand, args, 1);
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
    if (!fs.existsSync(file)) throw new CliError(`file: ${file} does not exist`, 1);
    const { imported } = await importSchoolAccountsCsv(ctx, fs.readFileSync(file, 'utf8'));
    io.out(`Imported ${imported} school account${imported === 1 ? '' : 's'} from ${file}.`);
    return 0;
  },
};
