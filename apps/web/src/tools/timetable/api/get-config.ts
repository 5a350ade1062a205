import { useQuery } from '@tanstack/react-query';
import { TimetableConfigAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** GET /timetable/api/config: term start, time zone, week start and day names (002 §9, configurable). */
export function getTimetableConfig(signal?: AbortSignal): Promise<TimetableConfigAnswer> {
  return apiRequest('/timetable/api/config', { schema: TimetableConfigAnswer, signal });
}

export function useTimetableConfig() {
  return useQuery({ queryKey: timetableKeys.config, queryFn: ({ signal }) => getTimetableConfig(signal), staleTime: Infinity });
}
