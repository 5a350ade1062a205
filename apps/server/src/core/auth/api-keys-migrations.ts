import type { GuildhallMigration } from '../db/migrate';

/** The bot API keys table: core owns it, since any tool may take writes from the community's bot. */
export const apiKeyMigrations: Record<string, GuildhallMigration> = {
  '20261121-05-core-api-keys': {
    async up(db) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        // ARCHITECTURE.md §4 (as for sessions): only the SHA-256 of the secret is stored.
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
  },
};
