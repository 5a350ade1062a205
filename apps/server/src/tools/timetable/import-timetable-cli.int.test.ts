import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMETABLE_LIMITS } from '@guildhall/contracts/timetable';
import { demoTimetableRows, makeTimetableRow, timetableCsv } from '@guildhall/testkit/timetable-demo';
import { createContext } from '@server/app';
import { CliError } from '@server/cli/cli-command';
import { importTimetableCommand } from '@server/cli/import-timetable';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/core/context';
import { DIALECTS, type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { listScheduleItems } from './list-schedule-items';
import { makeTimetableDeps } from './timetable-deps';

// `npm run cli -- import-timetable <studentId> <file.csv>`: the same import as the web upload.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-timetable-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

describe.each(DIALECTS)('cli import-timetable on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test' }), database, createLocalEventBus(), () => 1_760_000_000_000);
    await ctx.schoolAccounts.create({ studentId: '68960001', password: 'pw', role: 'student' });
  });
  afterAll(() => database.close());

  it("replaces the student's weekly timetable and reports the counts", async () => {
    const code = await importTimetableCommand.run(ctx, ['68960001', write('week.csv', timetableCsv(demoTimetableRows()))], io);
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('Timetable of 68960001: 20 classes added, 0 updated, 0 removed.');
    const account = (await ctx.schoolAccounts.findByStudentId('68960001'))!;
    expect(await listScheduleItems(makeTimetableDeps(ctx), account.id)).toHaveLength(20);
  });

  it('fails with one line naming the problem and writes nothing', async () => {
    const account = (await ctx.schoolAccounts.findByStudentId('68960001'))!;
    const bad = write('bad.csv', timetableCsv([makeTimetableRow(), makeTimetableRow({ day_of_week: 2, end_time: '07:00' })]));
    await expect(importTimetableCommand.run(ctx, ['68960001', bad], io)).rejects.toThrow(
      new CliError('file: Line 3: end_time must be after start_time.', 1),
    );
    await expect(importTimetableCommand.run(ctx, ['00000000', bad], io)).rejects.toThrow(/no school account 00000000/);
    await expect(importTimetableCommand.run(ctx, ['68960001', path.join(dir, 'missing.csv')], io)).rejects.toThrow(/cannot read/);
    await expect(importTimetableCommand.run(ctx, ['68960001'], io)).rejects.toThrow(/missing <file.csv>/);
    expect(await listScheduleItems(makeTimetableDeps(ctx), account.id)).toHaveLength(20);
  });

  // The web upload refused a file over 256 KB; this read a file of any size whole into memory.
  it('refuses a file over the upload limit without reading it, and takes one at the limit', async () => {
    const account = await ctx.schoolAccounts.create({ studentId: '68960002', password: 'pw', role: 'student' });
    const body = timetableCsv([makeTimetableRow()]);
    // Blank lines are skipped by the import, so they fill the file to an exact size.
    const atLimit = body + '\n'.repeat(TIMETABLE_LIMITS.csvBytes - Buffer.byteLength(body));
    const readFile = vi.spyOn(fs.promises, 'readFile');
    try {
      await expect(importTimetableCommand.run(ctx, ['68960002', write('over.csv', `${atLimit}\n`)], io)).rejects.toMatchObject({
        message: `file: The CSV file is too large: ${TIMETABLE_LIMITS.csvBytes + 1} bytes, at most ${TIMETABLE_LIMITS.csvBytes} (256 KB).`,
        exitCode: 1,
      });
      expect(readFile).not.toHaveBeenCalled();
    } finally {
      readFile.mockRestore();
    }
    expect(await listScheduleItems(makeTimetableDeps(ctx), account.id)).toHaveLength(0);
    expect(await importTimetableCommand.run(ctx, ['68960002', write('at-limit.csv', atLimit)], io)).toBe(0);
    expect(lines.at(-1)).toBe('Timetable of 68960002: 1 classes added, 0 updated, 0 removed.');
  });
});
