// `npm run bench -- appointments` (issue 15): the LINE mini-app's two hot calls on a real server process
// (SQLite in a temp DATA_DIR, the shipped defaults: NODE_ENV=production, LOG_LEVEL info with a log line
// per request, security headers, the rate limiter counting with the public limit raised so the load is
// not answered 429), each beside its reference measured in the same run: a minimal Fastify +
// better-sqlite3 server doing the equivalent query or insert (bench/appointments-reference.ts).
// Interleaved rounds (the order alternates), medians of BENCH_ROUNDS (3); load average printed.
// (1) availability of the next 60 days with 10,000 bookings stored (20 seats per slot, set by staff):
//     target p95 < 30 ms; (2) 200 users racing for one slot: exactly one booking, 199 clear 409s, no 5xx;
//     (3) bookings of distinct slots at 20 concurrent users with the shipped booking rules, LINE pushes
//     and reminders on (a channel token): targets >= 200 bookings/s, p99 < 100 ms. The LINE platform is
//     the testkit fake in this process; every new ID token is verified there over HTTP, by both servers.
// BENCH_DIALECT=postgres: (2) and (3) with the app on a fresh PostgreSQL database (127.0.0.1:5432), where
// every seat claim takes one transaction-scoped advisory lock (decision 0052); the reference stays on
// better-sqlite3, the stack's limit on this machine. (1) is SQLite's only (its 10,000 rows are seeded there).
import { TZDate } from '@date-fns/tz';
import { startFakeLine } from '@guildhall/testkit';
import { makeBookingSettings } from '@guildhall/testkit/appointments-demo';
import path from 'node:path';
import {
  benchDialect,
  cpuMicros,
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

const RACERS = 200;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 20;
const APP = path.join(repoRoot, 'apps/server/src/main.ts');
const REFERENCE = path.join(repoRoot, 'bench/appointments-reference.ts');
/** The app with the shipped defaults; only the public rate limit is raised (the load comes from one address). */
const APP_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'false',
  DEV_SIGN_IN: 'false',
  ENABLED_TOOLS: 'appointments',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
  LIFF_ID: '2000000000-Bench',
};

/** Every 30-minute slot of Mon-Fri 09:00-17:00 Bangkok from the Monday after next, in order. */
function* slots(): Generator<string> {
  const now = new TZDate(Date.now(), 'Asia/Bangkok');
  for (let day = 8; day < 170; day++) {
    const date = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + day, 0, 0, 0, 0, 'Asia/Bangkok');
    if (date.getDay() === 0 || date.getDay() === 6) continue;
    for (let m = 9 * 60; m < 17 * 60; m += 30) {
      yield new Date(
        new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), Math.floor(m / 60), m % 60, 0, 0, 'Asia/Bangkok').getTime(),
      ).toISOString();
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const AVAILABILITY_BOOKINGS = 10_000;
const AVAILABILITY_REQUESTS = 300;

/** Runs `measure` on the reference and the app, alternating who goes first, ROUNDS times: each one's rounds. */
async function interleave<T>(
  reference: RunningProcess,
  app: RunningProcess,
  measure: (server: RunningProcess, round: number) => Promise<T>,
) {
  const results = { reference: [] as T[], app: [] as T[] };
  const servers = [['reference', reference] as const, ['app', app] as const];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, server] of round % 2 ? [...servers].reverse() : servers) results[name].push(await measure(server, round));
  }
  return results;
}

/** Each figure's median over the rounds. */
function medians<T extends Record<string, number>>(rounds: T[]): T {
  return Object.fromEntries(Object.keys(rounds[0] ?? {}).map((key) => [key, median(rounds.map((r) => r[key]!))])) as T;
}

/** The shipped booking rules as the settings page would save them (config.ts defaults), for the reference. */
const SHIPPED_RULES = makeBookingSettings();

/** Issue 15 item 1: GET /bureau/worker/availability?days=60 over 10,000 stored bookings. */
async function availabilityBench(): Promise<void> {
  const dataDir = tempDir('appointments-availability');
  const { sqlite } = await openBenchDatabase(dataDir);
  const weekday = { opens: '09:00', closes: '17:00', breaks: [{ start: '12:00', end: '13:00' }] };
  const settings = { ...SHIPPED_RULES, weekly: [null, weekday, weekday, weekday, weekday, weekday, null], capacity: 20 };
  const now = Date.now();
  sqlite
    .prepare('insert into appointment_settings (name, value, updated_at, updated_by) values (?, ?, ?, ?)')
    .run('booking', JSON.stringify(settings), now, 'bench');
  // Every 30-minute slot of the next 60 days' working hours, filled seat by seat in turn.
  const starts: number[] = [];
  const today = new TZDate(now, 'Asia/Bangkok');
  for (let day = 1; day <= 60; day++) {
    const date = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + day, 0, 0, 0, 0, 'Asia/Bangkok');
    if (date.getDay() === 0 || date.getDay() === 6) continue;
    for (let m = 9 * 60; m < 17 * 60; m += 30) {
      if (m >= 12 * 60 && m < 13 * 60) continue;
      starts.push(new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), 0, m, 0, 0, 'Asia/Bangkok').getTime());
    }
  }
  const insert = sqlite.prepare(
    "insert into appointments (line_user_id, starts_at, ends_at, topic, status, reschedule_count, created_at, updated_at, seat, user_seat) values (?, ?, ?, null, 'booked', 0, ?, ?, ?, ?)",
  );
  sqlite.transaction(() => {
    for (let i = 0; i < AVAILABILITY_BOOKINGS; i++) {
      const start = starts[i % starts.length]!;
      insert.run(`Uavail${String(i).padStart(27, '0')}`, start, start + 30 * 60_000, now, now, Math.floor(i / starts.length) + 1, 1);
    }
  })();
  sqlite.close();
  const env = { DATA_DIR: dataDir, LINE_CHANNEL_ID: '2000000000', LINE_API_BASE_URL: 'http://127.0.0.1:9' };
  const app = await startProcess(APP, { ...APP_ENV, ...env });
  const reference = await startProcess(REFERENCE, env).catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  try {
    const url = (server: RunningProcess) => `${server.url}/bureau/worker/availability?days=60`;
    // Same data, same answer (read twice: a slot boundary may pass between two reads).
    for (let attempt = 1; ; attempt++) {
      const [a, b] = await Promise.all([fetch(url(app)).then((r) => r.text()), fetch(url(reference)).then((r) => r.text())]);
      if (a === b) break;
      if (attempt === 2)
        throw new Error(
          `the reference answers availability differently:\n  app:       ${a.slice(0, 300)}\n  reference: ${b.slice(0, 300)}`,
        );
    }
    const free = ((await (await fetch(url(app))).json()) as { days: Array<{ slots: unknown[] }> }).days.reduce(
      (n, d) => n + d.slots.length,
      0,
    );
    const measure = async (server: RunningProcess) => {
      const latencies: number[] = [];
      const cpuBefore = cpuMicros(server.child.pid);
      for (let i = 0; i < AVAILABILITY_REQUESTS; i++) {
        const started = performance.now();
        await (await fetch(url(server))).arrayBuffer();
        latencies.push(performance.now() - started);
      }
      latencies.sort((x, y) => x - y);
      return {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        cpu: (cpuMicros(server.child.pid) - cpuBefore) / latencies.length,
      };
    };
    for (const server of [app, reference]) for (let i = 0; i < 30; i++) await (await fetch(url(server))).arrayBuffer(); // warm-up
    const results = await interleave(reference, app, measure);
    const sum = (list: Array<Awaited<ReturnType<typeof measure>>>) => ({
      ...medians(list),
      rounds: list.map((r) => r.p95.toFixed(1)).join(', '),
    });
    const [ours, ref] = [sum(results.app), sum(results.reference)];
    console.log(
      `availability: 60 days, ${AVAILABILITY_BOOKINGS} bookings over ${starts.length} slots x 20 seats (${free} slots still free); ${ROUNDS} interleaved rounds of ${AVAILABILITY_REQUESTS} sequential requests, medians; load average ${loadAverage()}`,
    );
    console.log(
      `  reference (Fastify + better-sqlite3): p50 ${ref.p50.toFixed(1)} ms, p95 ${ref.p95.toFixed(1)} ms, ${ref.cpu.toFixed(0)} µs CPU/request (p95 per round: ${ref.rounds})`,
    );
    console.log(
      `  app (shipped defaults):               p50 ${ours.p50.toFixed(1)} ms, p95 ${ours.p95.toFixed(1)} ms, ${ours.cpu.toFixed(0)} µs CPU/request (p95 per round: ${ours.rounds})  target p95 < 30 ms  ${verdict(ours.p95 < 30)}`,
    );
  } finally {
    await Promise.all([app.stop(), reference.stop()]);
  }
}

/** Issue 15 items 1 and 3: create-appointment under a race and under load. */
async function bookingBench(): Promise<void> {
  const line = await startFakeLine();
  const appDir = tempDir('appointments');
  const referenceDir = tempDir('appointments-reference');
  (await openBenchDatabase(appDir)).sqlite.close();
  const { sqlite } = await openBenchDatabase(referenceDir);
  sqlite
    .prepare('insert into appointment_settings (name, value, updated_at, updated_by) values (?, ?, ?, ?)')
    .run('booking', JSON.stringify(SHIPPED_RULES), Date.now(), 'bench');
  sqlite.close();
  const lineEnv = { LINE_CHANNEL_ID: line.channelId, LINE_API_BASE_URL: line.url };
  const postgres = benchDialect() === 'postgres' ? await openBenchPostgres('appointments') : null;
  const where = postgres ? 'shipped defaults, PostgreSQL' : 'shipped defaults';
  // Pushes and reminders on, as in production: the app also queues two reminder jobs and pushes a confirmation.
  const app = await startProcess(APP, {
    ...APP_ENV,
    ...lineEnv,
    DATA_DIR: appDir,
    LINE_CHANNEL_TOKEN: line.channelToken,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const reference = await startProcess(REFERENCE, { ...lineEnv, DATA_DIR: referenceDir });
  let users = 0;
  const book = async (server: RunningProcess, datetime: string) => {
    const userId = `Ubench${String(users++).padStart(27, '0')}`;
    const started = performance.now();
    const response = await fetch(`${server.url}/bureau/worker/create-appointment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${line.issueIdToken({ sub: userId })}` },
      body: JSON.stringify({ userId, datetime, topic: 'Benchmark', reschedule_id: null }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  try {
    const all = [...slots()];
    const raceSlot = all[0]!;
    // The race also warms both servers up.
    for (const server of [reference, app]) {
      const race = await Promise.all(Array.from({ length: RACERS }, () => book(server, raceSlot)));
      if (server !== app) continue;
      const won = race.filter((r) => r.status === 200).length;
      const refused = race.filter((r) => r.status === 409).length;
      const failed = race.filter((r) => r.status >= 500).length;
      console.log(
        `race: ${RACERS} users for one slot -> ${won} booked, ${refused} x 409, ${failed} x 5xx (target: 1, ${RACERS - 1}, 0)  ${verdict(won === 1 && refused === RACERS - 1 && failed === 0)}`,
      );
    }
    const perRound = Math.min(BOOKINGS, Math.floor((all.length - 1) / ROUNDS));
    const measure = async (server: RunningProcess, round: number) => {
      // Each server has its own database: both book the same distinct slots of the round.
      const queue = all.slice(1 + round * perRound, 1 + (round + 1) * perRound);
      const latencies: number[] = [];
      let non200 = 0;
      let next = 0;
      const cpuBefore = cpuMicros(server.child.pid);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < queue.length) {
            const result = await book(server, queue[next++]!);
            latencies.push(result.ms);
            if (result.status !== 200) non200 += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      return {
        rps: queue.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        non200,
        cpu: (cpuMicros(server.child.pid) - cpuBefore) / queue.length,
      };
    };
    const results = await interleave(reference, app, measure);
    const sum = (list: Array<Awaited<ReturnType<typeof measure>>>) => ({
      ...medians(list),
      non200: list.reduce((n, r) => n + r.non200, 0),
      rounds: list.map((r) => r.rps.toFixed(0)).join(', '),
    });
    const [ours, ref] = [sum(results.app), sum(results.reference)];
    console.log(
      `bookings: ${perRound} distinct slots per round at ${CONCURRENCY} users, ${ROUNDS} interleaved rounds, medians; load average ${loadAverage()}`,
    );
    console.log(
      `  reference (Fastify + better-sqlite3): ${ref.rps.toFixed(0)} bookings/s, p50 ${ref.p50.toFixed(1)} ms, p99 ${ref.p99.toFixed(1)} ms, ${ref.cpu.toFixed(0)} µs CPU/booking, ${ref.non200} not booked (per round: ${ref.rounds}/s)`,
    );
    console.log(
      `  app (${where}):${' '.repeat(Math.max(1, 31 - where.length))}${ours.rps.toFixed(0)} bookings/s, p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms, ${ours.cpu.toFixed(0)} µs CPU/booking, ${ours.non200} not booked (per round: ${ours.rounds}/s)`,
    );
    console.log(
      `  throughput target >= 200 bookings/s  ${verdict(ours.rps >= 200 && ours.non200 === 0)}; ${((ours.rps / ref.rps) * 100).toFixed(0)}% of the reference`,
    );
    console.log(`  latency target p99 < 100 ms  ${verdict(ours.p99 < 100)}`);
    console.log(
      `LINE verify calls: ${line.calls.filter((c) => c.includes('/verify')).length} for ${users} bookings (one per new token, both servers)`,
    );
  } finally {
    await Promise.all([app.stop(), reference.stop()]);
    await line.close();
    await postgres?.drop();
  }
}

export default async function run(): Promise<void> {
  if (benchDialect() === 'sqlite') await availabilityBench();
  await bookingBench();
}
