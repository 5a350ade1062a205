import { useQuery } from '@tanstack/react-query';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { TimetableMeAnswer } from '@guildhall/contracts/timetable';
import { ApiError, apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** GET /timetable/api/me: the signed-in school account, or null when nobody is signed in (`unauthenticated`). */
export async function getTimetableMe(signal?: AbortSignal): Promise<TimetableMeAnswer | null> {
  try {
    return await apiRequest('/timetable/api/me', { schema: TimetableMeAnswer, signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === ('unauthenticated' satisfies CoreErrorCode)) return null;
    throw error;
  }
}

export function useTimetableMe() {
  return useQuery({ queryKey: timetableKeys.me, queryFn: ({ signal }) => getTimetableMe(signal), staleTime: Infinity });
}
