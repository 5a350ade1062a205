import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VerifyClaimDecisionAnswer, VerifyClaimsAnswer, type VerifyClaimApproveRequest } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

const key = ['bureau', 'verify', 'claims'] as const;

/** GET /bureau/api/verify/claims (staff): claims on Roblox accounts linked to another Discord account. */
export function getVerifyClaims(signal?: AbortSignal): Promise<VerifyClaimsAnswer> {
  return apiRequest('/bureau/api/verify/claims', { schema: VerifyClaimsAnswer, signal });
}

export function useVerifyClaims() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getVerifyClaims(signal), staleTime: 0 });
}

export type ClaimDecision = { id: number; decision: 'refuse' } | { id: number; decision: 'approve'; linkedDiscordId: string | null };

/**
 * POST /bureau/api/verify/claims/{id}/approve|refuse (staff). An approval names the holder the list
 * showed (decision 0059), so one who linked the account since is not unlinked unseen.
 */
export function decideVerifyClaim(choice: ClaimDecision): Promise<VerifyClaimDecisionAnswer> {
  return apiRequest(`/bureau/api/verify/claims/${choice.id}/${choice.decision}`, {
    method: 'POST',
    schema: VerifyClaimDecisionAnswer,
    ...(choice.decision === 'approve'
      ? { body: { expectedLinkedDiscordId: choice.linkedDiscordId } satisfies VerifyClaimApproveRequest }
      : {}),
  });
}

export function useDecideVerifyClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideVerifyClaim,
    // A refused decision reloads too: a claim decided meanwhile (bureau.claim_decided, another staff
    // member's tab) or gone (the member linked an account themselves: 404) left the list only on a reload,
    // and stayed with its buttons, which could only be refused again.
    onSettled: () => client.invalidateQueries({ queryKey: ['bureau'] }),
  });
}
