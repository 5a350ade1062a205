import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';

// ARCHITECTURE.md §1 and §2: the home page lists the enabled tools; each tool loads lazily.

test('the home page lists the enabled tools and opens one', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) chunks.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Guildhall' })).toBeVisible();
  const tools = page.getByRole('list', { name: 'Tools' });
  await expect(tools.getByRole('link', { name: 'Registration Bureau' })).toBeVisible();
  await saveScreenshot(page, 'home-desktop');
  // The bureau's code is its own chunk, fetched only when a bureau page opens.
  expect(chunks.some((c) => c.includes('tool-bureau-'))).toBe(false);

  await tools.getByRole('link', { name: 'Registration Bureau' }).click();
  await expect(page).toHaveURL(/\/bureau\/checker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Status Checker' })).toBeVisible();
  await expect(page).toHaveTitle('Verification Status Checker · Guildhall');
  expect(chunks.some((c) => c.includes('tool-bureau-'))).toBe(true);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/bureau/nothing-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the list of tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guildhall' })).toBeVisible();
});

test('signing in with Discord shows who is signed in, and signing out ends it', async ({ page }) => {
  const person = await signInWithDiscord(page, 'staff', '/bureau/checker');
  await expect(page).toHaveURL(/\/bureau\/checker$/);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${person.discord.username}`);
  // A form post (issue 10 item 2), not a link any site could copy.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/bureau\/checker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Status Checker' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText('Signed in as');
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the home page fits a 390px screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Registration Bureau' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'home-phone');
  });
});

test('the home page links the staff pages beside their tools', async ({ page }) => {
  await page.goto('/');
  const bureauLinks = page.getByRole('list', { name: 'More in Registration Bureau' });
  await expect(bureauLinks.getByRole('link', { name: 'Records (staff)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'More in Appointments' }).getByRole('link', { name: 'Bookings (staff)' })).toBeVisible();
  await bureauLinks.getByRole('link', { name: 'Records (staff)' }).click();
  await expect(page).toHaveURL(/\/bureau\/records$/);
});
