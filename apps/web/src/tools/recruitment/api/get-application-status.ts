import { useQuery } from '@tanstack/react-query';
import { ApplicationStatusAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/application/status: the caller's own application and the global process status. */
export function getApplicationStatus(signal?: AbortSignal): Promise<ApplicationStatusAnswer> {
  return apiRequest(`${API}/application/status`, { schema: ApplicationStatusAnswer, signal });
}

export function useApplicationStatus() {
  return useQuery({ queryKey: recruitmentKeys.status, queryFn: ({ signal }) => getApplicationStatus(signal) });
}
