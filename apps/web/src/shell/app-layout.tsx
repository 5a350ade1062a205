import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe } from '../api/get-me';
import { signOutUrl } from '../lib/auth-links';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { SignInNotice } from './sign-in-notice';
import './shell.css';

/** The shell around every tool that does not need the full screen: skip link, header, main. */
export function AppLayout() {
  return (
    <div className="shell">
      <a className="shell__skip" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <div className="shell__header-inner">
          <Link to="/" className="shell__brand">
            Guildhall
          </Link>
          <AccountStatus />
        </div>
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        <SignInNotice />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** Shown while a tool's code is fetched (each tool is its own chunk, ARCHITECTURE.md §7). */
export function PageLoading() {
  return (
    <div className="shell__loading">
      <Spinner label="Loading page" size="lg" />
    </div>
  );
}

/**
 * Tools whose spec places its own logout on the page (000 §2: 'Logout' at the top right, and none
 * while the unverified modal is up): a second, differently worded sign-out in the header would confuse.
 */
const OWN_ACCOUNT_CONTROLS = ['/recruitment'];
const hasOwnAccountControls = (path: string) => OWN_ACCOUNT_CONTROLS.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Who is signed in with Discord, with a way out. There is no global "Sign in" link: public tools
 * (the checker, 001 §6) have no login, and tools that need one offer the right sign-in on their own
 * pages. Issue 10 item 22: only the Discord sign-in is global; a school or LINE sign-in belongs to
 * its tool, whose page shows it with its own Logout (002 §2), so the header never repeats it.
 * Signing out is a form post (issue 10 item 2: a GET would let any site sign people out).
 */
function AccountStatus() {
  const me = useMe();
  const location = useLocation();
  const identity = me.data?.identity;
  if (identity?.kind !== 'discord' || hasOwnAccountControls(location.pathname)) return null;
  return (
    <div className="shell__account">
      <span className="shell__account-name">
        Signed in as <strong>{identity.displayName}</strong>
      </span>
      {/* Issue 12 item 7: the owner console, offered only to owners (the server checks every call). */}
      {identity.grants.includes('owner') && (
        <Link to="/admin" className="shell__account-link">
          Owner console
        </Link>
      )}
      <form method="post" action={signOutUrl(location.pathname + location.search)}>
        <Button type="submit" variant="ghost" size="sm">
          Sign out
        </Button>
      </form>
    </div>
  );
}
