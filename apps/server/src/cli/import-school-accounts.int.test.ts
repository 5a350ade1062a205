import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../core/context';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../core/db/test-databases';
import { createLocalEventBus } from '../core/events/event-bus';
import { buildTestApp, type TestApp } from '../test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '../test-support/hold-transaction';
import { importSchoolAccountsCsv } from './import-school-accounts';

// The school-account import writes every account in one transaction, holding each row it wrote until
// it commits. Two imports at once that share accounts listed in different orders crossed on
// PostgreSQL: each held one the other waited for, and the import waiting first was ended (40P01).
describe.each(DIALECTS)('two school-account imports at once on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let ctx: AppContext | undefined;
  afterEach(async () => {
    releaseHeld();
    await ctx?.events.close();
    await database?.close();
  });

  it.runIf(dialect === 'postgres')('sharing accounts in opposite orders, the second waits for the first and imports', async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, createLocalEventBus());
    const db = database.db;
    for (const studentId of ['68960001', '68960002']) await ctx.schoolAccounts.create({ studentId, password: 'old-pass', role: 'student' });

    // The other import (upsertAll's own statement), as it stands after writing its first account.
    const other = holdTransaction(db, async (trx) => {
      await trx.updateTable('school_accounts').set({ role: 'developer' }).where('student_id', '=', '68960001').execute();
      return { trx, pid: await backendPid(trx) };
    });
    const { trx, pid } = await other.open;
    // This file lists the same accounts the other way round.
    const imported = importSchoolAccountsCsv(
      ctx,
      'student_id,password,email,role\n68960002,new-pass-2,,sports_lead\n68960001,new-pass-1,,sports_lead\n',
    );
    await waitUntil(async () => (await blockedBy(db, pid)).length > 0);
    await trx.updateTable('school_accounts').set({ role: 'developer' }).where('student_id', '=', '68960002').execute();
    other.release();
    await other.done;

    expect(await imported).toEqual({ imported: 2 });
    // All of this import's rows, written after the other committed.
    expect(await ctx.schoolAccounts.verifyPassword('68960001', 'new-pass-1')).toMatchObject({ role: 'sports_lead' });
    expect(await ctx.schoolAccounts.verifyPassword('68960002', 'new-pass-2')).toMatchObject({ role: 'sports_lead' });
  });
});

// A re-import is how a school replaces a leaked password; the sessions signed in with the old one
// went on working for up to SESSION_TTL_HOURS.
describe.each(DIALECTS)('a re-import that changes passwords on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let ctx: AppContext | undefined;
  afterEach(async () => {
    await ctx?.events.close();
    await database?.close();
  });

  it("ends the sessions of the accounts whose password it changed, and no one else's", async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, createLocalEventBus());
    await importSchoolAccountsCsv(ctx, 'student_id,password,email,role\n68960001,leaked-pass,,student\n68960002,kept-pass,,student\n');
    const keptHash = () =>
      database!.db.selectFrom('school_accounts').select('password_hash').where('student_id', '=', '68960002').executeTakeFirstOrThrow();
    const hashBefore = await keptHash();
    const session = (kind: 'school' | 'discord', subject: string) =>
      ctx!.sessions.create({ kind, subject, displayName: subject, avatar: null });
    const leaked = await session('school', '68960001');
    const kept = await session('school', '68960002');
    // A Discord subject that happens to equal a student id is not that student.
    const discord = await session('discord', '68960001');

    // The same file again, but 68960001's password replaced and 68960002 made a sports lead.
    await importSchoolAccountsCsv(ctx, 'student_id,password,email,role\n68960001,new-pass,,student\n68960002,kept-pass,,sports_lead\n');

    expect(await ctx.sessions.find(leaked.token)).toBeNull();
    expect(await ctx.sessions.findWithSchoolAccount(kept.token)).toMatchObject({ account: { studentId: '68960002', role: 'sports_lead' } });
    expect(await ctx.sessions.find(discord.token)).toMatchObject({ kind: 'discord', subject: '68960001' });
    expect(await ctx.schoolAccounts.verifyPassword('68960001', 'new-pass')).toMatchObject({ studentId: '68960001' });
    expect(await ctx.schoolAccounts.verifyPassword('68960001', 'leaked-pass')).toBeNull();
    // An unchanged password keeps its hash: it was verified, not hashed again.
    expect(await keptHash()).toEqual(hashBefore);
  });
});

// A sign-in that checked the old password just before a re-import replaced it inserted its session just
// after the import had ended the account's sessions: the leaked password still signed someone in.
describe('a sign-in beside a re-import that replaces its password on postgres', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    releaseHeld();
    await t?.close();
  });

  it('waits for the import, then takes its session back and answers as a wrong password', async () => {
    t = await buildTestApp({ dialect: 'postgres', env: { ENABLED_TOOLS: 'timetable' } });
    await t.ctx.schoolAccounts.create({ studentId: '68960001', password: 'leaked-pass', role: 'student' });
    // The import (upsertAll's transaction) as it stands before its commit: the new hash written, the
    // account's sessions deleted.
    const db = t.ctx.database.db;
    // Another password's hash: the same one with its last character changed will do, as no password opens it.
    const stored = await db
      .selectFrom('school_accounts')
      .select('password_hash')
      .where('student_id', '=', '68960001')
      .executeTakeFirstOrThrow();
    const newHash = stored.password_hash.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const importing = holdTransaction(db, async (trx) => {
      await trx.updateTable('school_accounts').set({ password_hash: newHash }).where('student_id', '=', '68960001').execute();
      await trx.deleteFrom('sessions').where('kind', '=', 'school').where('subject', '=', '68960001').execute();
      return { pid: await backendPid(trx) };
    });
    const { pid } = await importing.open;
    const signingIn = t.request({
      method: 'POST',
      url: '/timetable/api/login',
      payload: { student_id: '68960001', password: 'leaked-pass' },
    });
    await waitUntil(async () => (await blockedBy(db, pid)).length > 0);
    importing.release();
    await importing.done;

    const answer = await signingIn;
    expect([answer.statusCode, answer.json<{ code: string }>().code]).toEqual([401, 'invalid_credentials']);
    expect(await db.selectFrom('sessions').select('token_hash').where('subject', '=', '68960001').execute()).toEqual([]);
  });
});
