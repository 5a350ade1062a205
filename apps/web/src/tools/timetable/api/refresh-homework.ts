import type { QueryClient } from '@tanstack/react-query';
import { getHomework } from './get-homework';
import { timetableKeys } from './keys';

/** Reloads the list after a change; 002 §8: a failure here is 'Failed to refresh homework.' */
export async function refreshHomework(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.fetchQuery({ queryKey: timetableKeys.homework, queryFn: ({ signal }) => getHomework(signal), staleTime: 0 });
  } catch {
    throw new Error('Failed to refresh homework.');
  }
}
