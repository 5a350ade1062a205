import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApiKeyInfo } from '@guildhall/testkit/factories';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { AuditPanel } from './audit-panel';
import { GrantsPanel } from './grants-panel';
import { KeysPanel } from './keys-panel';

const OWNER = '867684895948800003';
const STAFF = '867684895948800001';
const refused = (error: string) => [400, { error, code: 'invalid_input' }] as const;
/** A live bot key, as GET /admin/api/keys lists it. */
const key = makeApiKeyInfo();

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
      'GET /admin/api/grants': () => [
        200,
        {
          grants: [
            { discordId: OWNER, role: 'owner', grantedAt: 0 },
            { discordId: STAFF, role: 'bureau-staff', grantedAt: 0 },
          ],
        },
      ],
      'POST /admin/api/grants': () => [...refused('discordId: must be a Discord ID: 5 to 25 digits')],
      [`DELETE /admin/api/grants/${STAFF}/bureau-staff`]: () => [200, { discordId: STAFF, role: 'bureau-staff', changed: true }],
    });
    renderWithApp(<GrantsPanel ownId={OWNER} />);
    await userEvent.type(await screen.findByLabelText('Discord ID'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Grant role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('discordId: must be a Discord ID: 5 to 25 digits');

    await userEvent.click(screen.getByRole('button', { name: `Revoke bureau-staff from ${STAFF}` }));
    expect(await screen.findByText(`Revoked bureau-staff from ${STAFF}.`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Bot API keys: a revoke (asked first) after a refused create leaves no refusal on screen', async () => {
    let revoked = false;
    const server = fakeServer({
      'GET /admin/api/keys': () => [200, { keys: [{ ...key, revokedAt: revoked ? 1 : null }], scopes: ['bureau-bot'] }],
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
      'GET /admin/api/grants': () => [
        200,
        {
          grants: [
            { discordId: OWNER, role: 'owner', grantedAt: 0 },
            ...(revoked ? [] : [{ discordId: STAFF, role: 'bureau-staff', grantedAt: 0 }]),
          ],
        },
      ],
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

    await expect.poll(() => within(roles).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    await expect.poll(() => document.activeElement).toBe(within(roles).getByRole('heading', { name: 'Roles' }));
    expect(within(roles).getByRole('status')).toHaveTextContent(`Revoked bureau-staff from ${STAFF}.`);
  });

  it('Bot API keys: focus goes to the section’s heading and the status line says which key was revoked', async () => {
    let revoked = false;
    fakeServer({
      'GET /admin/api/keys': () => [200, { keys: [{ ...key, revokedAt: revoked ? 1 : null }], scopes: ['bureau-bot'] }],
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
      'GET /admin/api/keys': () => [200, { keys: [], scopes: ['bureau-bot'] }],
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
      'GET /admin/api/keys': () => [200, { keys: [{ ...key, name, revokedAt: revoked ? 1 : null }], scopes: ['bureau-bot'] }],
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
      'GET /admin/api/keys': () => [200, { keys: [], scopes: ['bureau-bot'] }],
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
