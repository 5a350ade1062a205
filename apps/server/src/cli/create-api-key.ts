import { API_KEY_SCOPES, apiKeyStoreFor, isApiKeyScope } from '../core/auth/api-keys';
import { CliError, type CliCommand, expectArgs } from './cli-command';

/**
 * `create-api-key <name> [scope]`: a key for the community bot's write API (/bureau/api/bot/...).
 * The key is printed once; only its hash is stored, so a lost key is replaced, not recovered.
 */
export const createApiKeyCommand: CliCommand = {
  name: 'create-api-key',
  args: '<name> [scope]',
  summary: `create a bot API key (scopes: ${API_KEY_SCOPES.join(', ')}; default ${API_KEY_SCOPES[0]}); printed once`,
  async run(ctx, args, io) {
    expectArgs(createApiKeyCommand, args, 1, 2);
    const name = args[0]!.trim();
    if (!name || name.length > 100) throw new CliError('create-api-key: <name> must be 1 to 100 characters');
    const scope = args[1] ?? API_KEY_SCOPES[0];
    if (!isApiKeyScope(scope)) throw new CliError(`create-api-key: unknown scope "${scope}"; known: ${API_KEY_SCOPES.join(', ')}`);
    const { key, info } = await apiKeyStoreFor(ctx.database.db, ctx.now).create(name, scope);
    io.out(`Created API key ${info.id} "${name}" (${scope}). Send it as "Authorization: Bearer <key>"; it is shown only now:`);
    io.out(key);
    return 0;
  },
};
