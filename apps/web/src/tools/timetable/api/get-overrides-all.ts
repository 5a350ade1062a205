import { useQuery } from '@tanstack/react-query';
import { OverrideSummaryAnswer, type OverrideSummaryEntry } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { LoadFailure } from '../lib/messages';
import { timetableKeys } from './keys';

/** 002 §7 GET /overrides/all: the entries of the Subject Summary. */
export async function getOverridesAll(signal?: AbortSignal): Promise<OverrideSummaryEntry[]> {
  try {
    return await apiRequest('/timetable/api/overrides/all', { schema: OverrideSummaryAnswer, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new LoadFailure('summary', error); // 002 §8 'Failed to fetch summary data.'
  }
}

export function useOverridesAll(enabled = true) {
  return useQuery({ queryKey: timetableKeys.overrides, queryFn: ({ signal }) => getOverridesAll(signal), enabled });
}
