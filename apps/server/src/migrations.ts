import { apiKeyMigrations } from './core/auth/api-keys-migrations';
import { coreMigrations } from './core/db/core-migrations';
import type { GuildhallMigration } from './core/db/migrate';
import { allTools } from './tools';

/** Every migration, core's and each tool's; all run whatever ENABLED_TOOLS says, so switching a tool on later needs no step. */
export const allMigrations: Record<string, GuildhallMigration> = Object.assign({}, coreMigrations, apiKeyMigrations, ...allTools.map((t) => t.migrations ?? {}));
