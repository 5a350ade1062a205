// `npm run bench -- bureau-search` (issue 17 item 3): the records search (GET /bureau/api/records,
// 001 §5 substring match) over the same 1,000,000 pairs on SQLite (FTS5 trigram) and on PostgreSQL
// (pg_trgm GIN, a fresh database on 127.0.0.1:5432), one app server per dialect with the shipped
// defaults, the same needles in interleaved rounds (the order alternates), medians of BENCH_ROUNDS (3).
// Target: PostgreSQL's p95 within 1.5x of SQLite's.
import path from 'node:path';
import { createLocalEventBus } from '../apps/server/src/core/events/event-bus';
import { GrantStore } from '../apps/server/src/core/auth/grant-store';
import { SESSION_COOKIE, SessionStore } from '../apps/server/src/core/auth/session-store';
import { type DbHandle, openDatabase } from '../apps/server/src/core/db/database';
import { bureauPostgresDataset, bureauSqliteDataset, searchNeedle } from './bureau-dataset';
import { median, openBenchPostgres, repoRoot, type RunningProcess, startProcess, tempDir, verdict, percentile } from './support';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STAFF_ID = '800000000000000009';

const needle = (n: number) => searchNeedle(n, PAIRS);

/** A bureau-staff member with a live session on this database; answers the Cookie header. */
async function staffCookie(handle: DbHandle): Promise<string> {
  await new GrantStore(handle.db, createLocalEventBus()).grant(STAFF_ID, 'bureau-staff');
  const { token } = await new SessionStore(handle.db, createLocalEventBus(), 86_400_000).create({
    kind: 'discord',
    subject: STAFF_ID,
    displayName: 'bench',
    avatar: null,
  });
  return `${SESSION_COOKIE}=${token}`;
}

async function searchRound(server: RunningProcess, cookie: string): Promise<number[]> {
  const ms: number[] = [];
  // One request at a time, as keystrokes arrive; every needle is a fresh query.
  for (let n = 0; n < SEARCHES; n++) {
    const { type, q } = needle(n);
    const started = performance.now();
    const response = await fetch(`${server.url}/bureau/api/records?type=${type}&q=${q}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search ${type} ${q}: ${response.status}`);
    ms.push(performance.now() - started);
  }
  return ms;
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('bureau-search');
  let started = Date.now();
  // The pairs and their bans (no other cases), made once and reused from bench/.data (bureau-dataset.ts).
  const file = path.join(dataDir, 'guildhall.sqlite');
  await bureauSqliteDataset(file, PAIRS, 0);
  const sqliteHandle = openDatabase({ sqliteFile: file });
  const sqliteCookie = await staffCookie(sqliteHandle);
  await sqliteHandle.close();
  console.log(`SQLite: seeded ${PAIRS.toLocaleString('en')} pairs in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  const postgres = await openBenchPostgres('bureau_search');
  await bureauPostgresDataset(postgres.pool, PAIRS, 0);
  const pgHandle = openDatabase({ databaseUrl: postgres.url });
  const pgCookie = await staffCookie(pgHandle);
  await pgHandle.close();
  console.log(`PostgreSQL: seeded ${PAIRS.toLocaleString('en')} pairs in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const env = {
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'false',
    ENABLED_TOOLS: 'bureau',
    DISCORD_BASE_URL: 'http://127.0.0.1:9',
    ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
  };
  const servers: RunningProcess[] = [];
  try {
    const sqliteServer = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), { ...env, DATA_DIR: dataDir });
    servers.push(sqliteServer);
    const pgServer = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
      ...env,
      DATA_DIR: tempDir('bureau-search-pg'),
      DATABASE_URL: postgres.url,
    });
    servers.push(pgServer);
    // Warm both (JIT, page caches, PostgreSQL's buffers).
    await searchRound(sqliteServer, sqliteCookie);
    await searchRound(pgServer, pgCookie);
    const p95s = { sqlite: [] as number[], postgres: [] as number[] };
    const p50s = { sqlite: [] as number[], postgres: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = [
        ['sqlite', sqliteServer, sqliteCookie],
        ['postgres', pgServer, pgCookie],
      ] as const;
      for (const [dialect, server, cookie] of round % 2 ? [...order].reverse() : order) {
        const ms = await searchRound(server, cookie);
        p95s[dialect].push(percentile(ms, 95));
        p50s[dialect].push(percentile(ms, 50));
      }
    }
    const sqliteP95 = median(p95s.sqlite);
    const pgP95 = median(p95s.postgres);
    const ratio = pgP95 / sqliteP95;
    console.log(`${ROUNDS} interleaved rounds of ${SEARCHES} searches, one at a time, medians`);
    console.log(`SQLite (FTS5 trigram):   p50 ${median(p50s.sqlite).toFixed(1)} ms, p95 ${sqliteP95.toFixed(1)} ms`);
    console.log(`PostgreSQL (pg_trgm):    p50 ${median(p50s.postgres).toFixed(1)} ms, p95 ${pgP95.toFixed(1)} ms`);
    console.log(`PostgreSQL / SQLite p95: ${ratio.toFixed(2)}x (target <= 1.5x)  ${verdict(ratio <= 1.5)}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await postgres.drop();
  }
}
