import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateCriterionRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 1: POST /api/criteria/create {roleId, name}. */
export function createCriterion(body: CreateCriterionRequest) {
  return apiRequest(`${API}/criteria/create`, { method: 'POST', body, schema: CreatedAnswer });
}

export function useCreateCriterion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCriterion,
    onSuccess: () => client.invalidateQueries({ queryKey: [...recruitmentKeys.all, 'criteria'] }),
  });
}
