import { WrittenDiscordId } from '@guildhall/contracts/core';
import { grantRole } from '../core/admin/grant-role';
import { cliActor } from './cli-actor';
import type { CliCommand } from './cli-command';
import { parseDiscordIdAndRoleArgs } from './parse-cli-args';

export const grantCommand: CliCommand = {
  name: 'grant',
  args: '<discordId> <role>',
  summary: 'give a Discord user a role (idempotent)',
  async run(ctx, args, io) {
    const { discordId, role } = parseDiscordIdAndRoleArgs(grantCommand, args, WrittenDiscordId);
    const { changed } = await grantRole(ctx, cliActor(), discordId, role);
    io.out(changed ? `Granted ${role} to ${discordId}.` : `${discordId} already has ${role}.`);
    return 0;
  },
};
