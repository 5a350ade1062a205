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
    const had = await ctx.grants.has(discordId, role);
    await ctx.grants.grant(discordId, role);
    io.out(had ? `${discordId} already has ${role}.` : `Granted ${role} to ${discordId}.`);
    return 0;
  },
};
