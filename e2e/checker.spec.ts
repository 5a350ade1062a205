import type { Locator, Page } from '@playwright/test';
import { demoPerson, demoUnpairedBan } from '@guildhall/testkit';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';

// 001 §2 "Status checker", §4 states, §5 validation, §8 errors: the public checker at /bureau/checker.

const NOT_FOUND_TEXT = 'The user with the provided ID was not found in the verification or ban database.';
// The card's left border carries the tone (tokens.css, light scheme): 001 §2 green and amber.
const TONE_BORDER = {
  success: 'rgb(47, 133, 90)',
  warning: 'rgb(183, 121, 31)',
  neutral: 'rgb(140, 149, 159)',
  danger: 'rgb(197, 48, 48)',
};

async function check(page: Page, type: 'Discord ID' | 'Roblox ID', id: string): Promise<void> {
  await page.getByLabel('Look up by').selectOption({ label: type });
  await page.getByLabel(type, { exact: true }).fill(id);
  await page.getByRole('button', { name: 'Check Status' }).click();
}

function resultCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function detail(card: Locator, label: string): Locator {
  return card
    .locator('.ui-detail-list__row')
    .filter({ has: card.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

async function expectTone(card: Locator, tone: keyof typeof TONE_BORDER): Promise<void> {
  await expect(card).toHaveAttribute('data-tone', tone);
  await expect(card).toHaveCSS('border-left-color', TONE_BORDER[tone]);
}

/** Records every check-status call the page makes, to prove what was (or was not) asked. */
function watchChecks(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/bureau/api/check-status') calls.push(url);
  });
  return calls;
}

test.describe('Verification Status Checker', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/bureau/checker');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Status Checker' })).toBeVisible();
  });

  test('a verified member by Discord ID is User Verified, green, Roblox Status Clear', async ({ page }) => {
    const member = demoPerson('member');
    await check(page, 'Discord ID', member.discord.id);
    const card = resultCard(page, 'User Verified');
    await expect(card).toBeVisible();
    await expectTone(card, 'success');
    await expect(detail(card, 'Discord Username')).toHaveText(member.discord.username);
    await expect(detail(card, 'Discord ID')).toHaveText(member.discord.id);
    await expect(detail(card, 'Roblox Username')).toHaveText(member.roblox!.name);
    await expect(detail(card, 'Roblox ID')).toHaveText(member.roblox!.id);
    await expect(detail(card, 'Roblox Status')).toHaveText('Clear');
    await expect(card.getByText('Ban details')).toHaveCount(0);
    await saveScreenshot(page, 'checker-verified-desktop');
  });

  test('a verified member by Roblox ID, input trimmed before it is sent (001 §5)', async ({ page }) => {
    const member = demoPerson('thai');
    const calls = watchChecks(page);
    await check(page, 'Roblox ID', `   ${member.roblox!.id}  `);
    const card = resultCard(page, 'User Verified');
    await expectTone(card, 'success');
    await expect(detail(card, 'Discord Username')).toHaveText(member.discord.username);
    await expect(detail(card, 'Roblox Username')).toHaveText(member.roblox!.name);
    await expect(detail(card, 'Roblox ID')).toHaveText(member.roblox!.id);
    expect(calls.map((u) => [u.searchParams.get('type'), u.searchParams.get('id')])).toEqual([['roblox', member.roblox!.id]]);
  });

  test('a banned verified member shows Banned with moderator, reason and date', async ({ page }) => {
    const banned = demoPerson('banned');
    await check(page, 'Discord ID', banned.discord.id);
    const card = resultCard(page, 'User Verified');
    await expectTone(card, 'success');
    await expect(detail(card, 'Roblox Username')).toHaveText('DerailDan');
    await expect(detail(card, 'Roblox Status')).toHaveText('Banned');
    await expect(detail(card, 'Roblox Status').locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
    const ban = card.getByRole('region', { name: 'Ban details' });
    await expect(detail(ban, 'Moderator')).toHaveText('ModeratorMike');
    await expect(detail(ban, 'Reason')).toHaveText('Derailing trains on purpose');
    // 001 §9: Time is seconds since epoch; 1722470400 is 1 Aug 2024 00:00 UTC (the context runs in UTC, en-GB).
    await expect(detail(ban, 'Date')).toHaveText('1 Aug 2024, 00:00');
    await saveScreenshot(page, 'checker-banned-desktop');
  });

  test('an unpaired ban is User Not Verified, amber, absent moderator reads Unknown', async ({ page }) => {
    await check(page, 'Roblox ID', demoUnpairedBan.robloxId);
    const card = resultCard(page, 'User Not Verified');
    await expect(card).toBeVisible();
    await expectTone(card, 'warning');
    await expect(detail(card, 'Roblox Username')).toHaveText('EvasiveEve');
    await expect(detail(card, 'Roblox ID')).toHaveText('1200099');
    await expect(detail(card, 'Roblox Status')).toHaveText('Banned');
    const ban = card.getByRole('region', { name: 'Ban details' });
    await expect(detail(ban, 'Moderator')).toHaveText('Unknown');
    await expect(detail(ban, 'Reason')).toHaveText('Ban evasion');
    await expect(detail(ban, 'Date')).toHaveText('1 Jul 2024, 00:00');
    await saveScreenshot(page, 'checker-not-verified-desktop');
  });

  test('an unknown ID is Not Found, by Discord ID and by Roblox ID', async ({ page }) => {
    await check(page, 'Discord ID', '999999999999999999');
    let card = resultCard(page, 'Not Found');
    await expect(card).toBeVisible();
    await expectTone(card, 'neutral');
    await expect(card).toContainText(NOT_FOUND_TEXT);
    await saveScreenshot(page, 'checker-not-found-desktop');

    await check(page, 'Roblox ID', demoPerson('unverified').discord.id.slice(0, 12));
    card = resultCard(page, 'Not Found');
    await expect(card).toContainText(NOT_FOUND_TEXT);
  });

  test('an empty or blank input does nothing: no request, no card (001 §5)', async ({ page }) => {
    const calls = watchChecks(page);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await page.getByLabel('Discord ID', { exact: true }).fill('    ');
    await page.getByLabel('Discord ID', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Check Status' }).click();
    // Give a (wrong) request time to leave before asserting there was none.
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    await expect(page.locator('[data-tone]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Check Status' })).toBeEnabled();
  });

  test("the button reads 'Checking...' while busy (001 §4)", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/bureau/api/check-status?**', async (route) => {
      await held;
      await route.continue();
    });
    await check(page, 'Discord ID', demoPerson('member').discord.id);
    const busy = page.getByRole('button', { name: 'Checking...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(resultCard(page, 'User Verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Status' })).toBeEnabled();
  });

  test("a refused ID shows the server's own sentence (400)", async ({ page }) => {
    await check(page, 'Discord ID', 'not-a-number');
    const card = resultCard(page, 'Could not check this ID');
    await expectTone(card, 'danger');
    await expect(card).toContainText('id: must be a Discord ID: 5 to 25 digits');
    await saveScreenshot(page, 'checker-error-desktop');
  });

  test('a rate-limited check (429) shows the server text', async ({ page }) => {
    await page.route('**/bureau/api/check-status?**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many requests. Please wait a moment and try again.' }),
      }),
    );
    await check(page, 'Roblox ID', '1200003');
    await expect(resultCard(page, 'Could not check this ID')).toContainText('Too many requests. Please wait a moment and try again.');
  });
});

test.describe('Verification Status Checker on a phone', () => {
  test.use(phone);

  test('results fit a 390px screen', async ({ page }) => {
    await page.goto('/bureau/checker');
    await check(page, 'Discord ID', demoPerson('banned').discord.id);
    const card = resultCard(page, 'User Verified');
    await expect(detail(card, 'Roblox Status')).toHaveText('Banned');
    // Nothing may push the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'checker-banned-phone');

    await check(page, 'Roblox ID', demoUnpairedBan.robloxId);
    await expect(resultCard(page, 'User Not Verified')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'checker-not-verified-phone');
  });
});

test.describe('Verification Status Checker in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the banned card keeps its tone in the dark scheme', async ({ page }) => {
    await page.goto('/bureau/checker');
    await check(page, 'Discord ID', demoPerson('banned').discord.id);
    const card = resultCard(page, 'User Verified');
    await expect(card).toHaveAttribute('data-tone', 'success');
    await expect(card).toHaveCSS('border-left-color', 'rgb(63, 183, 114)');
    await saveScreenshot(page, 'checker-banned-dark');
  });
});

test.describe('the checker address', () => {
  test("the records' QR link (?type=discord&id=) runs the check on load", async ({ page }) => {
    const member = demoPerson('member');
    const calls = watchChecks(page);
    // The link every printed record's QR code encodes (bureau documents/document-assets.ts checkerLink).
    await page.goto(`/bureau/checker?type=discord&id=${member.discord.id}`);
    const card = resultCard(page, 'User Verified');
    await expect(detail(card, 'Discord ID')).toHaveText(member.discord.id);
    await expect(page.getByLabel('Look up by')).toHaveValue('discord');
    await expect(page.getByLabel('Discord ID', { exact: true })).toHaveValue(member.discord.id);
    expect(calls.map((u) => [u.searchParams.get('type'), u.searchParams.get('id')])).toEqual([['discord', member.discord.id]]);
  });

  test('a Roblox link is trimmed and pre-selects Roblox ID; a link without an id does nothing', async ({ page }) => {
    const calls = watchChecks(page);
    await page.goto(`/bureau/checker?type=roblox&id=%20${demoUnpairedBan.robloxId}%20`);
    await expect(resultCard(page, 'User Not Verified')).toBeVisible();
    await expect(page.getByLabel('Look up by')).toHaveValue('roblox');
    await expect(page.getByLabel('Roblox ID', { exact: true })).toHaveValue(demoUnpairedBan.robloxId);

    await page.goto('/bureau/checker?type=roblox&id=%20%20');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Status Checker' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);
    await expect(page.locator('[data-tone]')).toHaveCount(0);
  });

  test('each check is written to the address, so it can be shared, and Back shows the previous one', async ({ page }) => {
    const member = demoPerson('member');
    const banned = demoPerson('banned');
    await page.goto('/bureau/checker');
    await check(page, 'Discord ID', `  ${member.discord.id} `);
    await expect(resultCard(page, 'User Verified')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bureau/checker\\?type=discord&id=${member.discord.id}$`));

    await check(page, 'Roblox ID', banned.roblox!.id);
    await expect(detail(resultCard(page, 'User Verified'), 'Roblox Status')).toHaveText('Banned');
    await expect(page).toHaveURL(new RegExp(`/bureau/checker\\?type=roblox&id=${banned.roblox!.id}$`));

    // A shared link opens the same result for someone else.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect(detail(resultCard(shared, 'User Verified'), 'Roblox Status')).toHaveText('Banned');
    await shared.close();

    await page.goBack();
    await expect(page.getByLabel('Look up by')).toHaveValue('discord');
    await expect(page.getByLabel('Discord ID', { exact: true })).toHaveValue(member.discord.id);
    await expect(detail(resultCard(page, 'User Verified'), 'Roblox Status')).toHaveText('Clear');
  });

  test('bureau staff find their tools from the checker', async ({ page }) => {
    await page.goto('/bureau/checker');
    const staffNav = page.getByRole('navigation', { name: 'Bureau staff tools' });
    await expect(staffNav.getByRole('link', { name: 'Appointments' })).toHaveAttribute('href', '/bureau/appointments');
    await staffNav.getByRole('link', { name: 'Records' }).click();
    await expect(page).toHaveURL(/\/bureau\/records$/);
    // The records tool asks for its own sign-in (the checker itself stays public).
    await expect(page.getByRole('link', { name: 'Sign in with Discord' })).toBeVisible();
  });
});
