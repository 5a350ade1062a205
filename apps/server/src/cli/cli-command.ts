import type { AppContext } from '../core/context';

/** Where a command writes: stdout for results, stderr for problems (tests capture both). */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * One admin command (ARCHITECTURE.md §2 cli.ts). Add a command by adding a file in this folder and
 * one line to commands.ts.
 */
export interface CliCommand {
  name: string;
  /** Arguments as shown in the usage text, e.g. `<discordId> <role>`. */
  args: string;
  summary: string;
  /** Returns the process exit code (0 on success). Throw CliError for a person's mistake. */
  run(ctx: AppContext, args: string[], io: CliIo): Promise<number>;
}

/** A mistake of the person at the keyboard: printed as one line, never with a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    /** 2: wrong usage (bad or missing argument); 1: the command could not do its work. */
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Checks the argument count, naming what is missing or extra. */
export function expectArgs(command: CliCommand, args: string[], min: number, max = min): void {
  if (args.length < min) {
    const names = command.args.split(' ').filter(Boolean);
    throw new CliError(`${command.name}: missing ${names.slice(args.length, min).join(' ')} (usage: ${command.name} ${command.args})`);
  }
  if (args.length > max) throw new CliError(`${command.name}: unexpected argument "${args[max]}" (usage: ${command.name} ${command.args})`);
}
