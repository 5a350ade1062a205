import { ApiKeyParams } from '@guildhall/contracts/admin';
import { revokeBotKey } from '../core/admin/revoke-bot-key';
import { cliActor } from './cli-actor';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/** `revoke-api-key <id>`: the key stops working at once (the id is the 8 characters after `gh_`). */
export const revokeApiKeyCommand: CliCommand = {
  name: 'revoke-api-key',
  args: '<id>',
  summary: 'revoke a bot API key by its id (the 8 characters after gh_)',
  async run(ctx, args, io) {
    expectArgs(revokeApiKeyCommand, args, 1);
    const parsed = ApiKeyParams.safeParse({ id: args[0] });
    if (!parsed.success) throw new CliError(`revoke-api-key: "${args[0]}" is not a key id (8 lowercase letters or digits)`);
    if (!(await revokeBotKey(ctx, cliActor(), parsed.data.id)))
      throw new CliError(`revoke-api-key: there is no live API key ${parsed.data.id}`, 1);
    io.out(`Revoked API key ${parsed.data.id}; it stops working now.`);
    return 0;
  },
};
