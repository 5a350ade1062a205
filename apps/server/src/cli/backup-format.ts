import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config';

/**
 * Issue 12 item 6: what `backup` writes beside the copy, and `restore` checks before putting it back.
 * `counts` are the rows of every table in the copy, so a restore can prove it put back all of them.
 */
export const BackupManifest = z.object({
  format: z.literal('guildhall-backup'),
  version: z.literal(1),
  dialect: z.enum(['sqlite', 'postgres']),
  createdAt: z.string(),
  /** `database.sqlite` (SQLite online backup), `database.dump` (pg_dump custom format) or null when pg_dump was not run. */
  database: z.object({
    file: z.string().nullable(),
    schemas: z.array(z.string()),
    counts: z.record(z.string(), z.number()),
    /** The migrations the copy had run, so a restore can refuse a newer schema (absent in backups made before). */
    migrations: z.array(z.string()).optional(),
  }),
  uploads: z.object({ storage: z.enum(['local', 's3']), bucket: z.string().nullable(), files: z.number(), bytes: z.number() }),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_COPY = 'database.sqlite';
export const PG_DUMP_FILE = 'database.dump';
export const UPLOADS_DIR = 'uploads';

/** The server's own SQLite file (main.ts and run-cli.ts open the same). */
export const sqliteFileOf = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'guildhall.sqlite');
/** Local uploads (core/storage local disk). */
export const uploadsDirOf = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'uploads');

/** Kysely's own bookkeeping is not data: a restored database keeps the copy's. */
const isDataTable = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');

/** Rows of every table of a SQLite database (the copy, or the live file). */
export function countSqliteRows(db: SQLite.Database): Record<string, number> {
  const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as Array<{ name: string }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables.filter((t) => isDataTable(t.name))) {
    counts[name] = Number((db.prepare(`select count(*) as n from ${quoteTable(name)}`).get() as { n: number }).n);
  }
  return counts;
}

/** Runs one SQL text and answers its rows: Kysely on the CLI's connection, or a pg client inside a snapshot. */
export type RunQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

export const kyselyQuery =
  <T>(db: Kysely<T>): RunQuery =>
  async (text) =>
    (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;

/** The tables that hold data (PostgreSQL: of the current schema), by name. */
export async function dataTables(query: RunQuery, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const tables = await query(
    dialect === 'sqlite'
      ? "select name from sqlite_master where type = 'table' order by name"
      : "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  return tables.map((t) => String(t.name)).filter(isDataTable);
}

export const quoteTable = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows of every table, on either dialect (PostgreSQL: the current schema). */
export async function countRows(query: RunQuery, dialect: 'sqlite' | 'postgres'): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await dataTables(query, dialect)) {
    const [row] = await query(`select count(*) as n from ${quoteTable(name)}`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The files under `dir` (recursively), leaving out half-written uploads (`*.tmp`, local-disk-storage.ts). */
export function listFiles(dir: string): Array<{ relative: string; size: number }> {
  if (!fs.existsSync(dir)) return [];
  const found: Array<{ relative: string; size: number }> = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.tmp'))
        found.push({ relative: path.relative(dir, full), size: fs.statSync(full).size });
    }
  };
  walk(dir);
  return found.sort((a, b) => a.relative.localeCompare(b.relative));
}

/** Copies the files listFiles finds; answers how many and their bytes. A file removed meanwhile is skipped. */
export function copyFiles(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const file of listFiles(from)) {
    fs.mkdirSync(path.dirname(path.join(to, file.relative)), { recursive: true });
    try {
      fs.copyFileSync(path.join(from, file.relative), path.join(to, file.relative));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += fs.statSync(path.join(to, file.relative)).size;
  }
  return { files, bytes };
}

/** The full path of a program on PATH, or null (pg_dump and pg_restore are optional). */
export function findOnPath(program: string, env: Record<string, string | undefined> = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, program);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * A connection string without its password, and the password for PGPASSWORD: the command line of
 * pg_dump and pg_restore is visible to every user of the machine (ps), the environment is not.
 */
export function pgConnection(databaseUrl: string): { url: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs a program to the end; rejects with its last lines of stderr when it exits non-zero. */
export function runProgram(file: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`));
    });
  });
}

/** Shell-quotes an argument for a command printed for a person to run. */
export const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/** The migrations a database has run (Kysely's own table), by name. */
export async function ranMigrations(query: RunQuery): Promise<string[]> {
  return (await query('select name from kysely_migration order by name')).map((row) => String(row.name));
}

/** A RunQuery over a SQLite file opened by hand (a backup's copy). */
export const sqliteQuery =
  (db: SQLite.Database): RunQuery =>
  async (text) =>
    db.prepare(text).all() as Array<Record<string, unknown>>;
