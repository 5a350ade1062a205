import { useLocation, useNavigate } from 'react-router';
import { SIGN_IN_FAILURE_PARAM, SIGN_IN_FAILURES, signInFailureOf } from '@guildhall/contracts/sign-in';
import { discordSignInUrl } from '../lib/auth-links';
import { Button } from '../ui/button';
import { StatusCard } from '../ui/status-card';

/**
 * Decision 0054: a Discord sign-in that did not finish sends the browser back to the page it started
 * from with `?signin=<key>`. Every page inside the shell shows why, with a way to try again, so no
 * tool has to. Anyone can craft the address, so it only picks one of our sentences by its key; an
 * unknown key shows nothing.
 */
export function SignInNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const failure = signInFailureOf(params.get(SIGN_IN_FAILURE_PARAM));
  if (!failure) return null;
  // The page without the key: where "Try again" returns to, and what "Dismiss" leaves in the address
  // (so a reload or a shared link does not bring the notice back).
  params.delete(SIGN_IN_FAILURE_PARAM);
  const rest = params.toString();
  const here = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
  return (
    <div className="shell__notice">
      <StatusCard tone="warning" title="Discord sign-in did not finish">
        <p>{SIGN_IN_FAILURES[failure]}</p>
        <div className="shell__notice-actions">
          <a className="ui-button ui-button--primary ui-button--md" href={discordSignInUrl(here)}>
            Try again
          </a>
          <Button
            variant="ghost"
            onClick={(event) => {
              // The notice goes, and with it the button that had focus: focus fell to <body>. It goes on
              // from the page's main region instead (the skip link's target, which holds the notice).
              const main = event.currentTarget.closest('main');
              navigate(here, { replace: true });
              main?.focus();
            }}
          >
            Dismiss
          </Button>
        </div>
      </StatusCard>
    </div>
  );
}
