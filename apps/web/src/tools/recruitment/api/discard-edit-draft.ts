import { SuccessAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/** Decision 0028: POST /api/application/edit-draft/discard, on Cancel in the edit form. */
export function discardEditDraft() {
  return apiRequest(`${API}/application/edit-draft/discard`, { method: 'POST', schema: SuccessAnswer });
}
