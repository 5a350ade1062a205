import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppContext } from '../core/context';
import {
  type BackupManifest,
  MANIFEST_FILE,
  PG_DUMP_FILE,
  SQLITE_COPY,
  UPLOADS_DIR,
  copyFiles,
  countRows,
  countSqliteRows,
  findOnPath,
  pgConnection,
  ranMigrations,
  runProgram,
  shellQuote,
  sqliteFileOf,
  sqliteQuery,
  uploadsDirOf,
} from './backup-format';
import { CliError, type CliCommand, type CliIo, expectArgs } from './cli-command';

/** better-sqlite3 copies this many pages per step: all of them, so the copy is one consistent read. */
const ALL_PAGES = 0x7fffffff;

/**
 * Issue 12 item 6: `backup <dir>` while the server runs. SQLite: the online backup API (one read
 * transaction, so the copy is a moment of the database however busy it is). PostgreSQL: pg_dump of
 * the app's schemas inside a snapshot the row counts are taken in too, or the exact command when
 * pg_dump is not installed. Then the local uploads (S3: the bucket is backed up with the provider's
 * tools), and last manifest.json, so a folder without one is an unfinished backup.
 */
export const backupCommand: CliCommand = {
  name: 'backup',
  args: '<dir>',
  summary: 'copy the database and the local uploads into a new folder while the server runs',
  async run(ctx, args, io) {
    expectArgs(backupCommand, args, 1);
    const dir = path.resolve(args[0]!);
    if (fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
      throw new CliError(`backup: ${dir} is not an empty folder; give a new one`);
    }
    fs.mkdirSync(dir, { recursive: true });

    const database = ctx.database.dialect === 'sqlite' ? await backupSqlite(ctx, dir) : await backupPostgres(ctx, dir, io);
    const rows = Object.values(database.counts).reduce((a, b) => a + b, 0);
    if (database.file) io.out(`Copied the database: ${rows} rows in ${Object.keys(database.counts).length} tables (${database.file}).`);

    const { S3_BUCKET: bucket } = ctx.config;
    let uploads: BackupManifest['uploads'];
    if (bucket) {
      uploads = { storage: 's3', bucket, files: 0, bytes: 0 };
      io.out(
        `Uploads are in the S3 bucket "${bucket}", which this command does not copy: back it up with the provider's tools ` +
          `(bucket versioning or replication, or e.g. aws s3 sync s3://${bucket} ${shellQuote(path.join(dir, UPLOADS_DIR))}).`,
      );
    } else {
      uploads = { storage: 'local', bucket: null, ...copyFiles(uploadsDirOf(ctx.config), path.join(dir, UPLOADS_DIR)) };
      io.out(`Copied ${uploads.files} uploaded files (${uploads.bytes} bytes).`);
    }

    const manifest: BackupManifest = {
      format: 'guildhall-backup',
      version: 1,
      dialect: ctx.database.dialect,
      createdAt: new Date(ctx.now()).toISOString(),
      database,
      uploads,
    };
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    io.out(`Backup written to ${dir}. Restore it with: npm run cli -- restore ${shellQuote(dir)}`);
    return database.file ? 0 : 1;
  },
};

async function backupSqlite(ctx: AppContext, dir: string): Promise<BackupManifest['database']> {
  const target = path.join(dir, SQLITE_COPY);
  const source = new SQLite(sqliteFileOf(ctx.config), { fileMustExist: true });
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  // One self-contained file (no -wal beside it), counted as it is.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    return { file: SQLITE_COPY, schemas: [], counts: countSqliteRows(copy), migrations: await ranMigrations(sqliteQuery(copy)) };
  } finally {
    copy.close();
  }
}

async function backupPostgres(ctx: AppContext, dir: string, io: CliIo): Promise<BackupManifest['database']> {
  const client = await ctx.database.pgPool!.connect();
  try {
    // The counts and pg_dump read the same snapshot, so the manifest describes exactly the dump.
    await client.query('begin isolation level repeatable read read only');
    // The transaction sits idle while pg_dump runs, for minutes on a big database: the idle limit every
    // pooled session has (decision 0049) would end it before pg_dump could take its snapshot.
    await client.query('set local idle_in_transaction_session_timeout = 0');
    const query = async (text: string) => (await client.query(text)).rows as Array<Record<string, unknown>>;
    const [{ snapshot, schema }] = (await client.query('select pg_export_snapshot() as snapshot, current_schema() as schema')).rows;
    // core/jobs keeps its queue in a schema of its own: waiting jobs are part of the data.
    const jobs = await client.query('select 1 from pg_namespace where nspname = $1', [ctx.config.JOBS_PG_SCHEMA]);
    const schemas: string[] = [schema, ...(jobs.rowCount ? [ctx.config.JOBS_PG_SCHEMA] : [])];
    const counts = await countRows(query, 'postgres');
    const migrations = await ranMigrations(query);
    const { url, password } = pgConnection(ctx.config.DATABASE_URL!);
    const target = path.join(dir, PG_DUMP_FILE);
    const dumpArgs = [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...schemas.map((s) => `--schema=${s}`),
      `--file=${target}`,
      `--dbname=${url}`,
    ];
    const pgDump = findOnPath('pg_dump');
    if (!pgDump) {
      io.err('pg_dump is not on PATH, so the database was not copied. Install the PostgreSQL client tools, or run:');
      io.err(`  pg_dump ${dumpArgs.map(shellQuote).join(' ')}`);
      return { file: null, schemas, counts, migrations };
    }
    await runProgram(pgDump, [`--snapshot=${snapshot}`, ...dumpArgs], { ...process.env, ...(password ? { PGPASSWORD: password } : {}) });
    return { file: PG_DUMP_FILE, schemas, counts, migrations };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
