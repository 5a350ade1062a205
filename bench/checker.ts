// `npm run bench -- checker` (issue: foundation acceptance): 1,000,000 verified pairs, then the
// public checker API loaded from this second process beside a bare Fastify route.
// Target: at least 50% of the bare route's throughput, and p99 under 20 ms at 50 connections.
import path from 'node:path';
import { load, openBenchDatabase, repoRoot, startProcess, tempDir, type RunningProcess, verdict } from './support';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const discordIdOf = (i: number) => String(100_000_000_000_000_000n + BigInt(i));
const robloxIdOf = (i: number) => String(10_000_000 + i);

async function seed(dataDir: string): Promise<void> {
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
      profile.run('discord', d, JSON.stringify({ id: d, username: `member_${i}`, global_name: null, avatar: null }), now);
      profile.run(
        'roblox',
        r,
        JSON.stringify({ id: Number(r), name: `Player_${i}`, displayName: `Player ${i}`, created: null, isBanned: false }),
        now,
      );
      if (i % 100 === 0) ban.run(r, 'Bench', 'Benchmark ban', 1_700_000_000, `Player_${i}`, now);
    }
  })();
  sqlite.close();
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('checker');
  let started = Date.now();
  await seed(dataDir);
  console.log(
    `seeded ${PAIRS.toLocaleString('en')} verified pairs (+ warm lookup cache, 1% banned) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const bare = await startProcess(path.join(repoRoot, 'bench/bare-server.ts'), {});
  let server: RunningProcess | null = null;
  try {
    server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
      LOOKUP_CACHE_SECONDS: String(7 * 24 * 3600),
      DISCORD_BOT_TOKEN: 'bench-never-called',
      DISCORD_BASE_URL: 'http://127.0.0.1:9',
      ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
    });
    const random = () => Math.floor(Math.random() * PAIRS);
    const checkerPath = () => {
      const i = random();
      return i % 2
        ? `/bureau/api/check-status?type=discord&id=${discordIdOf(i)}`
        : `/bureau/api/check-status?type=roblox&id=${robloxIdOf(i)}`;
    };
    // Warm both up so JIT and caches are not part of the figure.
    await load(bare.url, { connections: 10, seconds: 2, paths: () => '/bare' });
    await load(server.url, { connections: 10, seconds: 2, paths: checkerPath });
    started = Date.now();
    const reference = await load(bare.url, { connections: CONNECTIONS, seconds: SECONDS, paths: () => '/bare' });
    const checker = await load(server.url, { connections: CONNECTIONS, seconds: SECONDS, paths: checkerPath });
    // For the record: the app's database-free GET /api/tools, i.e. what every core plugin and hook costs.
    const appBase = await load(server.url, { connections: CONNECTIONS, seconds: SECONDS, paths: () => '/api/tools' });
    const ratio = checker.requestsPerSecond / reference.requestsPerSecond;
    console.log(`bare Fastify route: ${reference.requestsPerSecond.toFixed(0)} req/s, p99 ${reference.p99} ms`);
    console.log(
      `app GET /api/tools: ${appBase.requestsPerSecond.toFixed(0)} req/s, p99 ${appBase.p99} ms (no database: the plugin stack alone, for the record)`,
    );
    console.log(
      `checker API:        ${checker.requestsPerSecond.toFixed(0)} req/s, p99 ${checker.p99} ms, errors ${checker.errors}, non-2xx ${checker.non2xx}`,
    );
    console.log(`throughput ratio:   ${(ratio * 100).toFixed(0)}% of the bare route (target >= 50%)  ${verdict(ratio >= 0.5)}`);
    console.log(`checker p99:        ${checker.p99} ms at ${CONNECTIONS} connections (target < 20 ms)  ${verdict(checker.p99 < 20)}`);
  } finally {
    await server?.stop();
    await bare.stop();
  }
}
