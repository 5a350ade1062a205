import { demoPerson } from '@guildhall/testkit';
import { makeRobloxUser } from '@guildhall/testkit/factories';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { signInWithDiscord } from './support/sign-in';

// Issue 14 item 1: the verification center at /bureau/verify links a Roblox account through the
// fake Roblox OAuth (authorization code + PKCE), and refuses a banned one with the ban's reason.

test('a member links, unlinks, and is refused a banned Roblox account with its reason', async ({ page, stack }) => {
  test.setTimeout(60_000);
  const roblox = makeRobloxUser({ name: 'E2EVerifier', displayName: 'E2E Verifier' });
  stack.roblox.users.set(roblox.id, roblox);
  const member = await signInWithDiscord(page, 'unverified', '/bureau/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Center' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your verification' })).toContainText('Not linked');

  await page.getByRole('link', { name: 'Link with Roblox' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Roblox: authorize' })).toBeVisible();
  await page.getByRole('link', { name: 'Authorize as E2EVerifier' }).click();
  await expect(page.getByRole('heading', { name: 'Roblox account linked' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your verification' })).toContainText(`E2EVerifier (${roblox.id})`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, label] of [
      [1280, 'desktop'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `bureau-verify-linked-${label}${scheme === 'dark' ? '-dark' : ''}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The checker sees the pair at once.
  const checked = await page.request.get(`/bureau/api/check-status?type=roblox&id=${roblox.id}`);
  expect(await checked.json()).toMatchObject({ result: 'verified', discord: { id: member.discord.id } });

  await page.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByRole('region', { name: 'Your verification' })).toContainText('Not linked');

  // A banned Roblox account (the demo's banned person) is refused with its reason.
  await page.getByRole('link', { name: 'Link with Roblox' }).click();
  await page.getByRole('link', { name: `Authorize as ${demoPerson('banned').roblox!.name}` }).click();
  await expect(page.getByRole('heading', { name: 'This Roblox account is banned' })).toBeVisible();
  await expect(page.getByText('Reason: Derailing trains on purpose')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your verification' })).toContainText('Not linked');
  await saveScreenshot(page, 'bureau-verify-banned-desktop');
});
