import { type GuildhallMigration, idColumnType, idPrimaryKey } from '../db/migrate';

/** Issue 12 item 7: the audit log of sign-ins, failed sign-ins, grant changes and key changes (core owns it). */
export const auditMigrations: Record<string, GuildhallMigration> = {
  '20261122-01-core-audit-events': {
    async up(db, dialect) {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', idColumnType(dialect), idPrimaryKey(dialect))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', 'text')
        .addColumn('address', 'text')
        .execute();
      // The console lists newest first, optionally of one action.
      await db.schema.createIndex('audit_events_action_id').on('audit_events').columns(['action', 'id']).execute();
    },
  },
};
