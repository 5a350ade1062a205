import { useQuery } from '@tanstack/react-query';
import { StagesAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/stages. */
export function getStages(signal?: AbortSignal) {
  return apiRequest(`${API}/stages`, { schema: StagesAnswer, signal });
}

export function useStages() {
  return useQuery({ queryKey: recruitmentKeys.stages, queryFn: ({ signal }) => getStages(signal) });
}
