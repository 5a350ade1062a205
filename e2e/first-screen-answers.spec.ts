import { demoPerson } from '@guildhall/testkit';
import { expect, test } from './support/fixtures';
import { signInWithDiscord } from './support/sign-in';

// Decision 0039 (issue 17 item 1): the pages whose first screen waits for the server's answers come
// with those answers, the visitor's own, so the page asks nothing before it can show its content.

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/** The answers a page's HTML carries (TanStack Query's dehydrated state), by query key. */
function answersIn(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) return new Map();
  const state = JSON.parse(json) as { queries: DehydratedQuery[] };
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

/** The calls whose answers the page carries: none of them may be asked again while it loads. */
const CARRIED = ['/auth/api/me', '/api/tools', '/recruitment/api/user', '/recruitment/api/check-verification', '/recruitment/api/stages'];

test.describe('first-screen answers in the page', () => {
  test("a signed-in admin's /recruitment carries their answers and the list, and no one else gets them", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const admin = await signInWithDiscord(page, 'admin', '/recruitment');
    const applicant = demoPerson('thai');
    const res = await page.request.get('/recruitment');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    const html = await res.text();
    const answers = answersIn(html);
    expect((answers.get('["auth","me"]') as { identity: { subject: string } }).identity.subject).toBe(admin.discord.id);
    expect(answers.get('["recruitment","user"]')).toMatchObject({ username: admin.discord.username, isAdmin: true });
    expect(answers.get('["recruitment","check-verification"]')).toBe(true);
    // The first page of the list, as the Applications tab asks for it.
    const list = [...answers.entries()].find(([key]) => key.startsWith('["recruitment","applications"'))?.[1] as {
      applications: Array<{ username: string }>;
    };
    expect(list.applications.map((a) => a.username)).toContain(applicant.discord.username);

    // A visitor without a session, asking right after: the sign-in screen, nothing of the admin's.
    const anonymous = await (await request.get('/recruitment')).text();
    expect(anonymous).toContain('Login with Discord');
    for (const secret of [admin.discord.id, admin.discord.username, applicant.discord.username]) expect(anonymous).not.toContain(secret);
    expect(answersIn(anonymous).get('["recruitment","user"]')).toBeNull();

    // Another signed-in person gets their own identity and no list.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    const member = await signInWithDiscord(otherPage, 'member', '/recruitment');
    const theirs = answersIn(await (await otherPage.request.get('/recruitment')).text());
    expect((theirs.get('["auth","me"]') as { identity: { subject: string } }).identity.subject).toBe(member.discord.id);
    expect([...theirs.keys()].some((key) => key.startsWith('["recruitment","applications"'))).toBe(false);
    expect(JSON.stringify([...theirs.values()])).not.toContain(admin.discord.id);
    await other.close();
  });

  test('the admin dashboard shows its list without first asking who is signed in', async ({ page }) => {
    await signInWithDiscord(page, 'admin', '/');
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
    });
    await page.goto('/recruitment');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(demoPerson('thai').discord.username).first()).toBeVisible();
    expect(asked.filter((p) => CARRIED.includes(p))).toEqual([]);
    expect(messages).toEqual([]);
  });

  for (const path of ['/', '/recruitment', '/timetable', '/bureau/records']) {
    test(`${path} without a session paints its content from the HTML and asks nothing for it`, async ({ page }) => {
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\//.test(new URL(r.url()).pathname)) asked.push(new URL(r.url()).pathname);
      });
      const messages: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
      });
      const res = await page.goto(path);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
      expect(messages).toEqual([]);
    });
  }
});
