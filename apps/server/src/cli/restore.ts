import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppContext } from '../core/context';
import { openDatabase } from '../core/db/database';
import { migrateToLatest } from '../core/db/migrate';
import { allMigrations } from '../migrations';
import {
  BackupManifest,
  MANIFEST_FILE,
  SQLITE_COPY,
  UPLOADS_DIR,
  copyFiles,
  countRows,
  findOnPath,
  kyselyQuery,
  listFiles,
  pgConnection,
  ranMigrations,
  runProgram,
  shellQuote,
  sqliteFileOf,
  sqliteQuery,
  uploadsDirOf,
} from './backup-format';
import { CliError, type CliCommand, type CliIo, expectArgs } from './cli-command';

/**
 * Issue 12 item 6: `restore <dir> [--force]` puts a backup back: the database (SQLite's backup API
 * in reverse; pg_restore on PostgreSQL) and the local uploads, then counts every table against the
 * manifest. It refuses to replace a database that holds anything unless --force; stop the servers first.
 */
export const restoreCommand: CliCommand = {
  name: 'restore',
  args: '<dir> [--force]',
  summary: 'put a backup back (stop the server first; --force replaces a database that is not empty)',
  async run(ctx, args, io) {
    const force = args.includes('--force');
    const rest = args.filter((a) => a !== '--force');
    expectArgs(restoreCommand, rest, 1);
    const dir = path.resolve(rest[0]!);
    const manifest = readManifest(dir);
    if (manifest.dialect !== ctx.database.dialect) {
      throw new CliError(`restore: the backup is of a ${manifest.dialect} database, but this server uses ${ctx.database.dialect}`);
    }
    const uploadsDir = uploadsDirOf(ctx.config);
    const rows = await rowsBeyondFresh(await countRows(kyselyQuery(ctx.database.db), ctx.database.dialect));
    const files = manifest.uploads.storage === 'local' ? listFiles(uploadsDir).length : 0;
    if ((rows > 0 || files > 0) && !force) {
      throw new CliError(
        `restore: the database is not empty (${rows} rows, ${files} uploaded files); stop the server and add --force to replace them`,
      );
    }
    // Everything that can refuse the backup is checked before anything here is replaced.
    await refuseNewerSchema(dir, manifest);
    if (manifest.uploads.storage === 'local') refuseMissingUploads(dir, manifest);

    if (ctx.database.dialect === 'sqlite') await restoreSqlite(ctx, dir);
    else if (!(await restorePostgres(ctx, dir, manifest, io))) return 1;

    if (manifest.uploads.storage === 'local') {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      const copied = copyFiles(path.join(dir, UPLOADS_DIR), uploadsDir);
      if (copied.files !== manifest.uploads.files || copied.bytes !== manifest.uploads.bytes) {
        io.err(
          `restore: put back ${copied.files} files (${copied.bytes} bytes); the manifest lists ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`,
        );
        return 1;
      }
    } else {
      io.out(`Uploads were in the S3 bucket "${manifest.uploads.bucket}": restore the bucket with the provider's tools.`);
    }

    const after = await countRows(kyselyQuery(ctx.database.db), ctx.database.dialect);
    const wrong = Object.entries(manifest.database.counts).filter(([table, n]) => after[table] !== n);
    for (const [table, n] of wrong) io.err(`restore: ${table} has ${after[table] ?? 'no table, so 0'} rows; the backup had ${n}`);
    if (wrong.length > 0) return 1;
    const total = Object.values(manifest.database.counts).reduce((a, b) => a + b, 0);
    io.out(
      `Restored the backup of ${manifest.createdAt}: ${total} rows in ${Object.keys(manifest.database.counts).length} tables` +
        (manifest.uploads.storage === 'local' ? ` and ${manifest.uploads.files} uploaded files.` : '.') +
        ' Start the server: it brings the schema up to date.',
    );
    return 0;
  },
};

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new CliError(`restore: ${dir} has no ${MANIFEST_FILE}; is it a finished backup made by "backup"?`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`restore: ${file} is not valid JSON`);
  }
  const parsed = BackupManifest.safeParse(json);
  if (!parsed.success) throw new CliError(`restore: ${file} is not a Guildhall backup manifest (version 1)`);
  return parsed.data;
}

/**
 * A backup made by a newer Guildhall holds migrations this one does not know: this version could not
 * start on it (and would not know its tables). The manifest names them; a SQLite copy is asked itself.
 */
async function refuseNewerSchema(dir: string, manifest: BackupManifest): Promise<void> {
  let ran = manifest.database.migrations;
  const copy = path.join(dir, SQLITE_COPY);
  if (!ran && manifest.dialect === 'sqlite' && fs.existsSync(copy)) {
    const source = new SQLite(copy, { readonly: true, fileMustExist: true });
    try {
      ran = await ranMigrations(sqliteQuery(source));
    } finally {
      source.close();
    }
  }
  const unknown = (ran ?? []).filter((name) => !Object.hasOwn(allMigrations, name));
  if (unknown.length > 0) {
    throw new CliError(
      `restore: the backup was made by a newer Guildhall (its database has run ${unknown.join(', ')}, which this version does not know); ` +
        'restore it with that version or a later one. Nothing was changed.',
    );
  }
}

/** The backup's uploads folder must hold what its manifest lists, before the uploads here are removed. */
function refuseMissingUploads(dir: string, manifest: BackupManifest): void {
  const held = listFiles(path.join(dir, UPLOADS_DIR));
  const bytes = held.reduce((sum, file) => sum + file.size, 0);
  if (held.length !== manifest.uploads.files || bytes !== manifest.uploads.bytes) {
    throw new CliError(
      `restore: the backup's uploads folder holds ${held.length} files (${bytes} bytes), but the manifest lists ` +
        `${manifest.uploads.files} (${manifest.uploads.bytes} bytes). Nothing was changed.`,
    );
  }
}

async function restoreSqlite(ctx: AppContext, dir: string): Promise<void> {
  const copy = path.join(dir, SQLITE_COPY);
  if (!fs.existsSync(copy)) throw new CliError(`restore: ${copy} is missing`, 1);
  // The backup API in reverse (the sqlite3 shell's .restore): page by page into the live file, under its locks.
  const source = new SQLite(copy, { readonly: true, fileMustExist: true });
  try {
    await source.backup(sqliteFileOf(ctx.config), { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

async function restorePostgres(ctx: AppContext, dir: string, manifest: BackupManifest, io: CliIo): Promise<boolean> {
  if (!manifest.database.file) throw new CliError('restore: this backup has no database copy (pg_dump was not run when it was made)', 1);
  const [row] = (await ctx.database.pgPool!.query('select current_schema() as schema')).rows;
  if (row?.schema !== manifest.database.schemas[0]) {
    throw new CliError(`restore: the backup is of schema "${manifest.database.schemas[0]}", but this server uses "${row?.schema}"`);
  }
  const { url, password } = pgConnection(ctx.config.DATABASE_URL!);
  // --clean drops what the dump holds first (the tables the CLI's own migration just made, or old data with --force).
  const restoreArgs = [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    path.join(dir, manifest.database.file),
  ];
  const pgRestore = findOnPath('pg_restore');
  if (!pgRestore) {
    io.err('pg_restore is not on PATH, so nothing was restored. Install the PostgreSQL client tools, or run:');
    io.err(`  pg_restore ${restoreArgs.map(shellQuote).join(' ')}`);
    return false;
  }
  await runProgram(pgRestore, restoreArgs, { ...process.env, ...(password ? { PGPASSWORD: password } : {}) });
  return true;
}

/**
 * Rows a freshly migrated database does not have: migrations write a few of their own (settings
 * rows, SQLite's full-text index), which do not make a database "not empty".
 */
async function rowsBeyondFresh(counts: Record<string, number>): Promise<number> {
  const fresh = openDatabase({ sqliteFile: ':memory:' });
  try {
    await migrateToLatest(fresh.db, 'sqlite', allMigrations);
    const baseline = await countRows(kyselyQuery(fresh.db), 'sqlite');
    return Object.entries(counts).reduce((sum, [table, n]) => sum + Math.max(0, n - (baseline[table] ?? 0)), 0);
  } finally {
    await fresh.close();
  }
}
