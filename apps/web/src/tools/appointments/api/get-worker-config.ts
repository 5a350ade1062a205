import { useQuery } from '@tanstack/react-query';
import { WorkerConfigAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/worker/config: the LIFF app id, whether to run the LIFF mock, the booking rules. */
export function getWorkerConfig(signal?: AbortSignal): Promise<WorkerConfigAnswer> {
  return apiRequest('/bureau/worker/config', { schema: WorkerConfigAnswer, signal });
}

export function useWorkerConfig() {
  return useQuery({
    queryKey: ['appointments', 'config'],
    queryFn: ({ signal }) => getWorkerConfig(signal),
    staleTime: Infinity,
    retry: 1,
  });
}
