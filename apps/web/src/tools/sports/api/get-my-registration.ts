import { useQuery } from '@tanstack/react-query';
import { MyRegistrationAnswer } from '@guildhall/contracts/sports';
import { SportsApiError, sportsFetch } from './sports-fetch';

/** 002 §7 GET /api/my-registration (bearer): "a 404 means no registration", answered here as null. */
export async function getMyRegistration(signal?: AbortSignal): Promise<MyRegistrationAnswer | null> {
  try {
    return await sportsFetch('/my-registration', { schema: MyRegistrationAnswer, signal });
  } catch (error) {
    if (error instanceof SportsApiError && error.status === 404) return null;
    throw error;
  }
}

export const myRegistrationKey = (token: string) => ['sports', 'my-registration', token] as const;

export const useMyRegistration = (token: string, enabled = true) =>
  useQuery({ queryKey: myRegistrationKey(token), queryFn: ({ signal }) => getMyRegistration(signal), enabled, staleTime: 0 });
