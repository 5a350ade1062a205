import { DiscordId } from '@guildhall/contracts';
import { GRANT_ROLES, type GrantRole, isGrantRole } from '../core/auth/grant-store';
import { CliError } from './cli-command';

/** A Discord id argument, checked with the same contract the HTTP API uses. */
export function parseDiscordIdArg(value: string | undefined): string {
  const parsed = DiscordId.safeParse(value ?? '');
  if (!parsed.success) throw new CliError(`discordId: "${value ?? ''}" ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/** ARCHITECTURE.md §4: only the grant roles core knows. */
export function parseRoleArg(value: string | undefined): GrantRole {
  if (value && isGrantRole(value)) return value;
  throw new CliError(`role: unknown role "${value ?? ''}"; known roles: ${GRANT_ROLES.join(', ')}`);
}
