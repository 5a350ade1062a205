import { useQuery } from '@tanstack/react-query';
import { type SessionUser, UserAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/user: the session user, or null. 000 §8: a failed fetch shows the login screen. */
export async function getUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return (await apiRequest(`${API}/user`, { schema: UserAnswer, signal })).user;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

export function useUser() {
  return useQuery({ queryKey: recruitmentKeys.user, queryFn: ({ signal }) => getUser(signal), staleTime: Infinity });
}
