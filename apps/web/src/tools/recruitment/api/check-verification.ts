import { useQuery } from '@tanstack/react-query';
import { CheckVerificationAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/check-verification. 000 §8: a failed check, or a network error, counts as unverified. */
export async function checkVerification(signal?: AbortSignal): Promise<boolean> {
  try {
    return (await apiRequest(`${API}/check-verification`, { schema: CheckVerificationAnswer, signal })).isVerified;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return false;
  }
}

export function useVerification(enabled: boolean) {
  return useQuery({
    queryKey: recruitmentKeys.verification,
    queryFn: ({ signal }) => checkVerification(signal),
    enabled,
    staleTime: Infinity,
  });
}
