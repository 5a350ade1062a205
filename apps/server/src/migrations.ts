import { apiKeyMigrations } from './core/auth/api-keys-migrations';
import { auditMigrations } from './core/audit/audit-migrations';
import { feedTokenMigrations } from './core/auth/feed-tokens-migrations';
import { coreMigrations } from './core/db/core-migrations';
import { jobsMigrations } from './core/jobs/jobs-migrations';
import type { GuildhallMigration } from './core/db/migrate';
import { allTools } from './tools';

/** Every migration, core's and each tool's; all run whatever ENABLED_TOOLS says, so switching a tool on later needs no step. */
export const allMigrations: Record<string, GuildhallMigration> = Object.assign(
  {},
  coreMigrations,
  apiKeyMigrations,
  feedTokenMigrations,
  jobsMigrations,
  auditMigrations,
  ...allTools.map((t) => t.migrations ?? {}),
);
