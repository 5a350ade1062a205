import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { demoSchoolAccount, type DemoSchoolAccount } from '@guildhall/testkit/school-demo';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot, screenshotDir } from './support/screenshots';
import { nextSovietAlert, recordSovietStages, sovietStages } from './support/soviet-screens';

// 002 sports hub journeys against the real server, with the demo school accounts and demo sports
// seeded on start (packages/testkit/src/school-demo.ts, sports-demo.ts).

test.describe.configure({ mode: 'serial' });

async function logIn(page: Page, key: DemoSchoolAccount['key']): Promise<DemoSchoolAccount> {
  const account = demoSchoolAccount(key);
  await page.goto('/sports');
  await page.getByLabel('Student ID').fill(account.studentId);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('info-bar')).toContainText(account.studentId);
  return account;
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'UTC' });
  return context.newPage();
}

const cardNames = (page: Page) => page.getByTestId('sport-card').getByRole('heading', { level: 3 }).allTextContents();

test('login needs both fields; a wrong password is refused', async ({ page }) => {
  await page.goto('/sports');
  await expect(page.getByRole('heading', { level: 1, name: 'Sports Tryouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  // 002 §5: student ID and password are required.
  await expect(page.getByText('Student ID is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByRole('button', { name: /eligibility list/ }).click();
  await expect(page.getByRole('dialog', { name: 'Eligibility list' })).toContainText(
    'ม.ต้น Only: student IDs starting with 6896, 6796, 6696',
  );
  await saveScreenshot(page, 'sports-eligibility-list');
  await page.keyboard.press('Escape');
  await page.getByLabel('Student ID').fill('68960001');
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Invalid student ID or password.');
  await saveScreenshot(page, 'sports-login-error');
});

test('a junior and a senior each see the sports of their level (002 §5, §9)', async ({ page, browser, baseURL }) => {
  const junior = await logIn(page, 'junior');
  const bar = page.getByTestId('info-bar');
  await expect(bar).toContainText(junior.email);
  await expect(bar).toContainText('ม.ต้น');
  await expect(bar).toContainText('Student');
  await expect.poll(() => cardNames(page)).toEqual(['Badminton', 'Basketball (Junior)', 'Football', 'ตะกร้อ (Sepak Takraw)']);
  const basketball = page.getByTestId('sport-card').filter({ hasText: 'Basketball (Junior)' });
  await expect(basketball).toContainText('ม.ต้น Only');
  await expect(basketball).toContainText('Spots Open');
  await expect(page.getByTestId('sport-card').filter({ hasText: 'Football' })).toContainText('Open to All');
  await saveScreenshot(page, 'sports-junior-dashboard');

  const seniorPage = await newPage(browser, baseURL!);
  await logIn(seniorPage, 'senior');
  await expect(seniorPage.getByTestId('info-bar')).toContainText('ม.ปลาย');
  await expect.poll(() => cardNames(seniorPage)).toEqual(['Badminton', 'Football', 'Volleyball (Senior)', 'ตะกร้อ (Sepak Takraw)']);
  await expect(seniorPage.getByTestId('sport-card').filter({ hasText: 'Volleyball (Senior)' })).toContainText('ม.ปลาย Only');
  await seniorPage.context().close();
});

test('register, see pending, withdraw (002 §4, §5 texts)', async ({ page }) => {
  await logIn(page, 'junior');
  await page.getByRole('button', { name: 'Register for Basketball (Junior)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm registration' });
  await expect(confirm).toContainText('Are you sure you want to register for tryouts for Basketball (Junior)?');
  await saveScreenshot(page, 'sports-confirm-registration');
  await confirm.getByRole('button', { name: 'Register' }).click();
  const status = page.getByTestId('registration-status');
  await expect(status).toContainText('Your registration: Basketball (Junior)');
  await expect(status).toContainText('Pending Selection');
  // One sport only: the cards offer no more Register buttons.
  await expect(page.getByRole('button', { name: /^Register for/ })).toHaveCount(0);
  await expect(page.getByTestId('sport-card').filter({ hasText: 'Basketball (Junior)' })).toContainText('1 student');
  await saveScreenshot(page, 'sports-pending');

  await status.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await expect(withdraw).toContainText(
    'Are you sure you want to withdraw your registration for Basketball (Junior)? This action cannot be undone.',
  );
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('registration-status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Register for Basketball (Junior)' })).toBeEnabled();
});

test('a lead sets selected, reserve and not_selected, and the student sees each (002 §4)', async ({ page, browser, baseURL }) => {
  await logIn(page, 'senior');
  await page.getByRole('button', { name: 'Register for Volleyball (Senior)' }).click();
  await page.getByRole('dialog', { name: 'Confirm registration' }).getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('registration-status')).toContainText('Pending Selection');

  const lead = await newPage(browser, baseURL!);
  await logIn(lead, 'lead');
  await expect(lead.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(lead.getByTestId('info-bar')).toContainText('Sports Lead');
  await lead.getByLabel('Sport', { exact: true }).selectOption({ label: 'Volleyball (Senior)' });
  const row = lead.getByRole('row').filter({ hasText: '68980002' });
  await expect(row).toContainText('malee.s@school.example');
  await saveScreenshot(lead, 'sports-admin-panel');

  for (const [status, label, studentSees] of [
    ['selected', 'Main Player', 'Main Player'],
    ['reserve', 'Reserve Player', 'Reserve Player'],
    ['not_selected', 'Not Selected', 'You were not selected for the team this time.'],
  ] as const) {
    await row.getByLabel('Status of 68980002').selectOption(status);
    const confirm = lead.getByRole('dialog', { name: 'Change status' });
    await expect(confirm).toContainText(`Are you sure you want to change this player's status to "${label}"?`);
    if (status === 'selected') await saveScreenshot(lead, 'sports-admin-confirm-status');
    const sent = lead.waitForRequest((r) => r.url().endsWith('/sports/api/admin/update-registration-status'));
    await confirm.getByRole('button', { name: 'Change status' }).click();
    // Issue 10 item 10: the change names the student the lead saw, so a stale row cannot change another.
    expect((await sent).postDataJSON()).toMatchObject({ status, student_id: '68980002' });
    await expect(confirm).toBeHidden();
    await expect(row.getByLabel('Status of 68980002')).toHaveValue(status);
    await page.reload();
    await expect(page.getByTestId('registration-status')).toContainText(studentSees);
    if (status === 'selected') {
      await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
      await saveScreenshot(page, 'sports-main-player');
    }
  }
  // not_selected frees the student to register for another sport while open.
  await expect(page.getByRole('button', { name: 'Register for Football' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Register for Volleyball (Senior)' })).toBeDisabled();
  await saveScreenshot(page, 'sports-not-selected');

  // CSV export of the same table.
  const download = lead.waitForEvent('download');
  await lead.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('68980002,malee.s@school.example');
  expect(csv).toContain('not_selected,Not Selected');
  await lead.context().close();
});

test('closed registration: students without an active registration see the notice (002 §6)', async ({ page, browser, baseURL }) => {
  const lead = await newPage(browser, baseURL!);
  await logIn(lead, 'developer');
  await expect(lead.getByTestId('info-bar')).toContainText('Developer');
  await lead.getByRole('button', { name: 'Close registration' }).click();
  await expect(lead.getByText('Registration is closed.')).toBeVisible();

  await logIn(page, 'ineligible');
  await expect(page.getByText('Registration is currently closed.')).toBeVisible();
  await expect(page.getByTestId('sport-card')).toHaveCount(0);
  await saveScreenshot(page, 'sports-closed');

  // The server refuses too, whatever the page shows (same-origin header: the page's cookie rides along).
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const refused = await page.request.post('/sports/api/register-sport', {
    headers: { authorization: `Bearer ${token}`, origin: baseURL! },
    data: { sport_id: 1 },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'Registration is currently closed.', code: 'sports.registration_closed' });

  await lead.getByRole('button', { name: 'Open registration' }).click();
  await expect(lead.getByText('Registration is open.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Register for Football' })).toBeVisible();
  // 12340003 has no level: Open to All sports only.
  await expect.poll(() => cardNames(page)).toEqual(['Badminton', 'Football', 'ตะกร้อ (Sepak Takraw)']);
  await lead.context().close();
});

test('a failure loading the data logs the user out (002 §6)', async ({ page }) => {
  await logIn(page, 'junior');
  await page.evaluate(() => localStorage.setItem('authToken', 'no-longer-valid'));
  await page.reload();
  // The sports list, the registration and the settings load side by side; whichever fails first
  // logs the user out, so the sentence may or may not carry the 'Failed to load sports list: ' prefix.
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText(
    /(Failed to load sports list: )?Please log in with your student ID first\./,
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Student ID')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('the printed list is a vector A4 PDF with correct Thai (ARCHITECTURE.md §7)', async ({ page, browser, baseURL }) => {
  // Put someone on the Thai-named sport first.
  const student = await newPage(browser, baseURL!);
  await logIn(student, 'junior');
  await student.getByRole('button', { name: 'Register for ตะกร้อ (Sepak Takraw)' }).click();
  await student.getByRole('dialog', { name: 'Confirm registration' }).getByRole('button', { name: 'Register' }).click();
  await expect(student.getByTestId('registration-status')).toContainText('ตะกร้อ (Sepak Takraw)');
  await student.context().close();

  await logIn(page, 'lead');
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'ตะกร้อ (Sepak Takraw)' });
  await expect(page.getByRole('row').filter({ hasText: '68960001' })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print list' }).click();
  const pdfTab = await popup;
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  const sportId = await page.getByLabel('Sport', { exact: true }).inputValue();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.get(`/sports/api/admin/sport-registrations.pdf?sportId=${sportId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sports-print-'));
  const pdf = path.join(dir, 'list.pdf');
  fs.writeFileSync(pdf, await response.body());
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('ตะกร้อ (Sepak Takraw)');
  expect(text).toContain('68960001');
  // The admin table and the printed list both show the school's zone (SCHOOL_TIME_ZONE), whatever the
  // browser's own zone (UTC here, Bangkok on the server).
  const printedDate = /68960001\s+\S+\s+(\d{1,2} \w{3} \d{4}, \d\d:\d\d)/.exec(text)?.[1];
  expect(printedDate).toBeTruthy();
  await expect(page.getByRole('row').filter({ hasText: '68960001' })).toContainText(printedDate!);
  expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/\(A4\)/);
  // Rendered to PNG for a person to look at.
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(screenshotDir, 'sports-print-list')]);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the Soviet sequence, with a fast clock (002 §4, §9)', async ({ page }) => {
  await page.goto('/sports?timeScale=10');
  await recordSovietStages(page);
  // The toggle replaces the whole screen, so click (check() would wait to see it checked).
  await page.getByLabel('Soviet mode ☭').click();
  const soviet = page.getByTestId('soviet');
  await expect(soviet).toHaveAttribute('data-stage', 'login');
  const stages = await sovietStages(page);
  expect(stages.map((s) => s.stage)).toEqual(['bootText', 'bootLogo', 'login']);
  expect(stages[0]!.text).toContain('ELEKTRONIKA BIOS');
  expect(stages[1]!.text).toContain('SovietOS');
  await saveScreenshot(page, 'sports-soviet-login');

  await page.getByLabel('Password').fill('capitalism');
  const alertText = nextSovietAlert(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(await alertText).toBe('INCORRECT PASSWORD. TICKET TO GULAG HAS BEEN ISSUED.');
  await expect(soviet).toHaveAttribute('data-stage', 'login');

  await page.getByLabel('Password').fill(demoSchoolAccount('soviet').password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(soviet).toHaveAttribute('data-stage', 'desktop');
  // The welcome (500 ms at 10x) and the progress bar came between, as the page recorded them.
  const loggedIn = (await sovietStages(page)).map((s) => s.stage);
  expect(loggedIn.slice(loggedIn.lastIndexOf('login'))).toEqual(['login', 'welcome', 'progress', 'desktop']);
  expect(await page.evaluate(() => sessionStorage.getItem('sovietSession'))).toBe('true');

  // Icons by role: the fixed account is a student.
  const desktop = page.getByRole('list', { name: 'Desktop' });
  await expect(desktop.getByRole('button')).toHaveText(['My Computer', 'Register Sport']);
  await expect(page.getByTestId('taskbar-clock')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await desktop.getByRole('button', { name: /Register Sport/ }).dblclick();
  const win = page.getByTestId('window-register');
  await expect(win.getByRole('heading', { name: 'Tryout registration' })).toBeVisible();
  await expect(win.getByRole('button', { name: 'Register for Basketball (Junior)' })).toBeVisible();

  // Drag the window by its title bar.
  const before = (await win.boundingBox())!;
  const bar = win.locator('.soviet-window__bar');
  const grip = (await bar.boundingBox())!;
  await page.mouse.move(grip.x + 60, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 260, grip.y + 120, { steps: 8 });
  await page.mouse.up();
  const after = (await win.boundingBox())!;
  expect(Math.round(after.x - before.x)).toBe(200);
  expect(Math.round(after.y - before.y)).toBeGreaterThan(100);
  await desktop.getByRole('button', { name: /My Computer/ }).dblclick();
  await expect(page.getByTestId('window-computer')).toContainText('68961917');
  await saveScreenshot(page, 'sports-soviet-desktop');

  // A reload keeps the desktop (sovietSession); Log off ends it.
  await page.reload();
  await expect(page.getByTestId('soviet')).toHaveAttribute('data-stage', 'desktop');
  await page.getByRole('button', { name: '☭ Start' }).click();
  await page.getByRole('menuitem', { name: 'Log off' }).click();
  await expect(page.getByLabel('Student ID')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('sovietSession'))).toBeNull();
});

test('the Soviet desktop shows a sports lead the Admin Panel icon, not Register Sport (002 §2)', async ({ page }) => {
  await logIn(page, 'lead');
  // A Soviet session (002 §3 sovietSession) of a lead: a reload lands on the desktop.
  await page.evaluate(() => sessionStorage.setItem('sovietSession', 'true'));
  await page.reload();
  await expect(page.getByTestId('soviet')).toHaveAttribute('data-stage', 'desktop');
  const desktop = page.getByRole('list', { name: 'Desktop' });
  await expect(desktop.getByRole('button')).toHaveText(['My Computer', 'Admin Panel']);
  await desktop.getByRole('button', { name: /Admin Panel/ }).dblclick();
  const win = page.getByTestId('window-admin');
  await expect(win.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(win.getByLabel('Sport', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '☭ Start' }).click();
  await page.getByRole('menuitem', { name: 'Log off' }).click();
  await expect(page.getByLabel('Student ID')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(phone);
  test('the dashboard reads on a 390px screen', async ({ page }) => {
    await page.goto('/sports');
    await expectNoSidewaysScroll(page);
    await logIn(page, 'senior');
    await expect(page.getByTestId('sport-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'sports-phone');
  });

  test('the Admin Panel and the Soviet desktop fit a 390px screen; windows open on it (issue 16 item 2)', async ({ page }) => {
    await logIn(page, 'lead');
    await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'Volleyball (Senior)' });
    await expect(page.getByRole('region', { name: 'Registrations for Volleyball (Senior)' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'sports-admin-phone');
    await page.evaluate(() => sessionStorage.setItem('sovietSession', 'true'));
    await page.reload();
    await expect(page.getByTestId('soviet')).toHaveAttribute('data-stage', 'desktop');
    const desktop = page.getByRole('list', { name: 'Desktop' });
    for (const [name, id] of [
      ['Admin Panel', 'admin'],
      ['My Computer', 'computer'],
    ] as const) {
      await desktop.getByRole('button', { name: new RegExp(name) }).dblclick();
      const box = (await page.getByTestId(`window-${id}`).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `sports-soviet-phone-${id}`);
      await page.getByRole('button', { name: `Close ${name}` }).click();
    }
  });
});

/** Issue 16 item 2: no page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

async function register(page: Page, sport: string) {
  await page.getByRole('button', { name: `Register for ${sport}` }).click();
  await page.getByRole('dialog', { name: 'Confirm registration' }).getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('registration-status')).toContainText(sport);
}

test('a team fills itself: bulk selection, the waiting list, over capacity, moving up (issue 16 item 3)', async ({
  page,
  browser,
  baseURL,
}) => {
  // Badminton has 2 spots (demo data). Two students register; a lead on a phone selects both at once.
  for (const key of ['ineligible', 'soviet'] as const) {
    const student = await newPage(browser, baseURL!);
    await logIn(student, key);
    await register(student, 'Badminton');
    await student.context().close();
  }
  const leadContext = await browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'UTC', ...phone });
  const lead = await leadContext.newPage();
  await logIn(lead, 'lead');
  await lead.getByLabel('Sport', { exact: true }).selectOption({ label: 'Badminton' });
  await expect(lead.getByLabel('Registrations by status')).toContainText('Pending Selection2');
  await lead.getByLabel('Choose every row listed').check();
  await lead.getByLabel('Set chosen to').selectOption('selected');
  await lead.getByRole('button', { name: 'Change 2 chosen' }).click();
  const confirm = lead.getByRole('dialog', { name: 'Change status' });
  await expect(confirm).toContainText('Are you sure you want to change 2 players\' status to "Main Player"?');
  await confirm.getByRole('button', { name: 'Change status' }).click();
  await expect(lead.getByLabel('Registrations by status')).toContainText('Main Player2 / 2');
  await expectNoSidewaysScroll(lead);
  await saveScreenshot(lead, 'sports-admin-bulk-phone');

  // The team is full: the next registration waits, and the student sees the place.
  await logIn(page, 'senior');
  await expect(page.getByTestId('sport-card').filter({ hasText: 'Badminton' })).toContainText('Main Team Full');
  await register(page, 'Badminton');
  await expect(page.getByTestId('waiting-position')).toContainText('Your place on the waiting list: 1.');
  await saveScreenshot(page, 'sports-waiting-list');

  // A third Main Player needs the lead's confirmation (the server's 409 sentence).
  await lead.reload();
  await lead.getByLabel('Sport', { exact: true }).selectOption({ label: 'Badminton' });
  await lead.getByLabel('Show').selectOption('reserve');
  await expect(lead.getByTestId('registration-row')).toHaveCount(1);
  await expect(lead.getByTestId('registration-row')).toContainText('Waiting list: 1');
  await lead.getByLabel('Status of 68980002').selectOption('selected');
  await lead.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Change status' }).click();
  const over = lead.getByRole('dialog', { name: 'Over capacity' });
  await expect(over).toContainText('Badminton has 2 Main Player spots and 2 are taken; selecting 1 more would go over capacity.');
  await over.getByRole('button', { name: 'Cancel' }).click();
  await expect(lead.getByLabel('Status of 68980002')).toHaveValue('reserve');

  // A Main Player not selected: the first on the waiting list moves up and is told.
  await lead.getByLabel('Show').selectOption('all');
  await lead.getByLabel('Status of 68961917').selectOption('not_selected');
  await lead.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Change status' }).click();
  await expect(lead.getByRole('status').filter({ hasText: 'Moved up' })).toHaveText(
    'Moved up from the waiting list to Main Player: 68980002.',
  );
  await expect(lead.getByLabel('Status of 68980002')).toHaveValue('selected');
  await page.reload();
  await expect(page.getByTestId('moved-up')).toHaveText('A Main Player place opened and you moved up from the waiting list.');
  await saveScreenshot(page, 'sports-moved-up');

  // A chosen row that leaves the list (its status changed under the filter) leaves the choice too:
  // it was still counted and sent, changing a student nobody could see.
  await lead.getByLabel('Show').selectOption('selected');
  await expect(lead.getByTestId('registration-row')).toHaveCount(2);
  await lead.getByLabel('Choose 68980002').check();
  await expect(lead.getByRole('button', { name: 'Change 1 chosen' })).toBeEnabled();
  await lead.getByLabel('Status of 68980002').selectOption('not_selected');
  await lead.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Change status' }).click();
  await expect(lead.getByTestId('registration-row')).toHaveCount(1);
  await expect(lead.getByRole('button', { name: 'Change 0 chosen' })).toBeDisabled();
  await leadContext.close();
});

test('a lead creates, edits and archives a sport on the Admin Panel (issue 16 item 4)', async ({ page, browser, baseURL }) => {
  const lead = await newPage(browser, baseURL!);
  await logIn(lead, 'lead');
  await lead.getByRole('button', { name: 'New sport' }).click();
  const form = lead.getByRole('dialog', { name: 'New sport' });
  await form.getByRole('button', { name: 'Create sport' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();
  await form.getByLabel('Name').fill('Futsal');
  await form.getByLabel('Description').fill('Indoor five-a-side, Fridays.');
  await form.getByLabel('Main Player spots').fill('5');
  await form.getByLabel('Picture').selectOption('football');
  await form.getByLabel('Registration opens').fill('2026-01-05');
  await form.getByLabel('Registration closes').fill('2026-01-01');
  await form.getByRole('button', { name: 'Create sport' }).click();
  await expect(form.getByText('Registration closes must not be before the opening date.')).toBeVisible();
  await form.getByLabel('Registration closes').fill('2099-12-31');
  await saveScreenshot(lead, 'sports-new-sport');
  await form.getByRole('button', { name: 'Create sport' }).click();
  await expect(form).toBeHidden();
  const managed = lead.getByTestId('managed-sport').filter({ hasText: 'Futsal' });
  await expect(managed).toContainText('Open to All · 5 spots · closes 2099-12-31');

  await managed.getByRole('button', { name: 'Edit Futsal' }).click();
  const edit = lead.getByRole('dialog', { name: 'Edit sport' });
  await expect(edit.getByLabel('Name')).toHaveValue('Futsal');
  await edit.getByLabel('Main Player spots').fill('7');
  await edit.getByRole('button', { name: 'Save sport' }).click();
  await expect(managed).toContainText('7 spots');

  // The student sees it with its dates, until it is archived.
  await logIn(page, 'ineligible');
  const card = page.getByTestId('sport-card').filter({ hasText: 'Futsal' });
  await expect(card).toContainText('5 Jan 2026 - 31 Dec 2099');
  await expect(card).toContainText('7 / 7');
  await managed.getByRole('button', { name: 'Archive Futsal' }).click();
  await expect(managed).toContainText('Archived');
  await page.reload();
  await expect(page.getByTestId('sport-card').first()).toBeVisible();
  await expect(page.getByTestId('sport-card').filter({ hasText: 'Futsal' })).toHaveCount(0);

  // A long name without a space wraps at 390 px, on the student's card and in the lead's table caption
  // (it widened both pages, and pushed the card's Register button past its edge).
  const longName = 'Basketball/Volleyball/Handball(Mixed)'.repeat(2);
  await lead.getByRole('button', { name: 'New sport' }).click();
  const second = lead.getByRole('dialog', { name: 'New sport' });
  await second.getByLabel('Name').fill(longName);
  await second.getByLabel('Main Player spots').fill('3');
  await second.getByRole('button', { name: 'Create sport' }).click();
  await expect(second).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const longCard = page.getByTestId('sport-card').filter({ hasText: longName });
  await expect(longCard).toBeVisible();
  await expectNoSidewaysScroll(page);
  const cardBox = (await longCard.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'sports-long-name-phone');
  await lead.setViewportSize({ width: 390, height: 844 });
  await lead.getByLabel('Sport', { exact: true }).selectOption({ label: longName });
  await expect(lead.getByRole('region', { name: `Registrations for ${longName}` })).toBeVisible();
  await expectNoSidewaysScroll(lead);
  await lead.context().close();
});
