import type * as Argon2 from '@node-rs/argon2';
import { lazyRequire } from '../lazy/lazy-require';
import type { Kysely } from 'kysely';
import type { SchoolAccountsTable, CoreTables } from '../db/core-tables';
import { type Dialect, isUniqueViolation } from '../db/database';
import { inChunks } from '../db/in-chunks';
import { DomainError } from '../errors/domain-error';

// 002 §3: the roles of school accounts (shared by the timetable and sports tools, ARCHITECTURE.md §4).
export const SCHOOL_ROLES = ['student', 'developer', 'sports_lead'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];

export interface SchoolAccount {
  /** Numeric account id: the `userId` of 002 §3's login response. */
  id: number;
  studentId: string;
  email: string | null;
  role: SchoolRole;
  createdAt: number;
}

export function toAccount(row: Pick<SchoolAccountsTable, 'student_id' | 'email' | 'role' | 'created_at'> & { id: number }): SchoolAccount {
  return { id: row.id, studentId: row.student_id, email: row.email, role: row.role, createdAt: row.created_at };
}

// Issue 17 item 6: the native hasher is loaded by the first school sign-in, not at start-up.
const loadArgon2 = lazyRequire<typeof Argon2>('@node-rs/argon2');
// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Well below the values one statement may bind on either database. */
const IDS_PER_STATEMENT = 500;

/** Verified against when the student id is unknown, so a wrong id costs as long as a wrong password. */
let dummyHash: Promise<string> | null = null;

type SchoolAccountInput = { studentId: string; password: string; email?: string | null; role: SchoolRole };

/** An account whose password was just verified, with the hash it was verified against. */
export type VerifiedSchoolAccount = SchoolAccount & { passwordHash: string };

export class SchoolAccountStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly now: () => number = Date.now,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  async create(input: { studentId: string; password: string; email?: string | null; role: SchoolRole }): Promise<SchoolAccount> {
    const passwordHash = await loadArgon2().hash(input.password, ARGON2_OPTIONS);
    try {
      const row = await this.db
        .insertInto('school_accounts')
        .values({
          student_id: input.studentId,
          email: input.email ?? null,
          role: input.role,
          password_hash: passwordHash,
          created_at: this.now(),
        })
        .returning(['id', 'student_id', 'email', 'role', 'created_at'])
        .executeTakeFirstOrThrow();
      return toAccount(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError('school_account_exists', `A school account with student ID ${input.studentId} already exists.`);
      throw error;
    }
  }

  /** Creates the account, or updates its password, email and role when it exists (CSV re-import). */
  async upsert(input: SchoolAccountInput): Promise<SchoolAccount> {
    const [account] = await this.upsertAll([input]);
    return account!;
  }

  /**
   * upsert for many accounts, all written or none (a CSV import): the passwords are hashed first, so
   * the one transaction holds no lock while argon2 works. A password the import changes ends that
   * account's sessions in the same transaction: a re-import is how a school replaces a password that
   * leaked, and the sessions signed in with it lasted up to SESSION_TTL_HOURS more. Telling an
   * unchanged password from a changed one costs one argon2 verify, and an unchanged one then keeps
   * its hash instead of being hashed again, so a re-import of the same file costs what it did.
   */
  async upsertAll(inputs: SchoolAccountInput[]): Promise<SchoolAccount[]> {
    const argon2 = loadArgon2();
    const stored = await this.passwordHashes(inputs.map((input) => input.studentId));
    const rows: Array<{ studentId: string; values: { email: string | null; role: SchoolRole; password_hash: string } }> = [];
    for (const input of inputs) {
      const current = stored.get(input.studentId);
      const same = current !== undefined && (await argon2.verify(current, input.password).catch(() => false));
      const passwordHash = same ? current : await argon2.hash(input.password, ARGON2_OPTIONS);
      rows.push({ studentId: input.studentId, values: { email: input.email ?? null, role: input.role, password_hash: passwordHash } });
    }
    return this.db.transaction().execute(async (trx) => {
      const accounts: SchoolAccount[] = [];
      const passwordChanged: string[] = [];
      for (const { studentId, values } of rows) {
        // Compared with the stored hash when written, not when read above: an import that changed
        // the password in between is changed back here, and that ends sessions too.
        const replaced = await trx
          .updateTable('school_accounts')
          .set({ password_hash: values.password_hash })
          .where('student_id', '=', studentId)
          .where('password_hash', '<>', values.password_hash)
          .executeTakeFirst();
        if (Number(replaced.numUpdatedRows) > 0) passwordChanged.push(studentId);
        const row = await trx
          .insertInto('school_accounts')
          .values({ student_id: studentId, created_at: this.now(), ...values })
          .onConflict((oc) => oc.column('student_id').doUpdateSet({ email: values.email, role: values.role }))
          .returning(['id', 'student_id', 'email', 'role', 'created_at'])
          .executeTakeFirstOrThrow();
        accounts.push(toAccount(row));
      }
      // Open event streams of these sessions notice within ACCESS_RECHECK_MS (watch-access.ts).
      for (const studentIds of inChunks(passwordChanged, IDS_PER_STATEMENT))
        await trx.deleteFrom('sessions').where('kind', '=', 'school').where('subject', 'in', studentIds).execute();
      return accounts;
    });
  }

  /** The stored password hashes of those of these student ids that have an account. */
  private async passwordHashes(studentIds: string[]): Promise<Map<string, string>> {
    const hashes = new Map<string, string>();
    for (const ids of inChunks(studentIds, IDS_PER_STATEMENT)) {
      const found = await this.db
        .selectFrom('school_accounts')
        .select(['student_id', 'password_hash'])
        .where('student_id', 'in', ids)
        .execute();
      for (const row of found) hashes.set(row.student_id, row.password_hash);
    }
    return hashes;
  }

  async findByStudentId(studentId: string): Promise<SchoolAccount | null> {
    const row = await this.db
      .selectFrom('school_accounts')
      .select(['id', 'student_id', 'email', 'role', 'created_at'])
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findById(id: number): Promise<SchoolAccount | null> {
    const row = await this.db
      .selectFrom('school_accounts')
      .select(['id', 'student_id', 'email', 'role', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  /**
   * The account when the password matches, else null: the same answer, and about the same time,
   * for a wrong student id and a wrong password (issue: "a wrong id and a wrong password get the
   * same answer").
   */
  async verifyPassword(studentId: string, password: string): Promise<VerifiedSchoolAccount | null> {
    const row = await this.db
      .selectFrom('school_accounts')
      .select(['id', 'student_id', 'email', 'role', 'created_at', 'password_hash'])
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if (!row) {
      dummyHash ??= loadArgon2().hash('not-a-real-password', ARGON2_OPTIONS);
      await loadArgon2()
        .verify(await dummyHash, password)
        .catch(() => false);
      return null;
    }
    const ok = await loadArgon2()
      .verify(row.password_hash, password)
      .catch(() => false);
    return ok ? { ...toAccount(row), passwordHash: row.password_hash } : null;
  }

  /**
   * Whether the account still has the password it was verified against. A re-import that replaces a
   * password ends the account's sessions in its transaction (upsertAll), but a sign-in that verified the
   * old password just before could insert its session just after: asked once the session exists, this
   * tells the sign-in to take it back. On PostgreSQL it waits for an import still writing the row.
   */
  async stillHasPassword(account: VerifiedSchoolAccount): Promise<boolean> {
    const row = await this.db
      .selectFrom('school_accounts')
      .select('password_hash')
      .where('id', '=', account.id)
      .$if(this.dialect === 'postgres', (query) => query.forShare())
      .executeTakeFirst();
    return row?.password_hash === account.passwordHash;
  }

  async list(): Promise<SchoolAccount[]> {
    const rows = await this.db
      .selectFrom('school_accounts')
      .select(['id', 'student_id', 'email', 'role', 'created_at'])
      .orderBy('student_id')
      .execute();
    return rows.map(toAccount);
  }
}
