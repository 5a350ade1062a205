import { useQuery } from '@tanstack/react-query';
import { TimetableConfigAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** GET /timetable/api/config: term start, time zone, week start and day names (002 §9, configurable), and the server's clock. */
export function getTimetableConfig(signal?: AbortSignal): Promise<TimetableConfigAnswer> {
  return apiRequest('/timetable/api/config', { schema: TimetableConfigAnswer, signal });
}

/** Decision 0064: how often an open page measures the server's clock again (its device's may be set meanwhile). */
const CLOCK_REMEASURE_MS = 10 * 60_000;

export function useTimetableConfig() {
  // The settings never change while the server runs, but each answer's serverNow measures the device's
  // clock again (lib/server-clock.ts): every 10 minutes while the page shows, and when it shows again
  // (a phone woken in the morning, its clock corrected overnight, is right at once).
  return useQuery({
    queryKey: timetableKeys.config,
    queryFn: ({ signal }) => getTimetableConfig(signal),
    staleTime: Infinity,
    refetchInterval: CLOCK_REMEASURE_MS,
    refetchOnWindowFocus: 'always',
  });
}
