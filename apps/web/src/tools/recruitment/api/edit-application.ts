import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EditApplicationRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 2: POST /api/application/edit {jobSelection, answers}, while no reviewer has acted. */
export function editApplication(body: EditApplicationRequest) {
  return apiRequest(`${API}/application/edit`, { method: 'POST', body, schema: SuccessAnswer });
}

export function useEditApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.status }),
  });
}
