import path from 'node:path';
import { ImportError, importRegistryExport } from '../core/registry/import-registry-export';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/** Exit code when the import ran but skipped bad entries, so a script can tell it from success and failure. */
export const EXIT_SKIPPED_ENTRIES = 3;

export const importRegistryCommand: CliCommand = {
  name: 'import-registry',
  args: '<file>',
  summary:
    'import verified pairs, bans and infractions from a realtime-database export (.json) or a CSV (.csv); exits 3 if entries were skipped',
  async run(ctx, args, io) {
    expectArgs(importRegistryCommand, args, 1);
    // `npm run cli` runs in apps/server; a relative path means relative to where the person typed it.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
    let report;
    try {
      report = await importRegistryExport(ctx, file);
    } catch (error) {
      if (error instanceof ImportError) throw new CliError(`file: ${error.message}`, 1);
      throw error;
    }
    io.out(`Imported ${report.pairs} verified pairs, ${report.bans} bans and ${report.infractions} infractions from ${file}.`);
    if (report.skipped === 0) return 0;
    io.err(`Skipped ${report.skipped} bad ${report.skipped === 1 ? 'entry' : 'entries'}:`);
    for (const p of report.problems) io.err(`  ${p.path}: ${p.message}`);
    if (report.problems.length < report.skipped) io.err(`  ... and ${report.skipped - report.problems.length} more`);
    return EXIT_SKIPPED_ENTRIES;
  },
};
