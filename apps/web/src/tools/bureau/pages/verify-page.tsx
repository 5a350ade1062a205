import { useLocation, useSearchParams } from 'react-router';
import { VERIFY_FAILURES, VerifyFailure, VerifyOutcome } from '@guildhall/contracts/bureau';
import { RobloxId } from '@guildhall/contracts/core';
import { useMe } from '@/api/get-me';
import { discordSignInUrl } from '@/lib/auth-links';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { useCheckStatus } from '../api/check-status';
import { useUnlinkRoblox, useVerifyStatus } from '../api/get-verify-status';
import './records-page.css';
import './verify-page.css';

const OUTCOMES: Record<VerifyOutcome, { tone: 'success' | 'warning' | 'danger' | 'neutral'; title: string; text: string }> = {
  linked: { tone: 'success', title: 'Roblox account linked', text: 'Your Discord and Roblox accounts are now a verified pair.' },
  unchanged: { tone: 'neutral', title: 'Already linked', text: 'This Roblox account was already linked to your Discord account.' },
  banned: { tone: 'danger', title: 'This Roblox account is banned', text: 'A banned Roblox account cannot be verified.' },
  pair_banned: {
    tone: 'danger',
    title: 'Your linked Roblox account is banned',
    text: 'While it is banned, the link stays as it is. Please ask bureau staff.',
  },
  claim_pending: {
    tone: 'warning',
    title: 'Waiting for staff approval',
    text: 'This Roblox account is linked to another Discord account. Bureau staff will review your claim.',
  },
  cancelled: { tone: 'neutral', title: 'Linking cancelled', text: 'Nothing was changed.' },
  failed: { tone: 'danger', title: 'Linking failed', text: 'Nothing was changed. Please try again.' },
};

/**
 * Issue 14 item 1: the verification center at /bureau/verify. A member signs in with Discord, then
 * links a Roblox account through Roblox's own sign-in (the server's /bureau/verify/roblox), and may
 * unlink it. The outcome of the last attempt comes back in the address.
 */
export function VerifyPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const identity = me.data?.identity ?? null;
  const signedIn = identity?.kind === 'discord';
  const status = useVerifyStatus(signedIn);
  const unlink = useUnlinkRoblox();
  const parsed = VerifyOutcome.safeParse(params.get('outcome'));
  const outcome = parsed.success ? OUTCOMES[parsed.data] : null;
  const reason = useOutcomeReason(parsed.success ? parsed.data : null, params);

  return (
    <Page title="Verification Center" lead="Link your Roblox account to your Discord account.">
      {outcome && (
        <StatusCard tone={outcome.tone} title={outcome.title}>
          <p>{outcome.text}</p>
          {reason && <p className="verify__reason">Reason: {reason}</p>}
        </StatusCard>
      )}
      {me.isPending ? (
        <Spinner label="Loading" size="lg" />
      ) : !signedIn ? (
        <div className="records__gate">
          <p>First, sign in with Discord.</p>
          <a className="ui-button ui-button--primary ui-button--md" href={discordSignInUrl(location.pathname)}>
            Sign in with Discord
          </a>
        </div>
      ) : status.isPending ? (
        <Spinner label="Loading your verification" size="lg" />
      ) : status.isError ? (
        <p role="alert">{status.error.message}</p>
      ) : (
        <section aria-label="Your verification" className="verify__card">
          <DetailList
            items={[
              { label: 'Discord ID', value: status.data.discordId },
              {
                label: 'Roblox account',
                value: status.data.robloxId ? `${status.data.robloxUsername ?? 'Unknown'} (${status.data.robloxId})` : 'Not linked',
              },
              ...(status.data.pendingClaim
                ? [{ label: 'Pending claim', value: `Roblox ${status.data.pendingClaim.robloxId}, waiting for staff` }]
                : []),
            ]}
          />
          {status.data.canLink ? (
            <div className="verify__actions">
              <a className="ui-button ui-button--primary ui-button--md" href="/bureau/verify/roblox">
                {status.data.robloxId ? 'Link another Roblox account' : 'Link with Roblox'}
              </a>
              {status.data.robloxId && (
                <Button
                  variant="secondary"
                  disabled={unlink.isPending}
                  // The last link attempt's outcome no longer holds once unlinked: it leaves the address.
                  onClick={() => unlink.mutate(undefined, { onSuccess: () => setParams({}, { replace: true }) })}
                >
                  Unlink
                </Button>
              )}
            </div>
          ) : (
            <p>Linking a Roblox account is not configured on this server.</p>
          )}
          {unlink.error && <p role="alert">{unlink.error.message}</p>}
        </section>
      )}
    </Page>
  );
}

/**
 * The reason under the last attempt's outcome. Anyone can craft the address, so no sentence comes from
 * it: a failure names one of our own sentences by its key, and a banned account's reason is read from
 * the public checker (what anyone may see of it: a hidden case's reason stays hidden).
 */
function useOutcomeReason(outcome: VerifyOutcome | null, params: URLSearchParams): string | null {
  const roblox = RobloxId.safeParse(params.get('roblox'));
  const banned = useCheckStatus(outcome === 'banned' && roblox.success ? { type: 'roblox', id: roblox.data } : null);
  if (outcome === 'failed') {
    const failure = VerifyFailure.safeParse(params.get('failure'));
    return failure.success ? VERIFY_FAILURES[failure.data] : null;
  }
  const ban = banned.data && banned.data.result !== 'not_found' ? banned.data.ban : null;
  return ban?.isBanned ? ban.reason : null;
}
