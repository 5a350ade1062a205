import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';
import { repoRoot } from './support/stack';

// Issue 14 items 2, 3, 5: a case opened from the records tool shows on the infraction page (with its
// history), in the Infraction Record PDF and, while not hidden, on the public checker.

const subject = demoPerson('admin');

async function shots(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, label] of [
      [1280, 'desktop'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `${name}-${label}${scheme === 'dark' ? '-dark' : ''}`);
      // The page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function checkRoblox(page: Page, id: string) {
  await page.goto('/bureau/checker');
  await page.getByLabel('Look up by').selectOption({ label: 'Roblox ID' });
  await page.getByLabel('Roblox ID', { exact: true }).fill(id);
  await page.getByRole('button', { name: 'Check Status' }).click();
  const ban = page.getByRole('region', { name: 'Ban details' });
  await expect(ban).toBeVisible();
  return (label: string) =>
    ban
      .locator('.ui-detail-list__row')
      .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
      .locator('dd');
}

test('a case opened from the records tool reaches the infraction page, the PDF and the checker', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await page.getByLabel('Search by').selectOption({ label: 'Discord ID' });
  await page.getByRole('searchbox', { name: 'Discord ID' }).fill(subject.discord.id);
  // The subject's row is on the first page before the search answers too; opening its menu then lets
  // the filtered list replace the row under the open menu. Wait for the search to have applied.
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${subject.discord.id}` }).click();
  await page.getByRole('menuitem', { name: 'New Case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Case' });
  await dialog.getByLabel('Account').selectOption({ label: `Roblox ${subject.roblox!.id}` });
  await dialog.getByLabel('Type').selectOption({ label: 'Ban' });
  await dialog.getByLabel('Reason').fill('E2E griefing the depot');
  await saveScreenshot(page, 'bureau-new-case-dialog');
  await dialog.getByRole('button', { name: 'Open case' }).click();
  const opened = await dialog.getByRole('status').textContent();
  const number = /Case No\. (\d+) opened\./.exec(opened ?? '')?.[1];
  expect(number, opened ?? '').toBeTruthy();
  await page.keyboard.press('Escape');

  // The infraction page: the case with its actions and its history.
  await page.goto(`/bureau/records/${subject.discord.id}/infractions`);
  const card = page.getByRole('article', { name: `Case No. ${number}` });
  await expect(card).toContainText(`Case No. ${number} · Ban`);
  await expect(card).toContainText('E2E griefing the depot');
  await expect(card).toContainText(demoPerson('staff').discord.username);
  await expect(page.locator('.history__entry').filter({ hasText: `case.opened case No. ${number}` })).toContainText('Staff');
  await shots(page, 'bureau-infraction-page-cases');
  // A case opened on this page is an infraction too: the page's own list follows without a reload
  // (it kept its old count beside the new case).
  const count = page.locator('#infractions-list .infractions__count');
  const before = Number(/\((\d+)\)/.exec((await count.textContent()) ?? '')![1]);
  const form = page.getByRole('form', { name: 'Open a case' });
  await form.getByLabel('Type').selectOption({ label: 'Note' });
  await form.getByLabel('Reason').fill('E2E seen at the depot again');
  await form.getByRole('button', { name: 'Open case' }).click();
  await expect(count).toHaveText(`(${before + 1})`);

  // The PDF carries the case number.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Infraction Record (PDF)' }).click();
  const download = await downloading;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cases-e2e-')), 'record.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Case: No. ${number} · Ban`);
  expect(text).toContain('Reason: E2E griefing the depot');
  execFileSync('pdftoppm', [
    '-r',
    '50',
    '-png',
    '-singlefile',
    file,
    path.join(repoRoot, 'e2e', '.screenshots', 'bureau-cases-infraction-pdf'),
  ]);

  // The public checker shows the ban the case wrote.
  let detail = await checkRoblox(page, subject.roblox!.id);
  await expect(detail('Reason')).toHaveText('E2E griefing the depot');

  // Hidden: the checker keeps 'Banned' but no longer shows the case's moderator or reason.
  await page.goto(`/bureau/records/${subject.discord.id}/infractions`);
  await card.getByRole('button', { name: 'Hide from checker' }).click();
  await expect(card.getByRole('button', { name: 'Show on checker' })).toBeVisible();
  detail = await checkRoblox(page, subject.roblox!.id);
  await expect(detail('Reason')).toHaveText('Unknown');
  await expect(detail('Moderator')).toHaveText('Unknown');

  // Expired: the ban lifts; the case reads Expired.
  await page.goto(`/bureau/records/${subject.discord.id}/infractions`);
  await card.getByRole('button', { name: 'Expire now' }).click();
  await expect(card).toContainText('Expired');
});

// Decision 0051: two staff amend one case from two tabs; the later form is told instead of silently
// replacing the colleague's reason, sees it, and amends after it. The amend form corrects the expiry too.
test('two staff amend one case: the later form is told, sees the change, and amends after it', async ({ page }) => {
  test.setTimeout(90_000);
  const infractions = `/bureau/records/${subject.discord.id}/infractions`;
  await signInWithDiscord(page, 'staff', infractions);
  const open = page.getByRole('form', { name: 'Open a case' });
  await open.getByLabel('Type').selectOption({ label: 'Mute' });
  await open.getByLabel('Reason').fill('E2E shouting in the cab');
  await open.getByRole('button', { name: 'Open case' }).click();
  const number = /Case No\. (\d+) opened\./.exec((await open.getByRole('status').textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();

  const other = await page.context().newPage();
  await other.goto(infractions);
  const amendForm = (p: Page) => p.getByRole('form', { name: `Amend case No. ${number}` });
  const startAmending = async (p: Page) => {
    await p
      .getByRole('article', { name: `Case No. ${number}` })
      .getByRole('button', { name: 'Amend' })
      .click();
    await expect(amendForm(p).getByLabel('Reason')).toHaveValue('E2E shouting in the cab');
  };
  // This tab opens its form first; the other tab amends the reason meanwhile.
  await startAmending(page);
  await amendForm(page).getByLabel('Reason').fill('E2E shouting at passengers');
  await shots(page, 'bureau-case-amend-form');
  await startAmending(other);
  await amendForm(other).getByLabel('Reason').fill('E2E shouting in the cab, twice');
  await amendForm(other).getByRole('button', { name: 'Save amendment' }).click();
  await expect(other.getByRole('article', { name: `Case No. ${number}` })).toContainText('E2E shouting in the cab, twice');
  await other.close();

  // This tab's save is refused, keeps the typing, and the card now shows the colleague's reason.
  await amendForm(page).getByRole('button', { name: 'Save amendment' }).click();
  const card = page.getByRole('article', { name: `Case No. ${number}` });
  await expect(card.getByRole('alert')).toHaveText(
    'Someone else changed this case since you opened it. Reload to see their change, then amend again.',
  );
  await expect(card).toContainText('E2E shouting in the cab, twice');
  await expect(amendForm(page).getByLabel('Reason')).toHaveValue('E2E shouting at passengers');
  // Saving again, having seen their change, is a choice: it passes, with an expiry set in the form.
  await amendForm(page).getByLabel('Expires (optional)').fill('2099-01-31T12:00');
  await amendForm(page).getByRole('button', { name: 'Save amendment' }).click();
  await expect(amendForm(page)).toHaveCount(0);
  await expect(card).toContainText('E2E shouting at passengers');
  await expect(card).toContainText('Expires 31 Jan 2099, 12:00 UTC');
});

test('the lookup page shows anyone, paired or not, and the bot API page documents every call', async ({ page }) => {
  await signInWithDiscord(page, 'staff', '/bureau/lookup/roblox/777000111');
  await expect(page.getByRole('heading', { name: /Accounts/ })).toContainText('Not paired');
  await expect(page.getByText('No cases on record.')).toBeVisible();
  await shots(page, 'bureau-lookup-unpaired');
  await page.goto('/bureau/bot-api');
  await expect(page.getByRole('article', { name: 'PUT /bureau/api/bot/v1/bans/{robloxId}' })).toContainText('scope bureau-bans');
  await expect(page.getByRole('article', { name: 'POST /bureau/api/bot/v1/cases', exact: true })).toBeVisible();
  await shots(page, 'bureau-bot-api');
});
