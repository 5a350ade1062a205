import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { SchoolAccountStore } from './school-account-store';

describe.each(DIALECTS)('school accounts on %s', (dialect) => {
  let database: TestDatabase;
  let store: SchoolAccountStore;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = new SchoolAccountStore(database.db, () => 1_000);
  });
  afterAll(() => database.close());

  it('stores an argon2id hash, never the password, and verifies it', async () => {
    const account = await store.create({ studentId: '68960001', password: 'correct horse', email: 'a@school.test', role: 'student' });
    expect(account).toMatchObject({ studentId: '68960001', email: 'a@school.test', role: 'student', createdAt: 1_000 });
    expect(account.id).toBeGreaterThan(0);
    const row = await database.db
      .selectFrom('school_accounts')
      .select('password_hash')
      .where('student_id', '=', '68960001')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('correct horse');
    expect(await store.verifyPassword('68960001', 'correct horse')).toMatchObject({ id: account.id, role: 'student' });
  });

  it('gives the same answer for a wrong password and an unknown student id', async () => {
    expect(await store.verifyPassword('68960001', 'wrong')).toBeNull();
    expect(await store.verifyPassword('00000000', 'correct horse')).toBeNull();
  });

  it('refuses a second account with the same student id (unique constraint) with a 409', async () => {
    await expect(store.create({ studentId: '68960001', password: 'x', role: 'student' })).rejects.toMatchObject({
      code: 'school_account_exists',
    });
    expect(await store.list()).toHaveLength(1);
  });

  it('upserts: re-import changes the role and password without a second row', async () => {
    await store.upsert({ studentId: '68960001', password: 'new password', role: 'sports_lead' });
    expect(await store.list()).toHaveLength(1);
    expect(await store.verifyPassword('68960001', 'new password')).toMatchObject({ role: 'sports_lead' });
    expect(await store.verifyPassword('68960001', 'correct horse')).toBeNull();
  });
});
