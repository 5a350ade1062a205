import { useQuery } from '@tanstack/react-query';
import { AvailabilityAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/worker/availability?days=N (issue 15 item 1): the free slots of the next N days. */
export function getAvailability(days: number, signal?: AbortSignal): Promise<AvailabilityAnswer> {
  return apiRequest('/bureau/worker/availability', { query: { days }, schema: AvailabilityAnswer, signal });
}

export const availabilityKey = ['appointments', 'availability'] as const;

export function useAvailability(days: number, enabled = true) {
  return useQuery({
    queryKey: [...availabilityKey, days],
    queryFn: ({ signal }) => getAvailability(days, signal),
    enabled,
    // Someone else may book meanwhile: refresh when the person comes back to the window.
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}
