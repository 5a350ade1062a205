import type { Page } from '@playwright/test';
import { demoSchoolAccount } from '@guildhall/testkit/school-demo';
import { addDays, addWeeks, currentWeekStart, weekRangeLabel } from '@guildhall/contracts/timetable-rules';
import { expect, test as guildhallTest } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { type Stack, startStack } from './support/stack';

// 002 §2 Timetable app, §4 states, §5 rules, §7 schedule API, §8 messages: the timetable tool at
// /timetable, signed in with a demo school account, against the real server and its real clock, which
// is the page's too (decision 0064; two tests move the page's through its offset, see signInAt).
// Weeks are chosen relative to the real "now" (the server's clock is the real one): the term starts
// on last week's Monday, so Prev Week stops one click back; next week is never in the past for the
// server, so status changes there always succeed, whatever weekday the suite runs on.

const ZONE = { timeZone: 'Asia/Bangkok', weekStartsOn: 1 };
const thisWeek = currentWeekStart(Date.now(), ZONE);
const lastWeek = addWeeks(thisWeek, -1);
const nextWeek = addWeeks(thisWeek, 1);
const weekAfterNext = addWeeks(thisWeek, 2);

// A private stack with the term start set to last week (002 §9 term start is configuration).
const test = guildhallTest.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack({ env: { TIMETABLE_TERM_START: lastWeek } });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const junior = demoSchoolAccount('junior');

async function logIn(page: Page): Promise<void> {
  await page.goto('/timetable');
  await signIn(page);
}

/** Signs in on the sign-in page already open. */
async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Student ID').fill(junior.studentId);
  await page.getByLabel('Password').fill(junior.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('student-id')).toHaveText(junior.studentId);
}

async function openFullWeek(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Full Week' }).click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(thisWeek));
}

/** The Full Week section of one day (its <section> is labelled with the English day name). */
const day = (page: Page, name: string) => page.locator(`section.tt-day[aria-label="${name}"]`);

test.describe.configure({ mode: 'serial' });

/** Issue 16 item 2: no school page scrolls sideways at 390 px. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** The element is wholly inside the viewport's width (not cut, not reached by scrolling a strip). */
async function expectWithinViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('signs in, ticks the clock and navigates weeks; Prev Week stops at the term start', async ({ page }) => {
  await page.goto('/timetable');
  // 002 §5: student ID and password are required.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Student ID is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('Student ID').fill(junior.studentId);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid student ID or password.')).toBeVisible();
  await saveScreenshot(page, 'timetable-login');
  await logIn(page);

  // 002 §2: the header clock ticks every second; three tabs.
  const first = await page.getByTestId('clock').textContent();
  await expect.poll(() => page.getByTestId('clock').textContent(), { timeout: 10_000 }).not.toBe(first);
  for (const name of ['Timetable', 'Manage Homework', 'Subject Summary'])
    await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
  for (const name of ["Today's Upcoming", "Today's Past", 'Full Week']) await expect(page.getByRole('tab', { name })).toBeVisible();

  await openFullWeek(page);
  // 002 §2: day headers Monday to Friday, each with its Thai name; the five columns.
  for (const [english, thai] of [
    ['Monday', 'วันจันทร์'],
    ['Tuesday', 'วันอังคาร'],
    ['Wednesday', 'วันพุธ'],
    ['Thursday', 'วันพฤหัสบดี'],
    ['Friday', 'วันศุกร์'],
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${english} ${thai}`) })).toBeVisible();
  }
  const monday = day(page, 'Monday');
  for (const column of ['Time', 'Subject No.', 'Subject Name', 'Room', 'Status'])
    await expect(monday.getByRole('columnheader', { name: column })).toBeVisible();
  await saveScreenshot(page, 'timetable-full-week');

  const prev = page.getByRole('button', { name: 'Prev Week' });
  await expect(prev).toBeEnabled();
  await prev.click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(lastWeek));
  // 002 §5: disabled at (or before) the term start.
  await expect(prev).toBeDisabled();
  await page.getByRole('button', { name: 'Go to Today' }).click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(thisWeek));
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(nextWeek));
  await expect(prev).toBeEnabled();
});

test('overrides a status for next week and keeps it after a reload', async ({ page }) => {
  await logIn(page);
  await openFullWeek(page);
  await page.getByRole('button', { name: 'Next Week' }).click();
  const status = day(page, 'Monday').getByLabel('Status of Mathematics at 08:30');
  await expect(status).toHaveValue('Up-Coming');
  await expect(status).toBeEnabled();
  const saved = page.waitForResponse((r) => r.url().endsWith('/timetable/api/schedule/override'));
  await status.selectOption('Cancelled');
  expect((await saved).status()).toBe(200);
  await expect(status).toHaveValue('Cancelled');

  await page.reload();
  await openFullWeek(page);
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(day(page, 'Monday').getByLabel('Status of Mathematics at 08:30')).toHaveValue('Cancelled');
  // The week after is untouched (an override is for one week).
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(day(page, 'Monday').getByLabel('Status of Mathematics at 08:30')).toHaveValue('Up-Coming');
});

test('edits notes for next week; beyond it the pencil is disabled with its tip', async ({ page }) => {
  await logIn(page);
  await openFullWeek(page);
  await page.getByRole('button', { name: 'Next Week' }).click();
  const monday = day(page, 'Monday');
  await monday.getByRole('button', { name: 'Notes for Thai Language' }).click();
  // 002 §2: 'Notes for {subject}' with 'Save Notes' and 'Cancel'.
  const dialog = page.getByRole('dialog', { name: 'Notes for Thai Language' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Notes').fill('A draft that is thrown away');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(monday.getByText('A draft that is thrown away')).toHaveCount(0);

  await monday.getByRole('button', { name: 'Notes for Thai Language' }).click();
  await dialog.getByLabel('Notes').fill('Read chapter 4 before class');
  await saveScreenshot(page, 'timetable-notes-modal');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(dialog).toBeHidden();
  await expect(monday.getByText('Read chapter 4 before class')).toBeVisible();

  // 002 §5: more than one week ahead, the icon is disabled and says why.
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(weekAfterNext));
  const locked = day(page, 'Monday').getByRole('img', { name: 'Cannot edit notes more than one week in advance' }).first();
  await expect(locked).toHaveAttribute('title', 'Cannot edit notes more than one week in advance');
  await expect(day(page, 'Monday').getByRole('button', { name: /^Notes for/ })).toHaveCount(0);
  await locked.hover();
  await saveScreenshot(page, 'timetable-notes-locked');
});

/**
 * Sets the page's "now" to `time` through its clock offset (decision 0064): the page measures the
 * server's clock as it draws GET /config's answer (its header clock shows once it has), then the
 * device's clock is set to `time`. The page counts from there until it measures again (within 10
 * minutes; the tests keep the device's clock from running that long), while the server keeps its
 * real clock. Then signs in, without loading the page again (that would measure again).
 */
async function signInAt(page: Page, time: string): Promise<void> {
  await page.clock.install();
  await page.goto('/timetable');
  await expect(page.getByTestId('clock')).toBeVisible();
  await page.clock.setSystemTime(new Date(time));
  await signIn(page);
}

test('rolls an optimistic status back when the server refuses it', async ({ page }) => {
  // The page believes it is last Friday morning; for the server (its real clock) that day is past,
  // so it refuses the change (002 §4: a past day's status is fixed) and the page must roll back.
  const friday = addDays(lastWeek, 4);
  await signInAt(page, `${friday}T09:00:00+07:00`);
  await page.getByRole('tab', { name: 'Full Week' }).click();
  await expect(page.getByTestId('week-range')).toHaveText(weekRangeLabel(lastWeek));
  // Hold the real answer back until the optimistic value has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/timetable/api/schedule/override', async (route) => {
    await held;
    await route.continue();
  });
  const status = day(page, 'Friday').getByLabel('Status of English at 11:00');
  await expect(status).toHaveValue('Up-Coming');
  await expect(status).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/timetable/api/schedule/override'));
  await status.selectOption('Cancelled');
  await expect(status).toHaveValue('Cancelled'); // optimistic
  release();
  expect((await answer).status()).toBe(400);
  // 002 §8 'Failed to save override.'; 002 §7 rolled back.
  // The toast's title; Radix also repeats it once in a screen-reader announcement.
  await expect(page.getByText('Failed to save override.', { exact: true }).first()).toBeVisible();
  await expect(status).toHaveValue('Up-Coming');
  await saveScreenshot(page, 'timetable-override-rolled-back');
  // The dropdown of an earlier day is disabled (002 §4).
  await expect(day(page, 'Thursday').getByLabel('Status of Thai Language at 08:30')).toBeDisabled();
});

test('derives In Progress for the class under way and re-evaluates every 30 s with a flash', async ({ page }) => {
  // The page's clock only: nothing here is saved, so the server's clock does not matter.
  const friday = addDays(lastWeek, 4);
  await signInAt(page, `${friday}T09:00:00+07:00`);
  await page.getByRole('tab', { name: 'Full Week' }).click();
  const maths = day(page, 'Friday').getByLabel('Status of Mathematics at 08:30');
  // 002 §4: Up-Coming, current week, between 08:30 and 09:20: shown as In Progress.
  await expect(maths).toHaveValue('In Progress');
  await expect(day(page, 'Friday').getByLabel('Status of Science at 09:20')).toHaveValue('Up-Coming');
  await saveScreenshot(page, 'timetable-in-progress');
  // 21 minutes later the class has ended; the next re-evaluation shows its stored status, with the flash.
  // The clock stops there, so the flash lasts until the test moves it on (running, it lasts 1 s of real
  // time, which a loaded machine can spend between two polls). It is set to 09:20 and runs the last
  // minute only: running 21 minutes would measure the server's clock again (every 10 minutes) and
  // bring the page back to now.
  await page.clock.setSystemTime(new Date(`${friday}T09:20:00+07:00`));
  await page.clock.pauseAt(new Date(`${friday}T09:21:00+07:00`));
  await page.clock.runFor(30_000);
  await expect(page.locator('.tt-timetable')).toHaveAttribute('data-flashing', 'true');
  await expect(maths).toHaveValue('Up-Coming');
  await expect(day(page, 'Friday').getByLabel('Status of Science at 09:20')).toHaveValue('In Progress');
  await page.clock.runFor(1_500);
  await expect(page.locator('.tt-timetable')).not.toHaveAttribute('data-flashing', 'true');
});

test("shows the server's week and today on a device whose clock is 9 days behind (decision 0064)", async ({ page }) => {
  await page.clock.install({ time: new Date(Date.now() - 9 * 86_400_000) });
  await logIn(page);
  const inSchool = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE.timeZone, ...options }).format(new Date());
  await expect(page.locator('.tt-clock__date')).toHaveText(inSchool({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
  await openFullWeek(page);
  // Today stands out (a weekend day shows only when it has classes, and the demo's have none).
  const weekday = inSchool({ weekday: 'long' });
  const today = page.locator('section.tt-day[data-today]');
  if (['Saturday', 'Sunday'].includes(weekday)) await expect(today).toHaveCount(0);
  else await expect(today).toHaveAttribute('aria-label', weekday);
});

test('adds, edits, filters, searches and deletes homework; the class shows its marker', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  await page.getByRole('tab', { name: 'Manage Homework' }).click();
  await expect(page.getByText('Total Assignments')).toBeVisible();
  const total = Number(await page.getByTestId('stat-total').textContent());

  // 002 §5: required fields.
  await page.getByRole('button', { name: 'Add Homework' }).click();
  const form = page.getByRole('dialog', { name: 'Add Homework' });
  await form.getByRole('button', { name: 'Add Homework' }).click();
  for (const text of ['Title is required.', 'Subject is required.', 'Due date is required.', 'Due time is required.'])
    await expect(form.getByText(text)).toBeVisible();
  await form.getByLabel('Title').fill('E2E lab report');
  await form.getByLabel('Subject').selectOption({ label: 'Mathematics (ค21101)' });
  await form.getByLabel('Due date').fill(nextWeek);
  await form.getByLabel('Due time').fill('08:00');
  await form.getByLabel('Details').fill('Graphs of linear equations.');
  await expect(form.getByLabel('Status')).toHaveCount(0); // status only when editing
  await form.getByRole('button', { name: 'Add Homework' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('stat-total')).toHaveText(String(total + 1));

  const card = page.locator('.tt-card', { hasText: 'E2E lab report' });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  const shownId = (await card.locator('.tt-mono').textContent())!;
  expect(shownId).toMatch(/^[0-9A-Z]{6}$/);

  // Copy ID copies the displayed ID (the part after the dash).
  await card.getByRole('button', { name: 'Copy ID of E2E lab report' }).click();
  await expect(page.getByText(`Copied ID ${shownId}`, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownId);

  // Search by homework ID.
  await page.getByLabel('Search by homework ID').fill(shownId.toLowerCase());
  await expect(page.locator('.tt-card')).toHaveCount(1);
  await page.getByLabel('Search by homework ID').fill('');

  // Edit: status among the five values.
  await card.getByRole('button', { name: 'Edit E2E lab report' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Homework' });
  await edit.getByLabel('Title').fill('E2E lab report v2');
  await edit.getByLabel('Status').selectOption('Group Work');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const edited = page.locator('.tt-card', { hasText: 'E2E lab report v2' });
  await expect(edited.getByText('Group Work', { exact: true })).toBeVisible();

  // Filters (the demo homework holds one of each status around today).
  await page.getByRole('button', { name: 'Graded (Archive)' }).click();
  await expect(page.locator('.tt-card', { hasText: 'Fractions test corrections' })).toBeVisible();
  await expect(edited).toHaveCount(0);
  await page.getByRole('button', { name: 'Past Due' }).click();
  await expect(page.locator('.tt-card', { hasText: 'Algebra worksheet' }).getByText('Due', { exact: true })).toBeVisible();
  await expect(edited).toHaveCount(0);
  await page.getByRole('button', { name: 'All Pending' }).click();
  await expect(edited).toBeVisible();
  await saveScreenshot(page, 'timetable-homework');

  // 002 §2: the class it is due at shows '!', which opens the details.
  await page.getByRole('tab', { name: 'Timetable', exact: true }).click();
  await openFullWeek(page);
  await page.getByRole('button', { name: 'Next Week' }).click();
  await day(page, 'Monday').getByRole('button', { name: 'Homework for Mathematics' }).click();
  const details = page.getByRole('dialog', { name: 'Homework for Mathematics' });
  await expect(details.getByText('E2E lab report v2')).toBeVisible();
  await expect(details.getByText('Graphs of linear equations.')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // Delete with its confirmation.
  await page.getByRole('tab', { name: 'Manage Homework' }).click();
  await edited.getByRole('button', { name: 'Delete E2E lab report v2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete homework' });
  await expect(confirm.getByText('Are you sure you want to delete this assignment?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('.tt-card', { hasText: 'E2E lab report v2' })).toHaveCount(0);
  await expect(page.getByTestId('stat-total')).toHaveText(String(total));
});

test('subscribes a calendar app through a private link, then turns it off', async ({ page, playwright, baseURL }) => {
  await logIn(page);
  await page.getByRole('tab', { name: 'Manage Homework' }).click();
  await page.getByRole('button', { name: 'Subscribe in a calendar app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to your homework' });
  await dialog.getByRole('button', { name: /^Make a (new )?link$/ }).click();
  const link = dialog.getByLabel('Your private link (shown only now)');
  await expect(link).toHaveValue(/\/timetable\/api\/feed\/[\w-]+\.ics$/);
  await saveScreenshot(page, 'timetable-calendar-link');

  // A calendar app has no session: a fresh client with no cookies reads the feed by the link alone.
  const feedPath = new URL(await link.inputValue()).pathname;
  const calendarApp = await playwright.request.newContext({ baseURL });
  const feed = await calendarApp.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`X-WR-CALNAME:Homework ${junior.studentId}`);

  await dialog.getByRole('button', { name: 'Turn link off' }).click();
  await expect(dialog.getByTestId('feed-status')).toHaveText('The private link is off. Calendars using it get no more updates.');
  expect((await calendarApp.get(feedPath)).status()).toBe(404);
  await calendarApp.dispose();
});

test('reads the Subject Summary', async ({ page }) => {
  await logIn(page);
  await page.getByRole('tab', { name: 'Subject Summary' }).click();
  // 002 §2: one entry per subject, 'subject name (code)'.
  const maths = page.locator('details', { hasText: 'Mathematics (ค21101)' });
  await maths.locator('summary').click();
  // Issue 10 item 21: the title is exactly 'subject name (code)'; how many entries is a badge beside it.
  await expect(maths.locator('summary').getByText('Mathematics (ค21101)', { exact: true })).toBeVisible();
  const entries = await maths.getByRole('listitem').count();
  expect(entries).toBeGreaterThan(0);
  await expect(maths.locator('summary')).toHaveText(`Mathematics (ค21101) ${entries} ${entries === 1 ? 'entry' : 'entries'}`);
  await expect(maths.getByText('Cancelled').first()).toBeVisible();
  const thai = page.locator('details', { hasText: 'Thai Language (ท21101)' });
  await thai.locator('summary').click();
  await expect(thai.getByText('Read chapter 4 before class')).toBeVisible();
  await saveScreenshot(page, 'timetable-summary');
});

test.describe('on a phone', () => {
  test.use(phone);
  test('shows the week and the homework manager at 390px', async ({ page }) => {
    await page.goto('/timetable');
    await expectNoSidewaysScroll(page);
    await logIn(page);
    await expectNoSidewaysScroll(page);
    // Issue 16 item 2: every tab shows its full label on screen (the strips wrap).
    for (const name of ['Timetable', 'Manage Homework', 'Subject Summary', "Today's Upcoming", "Today's Past", 'Full Week'])
      await expectWithinViewport(page, page.getByRole('tab', { name, exact: true }));
    await openFullWeek(page);
    await expectNoSidewaysScroll(page);
    // Classes are cards: the status of a Monday class is on screen without scrolling sideways.
    await expectWithinViewport(page, day(page, 'Monday').getByLabel('Status of Mathematics at 08:30'));
    await saveScreenshot(page, 'timetable-week-phone');
    await page.getByRole('tab', { name: 'Manage Homework' }).click();
    await expect(page.getByText('Left to Do')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // One long word (a pasted link, say) wraps inside its card: it widened the page to thousands of pixels.
    const longWord = 'https://classroom.example/assignment/'.padEnd(180, 'x');
    await page.getByRole('button', { name: 'Add Homework' }).click();
    const form = page.getByRole('dialog', { name: 'Add Homework' });
    await form.getByLabel('Title').fill(longWord);
    await form.getByLabel('Subject').selectOption({ label: 'Mathematics (ค21101)' });
    await form.getByLabel('Due date').fill(nextWeek);
    await form.getByLabel('Due time').fill('08:00');
    await form.getByLabel('Details').fill('D'.repeat(600));
    await form.getByRole('button', { name: 'Add Homework' }).click();
    await expect(form).toBeHidden();
    const card = page.locator('.tt-card', { hasText: longWord });
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinViewport(page, card);
    await saveScreenshot(page, 'timetable-homework-phone');
    // Later tests count the homework: this one goes again.
    await card.getByRole('button', { name: `Delete ${longWord}` }).click();
    await page.getByRole('dialog', { name: 'Delete homework' }).getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Subject Summary' }).click();
    await expectNoSidewaysScroll(page);
  });
});

test('homework keeps up: one-tap done, every overdue item done, weekly homework, today in Full Week (issue 16 item 5)', async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole('tab', { name: 'Manage Homework' }).click();
  const addHomework = async (title: string, dueDate: string) => {
    await page.getByRole('button', { name: 'Add Homework' }).click();
    const form = page.getByRole('dialog', { name: 'Add Homework' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Subject').selectOption({ label: 'Mathematics (ค21101)' });
    await form.getByLabel('Due date').fill(dueDate);
    await form.getByLabel('Due time').fill('08:00');
    await form.getByRole('button', { name: 'Add Homework' }).click();
    await expect(form).toBeHidden();
  };

  // One tap: the item is done and leaves the pending list.
  await addHomework('Tap to finish', nextWeek);
  const completed = Number(await page.getByTestId('stat-completed').textContent());
  await page.getByRole('button', { name: 'Mark Tap to finish done' }).click();
  await expect(page.getByTestId('stat-completed')).toHaveText(String(completed + 1));
  await expect(page.locator('.tt-card', { hasText: 'Tap to finish' })).toHaveCount(0);

  // Every overdue item at once.
  await addHomework('Forgot last week', addDays(thisWeek, -3));
  await page.getByRole('button', { name: 'Past Due' }).click();
  await expect(page.locator('.tt-card', { hasText: 'Forgot last week' })).toContainText('Due');
  await page.getByRole('button', { name: 'Mark all overdue done' }).click();
  await expect(page.getByText(/^Marked \d+ overdue items? done\.$/)).toBeVisible();
  await expect(page.locator('.tt-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all overdue done' })).toBeDisabled();

  // Weekly homework on a class, due when it starts.
  await page.getByRole('button', { name: 'All Pending' }).click();
  await page.getByRole('button', { name: 'Repeat weekly' }).click();
  const repeat = page.getByRole('dialog', { name: 'Repeat weekly' });
  await repeat.getByLabel('Title').fill('Weekly vocabulary quiz');
  await repeat.getByLabel('Weeks').fill('3');
  await saveScreenshot(page, 'timetable-repeat-weekly');
  await repeat.getByRole('button', { name: 'Add weekly homework' }).click();
  await expect(page.getByText('Added 3 weekly items.', { exact: true })).toBeVisible();
  await expect(page.locator('.tt-card', { hasText: 'Weekly vocabulary quiz' })).toHaveCount(3);

  // Today stands out in Full Week (a weekend day shows only when it has classes).
  await page.getByRole('tab', { name: 'Timetable', exact: true }).click();
  await openFullWeek(page);
  const todayIso = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE.timeZone }).format(new Date());
  const weekday = new Date(`${todayIso}T00:00:00Z`).getUTCDay();
  await expect(page.locator('section.tt-day[data-today]')).toHaveCount(weekday >= 1 && weekday <= 5 ? 1 : 0);
  await saveScreenshot(page, 'timetable-week-today');
});

test('an empty timetable explains the import and offers a sample CSV (issue 16 item 5)', async ({ page }) => {
  const lead = demoSchoolAccount('lead');
  await page.goto('/timetable');
  await page.getByLabel('Student ID').fill(lead.studentId);
  await page.getByLabel('Password').fill(lead.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const empty = page.getByTestId('empty-timetable');
  await expect(empty).toContainText('Your timetable is empty');
  const download = page.waitForEvent('download');
  await empty.getByRole('link', { name: 'Download a sample CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('timetable-sample.csv');
  await saveScreenshot(page, 'timetable-empty');
});
