import type { Locator, Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { demoQuestions, demoRoles } from '@guildhall/testkit/recruitment-demo';
import { demoSchoolAccount } from '@guildhall/testkit/school-demo';
import { test as base, expect } from './support/fixtures';
import { waitForHydration } from './support/hydration';
import { phone } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * Issue 17 item 7: each tool's main journey walked with the keyboard alone (Tab, Shift+Tab, Enter,
 * Space, arrow keys and typing; no mouse click after the page opens). Sign-in through the fake
 * Discord is set-up, not the journey. The journeys book, register and apply, so this file runs on a
 * stack of its own and leaves the other journeys' demo data alone.
 */
const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reachable within
 * `max` presses. Each stop must show where the focus is (a visible focus indicator).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) {
      await expect(target).toBeFocused();
      const shown = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return el.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
      });
      expect(shown, 'the focused control shows a focus indicator').toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Not reachable with ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

/** Chooses an option of the focused <select> with the arrow keys. */
async function arrowToOption(page: Page, select: Locator, label: string): Promise<void> {
  const labels = await select.locator('option').allTextContents();
  const want = labels.indexOf(label);
  expect(want, `option ${label} in ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  const now = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
  const key = want >= now ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(want - now); i++) await page.keyboard.press(key);
  await expect(select.locator('option:checked')).toHaveText(label);
}

test('checker: choose Roblox ID, type, Enter; the result is read out', async ({ page }) => {
  const banned = demoPerson('banned');
  await page.goto('/bureau/checker');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Status Checker' })).toBeVisible();
  const type = page.getByRole('combobox', { name: 'Look up by' });
  await tabTo(page, type);
  await arrowToOption(page, type, 'Roblox ID');
  const id = page.getByRole('textbox', { name: 'Roblox ID', exact: true });
  await tabTo(page, id);
  await page.keyboard.type(banned.roblox!.id);
  await page.keyboard.press('Enter');
  const card = page.getByRole('region', { name: 'User Verified', exact: true });
  await expect(card).toContainText('DerailDan');
  await expect(card).toContainText('Banned');
  // Shift+Tab walks back to the field.
  await tabTo(page, id, { back: true });
});

test('records: search, open the actions menu with Enter, move with arrows, Escape gives the focus back', async ({ page }) => {
  const banned = demoPerson('banned');
  await signInWithDiscord(page, 'staff', '/bureau/records');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Bureau Records' })).toBeVisible();
  const search = page.getByRole('searchbox').first();
  await tabTo(page, search);
  // The search runs as typing pauses; the list must show the whole id's answer before its row is used,
  // or a part's answer (the same one row) is replaced under the open menu.
  const answered = page.waitForResponse((r) => r.url().includes(`q=${banned.discord.id}&`));
  await page.keyboard.type(banned.discord.id);
  await answered;
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: banned.discord.id, exact: true }) });
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  const actions = row.getByRole('button', { name: `Actions for ${banned.discord.id}` }).first();
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(items).toHaveCount(0);
  await expect(actions).toBeFocused();
  // Open again and choose View Infractions with the keyboard.
  await page.keyboard.press('Space');
  // The menu has focus before the arrows go to it (an arrow pressed sooner would be lost or skip an item).
  await expect(items.first()).toBeFocused();
  const infractions = page.getByRole('menuitem', { name: 'View Infractions' });
  for (let i = 0; i < 10 && !(await isFocused(infractions)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Infraction Lookup' })).toBeVisible();
});

test('recruitment: the application form filled and sent from the keyboard', async ({ page }) => {
  const [textQuestion, choiceQuestion, fileQuestion] = demoQuestions;
  await signInWithDiscord(page, 'member', '/recruitment');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Application' })).toBeVisible();
  const role = page.getByRole('combobox', { name: 'Role' });
  await tabTo(page, role);
  await arrowToOption(page, role, demoRoles[0]!.name);
  const text = page.getByLabel(textQuestion!.text);
  await tabTo(page, text);
  await page.keyboard.type('I run the timetable office and like helping new drivers find their way.');
  const choice = page.getByLabel(choiceQuestion!.text);
  await tabTo(page, choice);
  await arrowToOption(page, choice, 'More than 10');
  // The file input opens the system's file picker from the keyboard (Space); the picker is the OS's.
  const file = page.getByLabel(fileQuestion!.text);
  await tabTo(page, file);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByText('Upload complete.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit Application' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Application Status' })).toBeVisible();
});

test('timetable: sign in, switch tabs with arrows, add homework from the keyboard', async ({ page }) => {
  const junior = demoSchoolAccount('junior');
  await page.goto('/timetable');
  await waitForHydration(page);
  await tabTo(page, page.getByLabel('Student ID'));
  await page.keyboard.type(junior.studentId);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(junior.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('student-id')).toHaveText(junior.studentId);

  const timetable = page.getByRole('tab', { name: 'Timetable', exact: true });
  await tabTo(page, page.getByRole('tab', { selected: true }).first());
  // Arrow keys move along the tool's tabs (radix: the focused tab is shown).
  const homework = page.getByRole('tab', { name: 'Manage Homework' });
  for (let i = 0; i < 4 && !(await isFocused(homework)); i++) await page.keyboard.press('ArrowRight');
  await expect(homework).toBeFocused();
  await expect(homework).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Total Assignments')).toBeVisible();
  const total = Number(await page.getByTestId('stat-total').textContent());

  await tabTo(page, page.getByRole('button', { name: 'Add Homework' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Homework' });
  await expect(form).toBeVisible();
  await tabTo(page, form.getByLabel('Title'));
  await page.keyboard.type('Keyboard lab report');
  const subject = form.getByLabel('Subject');
  await tabTo(page, subject);
  await arrowToOption(page, subject, 'Mathematics (ค21101)');
  const dueDate = form.getByLabel('Due date');
  await tabTo(page, dueDate);
  // A date field's parts follow the browser's own language (month first in en-US, day first in
  // en-GB), not the page's locale: type month-first, and day-first if that did not give the date.
  const due = new Date(Date.now() + 7 * 86_400_000);
  const [yyyy, mm, dd] = [
    String(due.getUTCFullYear()),
    String(due.getUTCMonth() + 1).padStart(2, '0'),
    String(due.getUTCDate()).padStart(2, '0'),
  ];
  await page.keyboard.type(`${mm}${dd}${yyyy}`);
  if ((await dueDate.inputValue()) !== `${yyyy}-${mm}-${dd}`) {
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(`${dd}${mm}${yyyy}`);
  }
  await expect(dueDate).toHaveValue(`${yyyy}-${mm}-${dd}`);
  const dueTime = form.getByLabel('Due time');
  await tabTo(page, dueTime);
  // A 12-hour field has an AM/PM part (A); a 24-hour one ignores the extra key.
  await page.keyboard.type('0800A');
  await expect(dueTime).toHaveValue('08:00');
  await tabTo(page, form.getByRole('button', { name: 'Add Homework' }));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('stat-total')).toHaveText(String(total + 1));
  await expect(page.locator('.tt-card', { hasText: 'Keyboard lab report' })).toBeVisible();

  // Back to the timetable with the arrows.
  await tabTo(page, homework, { back: true });
  for (let i = 0; i < 4 && !(await isFocused(timetable)); i++) await page.keyboard.press('ArrowLeft');
  await expect(timetable).toHaveAttribute('aria-selected', 'true');
});

test('sports: sign in and register for a sport from the keyboard', async ({ page }) => {
  const junior = demoSchoolAccount('junior');
  await page.goto('/sports');
  await waitForHydration(page);
  await tabTo(page, page.getByLabel('Student ID'));
  await page.keyboard.type(junior.studentId);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(junior.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('info-bar')).toContainText(junior.studentId);
  await tabTo(page, page.getByRole('button', { name: 'Register for Basketball (Junior)' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm registration' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Register' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('registration-status')).toContainText('Basketball (Junior)');
});

test.describe('on a phone', () => {
  test.use({ ...phone, timezoneId: 'Asia/Bangkok' });

  test('mini-app: pick a day and a time and book, from the keyboard', async ({ page }) => {
    const user = { id: 'Ukeyboard000000000000000000000001', name: 'Keyboard Booker' };
    await page.goto(`/bureau/appointment?mock_user=${user.id}&mock_name=${encodeURIComponent(user.name)}`);
    await waitForHydration(page);
    const status = page.locator('.appointment-app__status');
    await expect(status).toHaveText('Please select a date, time, and add an optional topic.');
    const day = page.getByRole('group', { name: 'Days' }).locator('button:not([disabled])').last();
    await tabTo(page, day, { max: 60 });
    await page.keyboard.press('Enter');
    const date = (await day.getAttribute('data-date'))!;
    const time = page
      .getByRole('group', { name: /^Free times on/ })
      .getByRole('button')
      .nth(1);
    await tabTo(page, time);
    const label = (await time.textContent())!;
    await page.keyboard.press('Space');
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Select Date and Time')).toHaveValue(`${date}T${label}`);
    await tabTo(page, page.getByRole('button', { name: 'Book Now' }));
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Appointment booked successfully! This window will close shortly.');
  });
});
