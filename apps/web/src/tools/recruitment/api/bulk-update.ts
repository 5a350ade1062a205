import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkUpdateAnswer, type BulkUpdateRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 4: POST /api/applications/bulk-update {ids, stageId, feedback?}. */
export function bulkUpdate(body: BulkUpdateRequest) {
  return apiRequest(`${API}/applications/bulk-update`, { method: 'POST', body, schema: BulkUpdateAnswer });
}

export function useBulkUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdate,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: recruitmentKeys.applications }),
        client.invalidateQueries({ queryKey: recruitmentKeys.board }),
      ]),
  });
}
