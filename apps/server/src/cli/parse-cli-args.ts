import type { z } from 'zod';
import { DiscordId } from '@guildhall/contracts';
import { GRANT_ROLES, type GrantRole, isGrantRole } from '../core/auth/grant-store';
import { type CliCommand, CliError, expectArgs } from './cli-command';

/** A Discord id argument, checked with the same contract the HTTP API uses (`schema`). */
function parseDiscordIdArg(value: string | undefined, schema: z.ZodType<string>): string {
  const parsed = schema.safeParse(value ?? '');
  if (!parsed.success) throw new CliError(`discordId: "${value ?? ''}" ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/** ARCHITECTURE.md §4: only the grant roles core knows. */
export function parseRoleArg(value: string | undefined): GrantRole {
  if (value && isGrantRole(value)) return value;
  throw new CliError(`role: unknown role "${value ?? ''}"; known roles: ${GRANT_ROLES.join(', ')}`);
}

/**
 * `<discordId> <role>`, the arguments of grant and revoke, counted and checked alike; grant checks the
 * id as the console's grant form does (`WrittenDiscordId`), revoke as its DELETE (any stored id).
 */
export function parseDiscordIdAndRoleArgs(
  command: CliCommand,
  args: string[],
  idSchema: z.ZodType<string> = DiscordId,
): { discordId: string; role: GrantRole } {
  expectArgs(command, args, 2);
  return { discordId: parseDiscordIdArg(args[0], idSchema), role: parseRoleArg(args[1]) };
}
