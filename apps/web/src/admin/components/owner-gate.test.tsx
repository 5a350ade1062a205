import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { AppLayout } from '@/shell/app-layout';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { OwnerGate } from './owner-gate';

const OWNER = '867684895948800003';
const me = (grants: string[]) => ({
  identity: { kind: 'discord', subject: OWNER, displayName: 'signal.sam', avatar: null, grants },
  devSignIn: false,
});
const SIGNED_OUT = { identity: null, devSignIn: false };
const UNAUTHENTICATED = { error: 'Please sign in first.', code: 'unauthenticated' };

/** Stands for the console's panels: a list it reads, paged, and a form that posts. */
function Console() {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const audit = useQuery({ queryKey: ['admin', 'audit', page], queryFn: () => apiRequest(`/admin/api/audit?page=${page}`) });
  const create = useMutation({ mutationFn: () => apiRequest('/admin/api/keys', { method: 'POST', body: { name } }) });
  return (
    <section aria-label="Console">
      <p>{audit.isSuccess ? `Audit page ${page}` : audit.error?.message}</p>
      <button type="button" onClick={() => setPage((p) => p + 1)}>
        Next page
      </button>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="button" onClick={() => create.mutate()}>
        Create key
      </button>
    </section>
  );
}

function renderConsole() {
  return renderWithApp(
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          path="/admin"
          element={
            <OwnerGate>
              <Console />
            </OwnerGate>
          }
        />
      </Route>
    </Routes>,
    { path: '/admin' },
  );
}

const meCalls = (server: ReturnType<typeof fakeServer>) => server.calls.filter((c) => c.path === '/auth/api/me').length;

// Decision 0054: the gate and the header decide from the cached `me`; a call the server refuses for
// the session asks it again, so the console follows a session that ended elsewhere, without a reload.
describe('OwnerGate when the session changes while the console is open', () => {
  it('a 401 from a write (signed out in another tab) turns the console into the sign-in, and the header stops naming anyone', async () => {
    let signedIn = true;
    const server = fakeServer({
      'GET /auth/api/me': () => [200, signedIn ? me(['owner']) : SIGNED_OUT],
      'GET /admin/api/audit': () => (signedIn ? [200, {}] : [401, UNAUTHENTICATED]),
      'POST /admin/api/keys': () => (signedIn ? [201, {}] : [401, UNAUTHENTICATED]),
    });
    renderConsole();
    expect(await screen.findByText('Audit page 1')).toBeInTheDocument();
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument();

    signedIn = false;
    await userEvent.type(screen.getByLabelText('Name'), 'Community bot');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Discord' })).toHaveAttribute('href', '/auth/discord/login?returnTo=%2Fadmin');
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Owner console' })).not.toBeInTheDocument();
    // Asked once more, and not again: `me` answering "nobody" is not a refusal.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meCalls(server)).toBe(2);
  });

  it('a 401 from a read (the session expired) does the same', async () => {
    let signedIn = true;
    const server = fakeServer({
      'GET /auth/api/me': () => [200, signedIn ? me(['owner']) : SIGNED_OUT],
      'GET /admin/api/audit': () => (signedIn ? [200, {}] : [401, UNAUTHENTICATED]),
    });
    renderConsole();
    expect(await screen.findByText('Audit page 1')).toBeInTheDocument();
    signedIn = false;
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meCalls(server)).toBe(2);
  });

  it('a 403 (someone without the owner role signed in elsewhere) shows that the page is for owners', async () => {
    let owner = true;
    fakeServer({
      'GET /auth/api/me': () => [200, me(owner ? ['owner'] : [])],
      'GET /admin/api/audit': () => (owner ? [200, {}] : [403, { error: 'You do not have permission to do that.', code: 'forbidden' }]),
    });
    renderConsole();
    expect(await screen.findByText('Audit page 1')).toBeInTheDocument();
    owner = false;
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'This page is for owners' })).toBeInTheDocument();
  });

  it('a refusal that says nothing about the session (a wrong school password, 401 invalid_credentials) does not ask again', async () => {
    const server = fakeServer({
      'GET /auth/api/me': () => [200, me(['owner'])],
      'GET /admin/api/audit': () => [200, {}],
      'POST /admin/api/keys': () => [401, { error: 'Invalid student ID or password.', code: 'invalid_credentials' }],
    });
    renderConsole();
    expect(await screen.findByText('Audit page 1')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'kept');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meCalls(server)).toBe(1);
    expect(screen.getByLabelText('Name')).toHaveValue('kept');
  });
});
