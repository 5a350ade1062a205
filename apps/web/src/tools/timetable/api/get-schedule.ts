import { useQuery } from '@tanstack/react-query';
import { ScheduleAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { LoadFailure } from '../lib/messages';
import { timetableKeys } from './keys';

/** 002 §7 GET /schedule?week_start={date}: the week's classes, overrides applied. */
export async function getSchedule(weekStart: string, signal?: AbortSignal): Promise<ScheduleAnswer> {
  try {
    return await apiRequest('/timetable/api/schedule', { query: { week_start: weekStart }, schema: ScheduleAnswer, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // 002 §8: the page shows 'Error: Failed to fetch schedule for week {date}.'
    throw new LoadFailure('schedule', error, weekStart);
  }
}

export function useSchedule(weekStart: string, enabled = true) {
  return useQuery({ queryKey: timetableKeys.schedule(weekStart), queryFn: ({ signal }) => getSchedule(weekStart, signal), enabled });
}
