import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';
import { repoRoot, type Stack } from './support/stack';

// 001 §2 "Records tool", §4, §8, §9 at /bureau/records, against the real server, its fakes and a
// real bot API key made by the CLI (`create-api-key`).

const thai = demoPerson('thai');

/** A bot API key for this worker's server, created the way an operator does: with the CLI. */
function createBotKey(stack: Stack): string {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    DATA_DIR: stack.dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    // Set (empty = unset) so a .env file in the repository cannot point the CLI at another database.
    DATABASE_URL: '',
  };
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli.ts'), 'create-api-key', 'e2e bot'], {
    cwd: repoRoot, // where tsx resolves
    env,
    encoding: 'utf8',
  });
  const key = out.trim().split('\n').pop()!;
  expect(key).toMatch(/^gh_/);
  return key;
}

async function bot(stack: Stack, key: string, method: 'PUT' | 'DELETE', url: string, body?: unknown): Promise<void> {
  const response = await fetch(stack.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${url}`).toBe(200);
}

const rowOf = (page: Page, discordId: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: discordId, exact: true }) });

async function search(page: Page, type: 'Discord ID' | 'Roblox ID', text: string): Promise<void> {
  await page.getByLabel('Search by').selectOption({ label: type });
  await page.getByRole('searchbox', { name: type }).fill(text);
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
}

test('bureau staff search, watch the list change live, and print both records', async ({ page, stack }) => {
  // The whole journey (a CLI spawn, four prints) on a small shared machine: more than the 30 s default.
  test.setTimeout(90_000);
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await expect(page.getByRole('heading', { level: 1, name: 'Bureau Records' })).toBeVisible();
  // The first page (50 pairs, Discord-id order) holds the oldest demo accounts; more load on scroll.
  await expect(rowOf(page, demoPerson('staff').discord.id)).toBeVisible();
  await expect(page.getByText('50 pairs shown, more below')).toBeVisible();
  await saveScreenshot(page, 'records-desktop');

  // 001 §5: trimmed substring on the chosen id type, by the server.
  await search(page, 'Discord ID', `  ${thai.discord.id.slice(3, 12)} `);
  await expect(rowOf(page, thai.discord.id)).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  await search(page, 'Roblox ID', thai.roblox!.id);
  await expect(rowOf(page, thai.discord.id)).toContainText(thai.roblox!.id);
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  await search(page, 'Roblox ID', '000000000');
  await expect(page.getByText('No pairs match this search.')).toBeVisible();

  // Live: the bot adds a pair, it appears; the bot removes it, it goes; no reload.
  const key = createBotKey(stack);
  const newDiscordId = '100000000000000777';
  await search(page, 'Discord ID', '777');
  await expect(page.getByText('Live')).toBeVisible();
  await bot(stack, key, 'PUT', `/bureau/api/bot/pairs/${newDiscordId}`, { robloxId: '88877766' });
  await expect(rowOf(page, newDiscordId)).toContainText('88877766');
  await bot(stack, key, 'DELETE', `/bureau/api/bot/pairs/${newDiscordId}`);
  await expect(rowOf(page, newDiscordId)).toHaveCount(0);

  // Documents: the registration and infraction records, downloaded with 001 §9's file names.
  await search(page, 'Discord ID', thai.discord.id);
  const actions = rowOf(page, thai.discord.id).getByRole('button', { name: `Actions for ${thai.discord.id}` });
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Military Record (PDF)' })).toHaveAttribute('aria-disabled', 'true');
  await saveScreenshot(page, 'records-actions-menu');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'records-e2e-'));
  for (const [item, fileName, expected] of [
    ['Registration (PDF)', 'registration_SomchaiRail.pdf', ['BUREAU OF REGISTRATION', 'Subject Information', 'สมชาย ใจดี', 'SomchaiRail', thai.discord.id, 'Scan for Verification', 'Registration Officer']],
    ['Infraction Record (PDF)', 'infraction_SomchaiRail.pdf', ['Infraction Record', 'Moderator: ผู้ดูแล สมศรี', 'Note: ตักเตือนด้วยวาจา']],
  ] as const) {
    if (item !== 'Registration (PDF)') await actions.click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const file = path.join(dir, fileName);
    await download.saveAs(file);
    const text = pdfText(file);
    for (const line of expected) expect(text, `${fileName}: ${line}`).toContain(line);
    execFileSync('pdftoppm', ['-r', '50', '-png', '-singlefile', file, path.join(repoRoot, 'e2e', '.screenshots', `records-${fileName.replace('.pdf', '')}`)]);
  }
  await expect(actions).toHaveText('Actions');
  fs.rmSync(dir, { recursive: true, force: true });

  // 001 §8: a lookup that fails shows 'An Error Occurred' with the API's status text, and Close.
  const failingDiscordId = '100000000000000888';
  await bot(stack, key, 'PUT', `/bureau/api/bot/pairs/${failingDiscordId}`, { robloxId: '55544433' });
  stack.roblox.faults.fail(/\/v1\/users\/55544433/, 500, 5);
  await search(page, 'Discord ID', failingDiscordId);
  await rowOf(page, failingDiscordId).getByRole('button', { name: `Actions for ${failingDiscordId}` }).click();
  await page.getByRole('menuitem', { name: 'Registration (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Failed to fetch user details from API: Bad Gateway');
  await saveScreenshot(page, 'records-error-modal');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  stack.roblox.faults.clear();
});

test('a signed-in member without the staff grant is refused, and the server agrees', async ({ page }) => {
  await signInWithDiscord(page, 'member', '/bureau/records');
  await expect(page.getByRole('alert')).toContainText('bureau-staff permission');
  expect((await page.request.get('/bureau/api/records')).status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use(phone);
  test('the records table scrolls sideways at its 640px minimum', async ({ page }) => {
    await signInWithDiscord(page, 'staff', '/bureau/records');
    await expect(rowOf(page, demoPerson('staff').discord.id)).toBeVisible();
    const width = await page.locator('table').evaluate((table) => table.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(640);
    await saveScreenshot(page, 'records-phone');
  });
});

test('a start-up failure shows the error modal of 001 §8', async ({ page }) => {
  // Who is signed in cannot be read: nothing else can start (and it is not a reason to ask for a sign-in).
  await page.route('**/auth/api/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'down' }) }));
  await page.goto('/bureau/records');
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toContainText('Application failed to initialize. Please refresh the page.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('Application failed to initialize.');
  await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toHaveCount(0);
});

test("a lookup's caveat reaches staff beside the saved PDF", async ({ page }) => {
  // The stack has every credential, so make the lookup answer as it does without a Discord bot token.
  const notice = 'No Discord bot token is configured: Discord details come from the registry alone.';
  const lookups: string[] = [];
  await page.route('**/bureau/api/user-details?**', async (route) => {
    lookups.push(route.request().url());
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), notice } });
  });
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await search(page, 'Discord ID', thai.discord.id);
  await rowOf(page, thai.discord.id).getByRole('button', { name: `Actions for ${thai.discord.id}` }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Registration (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toBe('registration_SomchaiRail.pdf');
  // 001 §7: the details are asked for with the spec's two inputs, discordId and robloxId.
  expect(lookups.map((u) => Object.fromEntries(new URL(u).searchParams))).toEqual([{ discordId: thai.discord.id, robloxId: thai.roblox!.id }]);
  const toast = page.locator('.ui-toast').filter({ hasText: notice });
  await expect(toast).toContainText('registration_SomchaiRail.pdf saved');
});
