// `npm run bench -- bureau` (001 records tool): 1,000,000 verified pairs in a temp SQLite DATA_DIR,
// the real server in a second process, and from here:
//   - substring search p95 through GET /bureau/api/records (target < 50 ms),
//   - each PDF's median generation time and size through the document endpoint (targets < 100 ms, < 100 KB),
//   - beside them, the originals' approach on the same record in the same Chromium: html2canvas at
//     scale 2 after 001 §9's 200 ms wait, and jsPDF putting the PNG on an A4 page (their browser
//     builds, loaded from node_modules).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createElement } from 'react';
import { chromium } from 'playwright-core';
import { demoInfractions, demoPerson } from '@guildhall/testkit/demo-data';
import { openDatabase } from '../apps/server/src/core/db/database';
import { GrantStore } from '../apps/server/src/core/auth/grant-store';
import { SessionStore, SESSION_COOKIE } from '../apps/server/src/core/auth/session-store';
import { CHROMIUM_ARGS, DocumentService } from '../apps/server/src/core/documents/document-service';
import { createLocalEventBus } from '../apps/server/src/core/events/event-bus';
import { ProfileLookup } from '../apps/server/src/core/lookup/profile-lookup';
import { RegistryRepository } from '../apps/server/src/core/registry/registry-repository';
import { RECORD_DOCUMENT_CSS, RecordDocument } from '../apps/server/src/tools/bureau/documents/record-document';
import { checkerLink, qrCodeDataUrl, signatureDataUrl } from '../apps/server/src/tools/bureau/documents/document-assets';
import { benchDiscordId, benchRobloxId, seedBureauPairs } from './bureau-dataset';
import { repoRoot, startProcess, tempDir, verdict } from './support';
import path from 'node:path';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const PRINTS = Number(process.env.BENCH_PRINTS ?? 20);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What a person types: pieces of real ids of every length, on both id types, some matching nothing. */
function needle(n: number): { type: 'discord' | 'roblox'; q: string } {
  const i = (n * 7919) % PAIRS;
  const lengths = [1, 2, 3, 4, 5, 6, 8, 12, 18];
  if (n % 4 === 3) {
    const id = benchRobloxId(i);
    const len = [3, 5, 7][n % 3]!;
    return { type: 'roblox', q: id.slice(0, Math.min(id.length, len)) };
  }
  if (n % 10 === 9) return { type: 'discord', q: '9999999' + (n % 10) };
  const id = benchDiscordId(i);
  const len = lengths[n % lengths.length]!;
  const start = n % Math.max(1, id.length - len);
  return { type: 'discord', q: id.slice(start, start + len) };
}

async function seedPeople(file: string): Promise<string> {
  const handle = openDatabase({ sqliteFile: file });
  const registry = new RegistryRepository(handle.db, createLocalEventBus());
  const lookup = new ProfileLookup(handle.db, {
    discordBaseUrl: 'http://127.0.0.1:9',
    discordBotToken: 'x',
    robloxBaseUrl: 'http://127.0.0.1:9',
    cacheSeconds: 1e6,
    timeoutMs: 100,
  });
  for (const key of ['thai', 'banned', 'staff'] as const) {
    const person = demoPerson(key);
    await registry.upsertPair(person.discord.id, person.roblox!.id);
    await lookup.remember('discord', person.discord.id, person.discord);
    await lookup.remember('roblox', person.roblox!.id, { ...person.roblox, id: Number(person.roblox!.id) });
  }
  for (const infraction of demoInfractions) await registry.addInfraction(infraction);
  const staff = demoPerson('staff');
  await new GrantStore(handle.db, createLocalEventBus()).grant(staff.discord.id, 'bureau-staff');
  const { token } = await new SessionStore(handle.db, createLocalEventBus(), 86_400_000).create({
    kind: 'discord',
    subject: staff.discord.id,
    displayName: 'bench',
    avatar: null,
  });
  await handle.close();
  return `${SESSION_COOKIE}=${token}`;
}

const require = createRequire(import.meta.url);
// The libraries' own browser builds, loaded into the page from node_modules (nothing from the internet).
const HTML2CANVAS_JS = require.resolve('html2canvas/dist/html2canvas.min.js');
const JSPDF_JS = require.resolve('jspdf/dist/jspdf.umd.min.js');

/**
 * The originals' approach on the same record (001 §2 "Printable document", §9): the record is
 * rendered into the page, then after 200 ms html2canvas captures it at scale 2 and jsPDF puts the
 * PNG on one A4 page. Timed from putting the record into the page to the PDF's bytes.
 */
async function html2canvasPdfs(html: string): Promise<{ ms: number[]; bytes: number; images: number; textObjects: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    // A4 at CSS pixels (210 x 297 mm at 96 dpi), offline: the document is self-contained.
    const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, offline: true });
    const page = await context.newPage();
    // The page as the original app has it: fonts and styles in the head, the record swapped into the body.
    const body = html.slice(html.indexOf('<body>') + 6, html.lastIndexOf('</body>'));
    await page.setContent(html.replace(body, ''));
    await page.addScriptTag({ path: HTML2CANVAS_JS });
    await page.addScriptTag({ path: JSPDF_JS });
    const ms: number[] = [];
    let last = { bytes: 0, images: 0, textObjects: 0 };
    for (let i = 0; i < Math.min(PRINTS, 8) + 1; i++) {
      const result = await page.evaluate(async (markup) => {
        type Html2Canvas = (element: HTMLElement, options: { scale: number }) => Promise<HTMLCanvasElement>;
        type JsPdf = new (
          orientation: string,
          unit: string,
          format: string,
        ) => {
          addImage(data: string, format: string, x: number, y: number, w: number, h: number): void;
          output(type: 'arraybuffer'): ArrayBuffer;
        };
        const w = window as unknown as { html2canvas: Html2Canvas; jspdf: { jsPDF: JsPdf } };
        const started = performance.now();
        document.body.innerHTML = markup;
        await document.fonts.ready;
        await new Promise((resolve) => setTimeout(resolve, 200)); // 001 §9: 200 ms wait before capture
        const canvas = await w.html2canvas(document.body.firstElementChild as HTMLElement, { scale: 2 }); // 001 §9: capture scale 2
        const pdf = new w.jspdf.jsPDF('p', 'mm', 'a4');
        pdf.addImage(canvas.toDataURL('image/png'), 'PNG', 0, 0, 210, 297);
        const bytes = new Uint8Array(pdf.output('arraybuffer'));
        const ms = performance.now() - started;
        // What the file holds: image XObjects, and text objects (BT operators; there are none).
        let text = '';
        for (let at = 0; at < bytes.length; at += 65_536) text += String.fromCharCode(...bytes.subarray(at, at + 65_536));
        document.body.innerHTML = '';
        return {
          ms,
          bytes: bytes.length,
          images: (text.match(/\/Subtype \/Image/g) ?? []).length,
          textObjects: (text.match(/\bBT\b/g) ?? []).length,
        };
      }, body);
      if (i > 0) ms.push(result.ms); // the first run warms up
      last = result;
    }
    return { ms, bytes: last.bytes, images: last.images, textObjects: last.textObjects };
  } finally {
    await browser.close();
  }
}

export default async function run(): Promise<void> {
  const dataDir = tempDir('bureau');
  const started = Date.now();
  const file = await seedBureauPairs(dataDir, PAIRS);
  const cookie = await seedPeople(file);
  console.log(
    `seeded ${PAIRS.toLocaleString('en')} verified pairs (FTS5 trigram index kept by triggers) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const server = await startProcess(path.join(repoRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    LOOKUP_CACHE_SECONDS: String(7 * 24 * 3600),
    DISCORD_BOT_TOKEN: 'bench-never-called',
    DISCORD_BASE_URL: 'http://127.0.0.1:9',
    ROBLOX_USERS_BASE_URL: 'http://127.0.0.1:9',
    CHROMIUM_PATH,
  });
  try {
    const get = async (url: string) => {
      const t0 = performance.now();
      const response = await fetch(server.url + url, { headers: { cookie } });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${url}: ${response.status} ${body.toString().slice(0, 200)}`);
      return { ms: performance.now() - t0, body };
    };

    // Search: one request at a time, as keystrokes arrive; every needle is a fresh query.
    for (let n = 0; n < 20; n++) await get(`/bureau/api/records?type=discord&q=${needle(n + 5000).q}`);
    const searchMs: number[] = [];
    for (let n = 0; n < SEARCHES; n++) {
      const { type, q } = needle(n);
      searchMs.push((await get(`/bureau/api/records?type=${type}&q=${q}`)).ms);
    }
    const p95 = percentile(searchMs, 95);
    console.log(
      `search over ${PAIRS.toLocaleString('en')} pairs: ${SEARCHES} queries, p50 ${percentile(searchMs, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target < 50 ms)  ${verdict(p95 < 50)}`,
    );

    // Documents through the real endpoint (lookups answered from the warm cache).
    const thai = demoPerson('thai');
    const banned = demoPerson('banned');
    for (const [type, person] of [
      ['registration', thai],
      ['infraction', banned],
    ] as const) {
      const url = `/bureau/api/records/${person.discord.id}/documents/${type}`;
      for (let i = 0; i < 3; i++) await get(url); // Chromium starts on the first print; warm it
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < PRINTS; i++) {
        const result = await get(url);
        ms.push(result.ms);
        bytes = result.body.length;
      }
      const median = percentile(ms, 50);
      console.log(
        `${type} PDF (vector, fonts embedded): median ${median.toFixed(1)} ms (target < 100 ms)  ${verdict(median < 100)}; size ${kb(bytes)} (target < 100 KB)  ${verdict(bytes < 100 * 1024)}`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // The originals' approach on the same registration record, in the same Chromium.
  const thai = demoPerson('thai');
  const documents = new DocumentService({ chromiumPath: CHROMIUM_PATH });
  const element = createElement(RecordDocument, {
    type: 'registration',
    officeSubtitle: 'Office of Identity Verification and Records',
    officerName: 'Registrar on Duty',
    generatedAt: Date.now(),
    qrCodeUrl: await qrCodeDataUrl(checkerLink('http://localhost', thai.discord.id)),
    signatureUrl: signatureDataUrl({}),
    details: {
      discordId: thai.discord.id,
      robloxId: thai.roblox!.id,
      discordUsername: thai.discord.username,
      discordDisplayName: thai.discord.global_name!,
      discordCreationDate: '2022-01-10T03:00:00.000Z',
      discordStatus: 'Verified',
      robloxUsername: thai.roblox!.name,
      robloxDisplayName: thai.roblox!.displayName,
      robloxCreationDate: thai.roblox!.created,
      robloxStatus: 'Clear',
      sources: { discord: 'cache', roblox: 'cache' },
      notice: null,
    },
    infractions: [],
  });
  const original = await html2canvasPdfs(documents.renderHtml(element, RECORD_DOCUMENT_CSS, 'Registration'));
  await documents.close();
  console.log(
    `originals' approach (200 ms wait, html2canvas at scale 2, jsPDF addImage), registration: median ${percentile(original.ms, 50).toFixed(1)} ms, size ${kb(original.bytes)}; ${original.images} image(s), ${original.textObjects} text objects`,
  );
}
