import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '@guildhall/contracts/sign-in';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { AppLayout } from './app-layout';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The shell around a page, at `path`, as a visitor who is not signed in. */
function renderShellAt(path: string) {
  fakeServer({ 'GET /auth/api/me': () => [200, { identity: null, devSignIn: false }] });
  return renderWithApp(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>,
    { path },
  );
}

// Decision 0054: the Discord callback sends a sign-in that did not finish back to its page with a key.
describe('SignInNotice in the app shell', () => {
  it('says why the sign-in did not finish on the page it came back to, with a Try again that returns there', async () => {
    renderShellAt('/bureau/records?q=12&signin=cancelled');
    expect(screen.getByRole('heading', { name: 'Discord sign-in did not finish' })).toBeInTheDocument();
    expect(screen.getByText(SIGN_IN_FAILURES.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/auth/discord/login?returnTo=%2Fbureau%2Frecords%3Fq%3D12',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: 'Discord sign-in did not finish' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/bureau\/records\?q=12$/);
  });

  // Owner console audit: Dismiss took itself away with the notice, and focus fell to <body>.
  it('Dismiss from the keyboard leaves focus on the page’s main region, where the notice was', async () => {
    renderShellAt('/admin?signin=expired');
    const user = userEvent.setup();
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    for (let tabs = 0; document.activeElement !== dismiss && tabs < 10; tabs++) await user.tab();
    expect(dismiss).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('heading', { name: 'Discord sign-in did not finish' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it.each(Object.entries(SIGN_IN_FAILURES))('names %s by its own sentence', (key, sentence) => {
    renderShellAt(`/admin?signin=${key}`);
    expect(screen.getByText(sentence)).toBeInTheDocument();
  });

  it('shows nothing for an address that names no failure of ours: a crafted one cannot put words on the page', () => {
    renderShellAt('/admin?signin=Your+account+is+suspended.+Call+0800');
    expect(screen.queryByRole('heading', { name: 'Discord sign-in did not finish' })).not.toBeInTheDocument();
    expect(screen.queryByText(/account is suspended/)).not.toBeInTheDocument();
  });

  it('shows nothing for a key inherited from Object', () => {
    renderShellAt('/admin?signin=toString');
    expect(screen.queryByRole('heading', { name: 'Discord sign-in did not finish' })).not.toBeInTheDocument();
  });
});
