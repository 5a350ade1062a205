import type { Page } from '@playwright/test';
import { demoPerson, type DemoPerson } from '@guildhall/testkit';
import { demoQuestions, demoRoles } from '@guildhall/testkit/recruitment-demo';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';

// 000: the staff recruitment portal at /recruitment, through the REAL Discord OAuth code path
// (our /recruitment/api/login -> the fake Discord's consent page -> back with code + state).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const [textQuestion, choiceQuestion, fileQuestion] = demoQuestions;

/** 000 §2 Login screen -> 'Login with Discord' -> Discord authorize -> back at /recruitment. */
async function logInThroughDiscord(page: Page, key: DemoPerson['key']): Promise<DemoPerson> {
  const person = demoPerson(key);
  await page.goto('/recruitment');
  await page.getByRole('link', { name: 'Login with Discord' }).click();
  // 000 §2: the authorize request carries the client id, a redirect to the backend's login
  // endpoint, response type code and scope identify.
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe('fake-client-id');
  expect(new URL(authorize.searchParams.get('redirect_uri')!).pathname).toBe('/recruitment/api/login');
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('scope')).toBe('identify');
  await page.getByRole('link', { name: `Authorize as ${person.discord.username}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/recruitment');
  return person;
}

test.describe.serial('Staff recruitment portal (000)', () => {
  test('the login screen shows the title, Open, the period and the requirement', async ({ page }) => {
    await page.goto('/recruitment');
    await expect(page.getByRole('heading', { level: 1, name: 'Railway Staff Recruitment' })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByText('Now – Indefinite')).toBeVisible();
    await expect(page.getByText('You must be a verified member in our database to log in and apply.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await saveScreenshot(page, 'recruitment-login-desktop');
    await page.setViewportSize(phone.viewport);
    await saveScreenshot(page, 'recruitment-login-phone');
  });

  test('cancelling on Discord’s consent page comes back to the login screen with a message', async ({ page }) => {
    await page.goto('/recruitment');
    await page.getByRole('link', { name: 'Login with Discord' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/recruitment' && url.searchParams.get('login') === 'cancelled');
    await expect(page.getByRole('heading', { name: 'Discord sign-in was cancelled.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toBeVisible();
    expect(await (await page.request.get('/recruitment/api/user')).json()).toEqual({ user: null });
    await saveScreenshot(page, 'recruitment-login-cancelled');
  });

  test('an unverified user gets the Verification Required modal and is logged out', async ({ page }) => {
    await logInThroughDiscord(page, 'unverified');
    const modal = page.getByRole('dialog', { name: 'Verification Required' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText("not verified in the community's database");
    await expect(page.locator('.recruitment__bar').getByRole('button', { name: 'Logout' })).toHaveCount(0);
    // 000 §2: no way out but the modal's; the shell's own sign-out is hidden on this tool.
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await saveScreenshot(page, 'recruitment-unverified-modal');
    await modal.getByRole('button', { name: 'Acknowledge & Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toBeVisible();
    expect(await (await page.request.get('/recruitment/api/user')).json()).toEqual({ user: null });
  });

  test('a verified applicant submits with a text, a multiple-choice and a file question, then sees the status view', async ({ page }) => {
    const person = await logInThroughDiscord(page, 'member');
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Application' })).toBeVisible();
    await expect(page.getByText(`Applying as ${person.discord.username}`)).toBeVisible();
    await expect(page.getByText('Verified User')).toBeVisible();
    // One logout, the spec's own at the top right (000 §2), not a second one in the shell's header.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

    const role = page.getByLabel('Role');
    await expect(role.locator('option').first()).toHaveText('Choose...');
    await role.selectOption({ label: demoRoles[0]!.name });
    await page.getByLabel(textQuestion!.text).fill('I have run the timetable office for years and love helping new drivers.');
    await page.getByLabel(choiceQuestion!.text).selectOption('More than 10');
    // 000 §4 three states: hold the real upload back a moment to see 'Uploading...' with the input disabled.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/recruitment/api/upload-file', async (route) => {
      await held;
      await route.continue();
    });
    const fileInput = page.getByLabel(fileQuestion!.text);
    await fileInput.setInputFiles({ name: 'my cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Uploading...')).toBeVisible();
    await expect(fileInput).toBeDisabled();
    // 000 §5: still required while uploading, so Submit waits (and nothing is sent).
    let submits = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/recruitment/api/submit')) submits += 1;
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Please wait until your file has finished uploading.', { exact: true })).toBeVisible();
    expect(submits).toBe(0);
    release();
    await expect(page.getByText('Upload complete.')).toBeVisible();
    await page.unroute('**/recruitment/api/upload-file');
    const viewFile = page.getByRole('link', { name: 'View file' });
    await expect(viewFile).toHaveAttribute('href', /^\/recruitment\/api\/uploads\/[0-9a-f-]{36}\/my%20cv\.pdf$/);
    await saveScreenshot(page, 'recruitment-form-filled');

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application Status' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Global Process Status' })).toBeVisible();
    await expect(page.getByText('Interviews for the spring intake start on Monday.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('stage-box')).toHaveText('Application Received');
    await expect(page.getByText('Feedback from our team:')).toHaveCount(0);
    await saveScreenshot(page, 'recruitment-status-pending');
  });

  test('a refused upload is reported in the words of 000 §8 and the question stays required', async ({ page }) => {
    await logInThroughDiscord(page, 'banned');
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Application' })).toBeVisible();
    const fileInput = page.getByLabel(fileQuestion!.text);
    await fileInput.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]),
    });
    await expect(page.getByText(/^Upload Failed: Upload failed: .*not accepted\. Allowed: PDF/)).toBeVisible();
    await expect(page.getByText('Upload complete.')).toHaveCount(0);
    await expect(fileInput).toHaveAttribute('required', '');
    await saveScreenshot(page, 'recruitment-upload-refused');
  });

  test('an admin sets feedback, moves the application to Accepted, and the feedback locks', async ({ page }) => {
    await logInThroughDiscord(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const member = demoPerson('member');
    const card = page.getByRole('article', { name: member.discord.username });
    await expect(card).toBeVisible();
    await expect(card.getByText(textQuestion!.text)).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Uploaded File' })).toBeVisible();
    const fileHref = await card.getByRole('link', { name: 'View Uploaded File' }).getAttribute('href');
    const file = await page.request.get(fileHref!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment/);

    const feedback = card.getByPlaceholder('Provide feedback...');
    await feedback.fill('Great answers. Welcome to the dispatch team!');
    await card.getByRole('button', { name: 'Save Feedback' }).click();
    await expect(page.getByText('Feedback saved.', { exact: true })).toBeVisible();

    await card.getByLabel(`Change stage of ${member.discord.username}`).selectOption({ label: 'Accepted' });
    await expect(card.getByText('Accepted', { exact: true }).first()).toBeVisible();
    await expect(feedback).toHaveAttribute('readonly', '');
    await expect(card.getByRole('button', { name: 'Save Feedback' })).toHaveCount(0);
    await card.getByText('History (2)').click();
    await expect(card.getByText('moved the stage from Application Received to Accepted')).toBeVisible();
    await saveScreenshot(page, 'recruitment-admin-accepted');

    // Filters run on the server: Accepted shows this card only.
    await page.getByRole('button', { name: 'Accepted', exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(2);

    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Application Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manage Application Stages' })).toBeVisible();
    // 000 §2 dates, typed digit by digit: saved once (Enter, or leaving the field), never at the passing
    // dates a half-typed year makes (0002, 0020, 0209), which would close applications meanwhile.
    const dateSaves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/recruitment/api/settings/update')) dateSaves.push(request.postData() ?? '');
    });
    const endDate = page.getByLabel('End date');
    await endDate.focus();
    await endDate.pressSequentially('01012099');
    await endDate.press('Enter');
    await expect(page.getByText('01/01/2099', { exact: true })).toBeVisible();
    await expect.poll(() => dateSaves).toEqual([JSON.stringify({ key: 'applicationEndDate', value: '2099-01-01' })]);
    // A start after the end leaves no day open: said beside the dates, gone once they make sense again.
    const backwards = page.getByRole('heading', { name: 'The start date is after the end date' });
    await expect(backwards).toHaveCount(0);
    const startDate = page.getByLabel('Start date');
    await startDate.focus();
    await startDate.pressSequentially('02012099');
    await startDate.press('Enter');
    await expect(backwards).toBeVisible();
    await page.locator('.recruitment-date').nth(0).getByRole('button', { name: 'Set to N/A' }).click();
    await expect(backwards).toHaveCount(0);
    await expect.poll(() => dateSaves.length).toBe(3);
    await page.locator('.recruitment-date').nth(1).getByRole('button', { name: 'Set to N/A' }).click();
    await expect(page.locator('.recruitment-date').nth(1).getByText('N/A', { exact: true })).toBeVisible();
    await expect.poll(() => dateSaves.length).toBe(4);
    // 000 §5: a multiple-choice question with no choices left after trimming.
    await page.getByLabel('New question').fill('Preferred shift?');
    await page.getByLabel('Type').selectOption('multiple-choice');
    await page.getByLabel('Choices (comma-separated)').fill(' , ,');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await expect(page.getByText('Please provide comma-separated options.', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'recruitment-admin-settings');

    // Close applications for the last journey. The page shows it at once; the test waits for the server
    // to have kept it too, or the next test could open the portal before the save lands.
    const toggle = page.getByRole('switch');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/recruitment/api/settings/update') && (r.request().postData() ?? '').includes('"applicationsOpen"'),
    );
    await toggle.uncheck();
    await expect(page.getByText('Applications are Closed')).toBeVisible();
    expect((await saved).status()).toBe(200);
  });

  test('the applicant sees the decision and the feedback', async ({ page }) => {
    await logInThroughDiscord(page, 'member');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application Status' })).toBeVisible();
    await expect(page.getByTestId('stage-box')).toHaveText('Accepted');
    await expect(page.getByText('Feedback from our team:')).toBeVisible();
    await expect(page.getByText('Great answers. Welcome to the dispatch team!')).toBeVisible();
    await saveScreenshot(page, 'recruitment-status-accepted');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toBeVisible();
  });

  test('with applications closed, a verified member with no application sees Applications Closed', async ({ page }) => {
    await page.goto('/recruitment');
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    await expect(page.getByText('Now – Indefinite')).toHaveCount(0);
    await logInThroughDiscord(page, 'banned');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications Closed' })).toBeVisible();
    await expect(page.getByText('We are not currently accepting applications. Please check back later.')).toBeVisible();
    await saveScreenshot(page, 'recruitment-closed');
  });
});
