import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { demoRoles, demoStages } from '@guildhall/testkit/recruitment-demo';
import { test as base, expect } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

// Issue 13 item 6 (reviewer nudges): an application that has waited longer in its stage than the
// setting allows is marked on the dashboard (1280 and 390 px), and the digest that lists it reaches
// the webhook. The server's clock cannot be moved from here, so time passes the way it does for a
// real community: the application in the database this stack owns entered its stage days ago.
// "Send Digest Now" posts the daily digest at once, through the same webhook job as the daily run.

const WAITED_DAYS = 5;
const DAY_MS = 86_400_000;

interface Receiver {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for the community's Discord webhook. */
async function startWebhookReceiver(): Promise<Receiver> {
  const messages: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      messages.push((JSON.parse(body) as { content: string }).content);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/webhook`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let receiver: Receiver;
const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      receiver = await startWebhookReceiver();
      const stack = await startStack({ env: { RECRUITMENT_WEBHOOK_URL: receiver.url, RECRUITMENT_WEBHOOK_RETRY_DELAY_SECONDS: '0' } });
      await use(stack);
      await stack.stop();
      await receiver.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** The demo application (the Thai member's) entered its stage, and was sent, `days` ago. */
function backdateDemoApplication(stack: Stack, userId: string, days: number): number {
  const sqlite = new SQLite(path.join(stack.dataDir, 'guildhall.sqlite'), { timeout: 10_000 });
  try {
    const then = Date.now() - days * DAY_MS;
    const row = sqlite
      .prepare('update recruitment_applications set created_at = ?, stage_entered_at = ? where user_id = ? returning id')
      .get(then, then, userId) as { id: number } | undefined;
    expect(row, 'the demo data has the Thai member’s application').toBeDefined();
    return row!.id;
  } finally {
    sqlite.close();
  }
}

async function pictures(page: Page, name: string) {
  await saveScreenshot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('item 6: an application waiting 5 days is marked at 1280 and 390 px, and Send Digest Now posts it to the webhook', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const thai = demoPerson('thai').discord;
  const id = backdateDemoApplication(stack, thai.id, WAITED_DAYS);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithDiscord(page, 'admin', '/recruitment');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: thai.username }) });
  // No reminder set: nothing is waiting, however old.
  await expect(card.getByTestId('review-tally')).toBeVisible();
  await expect(card.getByText(/^Waiting \d+ days/)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const reminders = page.getByRole('region', { name: 'Reviews and Reminders' });
  // Before a wait is set the digest has nothing to list: the server says so.
  await reminders.getByRole('button', { name: 'Send Digest Now' }).click();
  await expect(
    page.getByText('Error: Set how many days an application may wait in a stage first; the digest lists those that waited longer.', {
      exact: true,
    }),
  ).toBeVisible();
  await reminders.getByLabel('Days in a stage before an application is waiting').fill('3');
  await reminders.getByRole('button', { name: 'Save Reminder' }).click();
  await expect(page.getByText('Saved: 3 days.', { exact: true })).toBeVisible();
  await reminders.getByRole('button', { name: 'Send Digest Now' }).click();
  await expect(page.getByText('Digest sent: 1 waiting application.', { exact: true })).toBeVisible();
  await expect
    .poll(() => receiver.messages)
    .toContain(
      `⏰ Daily digest: 1 application has waited more than 3 days in a stage.\n• #${id} ${thai.username} (${demoRoles[1]!.name}): ${WAITED_DAYS} days in "${demoStages[0]!.name}"`,
    );
  await pictures(page, 'recruitment-nudges-settings');

  await page.getByRole('tab', { name: 'Applications' }).click();
  const mark = card.getByText(`Waiting ${WAITED_DAYS} days in this stage`, { exact: true });
  await expect(mark).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await pictures(page, 'recruitment-nudges-waiting');

  await page.setViewportSize(phone.viewport);
  await expect(mark).toBeVisible();
  const box = (await mark.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= phone.viewport.width, 'the mark fits the phone’s width').toBe(true);
  await pictures(page, 'recruitment-nudges-waiting-phone');

  // A decision ends the wait: moved to Accepted, the mark goes.
  await card.getByLabel(`Change stage of ${thai.username}`).selectOption({ label: demoStages[2]!.name });
  await expect(mark).toHaveCount(0);
});
