import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../core/context';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../core/db/test-databases';
import { createLocalEventBus } from '../core/events/event-bus';
import type { CliIo } from './cli-command';
import { createApiKeyCommand } from './create-api-key';
import { grantCommand } from './grant';
import { importRegistryCommand } from './import-registry';
import { listCommand } from './list';
import { revokeCommand } from './revoke';
import { runCli } from './run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../..');
const fixture = (name: string) => path.resolve(here, '../core/registry/fixtures', name);
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-cli-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

const ALICE = '496205118417010689';
const BOB = '480012345678901234';

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}

describe.each(DIALECTS)('CLI commands on %s', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let io: ReturnType<typeof captureIo>;
  let clock = 1_760_000_000_000;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, createLocalEventBus(), () => clock);
    io = captureIo();
  });
  afterEach(async () => {
    await ctx?.events.close();
    await database?.close();
  });

  it('grant, list and revoke manage the grants table (ARCHITECTURE.md §4)', async () => {
    expect(await grantCommand.run(ctx, [ALICE, 'bureau-staff'], io)).toBe(0);
    clock += 1000;
    expect(await grantCommand.run(ctx, [ALICE, 'bureau-staff'], io)).toBe(0);
    expect(await grantCommand.run(ctx, [BOB, 'recruitment-admin'], io)).toBe(0);
    expect(io.stdout).toEqual([
      `Granted bureau-staff to ${ALICE}.`,
      `${ALICE} already has bureau-staff.`,
      `Granted recruitment-admin to ${BOB}.`,
    ]);
    expect(await ctx.grants.list()).toEqual([
      { discordId: ALICE, role: 'bureau-staff', grantedAt: 1_760_000_000_000 },
      { discordId: BOB, role: 'recruitment-admin', grantedAt: 1_760_000_001_000 },
    ]);

    io.stdout.length = 0;
    expect(await listCommand.run(ctx, ['bureau-staff'], io)).toBe(0);
    expect(io.stdout).toHaveLength(2);
    expect(io.stdout[1]).toMatch(new RegExp(`^${ALICE}\\s+bureau-staff\\s+2025-10-09T`));

    io.stdout.length = 0;
    expect(await revokeCommand.run(ctx, [ALICE, 'bureau-staff'], io)).toBe(0);
    expect(await revokeCommand.run(ctx, [ALICE, 'bureau-staff'], io)).toBe(0);
    expect(io.stdout).toEqual([`Revoked bureau-staff from ${ALICE}.`, `${ALICE} did not have bureau-staff; nothing to revoke.`]);
    expect(await ctx.grants.rolesOf(ALICE)).toEqual([]);

    io.stdout.length = 0;
    await listCommand.run(ctx, ['bureau-staff'], io);
    expect(io.stdout).toEqual(['No one has bureau-staff.']);
  });

  it('refuses bad arguments with a line naming the argument, changing nothing', async () => {
    await expect(grantCommand.run(ctx, ['12ab', 'bureau-staff'], io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^discordId: "12ab"/),
    });
    await expect(grantCommand.run(ctx, [ALICE, 'admin'], io)).rejects.toMatchObject({
      message: 'role: unknown role "admin"; known roles: recruitment-admin, bureau-staff, owner',
    });
    await expect(grantCommand.run(ctx, [ALICE], io)).rejects.toMatchObject({ message: expect.stringMatching(/^grant: missing <role>/) });
    await expect(revokeCommand.run(ctx, [ALICE, 'bureau-staff', 'extra'], io)).rejects.toMatchObject({
      message: expect.stringMatching(/unexpected argument "extra"/),
    });
    await expect(listCommand.run(ctx, ['everyone'], io)).rejects.toMatchObject({
      message: expect.stringMatching(/^role: unknown role "everyone"/),
    });
    // As the console's grant form: a snowflake never starts with 0, so such a grant could match no one.
    await expect(grantCommand.run(ctx, [`0${ALICE}`, 'bureau-staff'], io)).rejects.toMatchObject({
      exitCode: 2,
      message: `discordId: "0${ALICE}" must be a Discord ID: it never starts with 0`,
    });
    // As the console's key form: no text-direction controls in a key's name (it would show reversed).
    await expect(createApiKeyCommand.run(ctx, ['bot \u202eyek', 'bureau-bot'], io)).rejects.toMatchObject({
      exitCode: 2,
      message: 'create-api-key: <name> must not contain text-direction control characters',
    });
    await expect(createApiKeyCommand.run(ctx, ['  ', 'bureau-bot'], io)).rejects.toMatchObject({
      message: 'create-api-key: <name> must not be empty',
    });
    expect(await ctx.grants.list()).toEqual([]);
    expect(await database.db.withTables<{ api_keys: { id: string } }>().selectFrom('api_keys').select('id').execute()).toEqual([]);
  });

  it('revoke still removes a grant to an id starting with 0 stored before the grant rule', async () => {
    await ctx.grants.grant(`0${ALICE}`, 'bureau-staff');
    expect(await revokeCommand.run(ctx, [`0${ALICE}`, 'bureau-staff'], io)).toBe(0);
    expect(await ctx.grants.list()).toEqual([]);
  });

  it('import-registry imports, lists skipped entries by path and exits 3 when some were skipped', async () => {
    expect(await importRegistryCommand.run(ctx, [fixture('registry-export.json')], io)).toBe(3);
    expect(io.stdout).toEqual([expect.stringMatching(/^Imported 3 verified pairs, 3 bans and 3 infractions from /)]);
    expect(io.stderr[0]).toBe('Skipped 7 bad entries:');
    expect(io.stderr).toContain('  Verification/not-a-snowflake: must be a Discord ID: 5 to 25 digits');
    expect(await ctx.registry.findPairByDiscordId(ALICE)).toEqual({ discordId: ALICE, robloxId: '1200001' });

    const clean = captureIo();
    const good = path.join(tmpRoot, `good-${dialect}.csv`);
    fs.writeFileSync(good, `discordId,robloxId\n${BOB},42\n`);
    expect(await importRegistryCommand.run(ctx, [good], clean)).toBe(0);
    expect(clean.stderr).toEqual([]);
    await expect(importRegistryCommand.run(ctx, [path.join(tmpRoot, 'nope.csv')], io)).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(/^file: .*nope\.csv: no such file/),
    });
  });

  it('runCli opens the configured database, runs the command and answers its exit code', async () => {
    const env: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' };
    if (dialect === 'postgres')
      env.DATABASE_URL = `${database.databaseUrl}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`;
    else env.DATA_DIR = fs.mkdtempSync(path.join(tmpRoot, 'data-'));
    expect(await runCli(['grant', ALICE, 'bureau-staff'], { env, io })).toBe(0);
    expect(await runCli(['grant', 'x', 'bureau-staff'], { env, io })).toBe(2);
    expect(io.stderr.at(-1)).toMatch(/^discordId: "x"/);
    if (dialect === 'postgres') expect(await ctx.grants.rolesOf(ALICE)).toEqual(['bureau-staff']);
    else expect(fs.existsSync(path.join(env.DATA_DIR!, 'guildhall.sqlite'))).toBe(true);
    io.stdout.length = 0;
    expect(await runCli(['list'], { env, io })).toBe(0);
    expect(io.stdout.join('\n')).toContain(ALICE);
  });
});

describe('runCli without a database', () => {
  it('prints usage for help (exit 0), no command (exit 2) and an unknown command (exit 2)', async () => {
    const io = captureIo();
    expect(await runCli(['help'], { io, env: {} })).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run cli -- <command>/);
    for (const name of ['grant <discordId> <role>', 'revoke <discordId> <role>', 'list [role]', 'import-registry <file>'])
      expect(io.stdout[0]).toContain(name);
    // Issue 14 item 4: every API key scope, each with what it allows.
    expect(io.stdout[0]).toContain('create-api-key <name> [scope,...]');
    for (const [scope, allows] of [
      ['bureau-bot', 'every bureau bot call'],
      ['bureau-pairs', 'write and remove verified pairs'],
      ['bureau-bans', 'set and lift Roblox bans'],
      ['bureau-cases', 'add and remove infractions; open, amend, expire and note cases'],
    ])
      expect(io.stdout[0]).toMatch(new RegExp(`^  ${scope} +${allows}`, 'm'));
    expect(await runCli([], { io, env: {} })).toBe(2);
    expect(await runCli(['frobnicate'], { io, env: {} })).toBe(2);
    expect(io.stderr.at(-1)).toMatch(/^Unknown command "frobnicate"\./);
  });

  it('reports a bad configuration by variable name (exit 1)', async () => {
    const io = captureIo();
    expect(await runCli(['list'], { io, env: { DATABASE_URL: 'mysql://nope' } })).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});

/** The real thing: `node --import tsx src/cli.ts`, as `npm run cli` runs it, on a temporary SQLite DATA_DIR. */
function spawnCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpRoot, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the cli.ts process', () => {
  it('grants and imports on a temporary SQLite DATA_DIR, exiting non-zero without a stack trace on mistakes', async () => {
    const env = { DATA_DIR: fs.mkdtempSync(path.join(tmpRoot, 'spawn-')), NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const granted = await spawnCli(['grant', ALICE, 'bureau-staff'], env);
    expect(granted).toMatchObject({ code: 0, stdout: `Granted bureau-staff to ${ALICE}.\n` });

    const imported = await spawnCli(['import-registry', fixture('registry-pairs.csv')], env);
    expect(imported.code).toBe(3);
    expect(imported.stdout).toMatch(/^Imported 3 verified pairs/);
    expect(imported.stderr).toContain('registry-pairs.csv line 5: discordId: must be a Discord ID');

    const bad = await spawnCli(['revoke', ALICE, 'root'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('role: unknown role "root"; known roles: recruitment-admin, bureau-staff, owner');
    expect(bad.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
