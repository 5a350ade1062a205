import fs from 'node:fs';
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import pg from 'pg';
import { demoPerson } from '@guildhall/testkit';
import { startScaleOutStack, type ScaleOutStack } from './support/scale-out-stack';
import { signInWithDiscord } from './support/sign-in';

// Issue 12's proof, in CI: two Guildhall processes on one PostgreSQL database and one Redis, behind
// a real HAProxy (round robin). Everything goes through the load balancer, as a user's would;
// HAProxy's `X-Served-By` tells which process answered.

const PUBLIC_LIMIT = 10;
const thai = demoPerson('thai');

test.describe.configure({ mode: 'serial' });

let stack: ScaleOutStack;
let context: BrowserContext;
let page: Page;
let streamServer = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // The bot writes below are steady load from one key: its own limit must not be what answers.
  stack = await startScaleOutStack({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC_LIMIT), RATE_LIMIT_BOT_PER_MINUTE: '100000' } });
  context = await browser.newContext({ baseURL: stack.url });
  page = await context.newPage();
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await context?.close();
  await stack?.stop();
});

const servedBy = (response: { headers(): Record<string, string> }) => response.headers()['x-served-by'] ?? '';

async function bot(method: 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Response> {
  return fetch(stack.url + url, {
    method,
    headers: { authorization: `Bearer ${stack.botKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Puts pairs until one is written by the process other than `not`; returns its Discord ID. */
async function putPairThroughOther(not: string, robloxId: string): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const discordId = `1000000000${String(Date.now()).slice(-6)}${String(i).padStart(2, '0')}`;
    const response = await bot('PUT', `/bureau/api/bot/pairs/${discordId}`, { robloxId });
    expect(response.status).toBe(200);
    if (response.headers.get('x-served-by') !== not) return discordId;
  }
  throw new Error(`every write went to process ${not}`);
}

test('a session made through one process is honoured by the other', async () => {
  await signInWithDiscord(page, 'staff', '/');
  const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => page.request.get('/auth/api/me')));
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { identity: { subject: string } | null }).identity?.subject).toBe(demoPerson('staff').discord.id);
  }
  expect(new Set(answers.map(servedBy))).toEqual(new Set(['a', 'b']));
});

test('a rate limit is one count across both processes', async () => {
  const statuses: Array<{ status: number; by: string }> = [];
  for (let i = 0; i < PUBLIC_LIMIT + 6; i++) {
    const answer = await fetch(`${stack.url}/bureau/api/check-status?type=discord&id=${thai.discord.id}`);
    statuses.push({ status: answer.status, by: answer.headers.get('x-served-by') ?? '' });
  }
  const allowed = statuses.filter((s) => s.status === 200);
  expect(allowed).toHaveLength(PUBLIC_LIMIT);
  expect(new Set(allowed.map((s) => s.by))).toEqual(new Set(['a', 'b']));
  expect(statuses.slice(PUBLIC_LIMIT).map((s) => s.status)).toEqual(Array(6).fill(429));
});

test('a file uploaded through one process is downloaded through the other', async ({ browser }) => {
  const applicantContext = await browser.newContext({ baseURL: stack.url });
  try {
    const applicant = await applicantContext.newPage();
    await signInWithDiscord(applicant, 'member', '/');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 'scale-out ')]);
    const upload = await applicant.request.post('/recruitment/api/upload-file', {
      headers: { origin: stack.url, 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' },
      data: bytes,
    });
    expect(upload.status()).toBe(200);
    const { finalUrl } = (await upload.json()) as { finalUrl: string };
    let download = await applicant.request.get(finalUrl);
    for (let i = 0; i < 4 && servedBy(download) === servedBy(upload); i++) download = await applicant.request.get(finalUrl);
    expect(servedBy(download)).not.toBe(servedBy(upload));
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), bytes)).toBe(0);
  } finally {
    await applicantContext.close();
  }
});

test('a change written through one process reaches a live list served by the other', async () => {
  const stream = page.waitForResponse((r) => r.url().includes('/bureau/api/records/events'));
  await page.goto('/bureau/records');
  streamServer = servedBy(await stream);
  expect(['a', 'b']).toContain(streamServer);
  await expect(page.getByText('Live')).toBeVisible();
  await page.getByLabel('Search by').selectOption({ label: 'Roblox ID' });
  await page.getByRole('searchbox', { name: 'Roblox ID' }).fill('99988877');

  const discordId = await putPairThroughOther(streamServer, '99988877');
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: discordId, exact: true }) })).toBeVisible();
});

test('SIGTERM to one process under steady load loses no request and no acknowledged write', async () => {
  test.setTimeout(90_000);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const failures: string[] = [];
  const acknowledged: string[] = [];
  const servedAfterExit = new Set<string>();
  let exited = false;
  let stop = false;
  let n = 0;

  async function worker(id: number): Promise<void> {
    while (!stop) {
      const i = n++;
      try {
        if (i % 2 === 0) {
          const discordId = `2000000000000${String(id)}${String(i).padStart(5, '0')}`;
          const answer = await bot('PUT', `/bureau/api/bot/pairs/${discordId}`, { robloxId: String(5_000_000 + i) });
          if (answer.status === 200) acknowledged.push(discordId);
          else failures.push(`PUT ${i}: ${answer.status} ${await answer.text()}`);
          if (exited) servedAfterExit.add(answer.headers.get('x-served-by') ?? '');
        } else {
          const answer = await fetch(`${stack.url}/auth/api/me`, { headers: { cookie } });
          if (answer.status !== 200) failures.push(`GET ${i}: ${answer.status}`);
          else await answer.arrayBuffer();
        }
      } catch (error) {
        failures.push(`request ${i}: ${String(error)}`);
      }
    }
  }

  const workers = [1, 2, 3, 4].map((id) => worker(id));
  await new Promise((r) => setTimeout(r, 1_000));
  // The process holding the browser's event stream goes, so the stream must move to the other one.
  const exitCode = await stack.terminate(streamServer as 'a' | 'b');
  exited = true;
  await new Promise((r) => setTimeout(r, 1_000));
  stop = true;
  await Promise.all(workers);

  expect(exitCode, 'the process drained and exited cleanly').toBe(0);
  // The drain did its work: HAProxy saw the process answer 503 on /readyz (still up, not refusing
  // connections) and took it out of rotation before it closed.
  expect(fs.readFileSync(stack.haproxyLog, 'utf8')).toContain(
    `Server processes/${streamServer} is DOWN, reason: Layer7 wrong status, code: 503`,
  );
  expect(failures, 'every request was answered 2xx').toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(20);
  expect([...servedAfterExit]).toEqual([streamServer === 'a' ? 'b' : 'a']);

  // Every write the load balancer acknowledged is in the database.
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ n: string }>('select count(*) as n from registry_pairs where discord_id = any($1)', [acknowledged]);
    expect(Number(found.rows[0]!.n)).toBe(acknowledged.length);
  } finally {
    await client.end();
  }

  // The browser's live list was told to reconnect and now listens to the process still running.
  const discordId = await putPairThroughOther('', '99988877');
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: discordId, exact: true }) })).toBeVisible({
    timeout: 15_000,
  });
});
