// `npm run bench -- startup` (issue 17 item 6): cold start of the compiled server (`npm start`, the
// shipped production settings, SQLite) to /readyz, and its idle memory, beside a bare Fastify process
// compiled the same way. Interleaved rounds, median of 3. Target: start < 1 s.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { buildServer, serverDist } from '../scripts/build-server';
import { cpuMicros, freePort, repoRoot, tempDir, verdict } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Start {
  seconds: number;
  /** CPU the process used until ready: what a machine loaded by other work skews least. */
  cpuSeconds: number;
  rssMiB: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Spawns `node <script>`, times it to the first 200 on `readyPath`, waits for it to settle, reads its RSS. */
async function start(script: string, readyPath: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<Start> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, script], {
    cwd: path.dirname(script),
    env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}${readyPath}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      const ready = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuSeconds = cpuMicros(child.pid) / 1e6;
    // Idle: after start-up work (seed checks, timers) has run and the garbage collector has had a turn.
    await new Promise((r) => setTimeout(r, 2_000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { seconds, cpuSeconds, rssMiB: rssKiB / 1024 };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export default async function run(): Promise<void> {
  await buildServer();
  const work = tempDir('startup');
  const bare = path.join(work, 'bare-server.mjs');
  await esbuild.build({
    entryPoints: [path.join(repoRoot, 'bench/bare-server.ts')],
    outfile: bare,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'error',
  });
  // The bundle imports fastify by name: resolve it from the repository's node_modules.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'));

  const dataDir = path.join(work, 'data');
  const guildhallEnv = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(repoRoot, 'apps/web/dist'),
    DISCORD_BASE_URL: 'http://127.0.0.1:9',
    ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
  };
  const main = path.join(serverDist, 'main.js');
  // As `npm start` runs it: source maps read at start cost it CPU and memory too.
  const startFlags = ['--enable-source-maps'];
  // The first start makes and migrates the database; every later one is a restart, which is what the figure is.
  const first = await start(main, '/readyz', guildhallEnv, startFlags);
  console.log(`first start (creates and migrates the database): ${first.seconds.toFixed(2)} s`);

  const guildhall: Start[] = [];
  const reference: Start[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    reference.push(await start(bare, '/healthz', {}));
    guildhall.push(await start(main, '/readyz', guildhallEnv, startFlags));
  }
  const medians = (starts: Start[]) => ({
    seconds: median(starts.map((s) => s.seconds)),
    cpuSeconds: median(starts.map((s) => s.cpuSeconds)),
    rssMiB: median(starts.map((s) => s.rssMiB)),
  });
  const g = medians(guildhall);
  const r = medians(reference);
  console.log(`rounds: ${ROUNDS}, interleaved, medians`);
  console.log(
    `bare Fastify (compiled): ready in ${r.seconds.toFixed(2)} s (${r.cpuSeconds.toFixed(2)} s CPU), idle ${r.rssMiB.toFixed(0)} MiB`,
  );
  console.log(
    `Guildhall (npm start):   ready in ${g.seconds.toFixed(2)} s (${g.cpuSeconds.toFixed(2)} s CPU; target < 1 s)  ${verdict(g.seconds < 1)}, idle ${g.rssMiB.toFixed(0)} MiB`,
  );
}
