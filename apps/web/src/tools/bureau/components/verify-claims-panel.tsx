import { useEffect, useRef } from 'react';
import { showStoredLines } from '@guildhall/contracts/stored-text';
import type { VerifyClaimsAnswer } from '@guildhall/contracts/bureau';
import { Button } from '@/ui/button';
import { type ClaimDecision, useDecideVerifyClaim, useVerifyClaims } from '../api/verify-claims';
import { formatWhen } from '../lib/case-view';

/**
 * Decision 0031: a claimant whose own account was banned after the claim may still be approved, which
 * moves them off the ban (the checker then shows them clear). Staff see the ban and its reason first,
 * written out as every staff page shows a bot's text (decision 0069).
 */
function ClaimantBan({ claim }: { claim: VerifyClaimsAnswer['claims'][number] }) {
  if (!claim.claimantBan) return null;
  const own = claim.claimantBan.robloxId;
  return (
    <div className="verify-claims__own-ban">
      <p>{`Discord ${claim.discordId}'s own account, Roblox ${own}, is banned.`}</p>
      <p className="verify-claims__reason">
        Ban reason: <bdi>{showStoredLines(claim.claimantBan.reason ?? '') || 'Unknown'}</bdi>
      </p>
      <p>
        Approving moves Discord {claim.discordId} onto Roblox {claim.robloxId}: the checker will then show them clear, and the ban stays on
        Roblox {own}.
      </p>
    </div>
  );
}

/**
 * Issue 14 item 1: staff approve or refuse a second Discord account's claim on a linked Roblox account.
 * A banned account cannot be linked (bureau.claim_banned), so its Approve is off and says why; a refused
 * decision's sentence is shown under the list.
 */
export function VerifyClaimsPanel() {
  const claims = useVerifyClaims();
  const decide = useDecideVerifyClaim();
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = useRef(false);
  // After a decision the list reloads (the hook's onSettled) and the decided claim leaves it with the
  // button that had focus, which fell to the page's start: it comes back to the panel's heading.
  useEffect(() => {
    if (!decided.current || claims.isFetching) return;
    decided.current = false;
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, [claims.data, claims.isFetching]);
  // Once staff have decided here, the panel stays (saying none are waiting) rather than vanish with
  // the last claim: the sentence of a refused decision stays readable, and focus has somewhere to go.
  if (!claims.data || (claims.data.claims.length === 0 && decide.isIdle)) return null;
  const choose = (choice: ClaimDecision) => {
    decided.current = true;
    decide.mutate(choice);
  };
  return (
    <section className="desk__section verify-claims" aria-labelledby="verify-claims">
      <h2 id="verify-claims" className="infractions__heading" ref={heading} tabIndex={-1}>
        Verification claims ({claims.data.claims.length})
      </h2>
      {claims.data.claims.length === 0 && <p className="cases__empty">No claims are waiting.</p>}
      <ol className="history__list">
        {claims.data.claims.map((claim) => (
          <li key={claim.id} className="history__entry" aria-label={`Claim ${claim.id}`}>
            <div className="history__meta">{formatWhen(claim.createdAt)}</div>
            <div>
              Discord {claim.discordId} claims Roblox {claim.robloxId}
              {claim.linkedDiscordId ? `, linked now to Discord ${claim.linkedDiscordId}` : ''}.
            </div>
            {claim.banned && <div>Roblox {claim.robloxId} is banned: lift the ban before approving, or refuse the claim.</div>}
            <ClaimantBan claim={claim} />
            <div className="case-card__actions">
              <Button
                size="sm"
                disabled={decide.isPending || claim.banned}
                onClick={() => choose({ id: claim.id, decision: 'approve', linkedDiscordId: claim.linkedDiscordId })}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => choose({ id: claim.id, decision: 'refuse' })}
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
