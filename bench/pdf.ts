// `npm run bench -- pdf` (issue 17 item 5, decision 0022): bursts of 100 concurrent Registration
// Record PDFs (001 §2) through the real endpoint, against two servers started side by side on the same
// data: the shipped defaults (PDF_MAX_CONCURRENT 2, PDF_MAX_QUEUED 20: over capacity a 503 with
// Retry-After) and, as the reference, the same server with the queue at its maximum, 10,000 (every print waits its
// turn, as before decision 0022). Interleaved rounds (the order alternates), medians of BENCH_ROUNDS (3).
// Targets: every request answered (200, or 503 with Retry-After), p95 of the answers < 1.5 s; memory
// (the server and its Chromium, proportional set size) is printed at its peak during a burst.
import fs from 'node:fs';
import path from 'node:path';
import { seedBureauPeople } from './bureau-people';
import { median, openBenchDatabase, repoRoot, type RunningProcess, startProcess, tempDir, verdict, percentile } from './support';

const BURST = Number(process.env.BENCH_BURST ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

/** The process and every descendant (Chromium and its helpers), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Proportional set size in KiB: Chromium's processes share pages, which plain RSS would count again per process. */
function pssKib(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      total += Number(match?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

interface Burst {
  p95: number;
  p95Printed: number;
  printed: number;
  refused: number;
  /** Answers that are neither a PDF nor a 503 with Retry-After, and requests with no answer at all. */
  unanswered: number;
  peakKib: number;
}

async function burst(server: RunningProcess, url: string, cookie: string): Promise<Burst> {
  let peakKib = 0;
  const sampler = setInterval(() => (peakKib = Math.max(peakKib, pssKib(processTree(server.child.pid!)))), 100);
  const results = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const started = performance.now();
      try {
        const response = await fetch(server.url + url, { headers: { cookie } });
        const body = Buffer.from(await response.arrayBuffer());
        const ms = performance.now() - started;
        if (response.status === 200 && body.subarray(0, 5).toString() === '%PDF-') return { ms, kind: 'printed' as const };
        if (response.status === 503 && response.headers.get('retry-after')) return { ms, kind: 'refused' as const };
        return { ms, kind: 'unanswered' as const };
      } catch {
        return { ms: performance.now() - started, kind: 'unanswered' as const };
      }
    }),
  );
  clearInterval(sampler);
  peakKib = Math.max(peakKib, pssKib(processTree(server.child.pid!)));
  const of = (kind: string) => results.filter((r) => r.kind === kind);
  return {
    p95: percentile(
      results.map((r) => r.ms),
      95,
    ),
    p95Printed: percentile(
      of('printed').map((r) => r.ms),
      95,
    ),
    printed: of('printed').length,
    refused: of('refused').length,
    unanswered: of('unanswered').length,
    peakKib,
  };
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('pdf');
  const { file, sqlite } = await openBenchDatabase(dataDir);
  sqlite.close();
  const { cookie, recordDiscordId } = await seedBureauPeople({ sqliteFile: file });
  const url = `/bureau/api/records/${recordDiscordId}/documents/registration`;

  // Both servers read one SQLite file (WAL): the same record, the same warm lookup cache.
  const start = (extra: Record<string, string>) =>
    startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOOKUP_CACHE_SECONDS: String(7 * 24 * 3600),
      DISCORD_BOT_TOKEN: 'bench-never-called',
      DISCORD_BASE_URL: 'http://127.0.0.1:9',
      ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
      CHROMIUM_PATH,
      ...extra,
    });
  const shipped = await start({});
  const reference = await start({ PDF_MAX_QUEUED: '10000' });
  try {
    for (const server of [shipped, reference]) {
      const idleKib = pssKib(processTree(server.child.pid!));
      // Chromium starts on the first print; warm it so a burst measures printing, not a launch.
      for (let i = 0; i < 3; i++) await fetch(server.url + url, { headers: { cookie } }).then((r) => r.arrayBuffer());
      console.log(
        `${server === shipped ? 'shipped' : 'reference'}: idle ${mib(idleKib)} before Chromium, ${mib(pssKib(processTree(server.child.pid!)))} with it warm`,
      );
    }
    const rounds: Record<'shipped' | 'reference', Burst[]> = { shipped: [], reference: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['shipped', 'reference'] as const) : (['reference', 'shipped'] as const);
      for (const name of order) rounds[name].push(await burst(name === 'shipped' ? shipped : reference, url, cookie));
    }
    const summary = (list: Burst[]) => ({
      p95: median(list.map((b) => b.p95)),
      p95Printed: median(list.map((b) => b.p95Printed)),
      printed: median(list.map((b) => b.printed)),
      refused: median(list.map((b) => b.refused)),
      unanswered: Math.max(...list.map((b) => b.unanswered)),
      peakKib: Math.max(...list.map((b) => b.peakKib)),
    });
    const ours = summary(rounds.shipped);
    const ref = summary(rounds.reference);
    console.log(`${ROUNDS} interleaved rounds of ${BURST} concurrent registration PDFs, medians (worst round for unanswered and memory)`);
    for (const [label, s] of [
      ['shipped (queue 2 + 20)', ours],
      ['reference (queue 10,000, the maximum)', ref],
    ] as const) {
      console.log(
        `  ${label}: ${s.printed} printed, ${s.refused} refused 503 with Retry-After, ${s.unanswered} unanswered; p95 of answers ${s.p95.toFixed(0)} ms, p95 of PDFs ${s.p95Printed.toFixed(0)} ms; peak ${mib(s.peakKib)}`,
      );
    }
    console.log(`every request answered: ${verdict(ours.unanswered === 0)}`);
    console.log(
      `p95 of answers ${ours.p95.toFixed(0)} ms (target < 1500 ms; reference ${ref.p95.toFixed(0)} ms)  ${verdict(ours.p95 < 1500)}`,
    );
    console.log(`peak memory ${mib(ours.peakKib)} (reference ${mib(ref.peakKib)})`);
  } finally {
    await Promise.all([shipped.stop(), reference.stop()]);
  }
}
