import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';

// Issue 15: booking inside LINE as good as Cal.com. The mini-app (@line/liff-mock, tokens verified by
// the server's fake LINE) on a 390 x 844 phone, and the staff settings page. Journeys use days within
// the mini-app's 14-day window, clear of appointments.spec.ts (its slots are 15+ days out).

test.use({ timezoneId: 'Asia/Bangkok', locale: 'en-GB' });
test.describe.configure({ mode: 'serial' });

const PICKER = { id: 'Ue2epicker000000000000000000000001', name: 'E2E Picker' };
const RACER = { id: 'Ue2eracer0000000000000000000000002', name: 'E2E Racer' };
const MOVER = { id: 'Ue2emover0000000000000000000000003', name: 'E2E Mover' };
const CLOSED_OUT = { id: 'Ue2eclosedout000000000000000000005', name: 'E2E Closed Out' };

const status = (page: Page) => page.locator('.appointment-app__status');
const READY = 'Please select a date, time, and add an optional topic.';
const SUCCESS = 'Appointment booked successfully! This window will close shortly.';

async function openApp(page: Page, user: { id: string; name: string }, extra = ''): Promise<void> {
  await page.goto(`/bureau/appointment?mock_user=${user.id}&mock_name=${encodeURIComponent(user.name)}${extra}`);
  await expect(status(page)).not.toHaveText('Initializing LIFF...');
}

/** The last open day in the picker (furthest ahead, so journeys do not meet the demo bookings). */
async function pickLastOpenDay(page: Page): Promise<string> {
  const day = page.getByRole('group', { name: 'Days' }).locator('button:not([disabled])').last();
  await day.click();
  return (await day.getAttribute('data-date'))!;
}

const times = (page: Page) => page.getByRole('group', { name: /^Free times on/ });

async function phonePage(browser: Browser, baseURL: string | undefined, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({
    ...phone,
    timezoneId: 'Asia/Bangkok',
    locale: 'en-GB',
    colorScheme,
    baseURL,
  });
  return context.newPage();
}

test.describe('the mini-app on a phone', () => {
  test.use(phone);

  test('item 1: picks a free time from buttons; a slot taken meanwhile is named and the list refreshes', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openApp(page, PICKER);
    await expect(status(page)).toHaveText(READY);
    // Pre-selected: some free time is pressed, and the 001 field holds it, on the slot grid.
    await expect(times(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    const field = page.getByLabel('Select Date and Time');
    await expect(field).toHaveAttribute('step', '1800');
    await expect(field).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:(00|30)$/);
    await saveScreenshot(page, 'appointments-slots-phone');

    const date = await pickLastOpenDay(page);
    const third = times(page).getByRole('button').nth(2);
    const label = (await third.textContent())!;
    await third.click();
    await expect(third).toHaveAttribute('aria-pressed', 'true');
    await expect(field).toHaveValue(`${date}T${label}`);

    // A rival on another phone has the same time selected.
    const rival = await browser.newContext({ ...phone, timezoneId: 'Asia/Bangkok', locale: 'en-GB', baseURL });
    const other = await rival.newPage();
    await openApp(other, RACER);
    await other.locator(`[data-date="${date}"]`).click();
    await times(other).getByRole('button', { name: label, exact: true }).click();

    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(status(page)).toHaveText(SUCCESS);

    await other.getByRole('button', { name: 'Book Now' }).click();
    await expect(status(other)).toContainText('This time slot has already been booked');
    await expect(status(other)).toContainText(label);
    await expect(status(other)).toHaveAttribute('data-tone', 'error');
    // The list refreshed: that time is gone and another one is offered.
    await expect(times(other).getByRole('button', { name: label, exact: true })).toHaveCount(0);
    await expect(other.getByLabel('Select Date and Time')).not.toHaveValue(`${date}T${label}`);
    await saveScreenshot(other, 'appointments-slot-taken-phone');
    await rival.close();

    const dark = await phonePage(browser, baseURL, 'dark');
    await openApp(dark, RACER);
    await expect(status(dark)).toHaveText(READY);
    await saveScreenshot(dark, 'appointments-slots-phone-dark');
    await dark.context().close();
  });

  test('item 2: the success screen shows the booking; reschedule (reschedule_id) and cancel from it; ?booking= opens it', async ({
    page,
  }) => {
    await openApp(page, MOVER);
    await expect(status(page)).toHaveText(READY);
    await pickLastOpenDay(page);
    await times(page).getByRole('button').first().click();
    await page.getByLabel('Topic (Optional)').fill('Passport renewal');
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(status(page)).toHaveText(SUCCESS);
    const card = page.getByRole('article').first();
    await expect(card).toContainText('Passport renewal');
    await saveScreenshot(page, 'appointments-success-booking-phone');

    await card.getByRole('link', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Appointment' })).toBeVisible();
    await expect(status(page)).toHaveText('Rescheduling: Please pick a new date and time.');
    await pickLastOpenDay(page);
    const second = times(page).getByRole('button').nth(1);
    const newTime = (await second.textContent())!;
    await second.click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/bureau/worker/create-appointment'));
    await page.getByRole('button', { name: 'Reschedule Now' }).click();
    const body = (await (await answered).json()) as { rescheduled: boolean; appointment: { id: number } };
    expect(body.rescheduled).toBe(true);
    await expect(status(page)).toHaveText(SUCCESS);
    await expect(page.getByRole('article').first()).toContainText(newTime);

    // Opened from the LINE message's link: the booking is highlighted in My appointments; cancel it there.
    await openApp(page, MOVER, `&booking=${body.appointment.id}`);
    const mine = page.getByRole('region', { name: 'My appointments' });
    const highlighted = mine.locator('article[aria-current="true"]');
    await expect(highlighted).toContainText('Passport renewal');
    await saveScreenshot(page, 'appointments-my-appointments-phone');
    await highlighted.getByRole('button', { name: 'Cancel' }).click();
    await highlighted.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(status(page)).toContainText('is cancelled.');
    await expect(highlighted).toContainText('Cancelled');
    await expect(highlighted.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
  });
});

test('item 3: staff set the rules; a holiday closes the day in the mini-app', async ({ page, browser, baseURL }) => {
  await signInWithDiscord(page, 'staff', '/bureau/appointments/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking rules' })).toBeVisible();
  const original = await (await page.request.get('/bureau/worker/staff/settings')).json();

  // A weekday 3-9 days ahead (Bangkok), inside the mini-app's window.
  const holiday = (() => {
    for (let d = 3; d < 10; d++) {
      const at = new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000);
      if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6) return at.toISOString().slice(0, 10);
    }
    throw new Error('no weekday');
  })();
  // Someone has booked that day before staff close it (decision 0055).
  const booker = await phonePage(browser, baseURL);
  await openApp(booker, CLOSED_OUT);
  await booker.locator(`[data-date="${holiday}"]`).click();
  await times(booker).getByRole('button').first().click();
  await booker.getByRole('button', { name: 'Book Now' }).click();
  await expect(status(booker)).toHaveText(SUCCESS);
  await booker.context().close();

  await page.getByRole('button', { name: 'Add holiday' }).click();
  await page.getByLabel('Holiday 1 date').fill(holiday);
  await page.getByLabel('Holiday 1 name').fill('E2E closure');
  await page.getByLabel('Seats per slot').fill('2');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('The new rules apply to bookings from now on.')).toBeVisible();
  // The save names the day it closed and the bookings left there (the demo's may be among them).
  const closedDay = page.getByRole('list', { name: 'Days now closed' }).getByRole('listitem');
  await expect(closedDay).toHaveCount(1);
  await expect(closedDay).toContainText(/ is now closed\. \d+ bookings? stays? booked: open the day in the calendar to cancel/);
  await saveScreenshot(page, 'appointments-settings-desktop');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'appointments-settings-desktop-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'appointments-settings-phone');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'appointments-settings-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  const app = await phonePage(browser, baseURL);
  await openApp(app, PICKER);
  await expect(app.locator(`[data-date="${holiday}"]`)).toBeDisabled();
  await expect(app.locator(`[data-date="${holiday}"]`)).toContainText('Closed');
  await app.context().close();

  // The link opens the calendar on that day, where staff cancel the booking left there.
  await closedDay.getByRole('link', { name: 'open the day in the calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/bureau/appointments\\?date=${holiday}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue(holiday);
  const row = page.getByRole('row').filter({ hasText: 'E2E Closed Out' });
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
  await dialog.getByLabel('Reason').fill('E2E closure');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('E2E closure');

  // Put the rules back for the other journeys sharing this server.
  const origin = new URL(page.url()).origin;
  const restored = await page.request.put('/bureau/worker/staff/settings', { data: original.settings, headers: { origin } });
  expect(restored.status()).toBe(200);
});

test('item 5: the staff calendar shows a new booking live, in day and week views; details, cancel with a reason, CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithDiscord(page, 'staff', '/bureau/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // A LINE user books on their phone while the page is open.
  const phoneApp = await phonePage(browser, baseURL);
  await openApp(phoneApp, { id: 'Ue2elive00000000000000000000000004', name: 'E2E Live' });
  const date = await pickLastOpenDay(phoneApp);
  await page.getByLabel('Day').fill(date);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('region', { name: /^Week of / });
  await expect(week).toBeVisible();
  await expect(week).not.toContainText('E2E Live');
  const time = (await times(phoneApp).getByRole('button').last().textContent())!;
  await times(phoneApp).getByRole('button').last().click();
  await phoneApp.getByRole('button', { name: 'Book Now' }).click();
  await expect(status(phoneApp)).toHaveText(SUCCESS);
  await phoneApp.context().close();

  // Live: no reload.
  const entry = week.getByRole('button', { name: new RegExp(`${time} E2E Live`) });
  await expect(entry).toBeVisible();
  await saveScreenshot(page, 'appointments-staff-week-desktop');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'appointments-staff-week-desktop-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await entry.click();
  const details = page.getByRole('dialog', { name: 'Appointment details' });
  await expect(details).toContainText('E2E Live');
  await details.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
  await dialog.getByLabel('Reason').fill('Office closed');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(week.getByRole('button', { name: new RegExp(`${time} E2E Live \\(cancelled\\)`) })).toBeVisible();

  // Day view of that date, and the CSV of the week.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'E2E Live' })).toContainText('Office closed');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(`,${date},${time},`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'appointments-staff-week-phone');
});

test('item 6: a full day has a waitlist; a freed slot is held for the first in line, who books it by the link', async ({
  page,
  browser,
  baseURL,
}) => {
  // Staff open one Saturday for a single 10:00 slot (a one-off change), so one booking fills it.
  await signInWithDiscord(page, 'staff', '/bureau/appointments/settings');
  const original = await (await page.request.get('/bureau/worker/staff/settings')).json();
  const saturday = (() => {
    for (let d = 2; d < 10; d++) {
      const at = new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000);
      if (at.getUTCDay() === 6) return at.toISOString().slice(0, 10);
    }
    throw new Error('no Saturday');
  })();
  const origin = new URL(page.url()).origin;
  const oneSlot = { ...original.settings, exceptions: [{ date: saturday, hours: { opens: '10:00', closes: '10:30', breaks: [] } }] };
  expect((await page.request.put('/bureau/worker/staff/settings', { data: oneSlot, headers: { origin } })).status()).toBe(200);

  try {
    const a = await phonePage(browser, baseURL);
    await openApp(a, { id: 'Ue2ewaitA000000000000000000000005', name: 'E2E Holder' });
    await a.locator(`[data-date="${saturday}"]`).click();
    await times(a).getByRole('button', { name: '10:00' }).click();
    const answered = a.waitForResponse((r) => r.url().endsWith('/bureau/worker/create-appointment'));
    await a.getByRole('button', { name: 'Book Now' }).click();
    const slot = ((await (await answered).json()) as { appointment: { datetime: string } }).appointment.datetime;
    await expect(status(a)).toHaveText(SUCCESS);

    const waiter = { id: 'Ue2ewaitB000000000000000000000006', name: 'E2E Waiter' };
    const b = await phonePage(browser, baseURL);
    await openApp(b, waiter);
    await b.locator(`[data-date="${saturday}"]`).click();
    await expect(b.getByText('This day is fully booked.')).toBeVisible();
    await b.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(b.getByText(/You are number 1 on the waitlist for this day/)).toBeVisible();
    await saveScreenshot(b, 'appointments-waitlist-phone');

    // The holder cancels: the slot is held for the waiter, so a third person still sees the day full.
    await a.getByRole('article').first().getByRole('button', { name: 'Cancel' }).click();
    await a.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(status(a)).toContainText('is cancelled.');
    const c = await phonePage(browser, baseURL);
    await openApp(c, { id: 'Ue2ewaitC000000000000000000000007', name: 'E2E Third' });
    await expect(c.locator(`[data-date="${saturday}"]`)).toContainText('Full');

    // The waiter follows the LINE message's link (?slot=) and books the held slot.
    await openApp(b, waiter, `&slot=${encodeURIComponent(slot)}`);
    await expect(b.getByLabel('Select Date and Time')).toHaveValue(`${saturday}T10:00`);
    await b.getByRole('button', { name: 'Book Now' }).click();
    await expect(status(b)).toHaveText(SUCCESS);
    for (const p of [a, b, c]) await p.context().close();
  } finally {
    expect((await page.request.put('/bureau/worker/staff/settings', { data: original.settings, headers: { origin } })).status()).toBe(200);
  }
});

test('item 4: a reminder staff set minutes ahead is pushed through the job queue with a link that opens the booking; a cancelled one is not', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  // The server's clock cannot be moved here, so staff open every day on a 5-minute grid without notice
  // and set a reminder a few minutes before a slot that starts soon: it falls due within two minutes.
  test.setTimeout(300_000);
  await signInWithDiscord(page, 'staff', '/bureau/appointments/settings');
  const original = await (await page.request.get('/bureau/worker/staff/settings')).json();
  const origin = new URL(page.url()).origin;
  const allDay = { opens: '00:00', closes: '24:00', breaks: [] };
  const soon = { ...original.settings, weekly: Array(7).fill(allDay), exceptions: [], slotMinutes: 5, minNoticeMinutes: 0, capacity: 2 };
  expect((await page.request.put('/bureau/worker/staff/settings', { data: soon, headers: { origin } })).status()).toBe(200);

  try {
    // The first time at least 3 minutes away with both seats free; the reminder is due 1-2 minutes from now.
    const availability = (await (await page.request.get('/bureau/worker/availability?days=2')).json()) as {
      days: Array<{ date: string; slots: Array<{ start: string; free: number }> }>;
    };
    const now = Date.now();
    const slot = availability.days
      .flatMap((d) => d.slots.map((s) => ({ date: d.date, at: Date.parse(s.start), free: s.free })))
      .find((s) => s.free === 2 && s.at - now >= 3 * 60_000)!;
    const minutesBefore = Math.floor((slot.at - now) / 60_000 - 1);
    const label = new Date(slot.at + 7 * 3_600_000).toISOString().slice(11, 16); // Bangkok, UTC+7

    // Staff set that reminder on the settings page.
    await page.reload();
    const reminders = page.getByLabel('Reminders (minutes before)');
    await reminders.fill(String(minutesBefore));
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('The new rules apply to bookings from now on.')).toBeVisible();
    await saveScreenshot(page, 'appointments-settings-reminders-desktop');

    // Two LINE users book that time on their phones; the second cancels.
    const bookAt = async (user: { id: string; name: string }) => {
      const app = await phonePage(browser, baseURL);
      await openApp(app, user);
      await app.locator(`[data-date="${slot.date}"]`).click();
      await times(app).getByRole('button', { name: label, exact: true }).click();
      const answered = app.waitForResponse((r) => r.url().endsWith('/bureau/worker/create-appointment'));
      await app.getByRole('button', { name: 'Book Now' }).click();
      const id = ((await (await answered).json()) as { appointment: { id: number } }).appointment.id;
      await expect(status(app)).toHaveText(SUCCESS);
      return { app, id };
    };
    const kept = { id: 'Ue2eremind00000000000000000000008', name: 'E2E Reminded' };
    const dropped = { id: 'Ue2eremind00000000000000000000009', name: 'E2E Cancelled' };
    const keptBooking = await bookAt(kept);
    const droppedBooking = await bookAt(dropped);
    await droppedBooking.app.getByRole('article').first().getByRole('button', { name: 'Cancel' }).click();
    await droppedBooking.app.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(status(droppedBooking.app)).toContainText('is cancelled.');
    await droppedBooking.app.context().close();
    await keptBooking.app.context().close();

    // The durable job falls due and LINE (the fake) receives the push.
    const reminderTo = (to: string) => stack.line.pushes.filter((p) => p.to === to && p.messages[0]?.text?.startsWith('Reminder:'));
    await expect.poll(() => reminderTo(kept.id).length, { timeout: 200_000, intervals: [2_000] }).toBe(1);
    const text = reminderTo(kept.id)[0]!.messages[0]!.text!;
    expect(text).toContain(`Reminder: your appointment is in ${minutesBefore === 1 ? '1 minute' : `${minutesBefore} minutes`}`);
    expect(text).toContain(label);
    const link = /See or change it: (\S+)/.exec(text)![1]!;
    expect(link).toBe(`${baseURL}/bureau/appointment?booking=${keptBooking.id}`);
    // Both jobs fell due together; a few polls later the cancelled booking still got none.
    await page.waitForTimeout(5_000);
    expect(reminderTo(dropped.id)).toEqual([]);

    // The link opens the booking in the mini-app (LINE supplies the user; the mock takes it from the query).
    const phoneApp = await phonePage(browser, baseURL);
    await phoneApp.goto(`${link}&mock_user=${kept.id}&mock_name=${encodeURIComponent(kept.name)}`);
    const highlighted = phoneApp.getByRole('region', { name: 'My appointments' }).locator('article[aria-current="true"]');
    await expect(highlighted).toContainText(label);
    await expect(highlighted).toBeInViewport();
    await expect(highlighted.getByRole('link', { name: 'Reschedule' })).toBeVisible();
    await saveScreenshot(phoneApp, 'appointments-reminder-link-phone');
    await phoneApp.context().close();
  } finally {
    expect((await page.request.put('/bureau/worker/staff/settings', { data: original.settings, headers: { origin } })).status()).toBe(200);
  }
});
