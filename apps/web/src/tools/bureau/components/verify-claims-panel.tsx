import { Button } from '@/ui/button';
import { useDecideVerifyClaim, useVerifyClaims } from '../api/verify-claims';
import { formatWhen } from '../lib/case-view';

/**
 * Issue 14 item 1: staff approve or refuse a second Discord account's claim on a linked Roblox account.
 * A banned account cannot be linked (bureau.claim_banned), so its Approve is off and says why; a refused
 * decision's sentence is shown under the list.
 */
export function VerifyClaimsPanel() {
  const claims = useVerifyClaims();
  const decide = useDecideVerifyClaim();
  if (!claims.data || claims.data.claims.length === 0) return null;
  return (
    <section className="desk__section" aria-labelledby="verify-claims">
      <h2 id="verify-claims" className="infractions__heading">
        Verification claims ({claims.data.claims.length})
      </h2>
      <ol className="history__list">
        {claims.data.claims.map((claim) => (
          <li key={claim.id} className="history__entry" aria-label={`Claim ${claim.id}`}>
            <div className="history__meta">{formatWhen(claim.createdAt)}</div>
            <div>
              Discord {claim.discordId} claims Roblox {claim.robloxId}
              {claim.linkedDiscordId ? `, linked now to Discord ${claim.linkedDiscordId}` : ''}.
            </div>
            {claim.banned && <div>Roblox {claim.robloxId} is banned: lift the ban before approving, or refuse the claim.</div>}
            <div className="case-card__actions">
              <Button
                size="sm"
                disabled={decide.isPending || claim.banned}
                onClick={() => decide.mutate({ id: claim.id, decision: 'approve' })}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: claim.id, decision: 'refuse' })}
              >
                Refuse
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {decide.error && (
        <p role="alert" className="case-form__error">
          {decide.error.message}
        </p>
      )}
    </section>
  );
}
