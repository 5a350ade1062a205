import { useQuery } from '@tanstack/react-query';
import { MyRegistrationAnswer, type SportsErrorCode } from '@guildhall/contracts/sports';
import { ApiError, apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 GET /api/my-registration (bearer): "a 404 means no registration" (`sports.no_registration`), answered here as null. */
export async function getMyRegistration(signal?: AbortSignal): Promise<MyRegistrationAnswer | null> {
  try {
    return await apiRequest(`${SPORTS_API}/my-registration`, { schema: MyRegistrationAnswer, signal, ...sportsCall() });
  } catch (error) {
    if (error instanceof ApiError && error.code === ('sports.no_registration' satisfies SportsErrorCode)) return null;
    throw error;
  }
}

export const myRegistrationKey = (token: string) => ['sports', 'my-registration', token] as const;

export const useMyRegistration = (token: string, enabled = true) =>
  useQuery({ queryKey: myRegistrationKey(token), queryFn: ({ signal }) => getMyRegistration(signal), enabled, staleTime: 0 });
