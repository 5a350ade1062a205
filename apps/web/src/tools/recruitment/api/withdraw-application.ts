import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SuccessAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 2: POST /api/application/withdraw: the applicant withdraws their Pending application. */
export function withdrawApplication() {
  return apiRequest(`${API}/application/withdraw`, { method: 'POST', schema: SuccessAnswer });
}

export function useWithdrawApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.status }),
  });
}
