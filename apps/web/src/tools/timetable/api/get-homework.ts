import { useQuery } from '@tanstack/react-query';
import { type Homework, HomeworkListAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { LoadFailure } from '../lib/messages';
import { timetableKeys } from './keys';

/** 002 §7 GET /homework. */
export async function getHomework(signal?: AbortSignal): Promise<Homework[]> {
  try {
    return await apiRequest('/timetable/api/homework', { schema: HomeworkListAnswer, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new LoadFailure('homework', error); // 002 §8 'Failed to fetch homework.'
  }
}

export function useHomework(enabled = true) {
  return useQuery({ queryKey: timetableKeys.homework, queryFn: ({ signal }) => getHomework(signal), enabled });
}
