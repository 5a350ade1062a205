// `npm run bench -- checker` (issue 17 item 2): 1,000,000 verified pairs, then the public checker API
// loaded from this second process beside its reference, a minimal Fastify + better-sqlite3 server
// answering the same query on the same data (bench/checker-reference.ts), and, for the record, a bare
// Fastify route. Interleaved rounds (the order alternates), medians of BENCH_ROUNDS (3).
// The app runs compiled, as `npm start` runs it, with the shipped defaults (NODE_ENV=production,
// LOG_LEVEL info, LOG_REQUESTS notable: a line for writes, failures and slow answers, decision 0044;
// security headers, the rate limiter counting); only the public limit is raised so the load is not
// answered 429, and the external APIs point nowhere (names come from the warm lookup cache).
// Targets: the checker >= 85 % of the reference's throughput, p99 < 20 ms at 50 connections.
// BENCH_DIALECT=postgres: the same on a fresh PostgreSQL database (127.0.0.1:5432), both servers on it.
// BENCH_DUTIES=1: also, for the record, the reference carrying the app's duties with a line for every
// answer (security headers, rate limit, request line; REFERENCE_DUTIES in checker-reference.ts), and the
// checker with LOG_REQUESTS=all: what a request line per answer costs each.
import path from 'node:path';
import { buildServer, serverDist } from '../scripts/build-server';
import {
  COMPILED_SERVER_FLAGS,
  benchDialect,
  cpuMicros,
  insertRows,
  load,
  type LoadResult,
  median,
  openBenchDatabase,
  openBenchPostgres,
  repoRoot,
  startProcess,
  tempDir,
  type RunningProcess,
  verdict,
} from './support';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

const discordIdOf = (i: number) => String(100_000_000_000_000_000n + BigInt(i));
const robloxIdOf = (i: number) => String(10_000_000 + i);
const discordProfile = (i: number) => JSON.stringify({ id: discordIdOf(i), username: `member_${i}`, global_name: null, avatar: null });
const robloxProfile = (i: number) =>
  JSON.stringify({ id: 10_000_000 + i, name: `Player_${i}`, displayName: `Player ${i}`, created: null, isBanned: false });

async function seedSqlite(dataDir: string): Promise<void> {
  // Raw prepared statements in one transaction: the fastest honest way to load a million rows.
  const { sqlite } = await openBenchDatabase(dataDir);
  const now = Date.now();
  const pair = sqlite.prepare('insert into registry_pairs (discord_id, roblox_id, updated_at) values (?, ?, ?)');
  const ban = sqlite.prepare(
    'insert into registry_bans (roblox_id, is_banned, moderator, reason, time, username, updated_at) values (?, 1, ?, ?, ?, ?, ?)',
  );
  // The lookup cache is warm, as it is on a running checker: names come from it, not from the APIs.
  const profile = sqlite.prepare('insert into profile_cache (platform, id, data, fetched_at) values (?, ?, ?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < PAIRS; i++) {
      const d = discordIdOf(i);
      const r = robloxIdOf(i);
      pair.run(d, r, now);
      profile.run('discord', d, discordProfile(i), now);
      profile.run('roblox', r, robloxProfile(i), now);
      if (i % 100 === 0) ban.run(r, 'Bench', 'Benchmark ban', 1_700_000_000, `Player_${i}`, now);
    }
  })();
  sqlite.close();
}

/** The same rows on PostgreSQL, by multi-row inserts; answers the database URL and how to drop it. */
async function seedPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await openBenchPostgres('checker');
  const { pool } = database;
  const now = Date.now();
  function* range<T>(rows: (i: number) => T | null): Generator<T> {
    for (let i = 0; i < PAIRS; i++) {
      const row = rows(i);
      if (row) yield row;
    }
  }
  await insertRows(
    pool,
    'registry_pairs',
    [
      ['discord_id', 'text'],
      ['roblox_id', 'text'],
      ['updated_at', 'bigint'],
    ],
    range((i) => [discordIdOf(i), robloxIdOf(i), now]),
  );
  const cacheColumns: Array<[string, string]> = [
    ['platform', 'text'],
    ['id', 'text'],
    ['data', 'text'],
    ['fetched_at', 'bigint'],
  ];
  await insertRows(
    pool,
    'profile_cache',
    cacheColumns,
    range((i) => ['discord', discordIdOf(i), discordProfile(i), now]),
  );
  await insertRows(
    pool,
    'profile_cache',
    cacheColumns,
    range((i) => ['roblox', robloxIdOf(i), robloxProfile(i), now]),
  );
  await insertRows(
    pool,
    'registry_bans',
    [
      ['roblox_id', 'text'],
      ['is_banned', 'integer'],
      ['moderator', 'text'],
      ['reason', 'text'],
      ['time', 'bigint'],
      ['username', 'text'],
      ['updated_at', 'bigint'],
    ],
    range((i) => (i % 100 === 0 ? [robloxIdOf(i), 1, 'Bench', 'Benchmark ban', 1_700_000_000, `Player_${i}`, now] : null)),
  );
  await pool.query('analyze');
  return database;
}

export default async function run(): Promise<void> {
  const dialect = benchDialect();
  const dataDir = tempDir('checker');
  let started = Date.now();
  const postgres = dialect === 'postgres' ? await seedPostgres() : null;
  if (!postgres) await seedSqlite(dataDir);
  console.log(
    `seeded ${PAIRS.toLocaleString('en')} verified pairs (+ warm lookup cache, 1% banned) on ${dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const databaseEnv: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};

  const servers: RunningProcess[] = [];
  try {
    const bare = await startProcess(path.join(repoRoot, 'bench/bare-server.ts'), {});
    servers.push(bare);
    const reference = await startProcess(path.join(repoRoot, 'bench/checker-reference.ts'), { DATA_DIR: dataDir, ...databaseEnv });
    servers.push(reference);
    const withDuties = process.env.BENCH_DUTIES
      ? await startProcess(path.join(repoRoot, 'bench/checker-reference.ts'), {
          DATA_DIR: dataDir,
          ...databaseEnv,
          REFERENCE_DUTIES: 'headers,rate-limit,request-log',
        })
      : null;
    if (withDuties) servers.push(withDuties);
    // What ships: the compiled server, started as `npm start` starts it (issue 17 item 6).
    await buildServer();
    const appEnv = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...databaseEnv,
      // The shipped defaults otherwise, whatever the shell says (an empty value is unset).
      LOG_LEVEL: 'info',
      LOG_REQUESTS: '',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
      LOOKUP_CACHE_SECONDS: String(7 * 24 * 3600),
      DISCORD_BOT_TOKEN: 'bench-never-called',
      DISCORD_BASE_URL: 'http://127.0.0.1:9',
      ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
    };
    const startApp = (env: Record<string, string>) =>
      startProcess(path.join(serverDist, 'main.js'), env, '/healthz', COMPILED_SERVER_FLAGS);
    const app = await startApp(appEnv);
    servers.push(app);
    const everyLine = process.env.BENCH_DUTIES ? await startApp({ ...appEnv, LOG_REQUESTS: 'all' }) : null;
    if (everyLine) servers.push(everyLine);

    const random = () => Math.floor(Math.random() * PAIRS);
    const checkerPath = () => {
      const i = random();
      return i % 2
        ? `/bureau/api/check-status?type=discord&id=${discordIdOf(i)}`
        : `/bureau/api/check-status?type=roblox&id=${robloxIdOf(i)}`;
    };
    // Same data, same answers: a verified pair, a banned one, an unknown id of each type.
    for (const probe of [
      `/bureau/api/check-status?type=discord&id=${discordIdOf(7)}`,
      `/bureau/api/check-status?type=roblox&id=${robloxIdOf(200)}`,
      `/bureau/api/check-status?type=discord&id=123456789`,
      `/bureau/api/check-status?type=roblox&id=123456789`,
    ]) {
      const [a, b] = await Promise.all([fetch(app.url + probe).then((r) => r.text()), fetch(reference.url + probe).then((r) => r.text())]);
      if (a !== b) throw new Error(`the reference answers ${probe} differently:\n  app:       ${a}\n  reference: ${b}`);
    }
    // Warm all three up so JIT and caches are not part of the figure.
    await load(bare.url, { connections: 10, seconds: 2, paths: () => '/bare' });
    await load(reference.url, { connections: 10, seconds: 2, paths: checkerPath });
    await load(app.url, { connections: 10, seconds: 2, paths: checkerPath });
    if (withDuties) await load(withDuties.url, { connections: 10, seconds: 2, paths: checkerPath });
    if (everyLine) await load(everyLine.url, { connections: 10, seconds: 2, paths: checkerPath });

    started = Date.now();
    type Named = 'bare' | 'reference' | 'checker' | 'duties' | 'everyLine';
    const results: Record<Named, Array<LoadResult & { cpuPerRequest: number }>> = {
      bare: [],
      reference: [],
      checker: [],
      duties: [],
      everyLine: [],
    };
    const order: Array<[Named, RunningProcess, () => string]> = [
      ['reference', reference, checkerPath],
      ['checker', app, checkerPath],
      ['bare', bare, () => '/bare'],
      ...(withDuties ? [['duties', withDuties, checkerPath] as [Named, RunningProcess, () => string]] : []),
      ...(everyLine ? [['everyLine', everyLine, checkerPath] as [Named, RunningProcess, () => string]] : []),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so neither always runs on a machine just warmed (or tired) by the other.
      for (const [name, server, paths] of round % 2 ? [...order].reverse() : order) {
        const cpuBefore = cpuMicros(server.child.pid);
        const result = await load(server.url, { connections: CONNECTIONS, seconds: SECONDS, paths });
        results[name].push({ ...result, cpuPerRequest: (cpuMicros(server.child.pid) - cpuBefore) / Math.max(1, result.requests) });
      }
    }
    // Server CPU per request: what a loaded, shared machine skews least (it slows both, not one).
    const summary = (list: Array<LoadResult & { cpuPerRequest: number }>) => ({
      rps: median(list.map((r) => r.requestsPerSecond)),
      p99: median(list.map((r) => r.p99)),
      cpu: median(list.map((r) => r.cpuPerRequest)),
      errors: list.reduce((n, r) => n + r.errors + r.non2xx, 0),
    });
    const bareFigures = summary(results.bare);
    const referenceFigures = summary(results.reference);
    const checkerFigures = summary(results.checker);
    const ratio = checkerFigures.rps / referenceFigures.rps;
    console.log(`${ROUNDS} interleaved rounds of ${SECONDS} s at ${CONNECTIONS} connections, medians (${dialect})`);
    console.log(
      `bare Fastify route:            ${bareFigures.rps.toFixed(0)} req/s, p99 ${bareFigures.p99} ms, ${bareFigures.cpu.toFixed(0)} µs CPU/request (for the record)`,
    );
    console.log(
      `reference (Fastify + ${dialect === 'postgres' ? 'pg' : 'better-sqlite3'}): ${referenceFigures.rps.toFixed(0)} req/s, p99 ${referenceFigures.p99} ms, ${referenceFigures.cpu.toFixed(0)} µs CPU/request, errors ${referenceFigures.errors}`,
    );
    console.log(
      `checker API (shipped defaults): ${checkerFigures.rps.toFixed(0)} req/s, p99 ${checkerFigures.p99} ms, ${checkerFigures.cpu.toFixed(0)} µs CPU/request, errors and non-2xx ${checkerFigures.errors}`,
    );
    if (withDuties) {
      const d = summary(results.duties);
      console.log(
        `reference + the app's duties:  ${d.rps.toFixed(0)} req/s, p99 ${d.p99} ms, ${d.cpu.toFixed(0)} µs CPU/request (headers, rate limit, a line per answer; for the record: ${((d.rps / referenceFigures.rps) * 100).toFixed(0)}% of the reference)`,
      );
    }
    if (everyLine) {
      const e = summary(results.everyLine);
      console.log(
        `checker, LOG_REQUESTS=all:     ${e.rps.toFixed(0)} req/s, p99 ${e.p99} ms, ${e.cpu.toFixed(0)} µs CPU/request (for the record: ${((e.rps / referenceFigures.rps) * 100).toFixed(0)}% of the reference; a line per answer costs ${(e.cpu - checkerFigures.cpu).toFixed(0)} µs)`,
      );
    }
    console.log(
      `per round (req/s): reference ${results.reference.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}; checker ${results.checker.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}`,
    );
    console.log(`throughput ratio: ${(ratio * 100).toFixed(0)}% of the reference (target >= 85%)  ${verdict(ratio >= 0.85)}`);
    console.log(`CPU per request:  the reference's is ${((referenceFigures.cpu / checkerFigures.cpu) * 100).toFixed(0)}% of the checker's`);
    console.log(
      `checker p99:      ${checkerFigures.p99} ms at ${CONNECTIONS} connections (target < 20 ms)  ${verdict(checkerFigures.p99 < 20)}`,
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await postgres?.drop();
  }
}
