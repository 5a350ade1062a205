import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoPeople, startFakeDiscord, startFakeRoblox, startFakeS3 } from '@guildhall/testkit';
import { findFreePort } from './free-port';
import { readTail, repoRoot, snapshotWebBuild, spawnServer, stopChild, waitForHealth } from './stack';

/** The PostgreSQL server the tests use (CI points it at the machine's local server). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p)) ?? 'haproxy';

export interface ScaleOutServer {
  /** HAProxy's name for it, also sent back in `X-Served-By`. */
  name: 'a' | 'b';
  url: string;
  child: ChildProcess;
  logFile: string;
}

export interface ScaleOutStack {
  /** The load balancer: the only address a browser or bot uses (and every server's PUBLIC_URL). */
  url: string;
  servers: ScaleOutServer[];
  /** The fresh PostgreSQL database both processes share. */
  databaseUrl: string;
  /** A bureau bot key, made with the CLI against the shared database. */
  botKey: string;
  /** HAProxy's own log: servers going DOWN and UP, with the reason. */
  haproxyLog: string;
  /** SIGTERM to one process, resolved when it has exited. */
  terminate(name: ScaleOutServer['name']): Promise<number | null>;
  stop(): Promise<void>;
}

export interface ScaleOutOptions {
  /** Extra environment for both processes (storage, limits). */
  env?: Record<string, string>;
}

/**
 * Issue 12's proof: two real Guildhall processes on one fresh PostgreSQL database, one Redis and one bucket,
 * behind HAProxy from Debian's archive (round robin, health-checked on /readyz), as ARCHITECTURE.md §5
 * describes a deployment that outgrew one machine. Every response names the process that served it
 * (`X-Served-By`, added by HAProxy, not by Guildhall), so a journey can tell which process it reached.
 */
export async function startScaleOutStack(options: ScaleOutOptions = {}): Promise<ScaleOutStack> {
  const cleanups: Array<() => unknown> = [];
  const cleanUp = async () => {
    while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
  };
  try {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-scale-out-'));
    cleanups.push(() => process.env.GUILDHALL_E2E_KEEP_DATA !== '1' && fs.rmSync(workDir, { recursive: true, force: true }));
    const databaseUrl = await createDatabase(cleanups);
    const discord = await startFakeDiscord({ users: demoPeople.map((p) => p.discord) });
    cleanups.push(() => discord.close());
    const roblox = await startFakeRoblox({ users: demoPeople.flatMap((p) => (p.roblox ? [p.roblox] : [])) });
    cleanups.push(() => roblox.close());
    // Uploads go to one S3-compatible bucket both processes share (a real signed-HTTP S3 server).
    const s3 = await startFakeS3();
    cleanups.push(() => s3.close());
    const staticDir = await snapshotWebBuild(path.join(workDir, 'web'));

    const [lbPort, portA, portB] = [await findFreePort(), await findFreePort(), await findFreePort()];
    const url = `http://127.0.0.1:${lbPort}`;
    const haproxyLog = path.join(workDir, 'haproxy.log');
    const haproxy = startHaproxy(workDir, haproxyLog, lbPort, { a: portA, b: portB });
    cleanups.push(() => stopChild(haproxy));

    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `gh-scale-out-${crypto.randomBytes(4).toString('hex')}:`,
      STATIC_DIR: staticDir,
      ...s3.env,
      // HAProxy is the only proxy; it replaces X-Forwarded-For with the client's address.
      TRUST_PROXY: '127.0.0.1',
      // Long enough for HAProxy's health check (every 300 ms) to take a draining process out.
      SHUTDOWN_GRACE_MS: '3000',
      ...options.env,
    };
    // Both start at once: migrations and the demo seed must be safe when two processes race.
    const servers: ScaleOutServer[] = (['a', 'b'] as const).map((name) => {
      const port = name === 'a' ? portA : portB;
      const dataDir = path.join(workDir, name);
      fs.mkdirSync(dataDir);
      const logFile = path.join(dataDir, 'server.log');
      const child = spawnServer(port, url, dataDir, logFile, discord, roblox, env);
      return { name, url: `http://127.0.0.1:${port}`, child, logFile };
    });
    cleanups.push(() => Promise.all(servers.map((s) => stopChild(s.child))));
    for (const server of servers) {
      const outcome = await waitForHealth(server.url, server.child, 90_000);
      if (outcome !== 'ready') throw new Error(`Process ${server.name} did not start (${outcome}):\n${readTail(server.logFile)}`);
    }
    await waitForBothInRotation(url);
    const botKey = createBotKey(databaseUrl);

    return {
      url,
      servers,
      databaseUrl,
      botKey,
      haproxyLog,
      async terminate(name) {
        const server = servers.find((s) => s.name === name)!;
        const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
        server.child.kill('SIGTERM');
        return exited;
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

async function createDatabase(cleanups: Array<() => unknown>): Promise<string> {
  const name = `gh_scale_out_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * HAProxy in the foreground: round robin over both processes, each checked on /readyz every 300 ms
 * and taken out after one failure, so a draining process (503 on /readyz, still serving) gets no new
 * requests. Event streams are tunnels and may stay open for the whole journey.
 */
function startHaproxy(workDir: string, logFile: string, port: number, servers: Record<'a' | 'b', number>): ChildProcess {
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 10m',
    // A check slowed by a busy machine is not a failure; only a refused connection or a 503 is.
    '  timeout check 5s',
    '  retries 2',
    '  option redispatch',
    'frontend guildhall',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-For %[src]',
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 300ms fastinter 300ms downinter 300ms fall 1 rise 2',
    '  http-response set-header X-Served-By %[srv_name]',
    ...Object.entries(servers).map(([name, p]) => `  server ${name} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
  const file = path.join(workDir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const check = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration: ${check.stderr || check.stdout}`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  return child;
}

/** Until HAProxy has seen both processes healthy: consecutive answers come from a and b. */
async function waitForBothInRotation(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${url}/readyz`).catch(() => null);
      if (response?.ok) seen.add(response.headers.get('x-served-by') ?? '');
    }
    if (seen.has('a') && seen.has('b')) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('HAProxy never had both processes in rotation');
}

/** `npm run cli -- create-api-key`, against the shared database, as an operator would. */
function createBotKey(databaseUrl: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'create-api-key', 'scale-out-bot'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const key = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !key) throw new Error(`create-api-key failed: ${run.stderr || run.stdout}`);
  return key;
}
