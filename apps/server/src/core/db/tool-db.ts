import type { Kysely } from 'kysely';
import type { CoreTables } from './core-tables';
import type { DbHandle } from './database';

/**
 * A tool's own tables, declared once in `<tool>-tables.ts` as a type alias. Kysely's own constraint
 * of `withTables`: `any` (not `unknown`) so a table declared as an interface fits too.
 */
export type ToolTables = Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Kysely's withTables constraint

/**
 * Issue 11 item 2, decision 0016: the one way a tool reaches its tables. Core's tables and the
 * tool's, on the app's one connection (the prepared-statement cache and the pool are shared).
 */
export type ToolDb<T extends ToolTables> = Kysely<CoreTables & T>;

/** The tool's typed view, built once in `make<Tool>Deps(ctx)`; Kysely's `withTables` casts nothing. */
export function toolDb<T extends ToolTables>(database: Pick<DbHandle, 'db'>): ToolDb<T> {
  return database.db.withTables<T>();
}
