import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { demoPerson } from '@guildhall/testkit';
import { demoSchoolAccount, type DemoSchoolAccount } from '@guildhall/testkit/school-demo';
import { test as base, expect } from './support/fixtures';
import { waitForHydration } from './support/hydration';
import { phone } from './support/screenshots';
import { repoRoot, startStack, type Stack } from './support/stack';
import { signInWithDiscord } from './support/sign-in';

/**
 * Issue 17 item 7, "Reachable by everyone". Every route of apps/web/src/routes.tsx (and each tool's
 * routes.tsx), signed in where it needs it, and its main states, at 1280 and 390 px:
 * - axe-core (injected into the page by @axe-core/playwright; nothing is fetched) finds no serious
 *   or critical violation of WCAG 2.1 A/AA (colour contrast included, in the dark scheme at 1280 px too);
 * - at 390 px the page does not scroll sideways and no box sticks out of the viewport (boxes inside
 *   a container that scrolls sideways on purpose, overflow-x auto/scroll, are that container's business).
 * Each identity signs in once (its storageState is reused); pages run in a loop inside a few tests.
 */

// A stack of its own: the owner console needs an owner (granted to a demo person here), which the
// other journeys' demo people must not become.
const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// The sweeps are independent (each signs in for itself): both workers share them, each with its stack.
test.describe.configure({ mode: 'parallel' });

type Identity = (page: Page, stack: Stack) => Promise<void>;

interface Visit {
  /** What the report calls it: the route and the state. */
  name: string;
  path: string;
  /** Waits for the page to show its content (default: a level-1 heading). */
  ready?: (page: Page) => Promise<void>;
  /** Brings the page to the state to check (opens a menu, a dialog, a tab...). */
  state?: (page: Page) => Promise<void>;
  /** The page shows a spinner on purpose (the design kit). */
  spinnerShown?: boolean;
}

interface Problem {
  visit: string;
  width: number;
  scheme: 'light' | 'dark' | '-';
  rule: string;
  impact: string;
  targets: string[];
}

const WIDTHS = [
  { width: 1280, options: { viewport: { width: 1280, height: 800 } } },
  { width: 390, options: phone },
] as const satisfies readonly { width: number; options: BrowserContextOptions }[];

const problems: Problem[] = [];
/** Every violation axe reports at any impact, counted once per visit x width x scheme (for the report). */
const counts: Record<string, number> = {};

function writeReport(): void {
  // A summary a person can read after (or during) the run: git-ignored folder.
  const summary = { seriousOrCritical: problems.length, byImpact: counts, problems };
  const dir = path.join(repoRoot, 'e2e', '.screenshots');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'accessibility-report.json'), `${JSON.stringify(summary, null, 2)}\n`);
}

async function defaultReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Spinners and "Loading..." placeholders gone (a loading state is not the page's content). */
async function settled(page: Page, spinnerShown = false): Promise<void> {
  if (!spinnerShown) await expect(page.locator('.ui-spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function axe(page: Page, visit: string, width: number, scheme: 'light' | 'dark'): Promise<void> {
  // Only contrast depends on the colour scheme, so the dark pass runs that rule alone. Decision 0037:
  // legacy mode runs axe.run in the page itself (our pages have no frames to stitch together), where
  // the default opens a blank tab per analysis to merge frame results; only violations are gathered
  // in full (passes and the like are not read here).
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (scheme === 'dark') builder.withRules(['color-contrast']);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  let result = await builder.analyze();
  // A violation counts when it is still there a moment later: under load a page caught mid-change (the
  // scheme switched, a menu half-updated) once reported light-scheme background under dark-scheme text (1.04:1).
  const serious = () => result.violations.some((v) => v.impact === 'serious' || v.impact === 'critical');
  for (let retry = 0; retry < 3 && serious(); retry++) {
    await page.waitForTimeout(1_000);
    result = await builder.analyze();
  }
  for (const violation of result.violations) {
    const impact = violation.impact ?? 'unknown';
    counts[impact] = (counts[impact] ?? 0) + violation.nodes.length;
    if (impact !== 'serious' && impact !== 'critical') continue;
    problems.push({
      visit,
      width,
      scheme,
      rule: violation.id,
      impact,
      targets: violation.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    });
  }
}

/** At 390 px: no sideways scroll of the page, and no box whose right edge leaves the viewport. */
async function overflow(page: Page, visit: string): Promise<void> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) out.push(`page scrolls sideways: scrollWidth ${root.scrollWidth} > ${root.clientWidth}`);
    const limit = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX === 'auto' || style.overflowX === 'scroll';
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= limit + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Clipped away by an ancestor (visually hidden text, a scroller's content): not seen, not scrolled to.
      let inside = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        if (scrollsSideways(up) || upStyle.overflowX === 'hidden' || upStyle.overflowX === 'clip') {
          inside = true;
          break;
        }
      }
      if (!inside) out.push(`${describe(el)} ends at ${Math.round(box.right)} px`);
    }
    return out.slice(0, 5);
  });
  for (const target of found)
    problems.push({ visit, width: 390, scheme: '-', rule: 'sideways-overflow', impact: 'serious', targets: [target] });
}

/**
 * Signs in once at 1280 px (identity) and reuses that storage at both widths; each visit is checked
 * in light, and at 1280 px in dark too (emulated colour scheme, no reload needed).
 */
async function sweep(
  browser: Browser,
  stack: Stack,
  identity: Identity | null,
  visits: Visit[],
  extra: BrowserContextOptions = {},
): Promise<void> {
  const base: BrowserContextOptions = { baseURL: stack.baseUrl, locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'block', ...extra };
  let storageState: BrowserContextOptions['storageState'];
  if (identity) {
    const context = await browser.newContext(base);
    const page = await context.newPage();
    await identity(page, stack);
    storageState = await context.storageState();
    await context.close();
  }
  for (const { width, options } of WIDTHS) {
    const context = await browser.newContext({ ...base, ...options, storageState });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    for (const visit of visits) {
      await test.step(`${visit.name} at ${width} px`, async () => {
        const started = Date.now();
        await page.emulateMedia({ colorScheme: 'light' });
        try {
          await page.goto(visit.path);
          await waitForHydration(page);
          await (visit.ready ?? defaultReady)(page);
          await settled(page, visit.spinnerShown);
          if (visit.state) await visit.state(page);
        } catch (error) {
          // Reported with the rest, so one run lists every page's problems.
          const message = String(error instanceof Error ? error.message : error).split('\n')[0]!;
          problems.push({ visit: visit.name, width, scheme: '-', rule: 'state-not-reached', impact: 'critical', targets: [message] });
          writeReport();
          return;
        }
        await axe(page, visit.name, width, 'light');
        // The dark scheme changes colours only, the same tokens at every width: its contrast pass runs
        // at 1280 px, where every page shows the most of its text (axe's slowest rule, run once less).
        if (width === 1280) {
          await page.emulateMedia({ colorScheme: 'dark' });
          await axe(page, visit.name, width, 'dark');
        }
        if (width === 390) await overflow(page, visit.name);
        writeReport();
        if (process.env.A11Y_TIMING) console.warn(`${visit.name} @${width}: ${Date.now() - started} ms`);
      });
    }
    await context.close();
  }
}

function report(scope: string): void {
  const mine = problems.filter((p) => p.visit.startsWith(scope));
  expect(
    mine.map((p) => `${p.visit} @${p.width}${p.scheme === '-' ? '' : ` ${p.scheme}`}: ${p.impact} ${p.rule} -> ${p.targets.join(' | ')}`),
    'no serious or critical accessibility problem',
  ).toEqual([]);
}

const discord =
  (key: Parameters<typeof demoPerson>[0], returnTo = '/'): Identity =>
  async (page) => {
    await signInWithDiscord(page, key, returnTo);
  };

const school =
  (key: DemoSchoolAccount['key']): Identity =>
  async (page) => {
    const account = demoSchoolAccount(key);
    await page.goto('/timetable');
    await page.getByLabel('Student ID').fill(account.studentId);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('student-id')).toHaveText(account.studentId);
    await page.goto('/sports');
    await page.getByLabel('Student ID').fill(account.studentId);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('info-bar')).toContainText(account.studentId);
  };

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** `npm run cli -- grant <id> owner` on the stack's database (as e2e/admin.spec.ts does). */
function grantOwner(stack: Stack, discordId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, path.join(repoRoot, 'apps/server/src/cli.ts'), 'grant', discordId, 'owner'],
      {
        cwd: path.join(repoRoot, 'apps/server'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? stack.dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: stack.dataDir,
          TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json'),
        },
        stdio: 'ignore',
      },
    );
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`grant owner exited ${code}`))));
  });
}

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

test('public pages and sign-in screens', async ({ browser, stack }) => {
  test.setTimeout(420_000);
  await sweep(browser, stack, null, [
    { name: 'public: home', path: '/' },
    { name: 'public: design kit', path: '/kit', spinnerShown: true },
    { name: 'public: not found', path: '/no-such-page' },
    { name: 'public: checker', path: '/bureau/checker', ready: h1('Verification Status Checker') },
    {
      name: 'public: checker result',
      path: '/bureau/checker',
      ready: h1('Verification Status Checker'),
      state: async (page) => {
        await page.getByLabel('Look up by').selectOption({ label: 'Roblox ID' });
        await page.getByLabel('Roblox ID', { exact: true }).fill('1200005');
        await page.getByRole('button', { name: 'Check Status' }).click();
        await expect(page.getByRole('region').filter({ hasText: '1200005' }).first()).toBeVisible();
      },
    },
    {
      name: 'public: checker validation',
      path: '/bureau/checker',
      ready: h1('Verification Status Checker'),
      state: (p) => p.getByRole('button', { name: 'Check Status' }).click(),
    },
    { name: 'public: bureau not available', path: '/bureau/application' },
    { name: 'public: records signed out', path: '/bureau/records' },
    { name: 'public: lookup signed out', path: '/bureau/lookup' },
    { name: 'public: bot api signed out', path: '/bureau/bot-api' },
    { name: 'public: staff appointments signed out', path: '/bureau/appointments' },
    { name: 'public: recruitment signed out', path: '/recruitment', ready: h1('Railway Staff Recruitment') },
    { name: 'public: timetable sign-in', path: '/timetable' },
    {
      name: 'public: timetable sign-in errors',
      path: '/timetable',
      state: async (page) => {
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page.getByText('Student ID is required.')).toBeVisible();
      },
    },
    { name: 'public: sports sign-in', path: '/sports', ready: h1('Sports Tryouts') },
    { name: 'public: admin signed out', path: '/admin' },
    { name: 'public: portfolio off', path: '/portfolio', ready: (p) => expect(p.getByRole('button', { name: 'Power on' })).toBeVisible() },
    {
      name: 'public: portfolio login',
      path: '/portfolio?timeScale=20',
      ready: (p) => expect(p.getByRole('button', { name: 'Power on' })).toBeVisible(),
      state: async (page) => {
        await page.getByRole('button', { name: 'Power on' }).click();
        await expect(page.getByTestId('portfolio')).toHaveAttribute('data-stage', 'login');
      },
    },
    {
      name: 'public: portfolio dashboard',
      path: '/portfolio?timeScale=20',
      ready: (p) => expect(p.getByRole('button', { name: 'Power on' })).toBeVisible(),
      state: async (page) => {
        await page.getByRole('button', { name: 'Power on' }).click();
        await page.getByLabel('Password').fill('{secret}');
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page.getByText('Further development is pending approval...')).toBeVisible();
      },
    },
  ]);
  report('public');
});

test('bureau staff pages (Discord sign-in)', async ({ browser, stack }) => {
  test.setTimeout(420_000);
  const banned = demoPerson('banned');
  await sweep(browser, stack, discord('staff'), [
    {
      name: 'staff: records',
      path: '/bureau/records',
      ready: async (page) => {
        await h1('Bureau Records')(page);
        await expect(page.getByRole('rowheader').first()).toBeVisible();
      },
    },
    {
      name: 'staff: records actions menu',
      path: '/bureau/records',
      ready: async (page) => {
        await h1('Bureau Records')(page);
        await expect(page.getByRole('rowheader').first()).toBeVisible();
      },
      state: async (page) => {
        // The demo person is past the first 50 pairs: search first, as staff would.
        await page.getByRole('searchbox').first().fill(banned.discord.id);
        // The table (wide screens) and the cards (phones) may both be in the page: the one shown is clicked.
        await page
          .getByRole('button', { name: `Actions for ${banned.discord.id}` })
          .filter({ visible: true })
          .first()
          .click();
        await expect(page.getByRole('menuitem').first()).toBeVisible();
      },
    },
    { name: 'staff: infractions', path: `/bureau/records/${banned.discord.id}/infractions` },
    { name: 'staff: lookup', path: '/bureau/lookup' },
    { name: 'staff: lookup result', path: `/bureau/lookup/discord/${banned.discord.id}` },
    { name: 'staff: bot api', path: '/bureau/bot-api' },
    { name: 'staff: appointments calendar', path: '/bureau/appointments' },
    { name: 'staff: booking settings', path: '/bureau/appointments/settings' },
  ]);
  report('staff');
});

test('recruitment portal and admin (Discord sign-in)', async ({ browser, stack }) => {
  test.setTimeout(420_000);
  await sweep(browser, stack, discord('member', '/recruitment'), [
    { name: 'recruitment: apply form', path: '/recruitment', ready: h1('Submit Your Application') },
  ]);
  await sweep(browser, stack, discord('unverified', '/recruitment'), [
    { name: 'recruitment: unverified', path: '/recruitment', ready: (p) => expect(p.getByRole('dialog')).toBeVisible() },
  ]);
  const tabs = ['Applications', 'Reports', 'Settings'];
  await sweep(browser, stack, discord('admin', '/recruitment'), [
    { name: 'recruitment: admin dashboard', path: '/recruitment' },
    ...tabs.map((tab) => ({
      name: `recruitment: admin ${tab}`,
      path: '/recruitment',
      state: async (page: Page) => {
        await page.getByRole('tab', { name: tab }).first().click();
        await settled(page);
      },
    })),
    // The pipeline board is the Applications tab's other view (issue 13).
    {
      name: 'recruitment: admin pipeline board',
      path: '/recruitment',
      state: async (page: Page) => {
        await page.getByRole('button', { name: 'Board' }).click();
        await expect(page.getByRole('list', { name: 'Pipeline board' })).toBeVisible();
        await settled(page);
      },
    },
  ]);
  report('recruitment');
});

test('owner console (Discord sign-in)', async ({ browser, stack }) => {
  test.setTimeout(120_000);
  const owner = demoPerson('thai');
  await grantOwner(stack, owner.discord.id);
  await sweep(browser, stack, discord('thai', '/admin'), [{ name: 'owner: console', path: '/admin', ready: h1('Owner console') }]);
  report('owner');
});

test('timetable and sports (school accounts), the Soviet desktop', async ({ browser, stack }) => {
  test.setTimeout(420_000);
  await sweep(browser, stack, school('junior'), [
    { name: 'school: timetable', path: '/timetable' },
    ...['Full Week', "Today's Upcoming", "Today's Past"].map((tab) => ({
      name: `school: timetable ${tab}`,
      path: '/timetable',
      state: (page: Page) => page.getByRole('tab', { name: tab, exact: true }).click(),
    })),
    {
      name: 'school: homework',
      path: '/timetable',
      state: async (page) => {
        await page.getByRole('tab', { name: 'Manage Homework' }).click();
        await settled(page);
      },
    },
    {
      name: 'school: homework add dialog',
      path: '/timetable',
      state: async (page) => {
        await page.getByRole('tab', { name: 'Manage Homework' }).click();
        await page.getByRole('button', { name: 'Add Homework' }).click();
        await expect(page.getByRole('dialog', { name: 'Add Homework' })).toBeVisible();
      },
    },
    {
      name: 'school: subject summary',
      path: '/timetable',
      state: async (page) => {
        await page.getByRole('tab', { name: 'Subject Summary' }).click();
        await settled(page);
      },
    },
    { name: 'school: sports (student)', path: '/sports', ready: (p) => expect(p.getByTestId('info-bar')).toBeVisible() },
  ]);
  await sweep(browser, stack, school('lead'), [
    { name: 'school: sports (lead)', path: '/sports', ready: (p) => expect(p.getByTestId('info-bar')).toBeVisible() },
  ]);
  await sweep(browser, stack, null, [
    {
      name: 'school: soviet desktop',
      path: '/sports?timeScale=20',
      ready: async (page) => {
        await page.getByLabel('Soviet mode ☭').click();
        const soviet = page.getByTestId('soviet');
        await expect(soviet).toHaveAttribute('data-stage', 'login', { timeout: 20_000 });
        await page.getByLabel('Password').fill(demoSchoolAccount('soviet').password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(soviet).toHaveAttribute('data-stage', 'desktop', { timeout: 20_000 });
      },
    },
  ]);
  report('school');
});

test('the LINE mini-app (mock LIFF)', async ({ browser, stack }) => {
  test.setTimeout(120_000);
  const user = { id: 'Ua11y0000000000000000000000000001', name: 'A11y Checker' };
  await sweep(
    browser,
    stack,
    null,
    [
      {
        name: 'mini-app: booking',
        path: `/bureau/appointment?mock_user=${user.id}&mock_name=${encodeURIComponent(user.name)}`,
        ready: (page) =>
          expect(page.locator('.appointment-app__status')).toHaveText('Please select a date, time, and add an optional topic.'),
      },
    ],
    { timezoneId: 'Asia/Bangkok' },
  );
  report('mini-app');
});
