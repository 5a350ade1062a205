import type { ReactNode } from 'react';
import { useDiscordGrant } from '@/api/get-me';
import { discordSignInUrl } from '@/lib/auth-links';
import { Page, Spinner, StatusCard } from '@/ui';

/** The grant the server checks on every staff call of the appointments tool (issue 15 item 5). */
const STAFF_GRANT = 'bureau-staff';

/**
 * The staff pages (/bureau/appointments and its settings) open only for a Discord sign-in holding
 * bureau-staff. Decided from who is signed in, before the page asks for bookings: decision 0039 draws
 * these pages on the server from that one answer, so a first visit paints its sign-in before the
 * JavaScript (a refused bookings call would be a failed answer, which the server does not draw).
 * The server refuses the staff calls all the same; when who is signed in cannot be read, the page
 * runs and its own calls say what failed.
 */
export function StaffGate({ title, returnTo, children }: { title: string; returnTo: string; children: ReactNode }) {
  const check = useDiscordGrant(STAFF_GRANT);
  if (check.status === 'pending') {
    return (
      <Page title={title}>
        <Spinner label="Loading" showLabel />
      </Page>
    );
  }
  if (check.status === 'error' || check.status === 'granted') return <>{children}</>;
  if (check.status === 'signed-out') {
    return (
      <Page title={title} width="narrow">
        <StatusCard tone="warning" title="Please sign in">
          <p>Please sign in with Discord first.</p>
          <p>
            <a href={discordSignInUrl(returnTo)}>Sign in with Discord</a>
          </p>
        </StatusCard>
      </Page>
    );
  }
  return (
    <Page title={title} width="narrow">
      <StatusCard tone="warning" title="Bureau staff only">
        <p>This needs the {STAFF_GRANT} permission.</p>
      </StatusCard>
    </Page>
  );
}
