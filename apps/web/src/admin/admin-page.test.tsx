import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '@/shell/app-layout';
import { makeApiKeyInfo } from '@guildhall/testkit/factories';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { AdminPage } from './admin-page';

const OWNER = '867684895948800003';
const me = (grants: string[]) => ({
  identity: { kind: 'discord', subject: OWNER, displayName: 'signal.sam', avatar: null, grants },
  devSignIn: false,
});
const emptyAudit = { entries: [], page: 1, pageSize: 25, total: 0 };
/** A list short enough for one page, as the server answers it (decision 0074). */
const onePage = <Row,>(rows: Row[]) => ({ page: 1, pageSize: 25, total: rows.length });
const SCOPES = ['bureau-bot', 'bureau-pairs', 'bureau-bans', 'bureau-cases'];

function renderConsole() {
  return renderWithApp(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/admin" element={<AdminPage />} />
      </Route>
    </Routes>,
    { path: '/admin' },
  );
}

describe('the owner console (issue 12 item 7)', () => {
  it('links from the header and opens only for owners; others are told how to become one', async () => {
    const server = fakeServer({ 'GET /auth/api/me': () => [200, me(['bureau-staff'])] });
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'This page is for owners' })).toBeInTheDocument();
    expect(screen.getByText(`npm run cli -- grant ${OWNER} owner`)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Owner console' })).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.path)).toEqual(['/auth/api/me']);
  });

  it('shows an owner the roles, keys and audit log, and shows a new key once', async () => {
    const created = makeApiKeyInfo({ scopes: ['bureau-pairs', 'bureau-cases'] });
    const server = fakeServer({
      'GET /auth/api/me': () => [200, me(['owner'])],
      'GET /admin/api/grants': () => [200, { grants: [{ discordId: OWNER, role: 'owner', grantedAt: 0 }], ...onePage([OWNER]) }],
      'GET /admin/api/keys': () => [200, { keys: [], scopes: SCOPES, ...onePage([]) }],
      'POST /admin/api/keys': () => [201, { key: 'gh_abcd1234_secret', info: created }],
      'GET /admin/api/audit': () => [200, emptyAudit],
    });
    renderConsole();
    expect(await screen.findByRole('link', { name: 'Owner console' })).toHaveAttribute('href', '/admin');
    const roles = await screen.findByRole('region', { name: 'Roles' });
    expect(await within(roles).findByText(OWNER)).toBeInTheDocument();
    // An owner cannot take the owner role from themselves: no button for it.
    expect(within(roles).queryByRole('button', { name: `Revoke owner from ${OWNER}` })).not.toBeInTheDocument();

    const keys = screen.getByRole('region', { name: 'Bot API keys' });
    await userEvent.type(within(keys).getByLabelText('Name'), 'Community bot');
    // Issue 14 item 4: every scope is offered with what it allows; bureau-bot is ticked at first.
    const scopes = within(keys).getByRole('group', { name: 'Scopes' });
    expect(
      within(scopes)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['bureau-botevery bureau bot call: all that bureau-pairs, bureau-bans and bureau-cases allow', true],
      ['bureau-pairswrite and remove verified pairs (/bureau/api/bot/v1/pairs)', false],
      ['bureau-bansset and lift Roblox bans (/bureau/api/bot/v1/bans)', false],
      [
        'bureau-casesadd and remove infractions; open, amend, expire and note cases (/bureau/api/bot/v1/infractions, /cases); a Roblox ban or unban case also needs bureau-bans',
        false,
      ],
    ]);
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /^bureau-cases/ }));
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /^bureau-bot/ }));
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /^bureau-pairs/ }));
    await userEvent.click(within(keys).getByRole('button', { name: 'Create key' }));
    expect(await within(keys).findByLabelText('New API key')).toHaveTextContent('gh_abcd1234_secret');
    // In the server's order, whatever order they were ticked in.
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Community bot',
      scopes: ['bureau-pairs', 'bureau-cases'],
    });
    // Like the name, the ticks start again for the next key: bureau-bot alone.
    expect(
      within(scopes)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, false, false, false]);
    await userEvent.click(within(keys).getByRole('button', { name: 'Done' }));
    expect(within(keys).queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 0 entries')).toBeInTheDocument();
  });

  it("closes a new key's card when that key is revoked (it kept offering the revoked secret to copy)", async () => {
    const info = makeApiKeyInfo();
    let keys: (typeof info)[] = [];
    fakeServer({
      'GET /auth/api/me': () => [200, me(['owner'])],
      'GET /admin/api/grants': () => [200, { grants: [], ...onePage([]) }],
      'GET /admin/api/keys': () => [200, { keys, scopes: SCOPES, ...onePage(keys) }],
      'POST /admin/api/keys': () => {
        keys = [info];
        return [201, { key: 'gh_abcd1234_secret', info }];
      },
      'DELETE /admin/api/keys/abcd1234': () => [200, { id: 'abcd1234', revoked: true }],
      'GET /admin/api/audit': () => [200, emptyAudit],
    });
    renderConsole();
    const panel = await screen.findByRole('region', { name: 'Bot API keys' });
    await userEvent.type(within(panel).getByLabelText('Name'), 'Community bot');
    await userEvent.click(within(panel).getByRole('button', { name: 'Create key' }));
    expect(await within(panel).findByLabelText('New API key')).toHaveTextContent('gh_abcd1234_secret');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Revoke key Community bot (abcd1234)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await expect.poll(() => within(panel).queryByLabelText('New API key')).toBeNull();
  });
});
