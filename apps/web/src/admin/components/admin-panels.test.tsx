import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeApiKeyInfo } from '@guildhall/testkit/factories';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
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
describe('the owner console after a key is revoked from the keyboard', () => {
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
