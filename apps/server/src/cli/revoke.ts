import { revokeRole } from '../core/admin/revoke-role';
import { cliActor } from './cli-actor';
import type { CliCommand } from './cli-command';
import { parseDiscordIdAndRoleArgs } from './parse-cli-args';

export const revokeCommand: CliCommand = {
  name: 'revoke',
  args: '<discordId> <role>',
  summary: 'take a role away from a Discord user',
  async run(ctx, args, io) {
    const { discordId, role } = parseDiscordIdAndRoleArgs(revokeCommand, args);
    // Revoking what is not held is not an error: the end state is the one asked for.
    const { changed: removed } = await revokeRole(ctx, cliActor(), discordId, role);
    io.out(removed ? `Revoked ${role} from ${discordId}.` : `${discordId} did not have ${role}; nothing to revoke.`);
    return 0;
  },
};
