import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '@guildhall/contracts/admin';
import { makeApiKeyInfo } from '@guildhall/testkit/factories';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { AuditPanel } from './audit-panel';
import { GrantsPanel } from './grants-panel';
import { KeysPanel } from './keys-panel';

const OWNER = '867684895948800003';
const STAFF = '867684895948800001';
const refused = (error: string) => [400, { error, code: 'invalid_input' }] as const;
/** A live bot key, as GET /admin/api/keys lists it. */
const key = makeApiKeyInfo();
/** A list short enough for one page, as the server answers it (decision 0074). */
const onePage = <Row,>(rows: Row[]) => ({ page: 1, pageSize: 25, total: rows.length });
/** GET /admin/api/keys: live keys only, as the server lists them unless asked for revoked ones. */
const liveKeys = (...keys: Array<typeof key>): Answer => [200, { keys, scopes: ['bureau-bot'], ...onePage(keys) }];
/** GET /admin/api/grants */
const held = (...grants: Grant[]): Answer => [200, { grants, ...onePage(grants) }];
const ownerRole: Grant = { discordId: OWNER, role: 'owner', grantedAt: 0 };
const staffRole: Grant = { discordId: STAFF, role: 'bureau-staff', grantedAt: 0 };

/**
 * The revoke question, by the title that names it. The title isolates the key's name in a <bdi>; happy-dom
 * gives no element a display, so Testing Library's computed name has spaces around it a browser's has not.
 */
async function findRevokeQuestion(title: string) {
  const ask = await screen.findByRole('dialog');
  expect(document.getElementById(ask.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(title);
  return ask;
}

describe('the owner console says the outcome of the last action, not an older refusal', () => {
  it('Roles: a revoke after a refused grant says it revoked (the grant refusal stayed instead)', async () => {
    fakeServer({
      'GET /admin/api/grants': () => held(ownerRole, staffRole),
      'POST /admin/api/grants': () => [...refused('discordId: must be a Discord ID: 5 to 25 digits')],
      [`DELETE /admin/api/grants/${STAFF}/bureau-staff`]: () => [200, { discordId: STAFF, role: 'bureau-staff', changed: true }],
    });
    renderWithApp(<GrantsPanel ownId={OWNER} />);
    await userEvent.type(await screen.findByLabelText('Discord ID'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Grant role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('discordId: must be a Discord ID: 5 to 25 digits');

    await userEvent.click(screen.getByRole('button', { name: `Revoke bureau-staff from ${STAFF}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke role' }));
    expect(await screen.findByText(`Revoked bureau-staff from ${STAFF}.`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Bot API keys: a revoke (asked first) after a refused create leaves no refusal on screen', async () => {
    let revoked = false;
    const server = fakeServer({
      'GET /admin/api/keys': () => liveKeys(...(revoked ? [] : [key])),
      'POST /admin/api/keys': () => [...refused('name: must not be empty')],
      'DELETE /admin/api/keys/abcd1234': () => ((revoked = true), [200, { id: 'abcd1234', revoked: true }]),
    });
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    await userEvent.type(within(keys).getByLabelText('Name'), '   ');
    await userEvent.click(within(keys).getByRole('button', { name: 'Create key' }));
    expect(await within(keys).findByRole('alert')).toHaveTextContent('name: must not be empty');

    // Revoking cannot be undone: it asks first, and Cancel revokes nothing.
    await userEvent.click(await within(keys).findByRole('button', { name: 'Revoke key Community bot (abcd1234)' }));
    const ask = await findRevokeQuestion('Revoke key “Community bot” (abcd1234)?');
    expect(ask).toHaveTextContent('A revoked key cannot be brought back');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(keys).getByRole('button', { name: 'Revoke key Community bot (abcd1234)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await expect.poll(() => server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await expect.poll(() => within(keys).queryByRole('alert')).toBeNull();
  });
});

// Owner console audit: revoking from the keyboard changed the row whose button had focus, and focus fell
// to <body>, so a keyboard or screen-reader user was left nowhere and told nothing.
describe('the owner console after a revoke from the keyboard', () => {
  it('Roles: focus goes to the section’s heading and the status line says which role was revoked', async () => {
    let revoked = false;
    fakeServer({
      'GET /admin/api/grants': () => held(ownerRole, ...(revoked ? [] : [staffRole])),
      [`DELETE /admin/api/grants/${STAFF}/bureau-staff`]: () => (
        (revoked = true),
        [200, { discordId: STAFF, role: 'bureau-staff', changed: true }]
      ),
    });
    const user = userEvent.setup();
    renderWithApp(<GrantsPanel ownId={OWNER} />);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    const revoke = await within(roles).findByRole('button', { name: `Revoke bureau-staff from ${STAFF}` });
    for (let tabs = 0; document.activeElement !== revoke && tabs < 10; tabs++) await user.tab();
    expect(revoke).toHaveFocus();
    await user.keyboard('{Enter}');
    // Decision 0074: it asks first; the question takes focus, and its confirming button is reached by Tab.
    const ask = await findRevokeQuestion(`Revoke bureau-staff from ${STAFF}?`);
    const confirm = within(ask).getByRole('button', { name: 'Revoke role' });
    for (let tabs = 0; document.activeElement !== confirm && tabs < 5; tabs++) await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');

    await expect.poll(() => within(roles).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    await expect.poll(() => document.activeElement).toBe(within(roles).getByRole('heading', { name: 'Roles' }));
    expect(within(roles).getByRole('status')).toHaveTextContent(`Revoked bureau-staff from ${STAFF}.`);
  });

  it('Bot API keys: focus goes to the section’s heading and the status line says which key was revoked', async () => {
    let revoked = false;
    fakeServer({
      'GET /admin/api/keys': () => liveKeys(...(revoked ? [] : [key])),
      'DELETE /admin/api/keys/abcd1234': () => ((revoked = true), [200, { id: 'abcd1234', revoked: true }]),
    });
    const user = userEvent.setup();
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    const revoke = await within(keys).findByRole('button', { name: 'Revoke key Community bot (abcd1234)' });
    for (let tabs = 0; document.activeElement !== revoke && tabs < 10; tabs++) await user.tab();
    expect(revoke).toHaveFocus();
    await user.keyboard('{Enter}');
    const ask = await findRevokeQuestion('Revoke key “Community bot” (abcd1234)?');
    const confirm = within(ask).getByRole('button', { name: 'Revoke key' });
    for (let tabs = 0; document.activeElement !== confirm && tabs < 5; tabs++) await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');

    await expect.poll(() => within(keys).queryByRole('button', { name: /^Revoke key/ })).toBeNull();
    await expect.poll(() => document.activeElement).toBe(within(keys).getByRole('heading', { name: 'Bot API keys' }));
    expect(within(keys).getByRole('status')).toHaveTextContent('Revoked key “Community bot” (abcd1234).');
  });

  it('Bot API keys: Done on a new key’s card sends focus to the heading (the card and its button go)', async () => {
    const info = makeApiKeyInfo({ id: 'efgh5678', name: 'New bot' });
    fakeServer({
      'GET /admin/api/keys': () => liveKeys(),
      'POST /admin/api/keys': () => [201, { key: 'gh_efgh5678_secret', info }],
    });
    const user = userEvent.setup();
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    await user.type(within(keys).getByLabelText('Name'), 'New bot');
    await user.click(within(keys).getByRole('button', { name: 'Create key' }));
    const done = await within(keys).findByRole('button', { name: 'Done' });
    done.focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => within(keys).queryByRole('button', { name: 'Done' })).toBeNull();
    expect(within(keys).getByRole('heading', { name: 'Bot API keys' })).toHaveFocus();
  });
});

// Owner console audit: a key named before names were refused text-direction controls kept its U+202E, and
// the console showed "bot testing-key" for this name, disguising the key; the owner now sees the control.
describe('the owner console shows a stored text-direction control instead of obeying it', () => {
  const name = 'bot \u202eyek-gnitset';
  const shown = 'bot [U+202E]yek-gnitset';

  it('Bot API keys: in the list, the revoke question and the status line', async () => {
    let revoked = false;
    fakeServer({
      'GET /admin/api/keys': () => liveKeys(...(revoked ? [] : [{ ...key, name }])),
      'DELETE /admin/api/keys/abcd1234': () => ((revoked = true), [200, { id: 'abcd1234', revoked: true }]),
    });
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    const cell = await within(keys).findByRole('rowheader', { name: shown });
    expect(cell.querySelector('bdi')).toHaveTextContent(shown);

    await userEvent.click(within(keys).getByRole('button', { name: `Revoke key ${shown} (abcd1234)` }));
    const ask = await findRevokeQuestion(`Revoke key “${shown}” (abcd1234)?`);
    expect(ask.textContent).not.toContain('\u202e');
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke key' }));
    await expect.poll(() => within(keys).getByRole('status').textContent).toBe(`Revoked key “${shown}” (abcd1234).`);
    expect(keys.textContent).not.toContain('\u202e');
  });

  it('Audit log: in the Who and About columns', async () => {
    const entry = { id: 1, at: 0, action: 'api_key.created', actorKind: 'cli', actor: 'sam\u202e@host', target: 'abcd1234', address: null };
    fakeServer({
      'GET /admin/api/audit': () => [200, { entries: [{ ...entry, detail: `${name} (bureau-bot)` }], page: 1, pageSize: 25, total: 1 }],
    });
    renderWithApp(<AuditPanel />);
    const audit = await screen.findByRole('region', { name: 'Audit log' });
    const row = (await within(audit).findByRole('rowheader', { name: 'Key created' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '1970-01-01 00:00 UTC',
      'Command line (sam[U+202E]@host)',
      `abcd1234 · ${shown} (bureau-bot)`,
      'the server',
    ]);
  });
});

// Owner console audit: Older pressed onto the last page disabled the very button that had focus, and
// focus fell to <body>; a keyboard user paging through the log had to find their way back.
describe('the audit log pager from the keyboard', () => {
  it('keeps focus on Older at the last page and on Newer at the first, and asks for no page beyond them', async () => {
    const entry = (id: number) => ({
      id,
      at: 0,
      action: 'sign_in',
      actorKind: 'discord',
      actor: OWNER,
      target: 'owner',
      detail: null,
      address: '::1',
    });
    const pages: number[] = [];
    fakeServer({
      'GET /admin/api/audit': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        pages.push(page);
        return [200, { entries: [entry(page)], page, pageSize: 25, total: 30 }];
      },
    });
    const user = userEvent.setup();
    renderWithApp(<AuditPanel />);
    const pager = await screen.findByRole('navigation', { name: 'Audit log pages' });
    await within(pager).findByText('Page 1 of 2 · 30 entries');
    const older = within(pager).getByRole('button', { name: 'Older' });
    const newer = within(pager).getByRole('button', { name: 'Newer' });
    for (let tabs = 0; document.activeElement !== older && tabs < 10; tabs++) await user.tab();
    expect(older).toHaveFocus();

    await user.keyboard('{Enter}');
    await within(pager).findByText('Page 2 of 2 · 30 entries');
    expect(older).toHaveFocus();
    expect(older).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');

    await user.tab({ shift: true });
    expect(newer).toHaveFocus();
    await user.keyboard('{Enter}');
    await within(pager).findByText('Page 1 of 2 · 30 entries');
    expect(newer).toHaveFocus();
    expect(newer).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(within(pager).getByText('Page 1 of 2 · 30 entries')).toBeInTheDocument();
    expect(pages.every((p) => p === 1 || p === 2)).toBe(true);
  });
});

// Owner console audit: Copy key did nothing and said nothing where the page may not use the clipboard
// (plain HTTP from an address other than localhost, or the permission refused), and the key is shown once.
describe('Copy key on a new key', () => {
  const info = makeApiKeyInfo({ id: 'efgh5678', name: 'New bot' });
  async function createKey() {
    fakeServer({
      'GET /admin/api/keys': () => liveKeys(),
      'POST /admin/api/keys': () => [201, { key: 'gh_efgh5678_secret', info }],
    });
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    await userEvent.type(within(keys).getByLabelText('Name'), 'New bot');
    await userEvent.click(within(keys).getByRole('button', { name: 'Create key' }));
    await within(keys).findByRole('button', { name: 'Copy key' });
    return keys;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies the key and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const keys = await createKey();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(within(keys).getByRole('button', { name: 'Copy key' }));
    expect(await within(keys).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('gh_efgh5678_secret');
  });

  it.each([
    ['without the clipboard API', undefined],
    ['when the clipboard is refused', { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }],
  ])('%s, says so and selects the key for the owner to copy', async (_, clipboard) => {
    const keys = await createKey();
    vi.stubGlobal('navigator', { ...navigator, clipboard });
    await userEvent.click(within(keys).getByRole('button', { name: 'Copy key' }));
    expect(await within(keys).findByRole('alert')).toHaveTextContent('This browser did not let the page copy the key.');
    expect(window.getSelection()?.toString()).toBe('gh_efgh5678_secret');
    expect(within(keys).queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });
});

// Owner console audit: a key's name of 100 letters without a space widened the log past a 1280 px screen.
describe('the audit log with a long name', () => {
  it('Audit log: About wraps inside its column, as a key’s name does in the key list', async () => {
    const detail = `${'W'.repeat(100)} (bureau-bot)`;
    const entry = {
      id: 1,
      at: 0,
      action: 'api_key.created',
      actorKind: 'cli',
      actor: 'sam@host',
      target: 'abcd1234',
      detail,
      address: null,
    };
    fakeServer({ 'GET /admin/api/audit': () => [200, { entries: [entry], page: 1, pageSize: 25, total: 1 }] });
    withStylesheet(import.meta.url, '../admin-page.css');
    renderWithApp(<AuditPanel />);
    // The text's own <bdi> is inside the wrapping box (happy-dom computes no inherited style).
    const about = (await screen.findByText(`abcd1234 · ${detail}`)).parentElement!;
    expect(getComputedStyle(about).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(about).maxWidth).toBe('320px');
  });
});

// Owner console audit: anyone can try a school sign-in, and the student ID tried goes into the audit log's
// Who as sent. "6" with 30 combining marks drew a line over the rows above it, hiding the owner's own lines;
// a key's name from before decision 0067 can hold a line break or stacked marks too.
describe('the audit log shows text someone else chose without letting it draw over other rows', () => {
  it('writes out marks past the fourth on a letter, and control characters, as their code points', async () => {
    const failed = {
      id: 2,
      at: 0,
      action: 'sign_in_failed',
      actorKind: 'school',
      actor: `6${'\u0336'.repeat(30)}`,
      target: null,
      detail: 'wrong student ID or password',
      address: '203.0.113.9',
    };
    const created = { ...failed, id: 1, action: 'api_key.created', actorKind: 'cli', actor: 'sam@host', address: null };
    const signedIn = { ...failed, id: 3, action: 'sign_in', actorKind: 'discord', actor: OWNER, target: 'ที่นี่', detail: null };
    const entries = [signedIn, failed, { ...created, target: 'abcd1234', detail: 'line one\nline\u001b[31m two (bureau-bot)' }];
    fakeServer({ 'GET /admin/api/audit': () => [200, { entries, page: 1, pageSize: 25, total: 3 }] });
    renderWithApp(<AuditPanel />);
    const audit = await screen.findByRole('region', { name: 'Audit log' });
    const cellsOf = async (what: string) =>
      within((await within(audit).findByRole('rowheader', { name: what })).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect((await cellsOf('Failed sign-in'))[1]).toBe(`Student 6${'\u0336'.repeat(4)}${'[U+0336]'.repeat(26)}`);
    expect((await cellsOf('Key created'))[2]).toBe('abcd1234 · line one[U+000A]line[U+001B][31m two (bureau-bot)');
    // Thai keeps its vowels and tone marks (two on a letter here).
    expect((await cellsOf('Signed in'))[2]).toBe('ที่นี่');
  });
});

// Decision 0074: one click beside a role took it away, an owner's role included.
describe('revoking a role asks first', () => {
  const otherOwner: Grant = { discordId: '867684895948800002', role: 'owner', grantedAt: 0 };

  it('says what the role opens; Cancel revokes nothing and gives focus back to the Revoke button', async () => {
    const server = fakeServer({
      'GET /admin/api/grants': () => held(otherOwner, ownerRole, staffRole),
      [`DELETE /admin/api/grants/${otherOwner.discordId}/owner`]: () => [200, { ...otherOwner, changed: true }],
    });
    const user = userEvent.setup();
    renderWithApp(<GrantsPanel ownId={OWNER} />);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    const revoke = await within(roles).findByRole('button', { name: `Revoke owner from ${otherOwner.discordId}` });
    await user.click(revoke);
    const ask = await findRevokeQuestion(`Revoke owner from ${otherOwner.discordId}?`);
    expect(ask).toHaveTextContent(
      'They can no longer open this console: roles, bot keys and the audit log, from their next request. You can grant it again later.',
    );
    // Focus is in the question, not left on the page behind it.
    expect(ask).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(revoke).toHaveFocus();
    // Escape closes it too, and nothing was sent either way.
    await user.click(revoke);
    await findRevokeQuestion(`Revoke owner from ${otherOwner.discordId}?`);
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(revoke);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke role' }));
    await expect
      .poll(() => server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path))
      .toEqual([`/admin/api/grants/${otherOwner.discordId}/owner`]);
    expect(await within(roles).findByRole('status')).toHaveTextContent(`Revoked owner from ${otherOwner.discordId}.`);
  });
});

// Decision 0074: the roles and keys lists were read whole; they are asked for a page at a time.
describe('the roles and keys lists, a page at a time', () => {
  const staffOn = (page: number) => ({ ...staffRole, discordId: `86768489594880${1000 + page}` });

  it('Roles: Next asks the server for page 2 and shows it; the pager counts the roles held', async () => {
    const asked: string[] = [];
    fakeServer({
      'GET /admin/api/grants': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        asked.push(url.search);
        return [200, { grants: [staffOn(page)], page, pageSize: 25, total: 30 }];
      },
    });
    renderWithApp(<GrantsPanel ownId={OWNER} />);
    const pager = await screen.findByRole('navigation', { name: 'Roles pages' });
    await within(pager).findByText('Page 1 of 2 · 30 roles held');
    expect(screen.getByText(staffOn(1).discordId)).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(pager).findByText('Page 2 of 2 · 30 roles held');
    expect(await screen.findByText(staffOn(2).discordId)).toBeInTheDocument();
    expect(screen.queryByText(staffOn(1).discordId)).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1', '?page=2']);
  });

  it('Bot API keys: live keys unless Show revoked keys is ticked, which the server filters, from page 1', async () => {
    const revokedKey = makeApiKeyInfo({ id: 'efgh5678', name: 'Old bot', revokedAt: Date.UTC(2026, 0, 2, 3, 4) });
    const asked: string[] = [];
    fakeServer({
      'GET /admin/api/keys': ({ url }) => {
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        // 26 live keys (two pages); with the revoked ones, this fake's list is two keys.
        if (url.searchParams.get('revoked') === 'show')
          return [200, { keys: [key, revokedKey], scopes: ['bureau-bot'], page, pageSize: 25, total: 2 }];
        return [200, { keys: [{ ...key, name: `Live bot ${page}` }], scopes: ['bureau-bot'], page, pageSize: 25, total: 26 }];
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    const pager = within(keys).getByRole('navigation', { name: 'Bot API key pages' });
    await within(keys).findByRole('rowheader', { name: 'Live bot 1' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(keys).findByRole('rowheader', { name: 'Live bot 2' });
    const toggle = within(keys).getByRole('checkbox', { name: 'Show revoked keys' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    const old = await within(keys).findByRole('rowheader', { name: 'Old bot' });
    expect(old.closest('tr')).toHaveTextContent('Revoked 2026-01-02 03:04 UTC');
    expect(within(old.closest('tr')!).queryByRole('button')).not.toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 1 of 1 · 2 keys');
    await user.click(toggle);
    await within(keys).findByRole('rowheader', { name: 'Live bot 1' });
    expect(within(keys).queryByRole('rowheader', { name: 'Old bot' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1&revoked=hide', '?page=2&revoked=hide', '?page=1&revoked=show']);
  });

  it('Bot API keys: revoking the only key on the last page goes back to the page before', async () => {
    const pageTwo = makeApiKeyInfo({ id: 'efgh5678', name: 'Last bot' });
    let revoked = false;
    const asked: string[] = [];
    fakeServer({
      'GET /admin/api/keys': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        asked.push(String(page));
        const total = revoked ? 25 : 26;
        const keys = page === 1 ? [key] : revoked ? [] : [pageTwo];
        return [200, { keys, scopes: ['bureau-bot'], page, pageSize: 25, total }];
      },
      'DELETE /admin/api/keys/efgh5678': () => ((revoked = true), [200, { id: 'efgh5678', revoked: true }]),
    });
    renderWithApp(<KeysPanel />);
    const keys = await screen.findByRole('region', { name: 'Bot API keys' });
    const pager = within(keys).getByRole('navigation', { name: 'Bot API key pages' });
    await within(pager).findByText('Page 1 of 2 · 26 keys');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(keys).findByRole('button', { name: 'Revoke key Last bot (efgh5678)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await within(pager).findByText('Page 1 of 1 · 25 keys');
    expect(await within(keys).findByRole('rowheader', { name: 'Community bot' })).toBeInTheDocument();
    expect(asked).toEqual(['1', '2', '2', '1']);
  });
});
