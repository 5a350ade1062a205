import path from 'node:path';
import { createContext } from '../app';
import { ConfigError, loadConfig } from '../config';
import { API_KEY_SCOPE_ALLOWS, API_KEY_SCOPES } from '@guildhall/contracts/admin';
import { GRANT_ROLES } from '../core/auth/grant-store';
import { openDatabase } from '../core/db/database';
import { migrateToLatest } from '../core/db/migrate';
import { createLocalEventBus, createPostgresEventBus } from '../core/events/event-bus';
import { allMigrations } from '../migrations';
import { CliError, type CliCommand, type CliIo } from './cli-command';
import { commands as allCommands } from './commands';

export interface RunCliOptions {
  /** The environment to configure from (default process.env, after dotenv). */
  env?: Record<string, string | undefined>;
  io?: CliIo;
  commands?: CliCommand[];
}

const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

export function usageText(commands: CliCommand[] = allCommands): string {
  const width = Math.max(...commands.map((c) => `${c.name} ${c.args}`.length));
  return [
    'Usage: npm run cli -- <command> [arguments]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${`${c.name} ${c.args}`.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  show this text`,
    '',
    `Roles: ${GRANT_ROLES.join(', ')}`,
    '',
    // Issue 14 item 4: what each scope lets a key do, so the one creating it can hold it to the least.
    'API key scopes (create-api-key):',
    ...API_KEY_SCOPES.map((scope) => `  ${scope.padEnd(width)}  ${API_KEY_SCOPE_ALLOWS[scope]}`),
    "The database is the server's own: DATABASE_URL, else the SQLite file in DATA_DIR (.env is read).",
  ].join('\n');
}

/**
 * Runs one admin command and answers the exit code (ARCHITECTURE.md §2 cli.ts): 0 done, 1 failed,
 * 2 wrong usage, or a command's own code. A person's mistake prints one line naming the argument.
 */
export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<number> {
  const io = options.io ?? consoleIo;
  const commands = options.commands ?? allCommands;
  const [name, ...args] = argv;
  if (name === undefined) {
    io.err(usageText(commands));
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(usageText(commands));
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${usageText(commands)}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }

  // The same database as main.ts opens, so the running server sees what the command changed.
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'guildhall.sqlite') });
  let events;
  try {
    await migrateToLatest(database.db, database.dialect, allMigrations);
    // On PostgreSQL the running servers hear our registry changes (an import) through NOTIFY.
    events = database.pgPool ? await createPostgresEventBus(database.pgPool) : createLocalEventBus();
    return await command.run(createContext(config, database, events), args, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message);
      return error.exitCode;
    }
    io.err(`${command.name} failed: ${(error as Error)?.message ?? String(error)}`);
    if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') io.err(String((error as Error)?.stack ?? ''));
    return 1;
  } finally {
    await events?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}
