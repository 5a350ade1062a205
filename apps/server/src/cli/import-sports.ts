import fs from 'node:fs';
import path from 'node:path';
import { DomainError } from '../core/errors/domain-error';
import { parseSportsCsv } from '../tools/sports/parse-sports-csv';
import { makeSportsDeps } from '../tools/sports/sports-deps';
import { upsertSports } from '../tools/sports/upsert-sports';
import { CliError, type CliCommand, expectArgs } from './cli-command';

export const importSportsCommand: CliCommand = {
  name: 'import-sports',
  args: '<file.csv>',
  summary: 'create or update sports (by name) from a CSV with columns name,description,total_spots,eligibility_level (morton|morplai|open)',
  async run(ctx, args, io) {
    expectArgs(importSportsCommand, args, 1);
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
    if (!fs.existsSync(file)) throw new CliError(`file: ${file} does not exist`, 1);
    try {
      const { created, updated, archived } = await upsertSports(makeSportsDeps(ctx), parseSportsCsv(fs.readFileSync(file, 'utf8')));
      io.out(`Imported sports from ${file}: ${created} created, ${updated} updated.`);
      if (archived.length)
        io.out(
          `Left as archived (restore them on the Admin Panel to change them): ${archived.map((name) => JSON.stringify(name)).join(', ')}.`,
        );
      return 0;
    } catch (error) {
      // The shared validators throw DomainError (invalid_input); here it is the file's mistake.
      if (error instanceof DomainError) throw new CliError(`file: ${error.message}`, 1);
      throw error;
    }
  },
};
