import { backupCommand } from './backup';
import type { CliCommand } from './cli-command';
import { createApiKeyCommand } from './create-api-key';
import { createSchoolAccountCommand } from './create-school-account';
import { grantCommand } from './grant';
import { importSchoolAccountsCommand } from './import-school-accounts';
import { importSportsCommand } from './import-sports';
import { importRegistryCommand } from './import-registry';
import { importTimetableCommand } from './import-timetable';
import { listCommand } from './list';
import { restoreCommand } from './restore';
import { revokeApiKeyCommand } from './revoke-api-key';
import { revokeCommand } from './revoke';

/** Every CLI command, in the order the usage text lists them. Add yours here. */
export const commands: CliCommand[] = [
  grantCommand,
  revokeCommand,
  listCommand,
  importRegistryCommand,
  importTimetableCommand,
  createSchoolAccountCommand,
  importSchoolAccountsCommand,
  importSportsCommand,
  createApiKeyCommand,
  revokeApiKeyCommand,
  backupCommand,
  restoreCommand,
];
