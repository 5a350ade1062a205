import { revokeRole } from '../core/admin/revoke-role';
import { cliActor } from './cli-actor';
import { type CliCommand, expectArgs } from './cli-command';
import { parseDiscordIdArg, parseRoleArg } from './parse-cli-args';

export const revokeCommand: CliCommand = {
  name: 'revoke',
  args: '<discordId> <role>',
  summary: 'take a role away from a Discord user',
  async run(ctx, args, io) {
    expectArgs(revokeCommand, args, 2);
    const discordId = parseDiscordIdArg(args[0]);
    const role = parseRoleArg(args[1]);
    // Revoking what is not held is not an error: the end state is the one asked for.
    const { changed: removed } = await revokeRole(ctx, cliActor(), discordId, role);
    io.out(removed ? `Revoked ${role} from ${discordId}.` : `${discordId} did not have ${role}; nothing to revoke.`);
    return 0;
  },
};
