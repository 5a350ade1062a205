import { useState, type ReactNode } from 'react';
import { useDiscordGrant } from '@/api/get-me';
import { discordSignInUrl } from '@/lib/auth-links';
import { Spinner } from '@/ui/spinner';
import { ErrorModal } from './error-modal';
// The gate's and the error modal's styles (001 §2: the modal's red title) live with the records page.
import '../pages/records-page.css';

/** The bureau grant the server checks on every records call (ARCHITECTURE.md §1, §4). */
export const STAFF_GRANT = 'bureau-staff';

// 001 §8 start-up failure.
const INIT_FAILED = 'Application failed to initialize.';
const INIT_FAILED_REFRESH = 'Application failed to initialize. Please refresh the page.';

/**
 * Shows `children` only to a Discord sign-in holding the bureau-staff grant (the records tool and the
 * infraction lookup), and otherwise says what is missing: a spinner while who is signed in loads, the start-up failure
 * of 001 §8, a Discord sign-in that comes back to `returnTo`, or the missing grant. The server refuses
 * these calls all the same; this only saves staff a page of errors.
 */
export function StaffGate({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  const check = useDiscordGrant(STAFF_GRANT);
  const [initErrorClosed, setInitErrorClosed] = useState(false);

  if (check.status === 'pending') {
    return (
      <div className="records__loading">
        <Spinner label="Loading" size="lg" />
      </div>
    );
  }
  if (check.status === 'error') {
    return (
      <div className="records__gate" role="alert">
        <p>{INIT_FAILED}</p>
        <ErrorModal message={initErrorClosed ? null : INIT_FAILED_REFRESH} onClose={() => setInitErrorClosed(true)} />
      </div>
    );
  }
  if (check.status === 'signed-out') {
    return (
      <div className="records__gate">
        <p>These are personal records: sign in with Discord to open them.</p>
        <a className="ui-button ui-button--primary ui-button--md" href={discordSignInUrl(returnTo)}>
          Sign in with Discord
        </a>
      </div>
    );
  }
  if (check.status === 'missing') {
    return (
      <div className="records__gate" role="alert">
        <p>This needs the bureau-staff permission. Ask a bureau administrator to grant it to your Discord account.</p>
      </div>
    );
  }
  return <>{children}</>;
}
