import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { type Dialect, openDatabase } from '@server/core/db/database';
import { TEST_DATABASE_URL, createTestDatabase } from '@server/core/db/test-databases';
import { createFileStorage } from '@server/core/storage/create-file-storage';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { type RunQuery, dataTables, findOnPath, kyselyQuery, quoteTable } from './backup-format';
import { runCli } from './run-cli';

/**
 * Issue 12 item 6: backup while the app serves writes, restore into an empty database, and compare
 * every table's rows and every upload's bytes. PostgreSQL runs when pg_dump and pg_restore are here.
 */
const hasPgTools = findOnPath('pg_dump') !== null && findOnPath('pg_restore') !== null;
const cases: Array<{ dialect: Dialect; run: boolean }> = [
  { dialect: 'sqlite', run: true },
  { dialect: 'postgres', run: hasPgTools },
];

const captureIo = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
};

/** Every table's rows, each as JSON, sorted: two databases hold the same data when these are equal. */
async function tableRows(query: RunQuery, dialect: Dialect): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await dataTables(query, dialect)) {
    rows[table] = (await query(`select * from ${quoteTable(table)}`)).map((r) => JSON.stringify(r)).sort();
  }
  return rows;
}

const target = (i: number) => String(100_000_000_000 + i);
// The tables the requests served during the backup write to; every other table must not change.
const WRITTEN_DURING_BACKUP = ['grants', 'audit_events'];

describe.each(cases)('backup and restore on $dialect', ({ dialect, run }) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.runIf(run)(
    'copies a consistent moment while the app serves writes, and restore puts back every row and every upload byte',
    async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-backup-'));
      cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
      const sourceDir = path.join(tmp, 'source');
      fs.mkdirSync(sourceDir);
      const database = await createTestDatabase(
        dialect,
        dialect === 'sqlite' ? { sqliteFile: path.join(sourceDir, 'guildhall.sqlite') } : {},
      );
      cleanups.push(() => database.close());
      const cliEnv = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: sourceDir,
        ...(database.schema
          ? {
              DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`,
              JOBS_PG_SCHEMA: `${database.schema}_jobs`,
            }
          : {}),
      };
      const t: TestApp = await buildTestApp({ dialect, database, env: { ENABLED_TOOLS: 'bureau', DATA_DIR: sourceDir } });
      cleanups.push(() => t.close());

      // Data in several tables, and uploads (binary, nested) through core/storage's local disk.
      const owner = makeDiscordUser();
      await t.ctx.grants.grant(owner.id, 'owner');
      const cookie = await t.signInDiscord(owner);
      await t.ctx.schoolAccounts.create(makeSchoolAccount());
      expect((await t.request({ method: 'POST', url: '/admin/api/keys', cookie, payload: { name: 'bot' } })).statusCode).toBe(201);
      const storage = createFileStorage(t.config);
      const uploads = { 'cv/one': crypto.randomBytes(300_000), 'cv/two': Buffer.from('plain text\n'), photo: crypto.randomBytes(4096) };
      for (const [key, bytes] of Object.entries(uploads)) await storage.put(key, bytes);

      // Grants given one after another while the backup runs: a consistent copy holds a prefix of them,
      // each with its audit line (two tables, one moment).
      let given = 0;
      let backupRunning = true;
      let givenDuringBackup = 0;
      const writer = (async () => {
        while (backupRunning) {
          const res = await t.request({
            method: 'POST',
            url: '/admin/api/grants',
            cookie,
            payload: { discordId: target(given + 1), role: 'bureau-staff' },
          });
          expect(res.statusCode).toBe(200);
          given += 1;
          givenDuringBackup += 1;
        }
      })();
      const backupDir = path.join(tmp, 'backup');
      const backupIo = captureIo();
      const startedAt = given;
      givenDuringBackup = 0;
      const code = await runCli(['backup', backupDir], { env: cliEnv, io: backupIo.io });
      backupRunning = false;
      await writer;
      expect(backupIo.err).toEqual([]);
      expect(code).toBe(0);
      expect(givenDuringBackup).toBeGreaterThan(0);
      expect(backupIo.out.at(-1)).toMatch(/^Backup written to .*backup\. Restore it with: npm run cli -- restore /);

      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 'guildhall-backup',
        version: 1,
        dialect,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        uploads: { storage: 'local', files: 3, bytes: 300_000 + 11 + 4096 },
      });
      const source = await tableRows(kyselyQuery(t.ctx.database.db), dialect);

      // Restore into an empty database: a new DATA_DIR (SQLite); the same schema emptied (PostgreSQL).
      let restoredQuery: RunQuery;
      let restoreEnv = cliEnv;
      let restoredUploads = path.join(sourceDir, 'uploads');
      if (dialect === 'sqlite') {
        const restoredDir = path.join(tmp, 'restored');
        restoreEnv = { ...cliEnv, DATA_DIR: restoredDir };
        restoredUploads = path.join(restoredDir, 'uploads');
        const restored = openDatabase({ sqliteFile: path.join(restoredDir, 'guildhall.sqlite') });
        cleanups.push(() => restored.close());
        restoredQuery = kyselyQuery(restored.db);
      } else {
        await t.close();
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema ${database.schema} cascade; create schema ${database.schema}`);
        await admin.end();
        fs.rmSync(restoredUploads, { recursive: true, force: true });
        restoredQuery = kyselyQuery(database.db);
      }
      const restoreIo = captureIo();
      expect(await runCli(['restore', backupDir], { env: restoreEnv, io: restoreIo.io })).toBe(0);
      expect(restoreIo.err).toEqual([]);
      expect(restoreIo.out.at(-1)).toMatch(/^Restored the backup of .*: \d+ rows in \d+ tables and 3 uploaded files\./);

      const restored = await tableRows(restoredQuery, dialect);
      expect(Object.keys(restored).sort()).toEqual(Object.keys(source).sort());
      for (const table of Object.keys(source).filter((name) => !WRITTEN_DURING_BACKUP.includes(name))) {
        expect(restored[table], table).toEqual(source[table]);
        expect(restored[table]!.length, table).toBe(manifest.database.counts[table]);
      }
      // A moment of the database: the first k grants and exactly their k audit lines, no gaps, no strays.
      const grants = (await restoredQuery("select discord_id from grants where role = 'bureau-staff'"))
        .map((r) => String(r.discord_id))
        .sort();
      const k = grants.length;
      expect(k).toBeGreaterThanOrEqual(startedAt);
      expect(k).toBeLessThanOrEqual(given);
      expect(grants).toEqual(Array.from({ length: k }, (_, i) => target(i + 1)).sort());
      const lines = (await restoredQuery("select target from audit_events where action = 'grant.given' and actor_kind = 'discord'"))
        .map((r) => String(r.target))
        .sort();
      expect(lines).toEqual(grants);
      expect(manifest.database.counts.grants).toBe(k + 1);

      for (const [key, bytes] of Object.entries(uploads)) {
        expect(fs.readFileSync(path.join(restoredUploads, key)).equals(bytes), key).toBe(true);
      }

      // A database with data in it is replaced only on purpose.
      const again = captureIo();
      expect(await runCli(['restore', backupDir], { env: restoreEnv, io: again.io })).toBe(2);
      expect(again.err).toEqual([
        expect.stringMatching(/^restore: the database is not empty \(\d+ rows, 3 uploaded files\); stop the server and add --force/),
      ]);
      expect(await runCli(['restore', backupDir, '--force'], { env: restoreEnv, io: captureIo().io })).toBe(0);
      expect(await tableRows(restoredQuery, dialect)).toEqual(restored);
    },
    // pg_dump, pg_restore and the CLI's migrations are separate steps; a loaded machine needs the room.
    120_000,
  );

  it.runIf(dialect === 'sqlite')(
    'refuses a backup it cannot put back whole before changing anything: uploads missing from it, or a newer schema',
    async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-backup-'));
      cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
      const dataDir = path.join(tmp, 'data');
      const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
      const grant = (id: string) => runCli(['grant', id, 'bureau-staff'], { env, io: captureIo().io });
      expect(await grant(target(1))).toBe(0);
      const upload = path.join(dataDir, 'uploads', 'recruitment', 'one');
      fs.mkdirSync(path.dirname(upload), { recursive: true });
      fs.writeFileSync(upload, 'one');
      const backupDir = path.join(tmp, 'backup');
      expect(await runCli(['backup', backupDir], { env, io: captureIo().io })).toBe(0);
      // The data moves on after the backup: a refused restore must leave it as it is now.
      expect(await grant(target(2))).toBe(0);
      const grantsNow = async () => {
        const live = openDatabase({ sqliteFile: path.join(dataDir, 'guildhall.sqlite') });
        try {
          return (await kyselyQuery(live.db)("select discord_id from grants where role = 'bureau-staff' order by discord_id")).map((r) =>
            String(r.discord_id),
          );
        } finally {
          await live.close();
        }
      };
      const unchanged = async () => {
        expect(await grantsNow()).toEqual([target(1), target(2)]);
        expect(fs.readFileSync(upload, 'utf8')).toBe('one');
      };

      // An upload the manifest lists is missing from the backup: before, the database was replaced and the uploads removed.
      const backedUp = path.join(backupDir, 'uploads', 'recruitment', 'one');
      fs.renameSync(backedUp, path.join(tmp, 'aside'));
      const missing = captureIo();
      expect(await runCli(['restore', backupDir, '--force'], { env, io: missing.io })).toBe(2);
      expect(missing.err).toEqual([
        "restore: the backup's uploads folder holds 0 files (0 bytes), but the manifest lists 1 (3 bytes). Nothing was changed.",
      ]);
      await unchanged();
      fs.renameSync(path.join(tmp, 'aside'), backedUp);

      // A newer Guildhall's backup, named by its manifest or, in a backup made before manifests named
      // them, by its copy: before, it replaced the database with one this version could not start on.
      const manifestFile = path.join(backupDir, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
      expect(manifest.database.migrations.length).toBeGreaterThan(10);
      fs.writeFileSync(
        manifestFile,
        JSON.stringify({
          ...manifest,
          database: { ...manifest.database, migrations: [...manifest.database.migrations, '29990101-01-future'] },
        }),
      );
      const newer = captureIo();
      expect(await runCli(['restore', backupDir, '--force'], { env, io: newer.io })).toBe(2);
      expect(newer.err).toEqual([
        expect.stringMatching(/^restore: the backup was made by a newer Guildhall \(its database has run 29990101-01-future, /),
      ]);
      await unchanged();
      const { migrations: _named, ...olderDatabase } = manifest.database;
      fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, database: olderDatabase }));
      const copy = openDatabase({ sqliteFile: path.join(backupDir, 'database.sqlite') });
      await kyselyQuery(copy.db)("insert into kysely_migration (name, timestamp) values ('29990101-02-future', '2999-01-01')");
      await copy.close();
      expect(await runCli(['restore', backupDir, '--force'], { env, io: captureIo().io })).toBe(2);
      await unchanged();
    },
  );

  it.runIf(dialect === 'sqlite')('refuses a folder that is not empty, and a folder that is not a backup', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-backup-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(tmp, 'data') };
    fs.writeFileSync(path.join(tmp, 'something'), 'x');
    const io = captureIo();
    expect(await runCli(['backup', tmp], { env, io: io.io })).toBe(2);
    expect(io.err).toEqual([`backup: ${tmp} is not an empty folder; give a new one`]);
    expect(await runCli(['restore', tmp], { env, io: io.io })).toBe(2);
    expect(io.err.at(-1)).toBe(`restore: ${tmp} has no manifest.json; is it a finished backup made by "backup"?`);
  });
});
