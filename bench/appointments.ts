// `npm run bench -- appointments`: the LINE mini-app's create-appointment under load, on a real
// server process (SQLite in a temp DATA_DIR) whose LINE verify endpoint is the testkit fake running in
// this process. Figures: (1) 200 users racing for one slot (target: exactly one booking, 199 clear
// 409s, no 5xx); (2) 1,000 bookings of distinct slots at 20 concurrent users (targets: >= 200 req/s,
// p99 < 100 ms, every ID token verified over HTTP).
import { TZDate } from '@date-fns/tz';
import { startFakeLine } from '@guildhall/testkit';
import path from 'node:path';
import { repoRoot, startProcess, tempDir, verdict } from './support';

const RACERS = 200;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const CONCURRENCY = 20;

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

export default async function run(): Promise<void> {
  const line = await startFakeLine();
  const server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    DATA_DIR: tempDir('appointments'),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    DEV_SIGN_IN: 'false',
    ENABLED_TOOLS: 'appointments',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
    LIFF_ID: '2000000000-Bench',
    LINE_CHANNEL_ID: line.channelId,
    LINE_API_BASE_URL: line.url,
  });
  const book = async (i: number, datetime: string) => {
    const userId = `Ubench${String(i).padStart(27, '0')}`;
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
    const all = slots();
    const raceSlot = all.next().value as string;
    const race = await Promise.all(Array.from({ length: RACERS }, (_, i) => book(i, raceSlot)));
    const won = race.filter((r) => r.status === 200).length;
    const refused = race.filter((r) => r.status === 409).length;
    const failed = race.filter((r) => r.status >= 500).length;
    console.log(
      `race: ${RACERS} users for one slot -> ${won} booked, ${refused} x 409, ${failed} x 5xx (target: 1, ${RACERS - 1}, 0)  ${verdict(won === 1 && refused === RACERS - 1 && failed === 0)}`,
    );

    const queue = Array.from({ length: BOOKINGS }, () => all.next().value as string).filter(Boolean);
    const latencies: number[] = [];
    let non200 = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < queue.length) {
          const i = next++;
          const result = await book(RACERS + i, queue[i]!);
          latencies.push(result.ms);
          if (result.status !== 200) non200 += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const rps = queue.length / seconds;
    const p99 = percentile(latencies, 99);
    console.log(`bookings: ${queue.length} distinct slots at ${CONCURRENCY} users, ${non200} not booked`);
    console.log(`throughput: ${rps.toFixed(0)} bookings/s (target >= 200)  ${verdict(rps >= 200 && non200 === 0)}`);
    console.log(
      `latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target p99 < 100 ms)  ${verdict(p99 < 100)}`,
    );
    console.log(`LINE verify calls: ${line.calls.filter((c) => c.includes('/verify')).length} (one per request)`);
  } finally {
    await server.stop();
    await line.close();
  }
}
