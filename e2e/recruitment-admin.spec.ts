import type { Locator, Page } from '@playwright/test';
import { demoPerson, type DemoPerson } from '@guildhall/testkit';
import { demoQuestions } from '@guildhall/testkit/recruitment-demo';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { type Stack, startStack } from './support/stack';

// Issue 13 items 3 (roles own their questions; edit, reorder, delete with undo), 4 (board, bulk
// move), 7 (reports) and 8 (Discord avatars), on a stack of this file's own, so the changes it makes
// never meet another journey's data. Signed in through the real Discord OAuth path.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const AVATAR_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const [textQuestion, choiceQuestion, fileQuestion] = demoQuestions;
const SCOPED_QUESTION = 'Which signal box do you know best?';

let own: Stack;
const at = (path: string) => new URL(path, own.baseUrl).toString();

async function logIn(page: Page, key: DemoPerson['key']): Promise<DemoPerson> {
  const person = demoPerson(key);
  await page.goto(at('/recruitment'));
  await page.getByRole('link', { name: 'Login with Discord' }).click();
  await page.getByRole('link', { name: `Authorize as ${person.discord.username}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/recruitment' && !url.searchParams.has('code'));
  return person;
}

async function openAdminTab(page: Page, tab: 'Applications' | 'Settings' | 'Reports') {
  await logIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  if (tab !== 'Applications') await page.getByRole('tab', { name: tab }).click();
}

/** Light, dark and 390 px pictures of what the page shows now. */
async function pictures(page: Page, name: string) {
  await saveScreenshot(page, `${name}-desktop`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, `${name}-desktop-dark`);
  await page.setViewportSize(phone.viewport);
  await saveScreenshot(page, `${name}-phone-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const listItems = (list: Locator) => list.locator(':scope > li');

/** Only the page's own parts (the board) may scroll sideways, never the page itself. */
async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

test.describe.serial('Recruitment admin tools (issue 13)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test.beforeAll(async () => {
    own = await startStack();
    // Issue 13 item 8: the member has a Discord avatar, which the fake Discord's CDN serves.
    const member = demoPerson('member').discord;
    own.discord.users.set(member.id, { ...member, avatar: AVATAR_HASH });
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test('item 3: stages, roles and questions are edited, reordered from the keyboard, deleted with confirmation and undo', async ({
    page,
  }) => {
    await openAdminTab(page, 'Settings');
    // Edit a stage.
    const stages = page.getByRole('list', { name: 'Stages' });
    await stages.getByRole('button', { name: 'Edit stage Interview' }).click();
    const editing = page.getByRole('form', { name: 'Edit stage Interview' });
    await editing.getByRole('textbox', { name: 'Stage name', exact: true }).fill('Interview (video)');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(listItems(stages).nth(1)).toContainText('Interview (video)');

    // Reorder the roles from the keyboard: Space picks up, the arrow moves, Space drops.
    const roles = page.getByRole('list', { name: 'Roles' });
    await expect(listItems(roles)).toHaveText([/Dispatcher/, /Signaller/, /Community Moderator/]);
    // What happens is read out (dnd-kit's live region), and each key waits for it.
    const spoken = (text: string) => expect(page.locator('[id^="DndLiveRegion"]', { hasText: text })).toHaveCount(1);
    await roles.getByRole('button', { name: 'Reorder role Dispatcher' }).focus();
    await page.keyboard.press('Space');
    await spoken('role Dispatcher is over place 1 of 3.');
    await page.keyboard.press('ArrowDown');
    await spoken('role Dispatcher is over place 2 of 3.');
    await page.keyboard.press('Space');
    await spoken('role Dispatcher dropped at place 2 of 3.');
    await expect(listItems(roles)).toHaveText([/Signaller/, /Dispatcher/, /Community Moderator/]);
    await expect
      .poll(async () => (await (await page.request.get(at('/recruitment/api/roles'))).json()).map((r: { name: string }) => r.name))
      .toEqual(['Signaller', 'Dispatcher', 'Community Moderator']);

    // A question for one role only.
    await page.getByRole('textbox', { name: 'New question' }).fill(SCOPED_QUESTION);
    await page.getByRole('group', { name: 'Ask for roles' }).first().getByRole('checkbox', { name: 'Signaller' }).check();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const questions = page.getByRole('list', { name: 'Questions' });
    await expect(listItems(questions).last()).toContainText(`${SCOPED_QUESTION} · Text · Signaller`);

    // Delete asks first; Undo brings the role back in its place.
    await roles.getByRole('button', { name: 'Delete role Community Moderator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete role “Community Moderator”?' });
    await expect(dialog).toContainText('Applications for this role keep the role name they were made for.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(listItems(roles)).toHaveText([/Signaller/, /Dispatcher/]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Restored role “Community Moderator”.').first()).toBeVisible();
    await expect(listItems(roles)).toHaveText([/Signaller/, /Dispatcher/, /Community Moderator/]);
    await pictures(page, 'recruitment-admin-settings-managed');
  });

  test('items 3 and 8: the form asks the chosen role’s questions; the admin sees the Discord avatar from our origin', async ({ page }) => {
    await logIn(page, 'member');
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Application' })).toBeVisible();
    await expect(page.getByLabel(SCOPED_QUESTION)).toHaveCount(0);
    await page.getByLabel('Role').selectOption({ label: 'Signaller' });
    await page.getByLabel(SCOPED_QUESTION).fill('Box 3 on the Northern line');
    await page.getByLabel(textQuestion!.text).fill('Signals are my life.');
    await page.getByLabel(choiceQuestion!.text).selectOption('5 to 10');
    await page.getByLabel(fileQuestion!.text).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Upload complete.')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application Status' })).toBeVisible();

    await page.context().clearCookies();
    await openAdminTab(page, 'Applications');
    const sam = page.locator('article.recruitment-application', { has: page.getByRole('heading', { name: 'signal.sam' }) });
    const avatar = sam.locator('img[data-avatar="image"]');
    await expect(avatar).toHaveAttribute('src', /^\/recruitment\/api\/applications\/\d+\/avatar$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(sam).toContainText(SCOPED_QUESTION);
    // No avatar: the initials remain.
    const somchai = page.locator('article.recruitment-application', { has: page.getByRole('heading', { name: 'somchai.rail' }) });
    await expect(somchai.locator('[data-avatar="initials"]')).toHaveText('SR');
  });

  test('item 4: the board has a column per stage; cards move by keyboard and by drag; a bulk move with one feedback', async ({ page }) => {
    await openAdminTab(page, 'Applications');
    await page.getByRole('button', { name: 'Board' }).click();
    const board = page.getByRole('list', { name: 'Pipeline board' });
    const column = (name: string) => board.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(board.getByRole('heading', { level: 3 })).toHaveText([
      /Application Received/,
      /Interview \(video\)/,
      /Accepted/,
      /Declined/,
    ]);
    await expect(column('Application Received').locator('article')).toHaveCount(2);
    // Issue 13 item 4: the cards' hidden labels stay inside the board's own sideways scroll.
    await noSidewaysScroll(page);

    // Keyboard: focus the card, Space, right arrow to the next stage, Space.
    const spoken = (text: string | RegExp) => expect(page.locator('[id^="DndLiveRegion"]', { hasText: text })).toHaveCount(1);
    const handle = page.getByRole('button', { name: 'Move the application of signal.sam' });
    await handle.focus();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await spoken('Over the stage Application Received.');
    // An arrow pressed in the instant after the pick-up (Playwright's next key comes within a few ms; a
    // person's far later) can arrive before dnd-kit has read the columns, and is lost on a loaded
    // machine. So the arrow is pressed until the card is over the next stage, stepping back if a late
    // arrow took it one column too far: the move itself is still made by the arrow keys alone.
    const region = page.locator('[id^="DndLiveRegion"]');
    await expect(async () => {
      const said = (await region.textContent()) ?? '';
      if (said.includes('Over the stage Accepted.')) await page.keyboard.press('ArrowLeft');
      else if (!said.includes('Over the stage Interview (video).')) await page.keyboard.press('ArrowRight');
      await expect(region).toContainText('Over the stage Interview (video).', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');
    await expect(page.getByText('signal.sam moved to Interview (video).').first()).toBeVisible();
    await expect(column('Interview (video)').getByRole('button', { name: 'Move the application of signal.sam' })).toBeVisible();

    // Drag with the mouse.
    const card = page.getByRole('button', { name: 'Move the application of somchai.rail' });
    const from = (await card.boundingBox())!;
    const to = (await column('Interview (video)').boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByText('somchai.rail moved to Interview (video).').first()).toBeVisible();
    await expect(column('Interview (video)').locator('article')).toHaveCount(2);
    await pictures(page, 'recruitment-admin-board');

    // The same rules and audit as a single move: the list shows who moved it.
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('checkbox', { name: 'Select signal.sam' }).check();
    await page.getByRole('checkbox', { name: 'Select somchai.rail' }).check();
    const bulk = page.getByRole('form', { name: 'Move selected applications' });
    await expect(bulk).toContainText('2 selected');
    await bulk.getByLabel('Move to stage').selectOption({ label: 'Declined' });
    await bulk.getByLabel('Feedback for all of them (optional)').fill('Thank you for applying; we will keep your details.');
    await pictures(page, 'recruitment-admin-bulk');
    await bulk.getByRole('button', { name: 'Move 2 selected' }).click();
    await expect(page.getByText('2 applications moved to Declined.').first()).toBeVisible();
    for (const name of ['signal.sam', 'somchai.rail']) {
      const article = page.locator('article.recruitment-application', { has: page.getByRole('heading', { name }) });
      await expect(article.getByText('Declined', { exact: true }).first()).toBeVisible();
      await expect(article.getByRole('textbox', { name: /feedback/i })).toHaveValue('Thank you for applying; we will keep your details.');
    }
  });

  test('item 4 at 390 px: a card moves with its stage menu', async ({ page }) => {
    await page.setViewportSize(phone.viewport);
    await openAdminTab(page, 'Applications');
    await page.getByRole('button', { name: 'Board' }).click();
    // Issue 13 item 4: at 390 px the board scrolls sideways, the page does not.
    await expect(page.getByLabel('Stage of signal.sam')).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByLabel('Stage of signal.sam').selectOption({ label: 'Accepted' });
    await expect(page.getByText('signal.sam moved to Accepted.').first()).toBeVisible();
    await expect(page.getByLabel('Stage of signal.sam')).toHaveValue(/\d+/);
    await saveScreenshot(page, 'recruitment-admin-board-moved-phone');
  });

  test('at 390 px a stage named with 100 characters and no space wraps: neither the settings nor the applications scroll sideways', async ({
    page,
  }) => {
    const longName = `Stage${'x'.repeat(95)}`;
    await page.setViewportSize(phone.viewport);
    await openAdminTab(page, 'Settings');
    await page.getByLabel('New stage name').fill(longName);
    await page.getByRole('button', { name: 'Add Stage' }).click();
    await expect(page.getByText(longName, { exact: true })).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole('tab', { name: 'Applications' }).click();
    await expect(page.locator('article.recruitment-application').first()).toBeVisible();
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'recruitment-admin-long-stage-phone');
    // The stage goes again: later tests count the stages.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: `Delete stage ${longName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(longName, { exact: true })).toHaveCount(0);
  });

  test('item 7: reports load their charting library only when opened and show the same numbers as tables', async ({ page }) => {
    await openAdminTab(page, 'Applications');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page.getByTestId('reports-charts').locator('svg.recharts-surface').first()).toBeVisible();
    expect(scripts.length, 'the charts came in a chunk of their own').toBeGreaterThan(before);

    const table = (caption: string) => page.getByRole('table', { name: caption });
    // Both applications (Signaller) went through Interview; one was accepted, one declined.
    await expect(page.locator('.recruitment-reports__figures')).toContainText('Applications2');
    await expect(
      table('Funnel by stage')
        .getByRole('row', { name: /Interview \(video\)/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('2');
    const signaller = table('Acceptance rate per role').getByRole('row', { name: /Signaller/ });
    await expect(signaller.getByRole('cell')).toHaveText(['2', '1', '1', '50%']);
    await pictures(page, 'recruitment-admin-reports');

    // A range with nothing in it.
    await page.getByLabel('From').fill('2020-01-06');
    await page.getByLabel('To').fill('2020-01-12');
    await expect(table('Acceptance rate per role')).toContainText('No applications in this range.');
  });

  test("000 §2 settings: two admins at once; the announcement being typed is kept, and the other admin's can be loaded", async ({
    page,
  }) => {
    await openAdminTab(page, 'Settings');
    const field = page.getByRole('textbox', { name: 'Global announcement' });
    await field.fill('E2E: interviews on Friday.');
    // Another admin, in another tab, saves an announcement of their own.
    const other = await page.context().newPage();
    await other.goto(at('/recruitment'));
    await other.getByRole('tab', { name: 'Settings' }).click();
    await other.getByRole('textbox', { name: 'Global announcement' }).fill('E2E: interviews moved to Monday.');
    await other.getByRole('button', { name: 'Update' }).click();
    await expect(other.getByText('Announcement updated.').first()).toBeVisible();
    await other.close();

    // Saving another setting reads every setting again: the typing stays, and the page says what happened.
    await page.getByRole('button', { name: 'Save Cooldown' }).click();
    await expect(page.getByText('Saved: none.').first()).toBeVisible();
    await expect(page.getByText('Another admin saved a different announcement. Saving will replace it.')).toBeVisible();
    await expect(field).toHaveValue('E2E: interviews on Friday.');
    await pictures(page, 'recruitment-settings-saved-elsewhere');
    await page.getByRole('button', { name: 'Load their announcement' }).click();
    await expect(field).toHaveValue('E2E: interviews moved to Monday.');
    await expect(page.getByText(/Another admin saved/)).toHaveCount(0);
  });
});
