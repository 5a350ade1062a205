import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { demoPerson } from '@guildhall/testkit';
import { test as base, expect } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { repoRoot, startStack, type Stack } from './support/stack';

/**
 * Issue 12 item 7: the owner console. The first owner is made with the CLI on the running server's
 * database; they sign in through the development sign-in, grant a role, create a bot key (shown
 * once) and find all of it in the audit log.
 */
const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack({ env: { DEV_SIGN_IN: 'true' } });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** `npm run cli -- <args>` against the stack's DATA_DIR (its SQLite database), as an operator would. */
function cli(stack: Stack, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, path.join(repoRoot, 'apps/server/src/cli.ts'), ...args], {
      cwd: path.join(repoRoot, 'apps/server'),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? stack.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: stack.dataDir,
        TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('an owner made with the CLI grants a role, creates a key seen once, and reads it all in the audit log', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const owner = demoPerson('member');
  const newcomer = demoPerson('thai');
  const made = await cli(stack, ['grant', owner.discord.id, 'owner']);
  expect(made, made.stderr).toMatchObject({ code: 0, stdout: `Granted owner to ${owner.discord.id}.\n` });

  // The development sign-in, back to the console; the header offers it to owners.
  await page.goto('/auth/dev?returnTo=/admin');
  await page.getByRole('button', { name: new RegExp(`^${owner.label}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Owner console' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owner console' })).toBeVisible();

  // Grant a role.
  const roles = page.getByRole('region', { name: 'Roles', exact: true });
  await roles.getByLabel('Discord ID', { exact: true }).fill(newcomer.discord.id);
  await roles.getByLabel('Role', { exact: true }).selectOption('bureau-staff');
  await roles.getByRole('button', { name: 'Grant role' }).click();
  await expect(roles.getByRole('status')).toHaveText(`Granted bureau-staff to ${newcomer.discord.id}.`);
  await expect(roles.getByRole('row', { name: new RegExp(newcomer.discord.id) })).toContainText('bureau-staff');

  // Create a key: shown once.
  const keys = page.getByRole('region', { name: 'Bot API keys', exact: true });
  await keys.getByLabel('Name', { exact: true }).fill('Community bot');
  await keys.getByRole('button', { name: 'Create key' }).click();
  const secret = keys.getByLabel('New API key');
  await expect(secret).toHaveText(/^gh_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent())!;
  await expect(keys.getByRole('row', { name: /Community bot/ })).toContainText('Live');

  // The audit log: the CLI's grant, the sign-in, the console's grant and the key, newest first.
  const audit = page.getByRole('region', { name: 'Audit log', exact: true });
  await expect(audit.getByRole('row').nth(1)).toContainText('Key created');
  const rows = audit.getByRole('row');
  await expect(rows.filter({ hasText: 'Key created' })).toContainText('Community bot (bureau-bot)');
  await expect(rows.filter({ hasText: 'Role granted' }).filter({ hasText: `Discord ${owner.discord.id}` })).toContainText(
    newcomer.discord.id,
  );
  await expect(rows.filter({ hasText: 'Role granted' }).filter({ hasText: 'Command line' })).toContainText(`${owner.discord.id} · owner`);
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toContainText(`Discord ${owner.discord.id}`);
  await expect(rows.filter({ hasText: 'Key created' })).toContainText('127.0.0.1');

  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, 'admin-console-desktop');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'admin-console-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'admin-console-phone-dark');
  // Wide tables scroll inside their frame; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.emulateMedia({ colorScheme: 'light' });
  await saveScreenshot(page, 'admin-console-phone');

  // Issue 14 item 4: a key holding only the scopes ticked, made on a wide screen and on a phone; each
  // can make the bot calls its scopes allow and is refused the others.
  const botCall = (secret: string, method: 'PUT', url: string, data: object) =>
    page.request.fetch(stack.baseUrl + url, { method, data, headers: { authorization: `Bearer ${secret}` } });
  const scoped = [
    { width: 1280, name: 'Verify bot', tick: ['bureau-pairs'], allowed: 'pairs', refused: 'bans' },
    { width: 390, name: 'Ban and case bot', tick: ['bureau-bans', 'bureau-cases'], allowed: 'bans', refused: 'pairs' },
  ] as const;
  for (const made of scoped) {
    await page.setViewportSize({ width: made.width, height: 900 });
    await keys.getByRole('button', { name: 'Done' }).click();
    await keys.getByLabel('Name', { exact: true }).fill(made.name);
    const scopes = keys.getByRole('group', { name: 'Scopes' });
    // The form starts again from bureau-bot alone after each key.
    await expect(scopes.getByRole('checkbox', { checked: true })).toHaveAccessibleName(/^bureau-bot/);
    for (const scope of ['bureau-bot', 'bureau-pairs', 'bureau-bans', 'bureau-cases'])
      await scopes.getByRole('checkbox', { name: new RegExp(`^${scope}`) }).setChecked((made.tick as readonly string[]).includes(scope));
    await saveScreenshot(page, `admin-console-scoped-key-${made.width}`);
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect(keys.getByText(`Key “${made.name}” created`)).toBeVisible();
    const secret = (await keys.getByLabel('New API key').textContent())!;
    await expect(keys.getByRole('row', { name: new RegExp(made.name) })).toContainText(made.tick.join(', '));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(made.width);
    const robloxId = made.width === 1280 ? '2100000001' : '2100000002';
    const calls = {
      pairs: () => botCall(secret, 'PUT', `/bureau/api/bot/v1/pairs/81000000000000000${made.width === 1280 ? 1 : 2}`, { robloxId }),
      bans: () => botCall(secret, 'PUT', `/bureau/api/bot/v1/bans/${robloxId}`, { Reason: 'e2e' }),
    };
    expect((await calls[made.allowed]()).status()).toBe(200);
    const refused = await calls[made.refused]();
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: `This API key does not hold the scope bureau-${made.refused}.`, code: 'forbidden' });
  }
  await expect(rows.filter({ hasText: 'Ban and case bot' })).toContainText('Ban and case bot (bureau-bans, bureau-cases)');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Searched on the server.
  await audit.getByLabel('Search', { exact: true }).fill('community');
  await audit.getByRole('button', { name: 'Search' }).click();
  await expect(audit.getByText('Page 1 of 1 · 1 entries')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Shown once: after a reload the secret is nowhere on the page.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Bot API keys', exact: true }).getByRole('row', { name: /Community bot/ })).toBeVisible();
  // The secret is everything after the id: base64url, so it may hold '_' itself (even first).
  expect(await page.content()).not.toContain(key.split('_').slice(2).join('_'));
  await expect(page.getByLabel('New API key')).toHaveCount(0);
});
