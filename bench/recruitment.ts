// `npm run bench -- recruitment` (issue 13, issue 17 item 3): the admin list endpoint
// GET /recruitment/api/applications (each card with its audit trail, notes, failed DMs and issue 13's
// review tallies) and the pipeline board GET /recruitment/api/board, loaded from this second process on
// loopback beside a reference measured in the same run: a minimal Fastify + better-sqlite3 server
// answering the same queries on the same data (bench/recruitment-reference.ts; its answers are checked
// equal first). Each request is timed on its own; interleaved rounds (the order alternates), medians of
// BENCH_ROUNDS (3). The app runs with the shipped defaults (NODE_ENV=production, LOG_LEVEL info, a
// request line each, default recruitment settings).
// Issue 13: 10,000 applications with 3 reviews each; every list a reviewer asks for p95 < 50 ms, the
// board with 500 cards on screen p95 < 100 ms (timed from the client, so the server's time and a little more).
// Issue 17 item 3: the username search at 100,000 applications p95 < 30 ms (FTS5 trigram on SQLite;
// with BENCH_DIALECT=postgres, also on PostgreSQL through pg_trgm, both servers on a fresh database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { bulkApplicantName, demoQuestions, demoRoles, demoStages } from '@guildhall/testkit/recruitment-demo';
import { hashToken } from '../apps/server/src/core/auth/session-store';
import {
  benchDialect,
  cpuMicros,
  insertRows,
  loadAverage,
  median,
  openBenchDatabase,
  openBenchPostgres,
  repoRoot,
  type RunningProcess,
  startProcess,
  tempDir,
  verdict,
} from './support';

const LIST_APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const SEARCH_APPLICATIONS = Number(process.env.BENCH_SEARCH_APPLICATIONS ?? 100_000);
/** Requests per figure per round, for each server. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// A few admins reviewing at once: each worker is one admin clicking through the list without pause.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const TARGET_P95_MS = 50;
const BOARD_TARGET_P95_MS = 100;
/** Issue 17 item 3: the username search, through the trigram index (FTS5 / pg_trgm). */
const SEARCH_TARGET_P95_MS = 30;
const PAGE_SIZE = 50;
/** Issue 13: three reviewers per application. */
const REVIEWERS = ['800000000000000002', '800000000000000003', '800000000000000004'];
const VOTES = ['yes', 'no', 'abstain'];
const ADMIN_ID = '800000000000000001';
const ADMIN_TOKEN = 'bench-admin-session-token-0123456789abcdef';

/** Which demo stage application i is in: Accepted every 10th, Declined every 7th, Interview every 3rd. */
const stageOf = (i: number) => (i % 10 === 0 ? 2 : i % 7 === 0 ? 3 : i % 3 === 0 ? 1 : 0);
const statusOf = (stage: number) => (stage === 2 ? 'Accepted' : stage === 3 ? 'Declined' : 'Pending');

async function seed(dataDir: string, applications: number): Promise<void> {
  const { sqlite } = await openBenchDatabase(dataDir);
  const now = Date.now();
  sqlite.transaction(() => {
    // The admin: verified, granted, with a live session (the cookie the load sends).
    sqlite.prepare('insert into registry_pairs (discord_id, roblox_id, updated_at) values (?, ?, ?)').run(ADMIN_ID, '1', now);
    sqlite.prepare('insert into grants (discord_id, role, granted_at) values (?, ?, ?)').run(ADMIN_ID, 'recruitment-admin', now);
    sqlite
      .prepare(
        'insert into sessions (token_hash, kind, subject, display_name, avatar, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(hashToken(ADMIN_TOKEN), 'discord', ADMIN_ID, 'bench.admin', null, now, now + 86_400_000);
    demoStages.forEach((s, i) =>
      sqlite.prepare('insert into recruitment_stages (name, ordering, color) values (?, ?, ?)').run(s.name, i, s.color),
    );
    // Places of their own: roles' and questions' orderings are unique, as stages' are.
    demoRoles.forEach((role, i) => sqlite.prepare('insert into recruitment_roles (name, ordering) values (?, ?)').run(role.name, i));
    demoQuestions.forEach((q, i) =>
      sqlite
        .prepare('insert into recruitment_questions (text, type, options, ordering) values (?, ?, ?, ?)')
        .run(q.text, q.type, q.options ? JSON.stringify(q.options) : null, i),
    );
    const labels = JSON.stringify(Object.fromEntries(demoQuestions.map((q, i) => [String(i + 1), q.text])));
    const insert = sqlite.prepare(
      `insert into recruitment_applications (user_id, username, username_lower, avatar, role_id, job, answers, question_labels, status, stage_id, stage_name, stage_color, feedback, created_at, status_updated_at, stage_entered_at)
       values (?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const audit = sqlite.prepare(
      'insert into recruitment_audit (application_id, actor_id, actor_name, kind, from_value, to_value, at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    // Issue 13 item 1: three reviews of each application.
    const review = sqlite.prepare(
      `insert into recruitment_reviews (application_id, reviewer_id, reviewer_name, vote, scores, score_sum, score_count, comment, created_at, updated_at)
       values (?, ?, ?, ?, '{}', 0, 0, ?, ?, ?)`,
    );
    const note = sqlite.prepare(
      'insert into recruitment_notes (application_id, author_id, author_name, body, created_at) values (?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= applications; i++) {
      const stage = stageOf(i);
      const status = statusOf(stage);
      const name = bulkApplicantName(i);
      const answers = JSON.stringify({
        1: `Answer number ${i}: I would like to help the network run on time. `.repeat(3),
        2: '5 to 10',
        3: `/recruitment/api/uploads/00000000-0000-4000-8000-${String(i).padStart(12, '0')}/cv.pdf`,
      });
      const id = insert.run(
        String(900_000_000_000_000_000n + BigInt(i)),
        name,
        name,
        1 + (i % demoRoles.length),
        demoRoles[i % demoRoles.length]!.name,
        answers,
        labels,
        status,
        stage + 1,
        demoStages[stage]!.name,
        demoStages[stage]!.color,
        stage ? 'Thanks for applying.' : null,
        now - i * 60_000,
        now - i * 30_000,
        now - i * 30_000,
      ).lastInsertRowid;
      if (stage) audit.run(id, ADMIN_ID, 'bench.admin', 'stage', demoStages[0]!.name, demoStages[stage]!.name, now - i * 30_000);
      if (i % 5 === 0) note.run(id, ADMIN_ID, 'bench.admin', 'Strong candidate; follow up.', now);
      REVIEWERS.forEach((reviewer, r) =>
        review.run(id, reviewer, `reviewer.${r + 1}`, VOTES[(i + r) % VOTES.length], 'Looked through the answers.', now, now),
      );
    }
  })();
  sqlite.close();
}

/**
 * The same rows on PostgreSQL (BENCH_DIALECT=postgres: the search phase there), by multi-row inserts;
 * answers the database URL and how to drop it.
 */
async function seedPostgres(applications: number): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await openBenchPostgres('recruitment');
  const { pool } = database;
  const now = Date.now();
  await pool.query('insert into registry_pairs (discord_id, roblox_id, updated_at) values ($1, $2, $3)', [ADMIN_ID, '1', now]);
  await pool.query('insert into grants (discord_id, role, granted_at) values ($1, $2, $3)', [ADMIN_ID, 'recruitment-admin', now]);
  await pool.query(
    'insert into sessions (token_hash, kind, subject, display_name, avatar, created_at, expires_at) values ($1, $2, $3, $4, null, $5, $6)',
    [hashToken(ADMIN_TOKEN), 'discord', ADMIN_ID, 'bench.admin', now, now + 86_400_000],
  );
  for (const [i, stage] of demoStages.entries())
    await pool.query('insert into recruitment_stages (name, ordering, color) values ($1, $2, $3)', [stage.name, i, stage.color]);
  for (const [i, role] of demoRoles.entries())
    await pool.query('insert into recruitment_roles (name, ordering) values ($1, $2)', [role.name, i]);
  for (const [i, q] of demoQuestions.entries())
    await pool.query('insert into recruitment_questions (text, type, options, ordering) values ($1, $2, $3, $4)', [
      q.text,
      q.type,
      q.options ? JSON.stringify(q.options) : null,
      i,
    ]);
  const labels = JSON.stringify(Object.fromEntries(demoQuestions.map((q, i) => [String(i + 1), q.text])));
  function* each<T>(rows: (i: number) => T[]): Generator<T> {
    for (let i = 1; i <= applications; i++) yield* rows(i);
  }
  const text = (...names: string[]) => names.map((n) => [n, 'text'] as [string, string]);
  const bigint = (...names: string[]) => names.map((n) => [n, 'bigint'] as [string, string]);
  await insertRows(
    pool,
    'recruitment_applications',
    [
      ...text('user_id', 'username', 'username_lower'),
      ['role_id', 'integer'],
      ...text('job', 'answers', 'question_labels', 'status'),
      ['stage_id', 'integer'],
      ...text('stage_name', 'stage_color', 'feedback'),
      ...bigint('created_at', 'status_updated_at', 'stage_entered_at'),
    ],
    each((i) => {
      const stage = stageOf(i);
      const name = bulkApplicantName(i);
      return [
        [
          String(900_000_000_000_000_000n + BigInt(i)),
          name,
          name,
          1 + (i % demoRoles.length),
          demoRoles[i % demoRoles.length]!.name,
          JSON.stringify({ 1: `Answer number ${i}: I would like to help the network run on time. `.repeat(3), 2: '5 to 10' }),
          labels,
          statusOf(stage),
          stage + 1,
          demoStages[stage]!.name,
          demoStages[stage]!.color,
          stage ? 'Thanks for applying.' : null,
          now - i * 60_000,
          now - i * 30_000,
          now - i * 30_000,
        ],
      ];
    }),
  );
  await insertRows(
    pool,
    'recruitment_audit',
    [['application_id', 'integer'], ...text('actor_id', 'actor_name', 'kind', 'from_value', 'to_value'), ['at', 'bigint']],
    each((i) => {
      const stage = stageOf(i);
      return stage ? [[i, ADMIN_ID, 'bench.admin', 'stage', demoStages[0]!.name, demoStages[stage]!.name, now - i * 30_000]] : [];
    }),
  );
  await insertRows(
    pool,
    'recruitment_notes',
    [['application_id', 'integer'], ...text('author_id', 'author_name', 'body'), ['created_at', 'bigint']],
    each((i) => (i % 5 === 0 ? [[i, ADMIN_ID, 'bench.admin', 'Strong candidate; follow up.', now]] : [])),
  );
  await insertRows(
    pool,
    'recruitment_reviews',
    [
      ['application_id', 'integer'],
      ...text('reviewer_id', 'reviewer_name', 'vote', 'scores'),
      ['score_sum', 'integer'],
      ['score_count', 'integer'],
      ['comment', 'text'],
      ...bigint('created_at', 'updated_at'),
    ],
    each((i) =>
      REVIEWERS.map((reviewer, r) => [
        i,
        reviewer,
        `reviewer.${r + 1}`,
        VOTES[(i + r) % VOTES.length],
        '{}',
        0,
        0,
        'Looked through the answers.',
        now,
        now,
      ]),
    ),
  );
  await pool.query('analyze');
  return database;
}

/** How many of the first n applications are in each status (for the pages a filter has). */
function statusCounts(n: number): Record<string, number> {
  const counts: Record<string, number> = { Pending: 0, Accepted: 0, Declined: 0 };
  for (let i = 1; i <= n; i++) counts[statusOf(stageOf(i))]!++;
  return counts;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const headers = () => ({
  cookie: `gh_session=${ADMIN_TOKEN}`,
  ...(process.env.BENCH_IDENTITY ? { 'accept-encoding': 'identity' } : {}),
});

/**
 * SAMPLES requests at CONCURRENCY, each timed on its own, so the p95 is of whole requests; and the
 * server's CPU time per request, which a busy shared machine skews least (it delays, it does not add work).
 */
async function measure(
  server: RunningProcess,
  paths: () => string,
  samples = SAMPLES,
): Promise<{ p50: number; p95: number; cpu: number; failures: number }> {
  const { url } = server;
  const cpuBefore = cpuMicros(server.child.pid);
  const times: number[] = [];
  let failures = 0;
  let left = samples;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        const response = await fetch(url + paths(), { headers: headers() });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (!response.ok) failures++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const cpu = (cpuMicros(server.child.pid) - cpuBefore) / samples;
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu, failures };
}

interface Scenario {
  name: string;
  target: number;
  /** A fixed request whose answer must be the same from both servers. */
  probe: string;
  paths: () => string;
}

const random = (n: number) => 1 + Math.floor(Math.random() * Math.max(1, n));
const pagesOf = (n: number) => Math.ceil(n / PAGE_SIZE);
const LIST = '/recruitment/api/applications';

/** The list a reviewer asks for, and the board, at `n` applications. */
function listScenarios(n: number): Scenario[] {
  const counts = statusCounts(n);
  const pages = pagesOf(n);
  const needle = (i: number) => bulkApplicantName(i).slice(-4);
  return [
    { name: 'first page, All (50 cards, tallies)', target: TARGET_P95_MS, probe: LIST, paths: () => LIST },
    { name: 'random page of All', target: TARGET_P95_MS, probe: `${LIST}?page=7`, paths: () => `${LIST}?page=${random(pages)}` },
    {
      name: 'later pages (last 10)',
      target: TARGET_P95_MS,
      probe: `${LIST}?page=${pages}`,
      paths: () => `${LIST}?page=${pages - random(10) + 1}`,
    },
    {
      name: 'Pending filter, random page',
      target: TARGET_P95_MS,
      probe: `${LIST}?status=Pending&page=3`,
      paths: () => `${LIST}?status=Pending&page=${random(pagesOf(counts.Pending!))}`,
    },
    { name: 'Accepted filter', target: TARGET_P95_MS, probe: `${LIST}?status=Accepted`, paths: () => `${LIST}?status=Accepted` },
    {
      name: 'Declined filter, random page',
      target: TARGET_P95_MS,
      probe: `${LIST}?status=Declined&page=2`,
      paths: () => `${LIST}?status=Declined&page=${random(pagesOf(counts.Declined!))}`,
    },
    {
      name: 'username search (4 characters)',
      target: TARGET_P95_MS,
      probe: `${LIST}?search=${needle(42)}`,
      paths: () => `${LIST}?search=${needle(random(n))}`,
    },
    {
      name: 'username search + Pending filter',
      target: TARGET_P95_MS,
      probe: `${LIST}?status=Pending&search=${needle(41)}`,
      paths: () => `${LIST}?status=Pending&search=${needle(random(n))}`,
    },
    {
      name: 'username search, 2 characters',
      target: TARGET_P95_MS,
      probe: `${LIST}?search=42`,
      paths: () => `${LIST}?search=${bulkApplicantName(random(n)).slice(-2)}`,
    },
    {
      // Issue 13 item 4: 4 stages x 125 = the board with 500 cards on screen.
      name: 'board, 500 cards',
      target: BOARD_TARGET_P95_MS,
      probe: `/recruitment/api/board?perStage=${500 / demoStages.length}`,
      paths: () => `/recruitment/api/board?perStage=${500 / demoStages.length}`,
    },
  ];
}

/** Issue 17 item 3: the username search at `n` applications. */
function searchScenarios(n: number): Scenario[] {
  return [
    {
      name: 'username search (4 characters)',
      target: SEARCH_TARGET_P95_MS,
      probe: `${LIST}?search=${bulkApplicantName(4242).slice(-4)}`,
      paths: () => `${LIST}?search=${bulkApplicantName(random(n)).slice(-4)}`,
    },
    {
      // 1-2 characters have no trigram: the plain rule, for the record (issue 17 item 3's fallback).
      name: 'username search, 2 characters',
      target: TARGET_P95_MS,
      probe: `${LIST}?search=42`,
      paths: () => `${LIST}?search=${bulkApplicantName(random(n)).slice(-2)}`,
    },
  ];
}

/** Both servers give the same answer (and total) to each probe, or the comparison means nothing. */
async function checkSameAnswers(app: RunningProcess, reference: RunningProcess, scenarios: Scenario[]): Promise<void> {
  for (const { probe } of scenarios) {
    const [a, b] = await Promise.all([app, reference].map((s) => fetch(s.url + probe, { headers: headers() })));
    const [bodyA, bodyB] = await Promise.all([a!.json(), b!.json()]);
    if (!a!.ok || !isDeepStrictEqual(bodyA, bodyB) || a!.headers.get('x-total-count') !== b!.headers.get('x-total-count'))
      throw new Error(
        `the reference answers ${probe} differently (${a!.status} / ${b!.status}):\n  app:       ${JSON.stringify(bodyA).slice(0, 400)}\n  reference: ${JSON.stringify(bodyB).slice(0, 400)}`,
      );
  }
}

/** Seeds n applications, starts the app and the reference on them, and prints each scenario's figures. */
async function runPhase(n: number, scenarios: Scenario[], dialect: 'sqlite' | 'postgres' = 'sqlite'): Promise<void> {
  const dataDir = tempDir('recruitment');
  const started = Date.now();
  const postgres = dialect === 'postgres' ? await seedPostgres(n) : null;
  if (!postgres) await seed(dataDir, n);
  const databaseEnv: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  console.log(
    `\n${n.toLocaleString('en')} applications (+ audit entries, notes, ${REVIEWERS.length} reviews each) on ${dialect} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );
  const servers: RunningProcess[] = [];
  try {
    const reference = await startProcess(path.join(repoRoot, 'bench/recruitment-reference.ts'), { DATA_DIR: dataDir, ...databaseEnv });
    servers.push(reference);
    const app = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...databaseEnv,
      // The shipped defaults (issue 17): LOG_LEVEL info, a request line each.
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      ENABLED_TOOLS: 'recruitment',
    });
    servers.push(app);
    await checkSameAnswers(app, reference, scenarios);
    // Warm up (JIT, SQLite page cache) so start-up is not part of the figures.
    for (const { paths } of scenarios) for (const server of [app, reference]) await measure(server, paths, 50);

    type Figures = Awaited<ReturnType<typeof measure>>;
    const results = scenarios.map(() => ({ app: [] as Figures[], reference: [] as Figures[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { paths }] of scenarios.entries()) {
        // Alternate who goes first, so neither always runs on a machine just warmed (or tired) by the other.
        const order: Array<['app' | 'reference', RunningProcess]> = [
          ['app', app],
          ['reference', reference],
        ];
        for (const [name, server] of round % 2 ? order.reverse() : order) results[i]![name].push(await measure(server, paths));
      }
    }
    console.log(
      `each figure: median of ${ROUNDS} interleaved rounds of ${SAMPLES} requests, ${CONCURRENCY} at a time, timed one by one; load average now ${loadAverage()} on ${os.cpus().length} cores`,
    );
    console.log(
      `${'at ' + n.toLocaleString('en')}`.padEnd(38) + 'app p50 / p95 (CPU/req)            reference p50 / p95 (CPU/req)      target',
    );
    for (const [i, { name, target }] of scenarios.entries()) {
      const { app: a, reference: r } = results[i]!;
      const p = (list: Figures[], key: 'p50' | 'p95' | 'cpu') => median(list.map((f) => f[key]));
      const cpu = (list: Figures[]) => `(${(p(list, 'cpu') / 1000).toFixed(1).padStart(4)} ms)`;
      const failures = a.reduce((sum, f) => sum + f.failures, 0) + r.reduce((sum, f) => sum + f.failures, 0);
      console.log(
        `${name.padEnd(38)}${p(a, 'p50').toFixed(1).padStart(6)} / ${p(a, 'p95').toFixed(1).padStart(6)} ms ${cpu(a)}    ${p(r, 'p50').toFixed(1).padStart(6)} / ${p(r, 'p95').toFixed(1).padStart(6)} ms ${cpu(r)}    < ${target} ms  ${verdict(p(a, 'p95') < target && failures === 0)}${failures ? `  failures: ${failures}` : ''}  (app p95 per round: ${a.map((f) => f.p95.toFixed(1)).join(', ')})`,
      );
    }
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function run(): Promise<void> {
  await runPhase(LIST_APPLICATIONS, listScenarios(LIST_APPLICATIONS));
  await runPhase(SEARCH_APPLICATIONS, searchScenarios(SEARCH_APPLICATIONS));
  // Issue 17 item 3 on PostgreSQL (pg_trgm): BENCH_DIALECT=postgres adds the search phase there.
  if (benchDialect() === 'postgres') await runPhase(SEARCH_APPLICATIONS, searchScenarios(SEARCH_APPLICATIONS), 'postgres');
}
