import { type CliCommand, expectArgs } from './cli-command';
import { parseRoleArg } from './parse-cli-args';

export const listCommand: CliCommand = {
  name: 'list',
  args: '[role]',
  summary: 'list the grants, all or of one role',
  async run(ctx, args, io) {
    expectArgs(listCommand, args, 0, 1);
    const role = args[0] === undefined ? undefined : parseRoleArg(args[0]);
    const grants = await ctx.grants.list(role);
    if (grants.length === 0) {
      io.out(role ? `No one has ${role}.` : 'No grants yet.');
      return 0;
    }
    const width = Math.max(...grants.map((g) => g.discordId.length), 'discordId'.length);
    const roleWidth = Math.max(...grants.map((g) => g.role.length), 'role'.length);
    io.out(`${'discordId'.padEnd(width)}  ${'role'.padEnd(roleWidth)}  granted at (UTC)`);
    for (const g of grants) io.out(`${g.discordId.padEnd(width)}  ${g.role.padEnd(roleWidth)}  ${new Date(g.grantedAt).toISOString()}`);
    return 0;
  },
};
