import { grantRole } from '../core/admin/grant-role';
import { cliActor } from './cli-actor';
import { type CliCommand, expectArgs } from './cli-command';
import { parseDiscordIdArg, parseRoleArg } from './parse-cli-args';

export const grantCommand: CliCommand = {
  name: 'grant',
  args: '<discordId> <role>',
  summary: 'give a Discord user a role (idempotent)',
  async run(ctx, args, io) {
    expectArgs(grantCommand, args, 2);
    const discordId = parseDiscordIdArg(args[0]);
    const role = parseRoleArg(args[1]);
    const { changed } = await grantRole(ctx, cliActor(), discordId, role);
    io.out(changed ? `Granted ${role} to ${discordId}.` : `${discordId} already has ${role}.`);
    return 0;
  },
};
