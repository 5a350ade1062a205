import type { Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { demoSchoolAccount } from '@guildhall/testkit/school-demo';
import { expect, test } from './support/fixtures';
import { signInWithDiscord } from './support/sign-in';
import { saveScreenshot } from './support/screenshots';

// Sign-in and sign-out as a browser lives them (issue 10 items 1 and 22; docs/decisions/0001).

/** The value: Chromium drops the tab and reads "//evil.example", another host. */
const HOSTILE_RETURN_TO = ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%0D'];

/** Posts an empty form from the current page, as the header's Sign out does. */
async function postForm(page: Page, action: string): Promise<void> {
  await page.evaluate((url) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    document.body.append(form);
    form.submit();
  }, action);
}

test('a hostile returnTo leaves the browser on our own site, after Discord sign-in and after sign-out', async ({ page, baseURL }) => {
  const ours = new URL(baseURL!).origin;
  const home = (url: URL) => url.origin === ours && url.pathname === '/';
  const person = demoPerson('staff');
  for (const returnTo of HOSTILE_RETURN_TO) {
    await page.goto(`/auth/discord/login?returnTo=${returnTo}`);
    await page.getByRole('link', { name: `Authorize as ${person.discord.username}`, exact: true }).click();
    await page.waitForURL(home);
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${person.discord.username}`);

    // From another page, so arriving home shows where the sign-out sent the browser.
    await page.goto('/bureau/checker');
    await postForm(page, `/auth/logout?returnTo=${returnTo}`);
    await page.waitForURL(home);
    await expect(page.getByRole('heading', { level: 1, name: 'Guildhall' })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/auth/api/me')).json()).identity).toBeNull();
  }
  // The fixture's guard fails the test too if Chromium tried to reach evil.example.
});

const tools = [
  {
    path: '/timetable',
    async logIn(page: Page) {
      const junior = demoSchoolAccount('junior');
      await page.getByLabel('Student ID').fill(junior.studentId);
      await page.getByLabel('Password').fill(junior.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByTestId('student-id')).toHaveText(junior.studentId);
    },
  },
  {
    path: '/sports',
    async logIn(page: Page) {
      const junior = demoSchoolAccount('junior');
      await page.getByLabel('Student ID').fill(junior.studentId);
      await page.getByLabel('Password', { exact: true }).fill(junior.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByTestId('info-bar')).toContainText(junior.studentId);
    },
  },
];

for (const tool of tools) {
  test(`on ${tool.path} the header shows the Discord sign-in only, follows the school sign-in at once, and never repeats the page's Logout`, async ({
    page,
  }) => {
    const banner = page.getByRole('banner');
    const person = await signInWithDiscord(page, 'staff', tool.path);
    await expect(banner).toContainText(`Signed in as ${person.discord.username}`);

    // The school sign-in replaces the browser's one session cookie: the Discord sign-in is over, and
    // the header says so without a reload.
    await tool.logIn(page);
    await expect(banner).not.toContainText('Signed in as');
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);

    // After a reload, once the header has heard who is signed in, it still leaves that to the page. The
    // page may arrive with that answer in its HTML (decision 0039) or ask for it: let it settle either way.
    await page.reload({ waitUntil: 'networkidle' });
    const me = await page.evaluate(() => fetch('/auth/api/me').then((response) => response.json() as Promise<{ identity: unknown }>));
    expect(me.identity).toMatchObject({ kind: 'school' });
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(banner).not.toContainText('Signed in as');
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(banner).not.toContainText('Signed in as');
  });
}

// Decision 0054: Cancel on Discord's page brings the browser back to the page it started from, which
// says why and offers to try again (it was a page of raw JSON, and the return path was lost).
test('a cancelled Discord sign-in returns to its page, says so, and Try again signs in', async ({ page }) => {
  const person = demoPerson('staff');
  await page.goto(`/auth/discord/login?returnTo=${encodeURIComponent('/bureau/records?from=e2e')}`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === '/bureau/records' && url.searchParams.get('signin') === 'cancelled');
  await expect(page.getByText('Discord sign-in was cancelled. You have not been signed in.')).toBeVisible();
  for (const [width, label] of [
    [1280, 'desktop'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `sign-in-cancelled-${label}`);
  }
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByRole('link', { name: `Authorize as ${person.discord.username}`, exact: true }).click();
  await page.waitForURL(
    (url) => url.pathname === '/bureau/records' && url.searchParams.get('from') === 'e2e' && !url.searchParams.has('signin'),
  );
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${person.discord.username}`);
  await expect(page.getByText('Discord sign-in did not finish')).toHaveCount(0);
});
