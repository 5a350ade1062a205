import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/core/db/database';
import { migrateToLatest } from '../apps/server/src/core/db/migrate';
import { allMigrations } from '../apps/server/src/migrations';
import { freePort } from '../apps/server/src/test-support/free-port';

// One way to find a free port, the tests' (bench/startup.ts takes it from here).
export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const tempDirs = new Set<string>();

/** A temp data directory, removed by removeTempDirs() after each benchmark (run.ts) or at exit. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `guildhall-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
// A benchmark that fails or is interrupted must not leave its data behind either (a checker run is ~0.5 GB).
process.once('exit', removeTempDirs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The 1-, 5- and 15-minute load averages, printed beside the figures they skew. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a Node script as a second process and waits until `readyPath` answers. TypeScript runs through
 * tsx; `nodeFlags` replaces that (the compiled server runs as `npm start` runs it: COMPILED_SERVER_FLAGS).
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath = '/healthz',
  nodeFlags = ['--import', 'tsx'],
): Promise<RunningProcess> {
  const port = await freePort();
  // BENCH_CPU_PROF_DIR=<dir>: each server writes a V8 CPU profile there when it stops (where the time goes).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags, script], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A benchmark that fails or is interrupted must not leave servers running behind it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} (its stderr is above)`);
    const ok = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', killChild);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The flags `npm start` gives the compiled server (package.json). */
export const COMPILED_SERVER_FLAGS = ['--enable-source-maps'];

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered in all. */
  requests: number;
}

/** Loads a server with autocannon from this (second) process on loopback; `headers` per request (a bearer token). */
export async function load(
  url: string,
  options: { connections: number; seconds: number; paths: () => string; headers?: () => Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          path: options.paths(),
          ...(options.headers ? { headers: options.headers() } : {}),
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
}

export function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}

/**
 * The server's SQLite file under dataDir, migrated, opened raw: benchmarks load their rows with
 * prepared statements in transactions, the fastest honest way to seed a million rows.
 */
export async function openBenchDatabase(dataDir: string): Promise<{ file: string; sqlite: SQLite.Database }> {
  const file = path.join(dataDir, 'guildhall.sqlite');
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db, 'sqlite', allMigrations);
  await handle.close();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  return { file, sqlite };
}

/** Where the PostgreSQL variants of the benchmarks make their databases (BENCH_DIALECT=postgres). */
const BENCH_PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

export const benchDialect = (): 'sqlite' | 'postgres' => (process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite');

/**
 * Issue 17: a fresh, migrated PostgreSQL database for one benchmark (dropped when it ends), and a pool
 * on it for seeding with multi-row inserts (`insertRows`).
 */
export async function openBenchPostgres(name: string): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const database = `guildhall_bench_${name}`;
  const admin = new pg.Client({ connectionString: `${BENCH_PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = `${BENCH_PG_SERVER}/${database}`;
  const handle = openDatabase({ databaseUrl: url });
  await migrateToLatest(handle.db, 'postgres', allMigrations);
  await handle.close();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: `${BENCH_PG_SERVER}/postgres` });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}

/** Inserts rows (arrays of column values) in statements of `batch` rows each, through unnest of one array per column. */
export async function insertRows(
  pool: pg.Pool,
  table: string,
  columns: Array<[name: string, type: string]>,
  rows: Iterable<unknown[]>,
  batch = 10_000,
): Promise<void> {
  const text = `insert into ${table} (${columns.map(([c]) => c).join(', ')}) select * from unnest(${columns
    .map(([, type], i) => `$${i + 1}::${type}[]`)
    .join(', ')})`;
  let arrays: unknown[][] = columns.map(() => []);
  const flush = async () => {
    if (arrays[0]!.length) await pool.query(text, arrays);
    arrays = columns.map(() => []);
  };
  for (const row of rows) {
    row.forEach((value, i) => arrays[i]!.push(value));
    if (arrays[0]!.length >= batch) await flush();
  }
  await flush();
}

/** The p-th percentile (nearest rank) of some timings; NaN for none. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
