import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';

// ARCHITECTURE.md §9: the shared kit's promises (labels, focus, keyboard, the spec's 200px menu and
// 640px table from 001 §9), checked on /kit where every component is shown.

test.beforeEach(async ({ page }) => {
  await page.goto('/kit');
  await expect(page.getByRole('heading', { level: 1, name: 'Design kit' })).toBeVisible();
});

test('fields are labelled and tie their error text to the control', async ({ page }) => {
  const name = page.getByLabel('Display name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('As it appears to others. Please enter a display name.');
  await name.fill('Rose');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a display name.')).toHaveCount(0);
  await expect(page.getByLabel('Sport')).toHaveValue('football');
  await expect(page.getByLabel('Note')).toBeVisible();
  await saveScreenshot(page, 'kit-desktop');
});

test('the modal traps focus, closes on Escape and gives focus back', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Open modal' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'An Error Occurred' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Could not fetch verification data.');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the menu is 200px wide and its disabled item cannot be chosen', async ({ page }) => {
  await page.getByRole('button', { name: 'Actions' }).click();
  const menu = page.getByRole('menu', { name: 'Actions' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(200);
  const military = menu.getByRole('menuitem', { name: 'Military Record' });
  await expect(military).toHaveAttribute('aria-disabled', 'true');
  await military.click({ force: true });
  await expect(page.getByTestId('menu-choice')).toHaveText('nothing yet');
  // Keyboard: arrows skip the disabled item, Enter chooses.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(page.getByTestId('menu-choice')).toHaveText('Registration Record');
});

test('tabs switch with the arrow keys', async ({ page }) => {
  const list = page.getByRole('tablist', { name: 'Views' });
  await list.getByRole('tab', { name: 'Timetable' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Monday');
  await page.keyboard.press('ArrowRight');
  await expect(list.getByRole('tab', { name: 'Homework' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Two assignments');
});

test('a toast appears in the notification area', async ({ page }) => {
  await page.getByRole('button', { name: 'Show toast' }).click();
  const toast = page
    .getByRole('region', { name: /Notification/ })
    .getByRole('listitem')
    .filter({ hasText: 'Saved' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Your changes are stored.');
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Your changes are stored.')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the table keeps its 640px minimum and scrolls inside its own box', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Verified pairs' });
    expect((await table.boundingBox())?.width).toBeGreaterThanOrEqual(640);
    const region = page.getByRole('region', { name: 'Verified pairs' });
    expect((await region.boundingBox())?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'kit-phone');
  });
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the kit renders with the dark tokens', async ({ page }) => {
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 18, 22)');
    await saveScreenshot(page, 'kit-dark');
  });
});
