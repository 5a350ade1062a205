import { expect, test } from './support/fixtures';

// Issue 10 item 25: the first things a person (or curl) meets. `/favicon.ico` was a 404 and a console
// error on every page; `curl /` (Accept */*) got a JSON 404 instead of the app.

test('the home page loads with no console error and no failed request, favicon included', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Guildhall' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  // Headless Chromium does not fetch icons itself, so each one the page names is fetched here, and
  // /favicon.ico too, which browsers and crawlers ask for without being told.
  const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(icons).toContain('/favicon.ico');
  for (const href of icons) {
    const icon = await page.request.get(href!);
    expect(icon.status(), href!).toBe(200);
    expect(icon.headers()['content-type'], href!).toMatch(/^image\//);
  }
});

test('a GET of a page with Accept */* (curl) gets the HTML shell', async ({ request }) => {
  const res = await request.get('/', { headers: { accept: '*/*' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  // The home page is prerendered (decision 0035): its HTML carries the page in #root.
  expect(await res.text()).toMatch(/<div id="root"( data-prerendered="\/")?>/);
});
