import { DeletedAnswer, type ManagedList } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/** Issue 13 item 3: POST /api/{stages|roles|questions}/{id}/restore, the undo of a delete. */
export function restoreItem(list: ManagedList, id: number) {
  return apiRequest(`${API}/${list}/${id}/restore`, { method: 'POST', schema: DeletedAnswer });
}
