// `npm run bench -- recruitment` (issue: recruitment acceptance): 10,000 applications (with audit
// trails and notes), then the admin list endpoint GET /recruitment/api/applications loaded from this
// second process on loopback, each request timed. Target: p95 under 50 ms for each kind of list a reviewer asks for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulkApplicantName, demoQuestions, demoRoles, demoStages } from '@guildhall/testkit/recruitment-demo';
import { hashToken } from '../apps/server/src/core/auth/session-store';
import { openBenchDatabase, repoRoot, startProcess, tempDir, verdict } from './support';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1_000);
// A few admins reviewing at once: each worker is one admin clicking through the list without pause.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const TARGET_P95_MS = 50;
const ADMIN_ID = '800000000000000001';
const ADMIN_TOKEN = 'bench-admin-session-token-0123456789abcdef';

async function seed(dataDir: string): Promise<void> {
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
    for (const name of demoRoles) sqlite.prepare('insert into recruitment_roles (name) values (?)').run(name);
    for (const q of demoQuestions)
      sqlite
        .prepare('insert into recruitment_questions (text, type, options) values (?, ?, ?)')
        .run(q.text, q.type, q.options ? JSON.stringify(q.options) : null);
    const labels = JSON.stringify(Object.fromEntries(demoQuestions.map((q, i) => [String(i + 1), q.text])));
    const insert = sqlite.prepare(
      `insert into recruitment_applications (user_id, username, username_lower, avatar, role_id, job, answers, question_labels, status, stage_id, stage_name, stage_color, feedback, created_at, status_updated_at)
       values (?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const audit = sqlite.prepare(
      'insert into recruitment_audit (application_id, actor_id, actor_name, kind, from_value, to_value, at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const note = sqlite.prepare(
      'insert into recruitment_notes (application_id, author_id, author_name, body, created_at) values (?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= APPLICATIONS; i++) {
      const stage = i % 10 === 0 ? 2 : i % 7 === 0 ? 3 : i % 3 === 0 ? 1 : 0;
      const status = stage === 2 ? 'Accepted' : stage === 3 ? 'Declined' : 'Pending';
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
        demoRoles[i % demoRoles.length],
        answers,
        labels,
        status,
        stage + 1,
        demoStages[stage]!.name,
        demoStages[stage]!.color,
        stage ? 'Thanks for applying.' : null,
        now - i * 60_000,
        now - i * 30_000,
      ).lastInsertRowid;
      if (stage) audit.run(id, ADMIN_ID, 'bench.admin', 'stage', demoStages[0]!.name, demoStages[stage]!.name, now - i * 30_000);
      if (i % 5 === 0) note.run(id, ADMIN_ID, 'bench.admin', 'Strong candidate; follow up.', now);
    }
  })();
  sqlite.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** SAMPLES requests at CONCURRENCY, each timed on its own, so the p95 is of whole requests. */
async function measure(url: string, paths: () => string, samples = SAMPLES): Promise<{ p50: number; p95: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  let left = samples;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        const response = await fetch(url + paths(), {
          headers: { cookie: `gh_session=${ADMIN_TOKEN}`, ...(process.env.BENCH_IDENTITY ? { 'accept-encoding': 'identity' } : {}) },
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (!response.ok) failures++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), failures };
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('recruitment');
  const started = Date.now();
  await seed(dataDir);
  console.log(
    `seeded ${APPLICATIONS.toLocaleString('en')} applications (+ audit entries and notes) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `each figure: ${SAMPLES} admin requests, ${CONCURRENCY} at a time, timed one by one (machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  const server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    ENABLED_TOOLS: 'recruitment',
  });
  try {
    const random = (n: number) => 1 + Math.floor(Math.random() * n);
    const scenarios: Array<[string, () => string]> = [
      ['first page, All (50 cards)', () => '/recruitment/api/applications'],
      ['random page of All', () => `/recruitment/api/applications?page=${random(APPLICATIONS / 50)}`],
      ['Pending filter, random page', () => `/recruitment/api/applications?status=Pending&page=${random(50)}`],
      ['Accepted filter', () => '/recruitment/api/applications?status=Accepted'],
      ['username search', () => `/recruitment/api/applications?search=${bulkApplicantName(random(APPLICATIONS)).slice(-4)}`],
    ];
    // Warm up (JIT, SQLite page cache) so start-up is not part of the figures.
    for (const [, paths] of scenarios) await measure(server.url, paths, 100);
    for (const [name, paths] of scenarios) {
      const figures = await measure(server.url, paths);
      console.log(
        `${name.padEnd(32)} p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms (target < ${TARGET_P95_MS} ms)  ${verdict(figures.p95 < TARGET_P95_MS && figures.failures === 0)}${figures.failures ? `  failures: ${figures.failures}` : ''}`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
