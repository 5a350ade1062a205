import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateStageAnswer, type CreateStageRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/stages/create {name, color} -> {id, ordering, color}. */
export function createStage(body: CreateStageRequest) {
  return apiRequest(`${API}/stages/create`, { method: 'POST', body, schema: CreateStageAnswer });
}

export function useCreateStage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createStage, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.stages }) });
}
