// `npm run bench -- web` (issue 17 item 1, decision 0035): how fast the pages a person meets first
// paint on a phone. Debian's Chromium with a mobile profile (1.6 Mbps down, 150 ms round trip, CPU
// slowed 4x, cold cache, 390 px) loads each page of a fresh build (prerendered as `npm run build`
// does) from the production server, beside a one-file HTML checker served by the same server, in
// interleaved rounds; medians of first (contentful) paint and largest contentful paint, and the
// JavaScript (gzip) fetched before that first paint. Targets: LCP of the checker and the mini-app within 1.5x of the
// reference, every other page <= 1.5 s, JavaScript before first paint <= 100 KB gzip.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../apps/server/src/core/documents/document-service';
import { isPathPattern, PRERENDERED_PAGES } from '../scripts/prerender';
import { repoRoot, startProcess, tempDir, verdict } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REFERENCE = '/reference-checker.html';
/** Pages held to the reference rather than to 1.5 s. */
const HELD_TO_REFERENCE = new Set(['/bureau/checker', '/bureau/appointment']);
/** The prerendered pages; those with an id in their path (`:name`), at one such path each. */
const ALL_PAGES = [
  ...PRERENDERED_PAGES.map((p) => p.path).filter((p) => !isPathPattern(p)),
  '/bureau/records/123/infractions',
  '/bureau/lookup/discord/123',
];
/** BENCH_PAGES=/bureau/checker,/ measures only those (while working on one page); all by default. */
const PAGES = process.env.BENCH_PAGES ? ALL_PAGES.filter((p) => process.env.BENCH_PAGES!.split(',').includes(p)) : ALL_PAGES;

/** The mobile profile of issue 17: 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4x slower. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;

interface Sample {
  fp: number;
  lcp: number;
  /** Script URLs (same origin) whose response ended before first contentful paint. */
  scriptsBeforePaint: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One cold visit: a fresh context (empty cache), the profile applied before navigation. */
async function visit(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Let late content (a tool's chunk, the first answers) paint; LCP keeps the largest so far.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    return await page.evaluate(() => {
      // First contentful paint: the first paint with text or an image (a bare background paints earlier).
      const fp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => new URL(r.name).pathname.endsWith('.js') && r.responseEnd <= fp)
        .map((r) => new URL(r.name).pathname);
      return { fp, lcp: (window as unknown as { __lcp: number }).__lcp, scriptsBeforePaint: scripts };
    });
  } finally {
    await context.close();
  }
}

/**
 * The one-file reference: the checker's own texts and form, its styles inline, a few lines of script
 * asking the same API; no framework, no other request before it paints.
 */
const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verification Status Checker · Guildhall</title><style>
body{margin:0;font-family:system-ui,sans-serif;color:#1f2328;background:#f6f8fa;line-height:1.5}
header{background:#fff;border-bottom:1px solid #d0d7de;padding:12px 16px;font-weight:700}
main{max-width:40rem;margin:0 auto;padding:24px 16px}h1{font-size:1.75rem;margin:0 0 8px}
p.lead{color:#57606a;margin:0 0 24px}form{display:grid;gap:12px;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px}
label{font-weight:600;display:grid;gap:4px}input,select{font:inherit;padding:8px;border:1px solid #8c959f;border-radius:6px}
button{font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:6px;background:#0969da;color:#fff}
#result{margin-top:16px}</style></head><body><header>Guildhall</header><main><h1>Verification Status Checker</h1>
<p class="lead">Look up a user by Discord ID or Roblox ID to see whether they are verified and whether their Roblox account is banned.</p>
<form id="f"><label>Look up by<select name="type"><option value="discord">Discord ID</option><option value="roblox">Roblox ID</option></select></label>
<label>ID<input name="id" required inputmode="numeric"></label><button>Check Status</button></form><div id="result" aria-live="polite"></div></main>
<script>document.getElementById('f').addEventListener('submit',async(e)=>{e.preventDefault();const d=new FormData(e.target);
const r=await fetch('/bureau/api/check-status?'+new URLSearchParams({type:d.get('type'),id:d.get('id')}));
document.getElementById('result').textContent=JSON.stringify(await r.json());});</script></body></html>`;

export default async function run(): Promise<void> {
  // A fresh production build of the web app, prerendered as `npm run build` does, in a folder of its own.
  const staticDir = tempDir('web');
  await build({
    configFile: path.join(repoRoot, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: staticDir, emptyOutDir: true, sourcemap: false },
  });
  // Its own process, as in `npm run build`: this one already loaded React for the PDF code's flags.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', staticDir], { cwd: repoRoot, stdio: 'inherit' });
  fs.writeFileSync(path.join(staticDir, REFERENCE.slice(1)), REFERENCE_HTML);

  const server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    DATA_DIR: tempDir('web-data'),
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
    DISCORD_BASE_URL: 'http://127.0.0.1:9',
    ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const gzipSize = new Map<string, number>();
  const gzipKiB = (scripts: string[]) =>
    [...new Set(scripts)].reduce((sum, file) => {
      if (!gzipSize.has(file)) gzipSize.set(file, zlib.gzipSync(fs.readFileSync(path.join(staticDir, file))).length);
      return sum + gzipSize.get(file)!;
    }, 0) / 1024;

  try {
    // Decision 0039: the server loads its page renderer with the first request for such a page, which
    // waits for it; a server that has run a while has, so each page is asked once before the rounds.
    for (const page of PAGES) await fetch(server.url + page).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const targets = [REFERENCE, ...PAGES];
    const samples = new Map<string, Sample[]>(targets.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved: the reference, then every page, each round, so drift in the machine's load hits all alike.
      for (const target of targets) samples.get(target)!.push(await visit(browser, server.url + target));
    }

    // The JavaScript a page cannot paint without: the app shell's entry and what it imports (index.html).
    const shell = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    const entryScripts = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    console.log(`rounds: ${ROUNDS}, interleaved, medians; profile: 1.6 Mbps down, 150 ms RTT, CPU ${CPU_SLOWDOWN}x, cold cache, 390 px`);
    console.log(`app shell entry (what a page that is not prerendered runs before it paints): ${gzipKiB(entryScripts).toFixed(1)} KB gzip`);
    const ref = samples.get(REFERENCE)!;
    const refLcp = median(ref.map((s) => s.lcp));
    const width = Math.max(22, ...PAGES.map((p) => p.length + 1));
    console.log(`${'page'.padEnd(width)} ${'first c. paint'.padStart(14)} ${'LCP'.padStart(8)}  ${'JS before paint'.padStart(15)}  target`);
    console.log(
      `${'reference (one file)'.padEnd(width)} ${fmt(median(ref.map((s) => s.fp)), 14)} ${fmt(refLcp, 8)}  ${'0.0 KB'.padStart(15)}`,
    );
    for (const page of PAGES) {
      const list = samples.get(page)!;
      const lcp = median(list.map((s) => s.lcp));
      const js = median(list.map((s) => gzipKiB(s.scriptsBeforePaint)));
      const held = HELD_TO_REFERENCE.has(page);
      const ok = (held ? lcp <= 1.5 * refLcp : lcp <= 1500) && js <= 100;
      const target = held ? `LCP <= ${fmt(1.5 * refLcp, 0).trim()} (1.5x ref)` : 'LCP <= 1.50 s';
      console.log(
        `${page.padEnd(width)} ${fmt(median(list.map((s) => s.fp)), 14)} ${fmt(lcp, 8)}  ${`${js.toFixed(1)} KB`.padStart(15)}  ${target}, JS <= 100 KB  ${verdict(ok)}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

function fmt(ms: number, width = 11): string {
  return `${(ms / 1000).toFixed(2)} s`.padStart(width);
}
