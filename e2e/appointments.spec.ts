import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';

// 001 §2 "Appointment mini-app", §4 flow, §5 checks, §8 errors: the LINE mini-app at
// /bureau/appointment, run with @line/liff-mock (the server verifies the mock's ID tokens against its
// in-process fake LINE), and the staff view at /bureau/appointments.

test.use({ timezoneId: 'Asia/Bangkok', locale: 'en-GB' });

const BOOKER = { id: 'Ue2ebooker0000000000000000000001', name: 'E2E Booker' };
const RIVAL = { id: 'Ue2erival00000000000000000000002', name: 'E2E Rival' };

/** 'YYYY-MM-DDTHH:MM' (Bangkok) of the Monday `weeks` weeks after next, at hh:mm: clear of the demo bookings. */
function slotLocal(hhmm: string, weeks = 2): string {
  const bangkokNow = new Date(Date.now() + 7 * 3_600_000);
  const day = bangkokNow.getUTCDay();
  const monday = new Date(
    Date.UTC(bangkokNow.getUTCFullYear(), bangkokNow.getUTCMonth(), bangkokNow.getUTCDate() + ((8 - day) % 7 || 7) + 7 * weeks),
  );
  return `${monday.toISOString().slice(0, 10)}T${hhmm}`;
}

function openApp(page: Page, user: { id: string; name: string }, extra = ''): Promise<unknown> {
  return page.goto(`/bureau/appointment?mock_user=${user.id}&mock_name=${encodeURIComponent(user.name)}${extra}`);
}

const status = (page: Page) => page.locator('.appointment-app__status');

async function submitSlot(page: Page, local: string, topic = ''): Promise<void> {
  await page.getByLabel('Select Date and Time').fill(local);
  if (topic) await page.getByLabel('Topic (Optional)').fill(topic);
  await page.getByRole('button', { name: /Book Now|Reschedule Now/ }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('the LINE mini-app on a phone', () => {
  test.use(phone);
  let bookedId = 0;

  test('books an appointment and shows the success state', async ({ page }) => {
    const registered = page.waitForResponse((r) => r.url().endsWith('/bureau/worker/register-user'));
    await openApp(page, BOOKER);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    expect((await registered).status()).toBe(200);
    // 001 §4: the default is the next full hour, moved to the first free slot from then (issue 15 item 1).
    await expect(page.getByLabel('Select Date and Time')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:(00|30)$/);
    await expect(page.getByLabel('Topic (Optional)')).toHaveAttribute('placeholder', 'e.g., Project Discussion');
    await saveScreenshot(page, 'appointments-ready-phone');

    const answered = page.waitForResponse((r) => r.url().endsWith('/bureau/worker/create-appointment'));
    await submitSlot(page, slotLocal('10:00'), '  Passport renewal  ');
    const response = await answered;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { appointment: { id: number; topic: string | null } };
    expect(body.appointment.topic).toBe('Passport renewal');
    bookedId = body.appointment.id;
    await expect(status(page)).toHaveText('Appointment booked successfully! This window will close shortly.');
    await expect(status(page)).toHaveAttribute('data-tone', 'success');
    await expect(page.getByLabel('Select Date and Time')).toHaveCount(0);
    await saveScreenshot(page, 'appointments-success-phone');
  });

  test('refuses a past time on the page, keeping the form usable', async ({ page }) => {
    await openApp(page, BOOKER);
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    await submitSlot(page, '2020-01-06T10:00');
    await expect(status(page)).toHaveText('Please select a date and time in the future.');
    await expect(status(page)).toHaveAttribute('data-tone', 'error');
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  test('shows the server error for a slot someone else has taken', async ({ page }) => {
    await openApp(page, RIVAL);
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    await submitSlot(page, slotLocal('10:00'));
    // Issue 15 item 1: the 409 names the slot.
    await expect(status(page)).toHaveText(
      /^This time slot has already been booked: .* 10:00 \(Asia\/Bangkok time\)\. Please choose another time\.$/,
    );
    await expect(status(page)).toHaveAttribute('data-tone', 'error');
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    await saveScreenshot(page, 'appointments-taken-phone');
    // The page then offers the next free slot in the field; wait for it, or it could overwrite the next fill.
    await expect(page.getByLabel('Select Date and Time')).not.toHaveValue(slotLocal('10:00'));
    // Outside opening hours: the server's sentence, as 001 §8 says.
    await submitSlot(page, slotLocal('20:00'));
    await expect(status(page)).toContainText('Monday to Friday, 09:00-17:00 (Asia/Bangkok time)');
  });

  test('reschedules with ?reschedule_id=', async ({ page }) => {
    expect(bookedId).toBeGreaterThan(0);
    await openApp(page, BOOKER, `&reschedule_id=${bookedId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Appointment' })).toBeVisible();
    await expect(status(page)).toHaveText('Rescheduling: Please pick a new date and time.');
    await expect(page.getByRole('button', { name: 'Reschedule Now' })).toBeVisible();
    const answered = page.waitForResponse((r) => r.url().endsWith('/bureau/worker/create-appointment'));
    await submitSlot(page, slotLocal('11:30'));
    const body = (await (await answered).json()) as { rescheduled: boolean; appointment: { id: number; topic: string } };
    expect(body).toMatchObject({ rescheduled: true, appointment: { id: bookedId, topic: 'Passport renewal' } });
    await expect(status(page)).toHaveText('Appointment booked successfully! This window will close shortly.');
    // The old slot is free again: the rival can have it now.
    await openApp(page, RIVAL);
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    await submitSlot(page, slotLocal('10:00'), 'Taking the freed slot');
    await expect(status(page)).toHaveText('Appointment booked successfully! This window will close shortly.');
  });

  test('inside LINE the window closes 3 seconds after success', async ({ page }) => {
    await openApp(page, BOOKER, '&mock_in_client=1');
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    // The page notes when the success appears and when the window closes: a poll would notice the
    // success up to a second late on a loaded machine, and make the wait look shorter than it was.
    await page.evaluate(() => {
      const times = window as unknown as { shownAt?: number; closedAt?: number };
      new MutationObserver(() => {
        if (
          times.shownAt === undefined &&
          document.querySelector('.appointment-app__status')?.textContent?.startsWith('Appointment booked')
        ) {
          times.shownAt = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      window.addEventListener('liff-mock:close-window', () => {
        times.closedAt = Date.now();
      });
    });
    await submitSlot(page, slotLocal('14:00'));
    await expect(status(page)).toHaveText('Appointment booked successfully! This window will close shortly.');
    await page.waitForFunction(() => (window as unknown as { closedAt?: number }).closedAt !== undefined, undefined, { timeout: 10_000 });
    const { shownAt, closedAt } = await page.evaluate(() => {
      const times = window as unknown as { shownAt: number; closedAt: number };
      return { shownAt: times.shownAt, closedAt: times.closedAt };
    });
    expect(closedAt - shownAt).toBeGreaterThan(2500);
  });

  test("001 §8 wording: no error field reads 'HTTP error! status: N'; a failed start reads 'Error: ' + message", async ({ page }) => {
    await page.route('**/bureau/worker/create-appointment', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await openApp(page, BOOKER);
    await expect(status(page)).toHaveText('Please select a date, time, and add an optional topic.');
    await submitSlot(page, slotLocal('15:00'));
    await expect(status(page)).toHaveText('HTTP error! status: 502');
    await expect(status(page)).toHaveAttribute('data-tone', 'error');
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();

    await page.route('**/bureau/worker/config', (route) =>
      route.fulfill({ status: 503, json: { error: 'The booking service is starting.' } }),
    );
    await openApp(page, BOOKER);
    await expect(status(page)).toHaveText('Error: The booking service is starting.');
    await expect(status(page)).toHaveAttribute('data-tone', 'error');
  });

  test('a visitor who is not logged in is sent to LINE login', async ({ page }) => {
    await openApp(page, BOOKER, '&mock_logged_out=1');
    await expect(status(page)).toHaveText('Redirecting to LINE login...');
    await expect(page.getByText('Loading...')).toBeVisible();
  });
});

test('the staff view lists a day and cancels with a reason', async ({ page }) => {
  await signInWithDiscord(page, 'staff', '/bureau/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await page.getByLabel('Day').fill(slotLocal('10:00').slice(0, 10));
  const table = page.getByRole('table');
  const moved = table.getByRole('row').filter({ hasText: 'E2E Booker' }).filter({ hasText: '11:30' });
  await expect(moved).toContainText('Passport renewal');
  await expect(table.getByRole('row').filter({ hasText: 'E2E Rival' })).toContainText('10:00');
  await saveScreenshot(page, 'appointments-staff-desktop');

  await moved.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
  await expect(dialog.getByRole('button', { name: 'Cancel appointment' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Officer on leave');
  await saveScreenshot(page, 'appointments-staff-cancel-desktop');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(moved).toContainText('Cancelled');
  await expect(moved).toContainText('Officer on leave');
  await expect(moved.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('a visitor without the staff grant cannot see bookings', async ({ page }) => {
  await signInWithDiscord(page, 'member', '/bureau/appointments');
  await expect(page.getByRole('heading', { name: 'Bureau staff only' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the mini-app routes of 001 §2 map onto Guildhall', async ({ page }) => {
  for (const path of ['/bureau/application', '/bureau/time', '/bureau/oldregis']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not available' })).toBeVisible();
  }
  await page.goto('/bureau');
  await page.waitForURL('**/bureau/application');
  await expect(page.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
  await saveScreenshot(page, 'appointments-not-available-desktop');
  await page.goto('/bureau/registration');
  await page.waitForURL('**/bureau/records');
});
