import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database';

// Issue 10 item 10: SQLite gives a plain INTEGER PRIMARY KEY the largest id in the table plus one, so
// deleting the newest row (a withdrawn sports registration) hands its id to the next row, and a page
// still showing the old row then acts on the new one. AUTOINCREMENT never reuses an id. PostgreSQL's
// serial columns take ids from a sequence, which never goes back, so nothing is needed there.

/**
 * Rebuilds SQLite tables so that their `id` column is INTEGER PRIMARY KEY AUTOINCREMENT, by SQLite's
 * documented procedure (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off,
 * then in one transaction for each table: new table, copy, drop, rename, recreate its indexes and
 * triggers; then a foreign key check before committing, and foreign keys back on. Every constraint of
 * the table (checks, uniques, references) is kept, since the new table is the old one's own CREATE
 * statement with AUTOINCREMENT added. The copy sets the new sequence to the largest id present, so
 * every later id is above it; a table already using AUTOINCREMENT is left alone.
 */
export async function rebuildWithAutoincrementIds(db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]): Promise<void> {
  if (dialect !== 'sqlite') return;
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const foreignKeysWereOn = Number(rows[0]?.foreign_keys) === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    // Inside a transaction the pragma is silently ignored, and DROP TABLE would then cascade to every
    // referencing row; refuse rather than lose data.
    const check = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    if (Number(check.rows[0]?.foreign_keys) !== 0)
      throw new Error('rebuildWithAutoincrementIds must run outside a transaction (foreign keys could not be turned off).');
    await db.transaction().execute(async (tx) => {
      for (const table of tables) await rebuildTable(tx, table);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length)
        throw new Error(
          `Rebuilding ${tables.join(', ')} broke ${broken.rows.length} foreign key(s): ${JSON.stringify(broken.rows.slice(0, 3))}`,
        );
    });
  } finally {
    if (foreignKeysWereOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}

const ID_COLUMN = /((?:^|[(,])\s*(?:"id"|id)\s+integer\s+primary\s+key)\b/i;

async function rebuildTable(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const createSql = rows[0]?.sql;
  if (!createSql) throw new Error(`There is no table ${table} to rebuild.`);
  if (/\bautoincrement\b/i.test(createSql)) return;
  if (!ID_COLUMN.test(createSql)) throw new Error(`Table ${table} has no "id integer primary key" column to make AUTOINCREMENT.`);
  const header = /^\s*create\s+table\s+(?:"[^"]+"|\S+)\s*\(/i;
  if (!header.test(createSql)) throw new Error(`Cannot read the CREATE statement of ${table}.`);

  const rebuilt = `${table}__rebuild`;
  const newSql = createSql.replace(header, `create table ${quote(rebuilt)} (`).replace(ID_COLUMN, '$1 autoincrement');
  // Its indexes and triggers go with the old table; their own statements recreate them afterwards.
  const dependents = await sql<{
    sql: string;
  }>`select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(db);
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  const columnList = sql.raw(columns.rows.map((c) => quote(c.name)).join(', '));

  await sql.raw(newSql).execute(db);
  await sql`insert into ${sql.table(rebuilt)} (${columnList}) select ${columnList} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db);
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
