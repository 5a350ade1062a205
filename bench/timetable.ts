// `npm run bench -- timetable`: 2,000 students, each with the demo weekly timetable (20 classes),
// 40 homework items and a term of overrides, then the two reads every page load makes
// (002 §7 GET /schedule?week_start= and GET /homework) loaded from this second process with bearer
// tokens, beside a reference measured in the same run (issue 16): a minimal Fastify + better-sqlite3
// server answering the same two reads with the same queries on the same database
// (bench/timetable-reference.ts). For the record also the app's database-free GET
// /timetable/api/config (every core plugin and hook, no session, no query) and a bare Fastify route.
// Interleaved rounds (the order alternates), medians of BENCH_ROUNDS (3). The app runs with the
// shipped defaults (NODE_ENV=production, LOG_LEVEL info with a log line per request); only the sign-in
// limit is raised so the 50 bench sign-ins are not answered 429.
// Targets: reads p99 under 50 ms at 50 connections, no errors; the throughput ratio to the reference
// and to the config route are printed (the config ratio kept its earlier target, >= 50%).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addWeeks, currentWeekStart } from '@guildhall/contracts/timetable-rules';
import { demoTimetableRows } from '@guildhall/testkit/timetable-demo';
import { openDatabase } from '../apps/server/src/core/db/database';
import { migrateToLatest } from '../apps/server/src/core/db/migrate';
import { SchoolAccountStore } from '../apps/server/src/core/auth/school-account-store';
import { allMigrations } from '../apps/server/src/migrations';
import { cpuMicros, load, type LoadResult, median, repoRoot, type RunningProcess, startProcess, tempDir, verdict } from './support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2_000);
const SIGNED_IN = 50;
const HOMEWORK_EACH = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PASSWORD = 'bench-password';
const ZONE = { timeZone: 'Asia/Bangkok', weekStartsOn: 1 };

const studentIdOf = (i: number) => String(68_960_000 + i);

async function seed(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'guildhall.sqlite');
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db, 'sqlite', allMigrations);
  // The accounts that sign in get real argon2id hashes; the rest share one (hashing 2,000 takes minutes).
  const accounts = new SchoolAccountStore(handle.db);
  const first = await accounts.create({ studentId: studentIdOf(0), password: PASSWORD, role: 'student' });
  const hash = (await handle.db.selectFrom('school_accounts').select('password_hash').where('id', '=', first.id).executeTakeFirstOrThrow())
    .password_hash;
  await handle.close();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const now = Date.now();
  const thisWeek = currentWeekStart(now, ZONE);
  const account = sqlite.prepare(
    "insert into school_accounts (student_id, email, role, password_hash, created_at) values (?, null, 'student', ?, ?)",
  );
  const item = sqlite.prepare(
    "insert into timetable_schedule_items (owner_id, subject_code, subject_name, day_of_week, start_time, end_time, room, status, notes, created_at) values (?, ?, ?, ?, ?, ?, ?, 'Up-Coming', '', ?)",
  );
  const override = sqlite.prepare(
    'insert into timetable_overrides (owner_id, schedule_item_id, week_start_date, status, notes, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  const homework = sqlite.prepare(
    'insert into timetable_homework (owner_id, homework_id, title, details, subject_code, due_date, due_time, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const statuses = ['Pending', 'Scheduled', 'Group Work', 'Mark As Done', 'Graded'];
  const rows = demoTimetableRows();
  sqlite.transaction(() => {
    for (let s = 0; s < STUDENTS; s++) {
      const ownerId = s === 0 ? first.id : Number(account.run(studentIdOf(s), hash, now).lastInsertRowid);
      const ids = rows.map((r) =>
        Number(item.run(ownerId, r.subject_code, r.subject_name, r.day_of_week, r.start_time, r.end_time, r.room, now).lastInsertRowid),
      );
      // Eight weeks of a few overrides each: a term's worth of notes for the Subject Summary.
      for (let w = -6; w <= 1; w++) {
        for (let k = 0; k < 3; k++)
          override.run(
            ownerId,
            ids[((w + 6) * 3 + k) % ids.length]!,
            addWeeks(thisWeek, w),
            k === 0 ? 'Cancelled' : 'Finished',
            `Week ${w} note ${k}`,
            now,
          );
      }
      for (let h = 0; h < HOMEWORK_EACH; h++) {
        const row = rows[h % rows.length]!;
        homework.run(
          ownerId,
          `HW-B${s}X${h}`,
          `Assignment ${h}`,
          'Bench details',
          row.subject_code,
          addWeeks(thisWeek, (h % 10) - 5),
          row.start_time,
          statuses[h % 5],
          now,
          now,
        );
      }
    }
  })();
  sqlite.close();
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('timetable');
  let started = Date.now();
  await seed(dataDir);
  console.log(
    `seeded ${STUDENTS.toLocaleString('en')} students x (20 classes, 24 overrides, ${HOMEWORK_EACH} homework) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const servers: RunningProcess[] = [];
  try {
    const bare = await startProcess(path.join(repoRoot, 'bench/bare-server.ts'), {});
    servers.push(bare);
    const app = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // The shipped defaults otherwise: LOG_LEVEL stays info (a log line per request), whatever the shell says.
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
    });
    servers.push(app);
    // Every account shares the one hash, so any of them signs in with the same password.
    const tokens: string[] = [];
    for (let i = 0; i < SIGNED_IN; i++) {
      const studentId = studentIdOf(Math.floor((i * STUDENTS) / SIGNED_IN));
      const res = await fetch(`${app.url}/timetable/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ student_id: studentId, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`login of ${studentId} failed: ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    // Started after the sign-ins: it opens the database read-only and finds the sessions they wrote.
    const reference = await startProcess(path.join(repoRoot, 'bench/timetable-reference.ts'), { DATA_DIR: dataDir });
    servers.push(reference);

    const week = currentWeekStart(Date.now(), ZONE);
    let n = 0;
    const readPaths = () => (n++ % 2 ? `/timetable/api/schedule?week_start=${week}` : '/timetable/api/homework');
    const bearer = () => ({ authorization: `Bearer ${tokens[n % tokens.length]}` });
    // Same data, same answers: both reads for two students.
    for (const token of [tokens[0]!, tokens[SIGNED_IN - 1]!]) {
      for (const probe of [`/timetable/api/schedule?week_start=${week}`, '/timetable/api/homework']) {
        const get = (url: string) => fetch(url + probe, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
        const [a, b] = await Promise.all([get(app.url), get(reference.url)]);
        if (a !== b) throw new Error(`the reference answers ${probe} differently:\n  app:       ${a}\n  reference: ${b}`);
      }
    }
    const reads = { paths: readPaths, headers: bearer };
    // Warm all of them up so JIT and caches are not part of the figure.
    await load(bare.url, { connections: 10, seconds: 2, paths: () => '/bare' });
    await load(reference.url, { connections: 10, seconds: 2, ...reads });
    await load(app.url, { connections: 10, seconds: 2, ...reads });

    started = Date.now();
    type Named = 'bare' | 'config' | 'reference' | 'reads';
    type Measured = LoadResult & { cpuPerRequest: number };
    const results: Record<Named, Measured[]> = { bare: [], config: [], reference: [], reads: [] };
    const order: Array<[Named, RunningProcess, Partial<Parameters<typeof load>[1]> & { paths: () => string }]> = [
      ['reference', reference, reads],
      ['reads', app, reads],
      ['config', app, { paths: () => '/timetable/api/config' }],
      ['bare', bare, { paths: () => '/bare' }],
    ];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so neither always runs on a machine just warmed (or tired) by the other.
      for (const [name, server, options] of round % 2 ? [...order].reverse() : order) {
        const cpuBefore = cpuMicros(server.child.pid);
        const result = await load(server.url, { connections: CONNECTIONS, seconds: SECONDS, ...options });
        results[name].push({ ...result, cpuPerRequest: (cpuMicros(server.child.pid) - cpuBefore) / Math.max(1, result.requests) });
      }
    }
    // Server CPU per request: what a loaded, shared machine skews least (it slows both, not one).
    const summary = (list: Measured[]) => ({
      rps: median(list.map((r) => r.requestsPerSecond)),
      p99: median(list.map((r) => r.p99)),
      cpu: median(list.map((r) => r.cpuPerRequest)),
      errors: list.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    });
    const [bareFigures, configFigures, referenceFigures, readFigures] = (['bare', 'config', 'reference', 'reads'] as const).map((name) =>
      summary(results[name]),
    ) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
    const line = (label: string, f: ReturnType<typeof summary>) =>
      `${label.padEnd(40)}${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms, ${f.cpu.toFixed(0)} µs CPU/request, errors and non-2xx ${f.errors}`;
    console.log(`${ROUNDS} interleaved rounds of ${SECONDS} s at ${CONNECTIONS} connections, medians (sqlite)`);
    console.log(line('bare Fastify route (for the record):', bareFigures));
    console.log(line('app GET /timetable/api/config:', configFigures));
    console.log(line('reference (Fastify + better-sqlite3):', referenceFigures));
    console.log(line('schedule + homework reads (shipped):', readFigures));
    console.log(
      `per round (req/s): reference ${results.reference.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}; reads ${results.reads.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}`,
    );
    console.log(
      `per round (p99 ms): reference ${results.reference.map((r) => r.p99).join(', ')}; reads ${results.reads.map((r) => r.p99).join(', ')}`,
    );
    const ratio = readFigures.rps / referenceFigures.rps;
    const configRatio = readFigures.rps / configFigures.rps;
    console.log(`throughput ratio to the reference:   ${(ratio * 100).toFixed(0)}% (for the record)`);
    console.log(`ratio to the config route:           ${(configRatio * 100).toFixed(0)}% (target >= 50%)  ${verdict(configRatio >= 0.5)}`);
    console.log(`CPU per request: the reference's is ${((referenceFigures.cpu / readFigures.cpu) * 100).toFixed(0)}% of the reads'`);
    console.log(
      `reads p99:                           ${readFigures.p99} ms at ${CONNECTIONS} connections (target < 50 ms; reference ${referenceFigures.p99} ms)  ${verdict(readFigures.p99 < 50)}`,
    );
    console.log(`errors and non-2xx:                  ${readFigures.errors} (target 0)  ${verdict(readFigures.errors === 0)}`);
    console.log(`measured in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
