// `npm run bench -- timetable`: 2,000 students, each with the demo weekly timetable (20 classes),
// 40 homework items and a term of overrides, then the two reads every page load makes
// (002 §7 GET /schedule?week_start= and GET /homework) loaded from this second process with bearer
// tokens, beside two references measured in the same run: a bare Fastify route, and the app's own
// database-free GET /timetable/api/config (every core plugin and hook, no session, no query).
// Targets: the reads keep at least 50% of the config route's throughput (sign-in check and queries
// cost at most half), p99 under 50 ms at 50 connections, no errors. The ratio to the bare route is
// printed for the record.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import autocannon from 'autocannon';
import { addWeeks, currentWeekStart } from '@guildhall/contracts/timetable-rules';
import { demoTimetableRows } from '@guildhall/testkit/timetable-demo';
import { openDatabase } from '../apps/server/src/core/db/database';
import { migrateToLatest } from '../apps/server/src/core/db/migrate';
import { SchoolAccountStore } from '../apps/server/src/core/auth/school-account-store';
import { allMigrations } from '../apps/server/src/migrations';
import { load, repoRoot, startProcess, tempDir, verdict } from './support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2_000);
const SIGNED_IN = 50;
const HOMEWORK_EACH = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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

  const server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
  });
  // Started second and stopped in `finally`, so a server that fails to start leaves nothing behind.
  const bare = await startProcess(path.join(repoRoot, 'bench/bare-server.ts'), {}).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    // Every account shares the one hash, so any of them signs in with the same password.
    const tokens: string[] = [];
    for (let i = 0; i < SIGNED_IN; i++) {
      const studentId = studentIdOf(Math.floor((i * STUDENTS) / SIGNED_IN));
      const res = await fetch(`${server.url}/timetable/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ student_id: studentId, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`login of ${studentId} failed: ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    const week = currentWeekStart(Date.now(), ZONE);
    let n = 0;
    const readPaths = () => (n++ % 2 ? `/timetable/api/schedule?week_start=${week}` : '/timetable/api/homework');
    const timetable = (seconds: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          { setupRequest: (req) => ({ ...req, path: readPaths(), headers: { authorization: `Bearer ${tokens[n % tokens.length]}` } }) },
        ],
      });

    await load(bare.url, { connections: 10, seconds: 2, paths: () => '/bare' });
    await timetable(2);
    started = Date.now();
    const reference = await load(bare.url, { connections: CONNECTIONS, seconds: SECONDS, paths: () => '/bare' });
    const appBase = await load(server.url, { connections: CONNECTIONS, seconds: SECONDS, paths: () => '/timetable/api/config' });
    const result = await timetable(SECONDS);
    const ratio = result.requests.average / appBase.requestsPerSecond;
    const bareRatio = result.requests.average / reference.requestsPerSecond;
    const ok = result.non2xx === 0 && result.errors + result.timeouts === 0;
    console.log(`bare Fastify route:         ${reference.requestsPerSecond.toFixed(0)} req/s, p99 ${reference.p99} ms`);
    console.log(`app GET /timetable/api/config: ${appBase.requestsPerSecond.toFixed(0)} req/s, p99 ${appBase.p99} ms`);
    console.log(
      `schedule + homework reads:  ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}`,
    );
    console.log(`ratio to the config route:  ${(ratio * 100).toFixed(0)}% (target >= 50%)  ${verdict(ratio >= 0.5)}`);
    console.log(`ratio to the bare route:    ${(bareRatio * 100).toFixed(0)}% (for the record)`);
    console.log(
      `reads p99:                  ${result.latency.p99} ms at ${CONNECTIONS} connections (target < 50 ms)  ${verdict(result.latency.p99 < 50)}`,
    );
    console.log(`errors and non-2xx:         ${result.errors + result.timeouts + result.non2xx} (target 0)  ${verdict(ok)}`);
  } finally {
    await server.stop();
    await bare.stop();
  }
}
