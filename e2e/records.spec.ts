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
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli.ts'), 'create-api-key', 'e2e bot'],
    {
      cwd: repoRoot, // where tsx resolves
      env,
      encoding: 'utf8',
    },
  );
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

const rowOf = (page: Page, discordId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: discordId, exact: true }) });

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
    [
      'Registration (PDF)',
      'registration_SomchaiRail.pdf',
      [
        'BUREAU OF REGISTRATION',
        'Subject Information',
        'สมชาย ใจดี',
        'SomchaiRail',
        thai.discord.id,
        'Scan for Verification',
        'Registration Officer',
      ],
    ],
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
    execFileSync('pdftoppm', [
      '-r',
      '50',
      '-png',
      '-singlefile',
      file,
      path.join(repoRoot, 'e2e', '.screenshots', `records-${fileName.replace('.pdf', '')}`),
    ]);
  }
  await expect(actions).toHaveText('Actions');
  fs.rmSync(dir, { recursive: true, force: true });

  // 001 §8: a lookup that fails shows 'An Error Occurred' with the API's status text, and Close.
  const failingDiscordId = '100000000000000888';
  await bot(stack, key, 'PUT', `/bureau/api/bot/pairs/${failingDiscordId}`, { robloxId: '55544433' });
  stack.roblox.faults.fail(/\/v1\/users\/55544433/, 500, 5);
  await search(page, 'Discord ID', failingDiscordId);
  await rowOf(page, failingDiscordId)
    .getByRole('button', { name: `Actions for ${failingDiscordId}` })
    .click();
  await page.getByRole('menuitem', { name: 'Registration (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Failed to fetch user details from API: Bad Gateway');
  await saveScreenshot(page, 'records-error-modal');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  stack.roblox.faults.clear();
});

test('a pair the bot adds while a new search is on its way still appears (001 §4 live list)', async ({ page, stack }) => {
  test.setTimeout(60_000);
  const key = createBotKey(stack);
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await expect(page.getByText('Live')).toBeVisible();
  // A second listener in the page tells the test when the change has reached the browser.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const source = new EventSource('/bureau/api/records/events');
        (window as unknown as { changeSeen: Promise<void> }).changeSeen = new Promise<void>((seen) =>
          source.addEventListener('change', () => {
            source.close();
            seen();
          }),
        );
        source.onopen = () => resolve();
      }),
  );
  // The search's answer is read by the server before the pair exists, and held until the change has arrived.
  let readBefore!: () => void;
  const read = new Promise<void>((resolve) => (readBefore = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/bureau/api/records?type=discord&q=778*',
    async (route) => {
      const response = await route.fetch();
      readBefore();
      await held;
      // The page may have let this answer go by then (it asks again instead).
      await route.fulfill({ response }).catch(() => undefined);
    },
    { times: 1 },
  );
  const newDiscordId = '100000000000000778';
  await search(page, 'Discord ID', '778');
  await read;
  await bot(stack, key, 'PUT', `/bureau/api/bot/pairs/${newDiscordId}`, { robloxId: '88877788' });
  await page.evaluate(() => (window as unknown as { changeSeen: Promise<void> }).changeSeen);
  release();
  await expect(rowOf(page, newDiscordId)).toContainText('88877788');
  await bot(stack, key, 'DELETE', `/bureau/api/bot/pairs/${newDiscordId}`);
  await expect(rowOf(page, newDiscordId)).toHaveCount(0);
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

/**
 * The records page at an address with a query: the plain shell (decision 0039), so the browser asks
 * for who is signed in and the list itself, as it does whenever the server could not draw the page
 * with its answers. The tests below answer those calls with failures.
 */
const ASKS_ITSELF = '/bureau/records?from=e2e';

test('a start-up failure shows the error modal of 001 §8', async ({ page }) => {
  // Who is signed in cannot be read: nothing else can start (and it is not a reason to ask for a sign-in).
  await page.route('**/auth/api/me', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'down' }) }),
  );
  await page.goto(ASKS_ITSELF);
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toContainText('Application failed to initialize. Please refresh the page.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('Application failed to initialize.');
  await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toHaveCount(0);
});

test("a database outage (503) shows 001 §8 'Database not initialized.'", async ({ page }) => {
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await expect(rowOf(page, demoPerson('staff').discord.id)).toBeVisible();
  // The server answers 503 when it cannot reach its database (core/http; tested there for real).
  await page.route('**/bureau/api/records?**', (route) =>
    route.fulfill({
      status: 503,
      json: { error: 'The database is not available right now. Please try again shortly.', code: 'database_unavailable' },
    }),
  );
  await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('999');
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toContainText('Database not initialized.');
});

// Issue 10 item 19: the page says nothing untrue while the list loads or after it failed.
test.describe('the list status says only what is true', () => {
  const LIST = '**/bureau/api/records?**';
  const status = (page: Page) => page.locator('.records__status');

  test('while the list loads: no count, no empty-table text', async ({ page }) => {
    await signInWithDiscord(page, 'staff', '/bureau/checker');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LIST, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(ASKS_ITSELF);
    await expect(status(page)).toContainText('Loading…');
    await expect(status(page)).not.toContainText('pairs shown');
    await expect(page.getByText('No verified pairs yet.')).toHaveCount(0);
    await saveScreenshot(page, 'records-loading');
    release();
    await expect(rowOf(page, demoPerson('staff').discord.id)).toBeVisible();
    await expect(status(page)).toContainText('50 pairs shown, more below');
  });

  async function listFails(page: Page, label: string): Promise<void> {
    // The answer the server gives when its database is down (core/http; tested there for real).
    let failing = true;
    await page.route(LIST, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: 'The database is not available right now. Please try again shortly.', code: 'database_unavailable' },
          })
        : route.continue(),
    );
    await signInWithDiscord(page, 'staff', ASKS_ITSELF);
    const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
    await expect(dialog).toContainText('Database not initialized.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText('No verified pairs yet.')).toHaveCount(0);
    await expect(page.getByRole('rowheader')).toHaveCount(0);
    await expect(status(page)).toContainText('Not loaded');
    await expect(status(page)).not.toContainText('pairs shown');
    await expect(page.getByText('The verified pairs could not be loaded.')).toBeVisible();
    await saveScreenshot(page, `records-list-failed-${label}`);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rowOf(page, demoPerson('staff').discord.id)).toBeVisible();
    await expect(status(page)).toContainText('50 pairs shown, more below');
  }

  test('when the list fails: the modal, then no empty-table text and a way to try again', async ({ page }) => {
    await listFails(page, 'desktop');
  });

  test.describe('on a phone', () => {
    test.use(phone);
    test('when the list fails at 390px', async ({ page }) => {
      await listFails(page, 'phone');
    });
  });
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
  await rowOf(page, thai.discord.id)
    .getByRole('button', { name: `Actions for ${thai.discord.id}` })
    .click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Registration (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toBe('registration_SomchaiRail.pdf');
  // 001 §7: the details are asked for with the spec's two inputs, discordId and robloxId.
  expect(lookups.map((u) => Object.fromEntries(new URL(u).searchParams))).toEqual([
    { discordId: thai.discord.id, robloxId: thai.roblox!.id },
  ]);
  const toast = page.locator('.ui-toast').filter({ hasText: notice });
  await expect(toast).toContainText('registration_SomchaiRail.pdf saved');
});

// 001 §2 "Infraction lookup page": a person's infractions on screen, at /bureau/records/:discordId/infractions.
test.describe('infraction lookup', () => {
  const banned = demoPerson('banned');
  const staff = demoPerson('staff');
  // 001 §2's cards, in their own list; issue 14's case cards sit in a section of their own below.
  const cards = (page: Page) => page.getByRole('region', { name: /^Infractions \(/ }).getByRole('article');

  test("staff open a person's infractions from the Actions menu and see one card per infraction in id order", async ({ page }) => {
    await signInWithDiscord(page, 'staff', '/bureau/records');
    await search(page, 'Discord ID', banned.discord.id);
    await rowOf(page, banned.discord.id)
      .getByRole('button', { name: `Actions for ${banned.discord.id}` })
      .click();
    // The spec's three items stay as they are, after the new ones (View Infractions; issue 14's New Case).
    await expect(page.getByRole('menuitem')).toHaveText([
      'View Infractions',
      'New Case',
      'Registration (PDF)',
      'Infraction Record (PDF)',
      'Military Record (PDF)',
    ]);
    await page.getByRole('menuitem', { name: 'View Infractions' }).click();
    await page.waitForURL(`**/bureau/records/${banned.discord.id}/infractions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Infraction Lookup' })).toBeVisible();

    // Both accounts: the IDs from the pair, the names from the lookup (001 §7).
    const discordAccount = page.getByRole('region', { name: 'Discord account' });
    await expect(discordAccount).toContainText('derail.dan');
    await expect(discordAccount).toContainText(banned.discord.id);
    await expect(page.getByRole('region', { name: 'Roblox account' })).toContainText('DerailDan');
    await expect(page.getByRole('region', { name: 'Roblox account' })).toContainText(banned.roblox!.id);

    // 001 §3: both platforms, ascending by numeric id; header platform + date, body moderator, reason, note or 'N/A'.
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(['Discord', 'Roblox']);
    // In UTC and labelled, as the Cases cards and the printed record show them.
    await expect(cards(page).locator('time')).toHaveText(['14 Nov 2023, 22:13 UTC', '9 Mar 2024, 16:00 UTC']);
    await expect(cards(page).nth(0)).toContainText('ModeratorMikeReasonSpamming in #generalNoteN/A');
    await expect(cards(page).nth(1)).toContainText('ModeratorMikeReasonDerailing trains on purposeNoteThird warning');
    await saveScreenshot(page, 'records-infractions-desktop');

    await page.getByRole('link', { name: '← Back to records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bureau Records' })).toBeVisible();
  });

  test("by address: the Thai member's card, the empty text, the PDFs from the page, and the error modal", async ({ page }) => {
    test.setTimeout(60_000);
    await signInWithDiscord(page, 'staff', '/bureau/records');
    await page.goto(`/bureau/records/${thai.discord.id}/infractions`);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText('Discord');
    await expect(card).toContainText('ผู้ดูแล สมศรี');
    await expect(card).toContainText('ตักเตือนด้วยวาจา');
    // 001 §2: the reason only if present.
    await expect(card.getByText('Reason', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Discord account' })).toContainText('somchai.rail');

    // The Infraction Record and Registration PDFs, from this page (the same server print as the table's menu).
    for (const [label, fileName] of [
      ['Infraction Record (PDF)', 'infraction_SomchaiRail.pdf'],
      ['Registration (PDF)', 'registration_SomchaiRail.pdf'],
    ] as const) {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: label }).click();
      expect((await downloading).suggestedFilename()).toBe(fileName);
      await expect(page.getByRole('button', { name: label })).toBeEnabled();
    }
    await saveScreenshot(page, 'records-infractions-thai');

    // A person with none.
    await page.goto(`/bureau/records/${staff.discord.id}/infractions`);
    await expect(page.getByText('No infractions on record for any platform.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Infractions (0)' })).toBeVisible();
    await saveScreenshot(page, 'records-infractions-empty');

    // A spinner while loading: hold the answer back until it has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/bureau/api/records/*/infractions', async (route) => {
      await held;
      await route.continue();
    });
    // With a query the server sends the page without its answers (decision 0039), so the browser asks.
    await page.goto(`/bureau/records/${banned.discord.id}/infractions?from=e2e`);
    await expect(page.getByText('Loading infractions')).toBeAttached();
    release();
    await expect(cards(page)).toHaveCount(2);
    await page.unroute('**/bureau/api/records/*/infractions');

    // 001 §8: a failure opens 'An Error Occurred' (red title) with the server's sentence and Close.
    await page.goto('/bureau/records/999999999999999999/infractions');
    const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
    await expect(dialog).toContainText('No verified pair has this Discord ID.');
    await expect(dialog.locator('.records__error-title')).toHaveCSS('color', 'rgb(180, 35, 24)');
    await saveScreenshot(page, 'records-infractions-error');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('could not be shown')).toBeVisible();
    // No pair is an answer, not a fault: nothing to try again.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

    // A failure on our side (the registry could not be read: 503) may pass on a retry.
    let failing = true;
    await page.route('**/bureau/api/records/*/infractions', (route) =>
      failing ? route.fulfill({ status: 503, json: { error: 'Could not fetch the infractions. Please try again.' } }) : route.continue(),
    );
    await page.goto(`/bureau/records/${banned.discord.id}/infractions?from=e2e`);
    await expect(dialog).toContainText('Could not fetch the infractions. Please try again.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(2);
  });

  test('a member without the grant is refused on the page and by the server', async ({ page }) => {
    await signInWithDiscord(page, 'member', `/bureau/records/${thai.discord.id}/infractions`);
    await expect(page.getByRole('alert')).toContainText('bureau-staff permission');
    expect((await page.request.get(`/bureau/api/records/${thai.discord.id}/infractions`)).status()).toBe(403);
  });

  test.describe('on a phone', () => {
    test.use(phone);
    test('the cards stack at phone width', async ({ page }) => {
      await signInWithDiscord(page, 'staff', `/bureau/records/${banned.discord.id}/infractions`);
      await expect(cards(page)).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'records-infractions-phone');
    });
  });
});
