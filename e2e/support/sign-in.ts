import { expect, type Page } from '@playwright/test';
import { demoPerson, type DemoPerson } from '@guildhall/testkit';

/**
 * Signs `page` in as a demo person through the REAL Discord OAuth path: our login route -> the fake
 * Discord's consent page -> 'Authorize as <username>' -> our callback (state + PKCE checked) ->
 * back to `returnTo`. Then checks with /auth/api/me that the session is the right person.
 */
export async function signInWithDiscord(page: Page, key: DemoPerson['key'], returnTo = '/'): Promise<DemoPerson> {
  const person = demoPerson(key);
  const target = new URL(returnTo, 'http://placeholder');
  await page.goto(`/auth/discord/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole('link', { name: `Authorize as ${person.discord.username}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === target.pathname && !url.searchParams.has('code'));
  const me = await page.request.get('/auth/api/me');
  expect(me.ok()).toBe(true);
  const body = (await me.json()) as { identity: { subject: string } | null };
  expect(body.identity?.subject, `signed in as ${person.discord.username}`).toBe(person.discord.id);
  return person;
}

/** Ends the session as the header's Sign out does: a POST from our own origin, then the page it returns to. */
export async function signOut(page: Page, returnTo = '/'): Promise<void> {
  const origin = new URL(page.url()).origin;
  const out = await page.request.post(`/auth/logout?returnTo=${encodeURIComponent(returnTo)}`, { headers: { origin }, maxRedirects: 0 });
  expect(out.status()).toBe(302);
  await page.goto(returnTo);
}
