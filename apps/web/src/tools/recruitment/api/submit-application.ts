import { useMutation } from '@tanstack/react-query';
import { SubmitApplicationAnswer, type SubmitApplicationRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/** 000 §7 POST /api/submit {jobSelection, answers}. */
export function submitApplication(body: SubmitApplicationRequest) {
  return apiRequest(`${API}/submit`, { method: 'POST', body, schema: SubmitApplicationAnswer });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
