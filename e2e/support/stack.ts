import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  demoPeople,
  startFakeDiscord,
  startFakeLine,
  startFakeRoblox,
  type FakeDiscord,
  type FakeLine,
  type FakeRoblox,
} from '@guildhall/testkit';
import { findFreePort } from './free-port';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');
const serverDist = path.join(repoRoot, 'apps/server/dist');
const webDist = path.join(repoRoot, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
const launcher = path.join(repoRoot, 'e2e/support/server-launcher.mjs');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface StackOptions {
  /** Extra or replacement environment variables for the server (e.g. low rate limits, ENABLED_TOOLS). */
  env?: Record<string, string>;
  /** Milliseconds to wait for /healthz; tsx compiles the server on first start. */
  startTimeoutMs?: number;
}

/** Everything one e2e worker talks to: the real server and the fakes of Discord, Roblox and LINE. */
export interface Stack {
  /** e.g. http://127.0.0.1:41234 (also the server's PUBLIC_URL). */
  baseUrl: string;
  discord: FakeDiscord;
  roblox: FakeRoblox;
  /** The LINE platform: ID tokens for the LIFF mock and the Messaging API pushes it received (issue 15). */
  line: FakeLine;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the fakes, then the REAL server as a child process on a free port with a fresh temp
 * DATA_DIR (SQLite, demo data seeded), and waits for /healthz. Each call is independent, so several
 * people (and several workers) can run e2e at the same time on one machine.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!fs.existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing). Run \`npm run build\` or use \`npm run test:e2e\`.`);
  }
  const discord = await startFakeDiscord({ users: demoPeople.map((p) => p.discord) });
  const roblox = await startFakeRoblox({ users: demoPeople.flatMap((p) => (p.roblox ? [p.roblox] : [])) });
  const line = await startFakeLine();
  // Issue 15: the server verifies LIFF tokens and pushes confirmations and reminders to this fake.
  const lineEnv = { LINE_API_BASE_URL: line.url, LINE_CHANNEL_ID: line.channelId, LINE_CHANNEL_TOKEN: line.channelToken };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  let staticDir: string;
  try {
    staticDir = await snapshotWebBuild(path.join(dataDir, 'web'));
  } catch (error) {
    await Promise.allSettled([discord.close(), roblox.close(), line.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  let child: ChildProcess | null = null;
  let baseUrl = '';
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await findFreePort();
      baseUrl = `http://127.0.0.1:${port}`;
      child = spawnServer(port, baseUrl, dataDir, logFile, discord, roblox, { STATIC_DIR: staticDir, ...lineEnv, ...options.env });
      const outcome = await waitForHealth(baseUrl, child, options.startTimeoutMs ?? 90_000);
      if (outcome === 'ready') break;
      // Someone else took the port between our check and the server's listen: try another.
      if (outcome === 'exited' && readTail(logFile).includes('EADDRINUSE') && attempt < 4) continue;
      throw new Error(`The server did not start (${outcome}). Last lines of ${logFile}:\n${readTail(logFile)}`);
    }
  } catch (error) {
    await stopChild(child);
    await Promise.allSettled([discord.close(), roblox.close(), line.close()]);
    throw error;
  }

  const running = child;
  return {
    baseUrl,
    discord,
    roblox,
    line,
    dataDir,
    logFile,
    async stop() {
      await stopChild(running);
      await Promise.allSettled([discord.close(), roblox.close(), line.close()]);
      if (process.env.GUILDHALL_E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function spawnServer(
  port: number,
  baseUrl: string,
  dataDir: string,
  logFile: string,
  discord: FakeDiscord,
  roblox: FakeRoblox,
  extra: Record<string, string>,
): ChildProcess {
  // A hermetic environment: nothing from the caller's shell (DATABASE_URL, ENABLED_TOOLS...) leaks in,
  // and the working directory is the temp dir, so no .env file is picked up by dotenv either.
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SystemRoot'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
  );
  const env: Record<string, string> = {
    ...inherited,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ENABLED_TOOLS: 'all',
    SEED_DEMO_DATA: 'true',
    DEV_SIGN_IN: 'false',
    LOG_LEVEL: 'warn',
    DISCORD_CLIENT_ID: discord.clientId,
    DISCORD_CLIENT_SECRET: discord.clientSecret,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_BASE_URL: discord.url,
    // Issue 13 item 8: avatars come from the fake Discord's CDN, never the internet.
    DISCORD_CDN_BASE_URL: discord.url,
    ROBLOX_USERS_BASE_URL: roblox.url,
    // Issue 14 item 1: the verification center's Roblox OAuth, the fake's.
    ROBLOX_OAUTH_BASE_URL: `${roblox.url}/oauth`,
    ROBLOX_OAUTH_CLIENT_ID: roblox.oauth.clientId,
    ROBLOX_OAUTH_CLIENT_SECRET: roblox.oauth.clientSecret,
    // Journeys make many calls quickly; a spec that tests limits starts its own stack with low ones.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json'),
    ...extra,
  };
  const built = snapshotServerBuild(path.join(dataDir, 'server'));
  const log = fs.openSync(logFile, 'a');
  const args = built ? [launcher, built] : ['--import', tsxLoader, launcher, serverMain];
  const child = spawn(process.execPath, args, {
    cwd: dataDir,
    env,
    // stdin stays a pipe on purpose: the launcher stops the server when it closes (see server-launcher.mjs).
    stdio: ['pipe', log, log],
  });
  fs.closeSync(log);
  return child;
}

let buildIsCurrent: boolean | undefined;

/**
 * `npm run build` compiles the server into apps/server/dist (decision 0036); a start from it skips
 * tsx compiling some 1,100 modules, several seconds of CPU per stack on a loaded machine. It is used
 * only when no source file it is made of (apps/server/src, packages) is newer than it, so a journey
 * never tests a stale server: after editing the server without a build, stacks run the source
 * through tsx as before. Like the web build, each stack runs a copy (someone rebuilding the shared
 * tree empties dist), with node_modules linked beside it so its package imports resolve.
 * Returns the copy's main.js, or null to run the source.
 */
function snapshotServerBuild(into: string): string | null {
  buildIsCurrent ??= isBuildCurrent();
  if (!buildIsCurrent) return null;
  try {
    fs.cpSync(serverDist, into, { recursive: true, filter: (source) => !source.endsWith('.map') });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(into, 'node_modules'), 'dir');
    return path.join(into, 'main.js');
  } catch {
    // Mid-rebuild (dist emptied): the source is always there.
    fs.rmSync(into, { recursive: true, force: true });
    return null;
  }
}

function isBuildCurrent(): boolean {
  let built: number;
  try {
    built = fs.statSync(path.join(serverDist, 'main.js')).mtimeMs;
  } catch {
    return false;
  }
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }
    return latest;
  };
  return Math.max(newest(path.join(repoRoot, 'apps/server/src')), newest(path.join(repoRoot, 'packages'))) <= built;
}

/**
 * Copies apps/web/dist into the stack's temp dir and serves the copy. Other people rebuild the shared
 * tree while journeys run (vite empties dist first), which would blank pages mid-run; a snapshot
 * that is complete (every chunk a file names exists) is immune. Retries while a build is writing.
 */
export async function snapshotWebBuild(into: string): Promise<string> {
  let problem = '';
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      fs.rmSync(into, { recursive: true, force: true });
      fs.cpSync(webDist, into, { recursive: true, filter: (source) => !source.endsWith('.map') });
      const missing = missingAssets(into);
      if (missing.length === 0) return into;
      problem = `missing ${missing.slice(0, 3).join(', ')}`;
    } catch (error) {
      problem = String(error);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`Could not take a complete copy of ${webDist} (${problem}). Is a build stuck? Run \`npm run build\`.`);
}

function missingAssets(root: string): string[] {
  const assets = path.join(root, 'assets');
  const index = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const names = new Set([...index.matchAll(/\/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1]!));
  for (const file of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
    if (!file.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    for (const m of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["'`]/g)) names.add(m[1]!);
  }
  return [...names].filter((name) => !fs.existsSync(path.join(assets, name)));
}

export type StartOutcome = 'ready' | 'exited' | 'timed out';

export async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<StartOutcome> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return 'exited';
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return 'ready';
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'timed out';
}

export async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  child.stdin?.destroy();
}

export function readTail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
