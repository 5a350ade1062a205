import type { ReactNode } from 'react';
import { useDiscordGrant } from '@/api/get-me';
import { discordSignInUrl } from '@/lib/auth-links';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';

/** The grant the server checks on every /admin/api call (issue 12 item 7). */
export const OWNER_GRANT = 'owner';

/**
 * Shows the console only to a Discord sign-in holding `owner`, and otherwise says what is missing.
 * The server refuses every call all the same; this only spares a page of errors.
 */
export function OwnerGate({ children }: { children: ReactNode }) {
  const check = useDiscordGrant(OWNER_GRANT);
  if (check.status === 'pending') return <Spinner label="Loading" size="lg" />;
  if (check.status === 'error') {
    return (
      <StatusCard tone="danger" title="The console could not start">
        {check.error.message}
      </StatusCard>
    );
  }
  if (check.status === 'signed-out') {
    return (
      <StatusCard tone="neutral" title="Sign in to continue">
        <p>The owner console is for the community&rsquo;s owners. Sign in with Discord to open it.</p>
        <a className="ui-button ui-button--primary ui-button--md" href={discordSignInUrl('/admin')}>
          Sign in with Discord
        </a>
      </StatusCard>
    );
  }
  if (check.status === 'missing') {
    return (
      <StatusCard tone="warning" title="This page is for owners">
        <p>
          Your Discord account does not have the owner role. Another owner can grant it here, or someone with a shell on the server:{' '}
          <code>npm run cli -- grant {check.subject} owner</code>
        </p>
      </StatusCard>
    );
  }
  return <>{children}</>;
}
