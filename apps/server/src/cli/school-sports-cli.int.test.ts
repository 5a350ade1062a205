import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../core/context';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../core/db/test-databases';
import { createLocalEventBus } from '../core/events/event-bus';
import { toolDb } from '../core/db/tool-db';
import type { SportsTables } from '../tools/sports/sports-tables';
import type { CliIo } from './cli-command';
import { CliError } from './cli-command';
import { createSchoolAccountCommand } from './create-school-account';
import { importSchoolAccountsCommand } from './import-school-accounts';
import { importSportsCommand } from './import-sports';

// Issue "CLI and CSV import to create accounts and sports; passwords never logged or returned".

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-school-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

function captureIo(): CliIo & { all: () => string } {
  const lines: string[] = [];
  return { out: (l) => lines.push(l), err: (l) => lines.push(l), all: () => lines.join('\n') };
}

describe.each(DIALECTS)('school and sports CLI on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let io: ReturnType<typeof captureIo>;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, createLocalEventBus());
    io = captureIo();
  });
  afterEach(async () => {
    delete process.env.SCHOOL_ACCOUNT_PASSWORD;
    await ctx?.events.close();
    await database?.close();
  });

  it('create-school-account takes the password from the environment and never prints it', async () => {
    process.env.SCHOOL_ACCOUNT_PASSWORD = 'tiger-lily-42';
    expect(await createSchoolAccountCommand.run(ctx, ['90000004', 'sports_lead', 'coach@school.test'], io)).toBe(0);
    expect(io.all()).toBe('Created school account 90000004 (sports_lead).');
    expect(await ctx.schoolAccounts.verifyPassword('90000004', 'tiger-lily-42')).toMatchObject({
      role: 'sports_lead',
      email: 'coach@school.test',
    });
    await expect(createSchoolAccountCommand.run(ctx, ['90000004', 'student'], io)).rejects.toBeInstanceOf(CliError);
    await expect(createSchoolAccountCommand.run(ctx, ['90000005', 'captain'], io)).rejects.toThrow(/role: unknown role/);
    process.env.SCHOOL_ACCOUNT_PASSWORD = 'abc';
    await expect(createSchoolAccountCommand.run(ctx, ['90000006', 'student'], io)).rejects.toThrow(/password: must be at least 6/);
    expect(await ctx.schoolAccounts.list()).toHaveLength(1);
  });

  it('import-school-accounts upserts every row, or none when one is bad, and never echoes a password', async () => {
    const good = write(
      'accounts.csv',
      'student_id,password,email,role\n68960001,first-secret,a@school.test,student\n90000004,second-secret,,sports_lead\n',
    );
    expect(await importSchoolAccountsCommand.run(ctx, [good], io)).toBe(0);
    expect((await ctx.schoolAccounts.list()).map((a) => [a.studentId, a.role, a.email])).toEqual([
      ['68960001', 'student', 'a@school.test'],
      ['90000004', 'sports_lead', null],
    ]);
    const bad = write('bad.csv', 'student_id,password,email,role\n68980002,third-secret,,student\n68980003,fourth-secret,,captain\n');
    const error = await importSchoolAccountsCommand.run(ctx, [bad], io).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(/row 3: role/);
    expect((error as Error).message).not.toContain('secret');
    expect(io.all()).not.toContain('secret');
    expect(await ctx.schoolAccounts.list()).toHaveLength(2);
    // A NUL the database cannot keep (PostgreSQL refused it after the rows before it were written).
    const nul = write(
      'nul.csv',
      'student_id,password,email,role\n68980004,fifth-secret,,student\n68980005,sixth-secret,x\u0000y@school.test,student\n',
    );
    const refused = await importSchoolAccountsCommand.run(ctx, [nul], io).catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as Error).message).toMatch(/^row 3: email: /);
    expect(await ctx.schoolAccounts.list()).toHaveLength(2);
  });

  it('import-sports creates, then updates by name; a bad row writes nothing', async () => {
    const first = write(
      'sports.csv',
      'name,description,total_spots,eligibility_level\nFootball,Open team,18,open\nตะกร้อ,ทีมโรงเรียน,9,morton\n',
    );
    expect(await importSportsCommand.run(ctx, [first], io)).toBe(0);
    expect(io.all()).toContain('2 created, 0 updated');
    const second = write('sports2.csv', 'name,description,total_spots,eligibility_level\nFootball,Open team,20,open\n');
    expect(await importSportsCommand.run(ctx, [second], io)).toBe(0);
    const bad = write('sports3.csv', 'name,description,total_spots,eligibility_level\nChess,,4,open\nRugby,,many,open\n');
    await expect(importSportsCommand.run(ctx, [bad], io)).rejects.toThrow(/total_spots/);
    // A column named twice: 'Chess' was dropped and 'Go' saved, without a word.
    const twice = write('sports4.csv', 'name,name,description,total_spots,eligibility_level\nChess,Go,d,5,open\n');
    await expect(importSportsCommand.run(ctx, [twice], io)).rejects.toThrow(/the column name appears twice in the header/);
    const rows = await toolDb<SportsTables>(database)
      .selectFrom('sports')
      .select(['name', 'total_spots', 'eligibility_level'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'Football', total_spots: 20, eligibility_level: 'open' },
      { name: 'ตะกร้อ', total_spots: 9, eligibility_level: 'morton' },
    ]);
    // Decision 0063: an archived sport is left as it is, and the command says which.
    await toolDb<SportsTables>(database).updateTable('sports').set({ archived_at: 1 }).where('name', '=', 'Football').execute();
    expect(await importSportsCommand.run(ctx, [second], io)).toBe(0);
    expect(io.all()).toContain('Left as archived (restore them on the Admin Panel to change them): "Football".');
  });
});
