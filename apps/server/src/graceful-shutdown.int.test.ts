import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, type FakeRoblox, demoPeople, startFakeDiscord, startFakeRoblox } from '@guildhall/testkit';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { createContext } from './app';
import { loadConfig } from './config';
import { SESSION_COOKIE } from './core/auth/session-store';
import { openDatabase } from './core/db/database';
import { migrateToLatest } from './core/db/migrate';
import { createLocalEventBus } from './core/events/event-bus';
import { allMigrations } from './migrations';
import { freePort } from './test-support/free-port';
import { readEventStream } from './test-support/read-event-stream';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Issue 10 item 13: SIGTERM while a record PDF prints. The server stops taking new requests, finishes
// the ones in flight (the PDF included), then closes Chromium and exits. Issue 12 item 4: with a grace
// period, /readyz answers 503 first while requests are still served, and event streams are told to
// reconnect elsewhere.
describe('SIGTERM on the real server process', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** A real server process on a fresh SQLite database: a staff member with a session, one verified pair. */
  async function startServer(extraEnv: Record<string, string> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-shutdown-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const discord: FakeDiscord = await startFakeDiscord({ users: demoPeople.map((p) => p.discord) });
    cleanups.push(() => discord.close());
    const roblox: FakeRoblox = await startFakeRoblox({ users: demoPeople.flatMap((p) => (p.roblox ? [p.roblox] : [])) });
    cleanups.push(() => roblox.close());
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ENABLED_TOOLS: 'bureau',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_BASE_URL: discord.url,
      ROBLOX_USERS_BASE_URL: roblox.url,
      ...extraEnv,
    };

    // The database the server will open: a staff member with a session, and one verified pair.
    const staff = demoPerson('staff');
    const thai = demoPerson('thai');
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'guildhall.sqlite') });
    await migrateToLatest(database.db, database.dialect, allMigrations);
    const ctx = createContext(loadConfig(env), database, createLocalEventBus());
    await ctx.grants.grant(staff.discord.id, 'bureau-staff');
    await ctx.registry.upsertPair(thai.discord.id, thai.roblox!.id);
    const { token } = await ctx.sessions.create({
      kind: 'discord',
      subject: staff.discord.id,
      displayName: staff.discord.username,
      avatar: null,
    });
    await database.close();

    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const logShows = (needle: string, timeout = 10_000) => expect.poll(() => log, { timeout, interval: 20 }).toContain(needle);

    // Starting through tsx compiles the server first: slow on a busy machine.
    await logShows('Guildhall is running', 60_000);
    const base = `http://127.0.0.1:${port}`;
    const cookie = `${SESSION_COOKIE}=${token}`;
    return { child, exited, logShows, log: () => log, base, cookie, thai };
  }

  it('finishes a record PDF in flight with 200 and a PDF, refuses new requests, then exits 0', async () => {
    // One print at a time, so the four below wait in the printer's queue, which /metrics shows.
    const metricsToken = 'graceful-shutdown-metrics-token';
    const { child, exited, logShows, log, base, cookie, thai } = await startServer({
      PDF_MAX_CONCURRENT: '1',
      METRICS_TOKEN: metricsToken,
    });
    const documentPath = `/bureau/api/records/${thai.discord.id}/documents/registration`;
    // Each answer is read as it arrives: a body left unread while the server ends the connection after
    // it (Connection: close) trips Node 20's fetch into "other side closed" although every byte came.
    const print = () =>
      fetch(`${base}${documentPath}`, { headers: { cookie } }).then(async (answer) => ({
        status: answer.status,
        type: answer.headers.get('content-type'),
        body: Buffer.from(await answer.arrayBuffer()),
      }));
    const printsInFlight = async () => {
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      return [...text.matchAll(/^guildhall_pdf_prints\{state="(?:queued|active)"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    // A warm Chromium (started by an earlier print) is what the signal used to kill mid-print.
    const warm = await print();
    expect(warm.status, warm.body.toString('utf8').slice(0, 200)).toBe(200);
    const prints = [print(), print(), print(), print()];
    // All four have arrived and none has finished: the signal comes while every one is in flight.
    await expect.poll(printsInFlight, { timeout: 10_000, interval: 10 }).toBe(4);
    child.kill('SIGTERM');
    await logShows('shutting down');

    const refused = await fetch(`${base}/healthz`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(refused);

    for (const answer of await Promise.all(prints)) {
      expect(answer.status, answer.body.toString('utf8').slice(0, 200)).toBe(200);
      expect(answer.type).toBe('application/pdf');
      expect(answer.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(answer.body.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
    // Chromium closes after the last answer, and the process leaves without waiting out keep-alive (72 s).
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    expect(code, log()).toBe(0);
  }, 120_000);

  it('drains for SHUTDOWN_GRACE_MS: /readyz 503, requests still served, event streams told to reconnect, then exits 0', async () => {
    // Long enough for a loaded machine to ask /readyz and /healthz inside it.
    const { child, exited, logShows, log, base, cookie } = await startServer({ SHUTDOWN_GRACE_MS: '5000' });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const events = readEventStream(await fetch(`${base}/bureau/api/records/events`, { headers: { cookie } }));
    await events.waitFor(': connected');
    child.kill('SIGTERM');
    await logShows('shutting down');

    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await events.waitFor('event: reconnect');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    expect(code, log()).toBe(0);
  }, 120_000);
});
