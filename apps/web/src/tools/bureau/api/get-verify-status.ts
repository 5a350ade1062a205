import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BotWriteAnswer, VerifyStatusAnswer } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/api/verify/me: the member's own pair and pending claim (issue 14 item 1). */
export function getVerifyStatus(signal?: AbortSignal): Promise<VerifyStatusAnswer> {
  return apiRequest('/bureau/api/verify/me', { schema: VerifyStatusAnswer, signal });
}

const key = ['bureau', 'verify', 'me'] as const;

export function useVerifyStatus(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getVerifyStatus(signal), enabled, staleTime: 0 });
}

/** POST /bureau/api/verify/unlink: the member removes their own pair. */
export function unlinkRoblox(): Promise<BotWriteAnswer> {
  return apiRequest('/bureau/api/verify/unlink', { method: 'POST', schema: BotWriteAnswer });
}

export function useUnlinkRoblox() {
  const client = useQueryClient();
  return useMutation({ mutationFn: unlinkRoblox, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}
