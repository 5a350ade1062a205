import fs from 'node:fs/promises';
import path from 'node:path';
import { TIMETABLE_LIMITS } from '@guildhall/contracts/timetable';
import { DomainError } from '../core/errors/domain-error';
import { importTimetable } from '../tools/timetable/import-timetable';
import { makeTimetableDeps } from '../tools/timetable/timetable-deps';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/** 002 timetable: load a student's weekly timetable from CSV (the same import as the web page's upload). */
export const importTimetableCommand: CliCommand = {
  name: 'import-timetable',
  args: '<studentId> <file.csv>',
  summary: "replace a school account's weekly timetable with a CSV (subject_code,subject_name,day_of_week,start_time,end_time,room)",
  async run(ctx, args, io) {
    expectArgs(importTimetableCommand, args, 2);
    const [studentId, fileArg] = args as [string, string];
    const account = await ctx.schoolAccounts.findByStudentId(studentId);
    if (!account) throw new CliError(`studentId: no school account ${studentId}`, 1);
    // `npm run cli` runs in apps/server; a relative path means relative to where the person typed it.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
    const cannotRead = (error: NodeJS.ErrnoException): never => {
      throw new CliError(`file: cannot read ${file} (${error.code ?? error.message})`, 1);
    };
    // The web upload's limit, checked before reading: a file of any size was read whole into memory.
    const { size } = await fs.stat(file).catch(cannotRead);
    if (size > TIMETABLE_LIMITS.csvBytes)
      throw new CliError(
        `file: The CSV file is too large: ${size} bytes, at most ${TIMETABLE_LIMITS.csvBytes} (${TIMETABLE_LIMITS.csvBytes / 1024} KB).`,
        1,
      );
    const csv = await fs.readFile(file, 'utf8').catch(cannotRead);
    try {
      const result = await importTimetable(makeTimetableDeps(ctx), account.id, csv);
      io.out(`Timetable of ${studentId}: ${result.added} classes added, ${result.updated} updated, ${result.removed} removed.`);
      return 0;
    } catch (error) {
      if (error instanceof DomainError) throw new CliError(`file: ${error.message}`, 1);
      throw error;
    }
  },
};
