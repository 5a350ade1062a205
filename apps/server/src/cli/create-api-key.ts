import { ApiKeyName } from '@guildhall/contracts/admin';
import { createBotKey } from '../core/admin/create-bot-key';
import { API_KEY_SCOPES, type ApiKeyScope, isApiKeyScope } from '../core/auth/api-keys';
import { cliActor } from './cli-actor';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/**
 * `create-api-key <name> [scope,...]`: a key for the community bot's write API (/bureau/api/bot/...),
 * holding one or more scopes (issue 14 item 4; the help lists each with what it allows).
 * The key is printed once; only its hash is stored, so a lost key is replaced, not recovered.
 */
export const createApiKeyCommand: CliCommand = {
  name: 'create-api-key',
  args: '<name> [scope,...]',
  summary: `create a bot API key holding the scopes named, comma-separated (default ${API_KEY_SCOPES[0]}; see API key scopes below); printed once`,
  async run(ctx, args, io) {
    expectArgs(createApiKeyCommand, args, 1, 2);
    // The console's rule for a name (owner console audit: no text-direction controls either).
    const parsed = ApiKeyName.safeParse(args[0]);
    if (!parsed.success) throw new CliError(`create-api-key: <name> ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    const name = parsed.data;
    const scopes: ApiKeyScope[] = [];
    for (const scope of (args[1] ?? API_KEY_SCOPES[0]).split(',').map((s) => s.trim())) {
      if (!isApiKeyScope(scope)) throw new CliError(`create-api-key: unknown scope "${scope}"; known: ${API_KEY_SCOPES.join(', ')}`);
      scopes.push(scope);
    }
    const { key, info } = await createBotKey(ctx, cliActor(), name, scopes);
    io.out(
      `Created API key ${info.id} "${name}" (${info.scopes.join(', ')}). Send it as "Authorization: Bearer <key>"; it is shown only now:`,
    );
    io.out(key);
    return 0;
  },
};
