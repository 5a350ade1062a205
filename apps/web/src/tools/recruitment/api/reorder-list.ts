import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer, type ManagedList } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 3: POST /api/{stages|roles|questions}/reorder {ids}, every live id in the new order. */
export function reorderList(list: ManagedList, ids: number[]) {
  return apiRequest(`${API}/${list}/reorder`, { method: 'POST', body: { ids }, schema: DeletedAnswer });
}

/** Shows the new order at once (the list's cache), sends the moves one after another, and reads the server's order back either way. */
export function useReorderList(list: ManagedList) {
  const client = useQueryClient();
  const key = recruitmentKeys[list];
  return useMutation({
    mutationFn: (ids: number[]) => reorderList(list, ids),
    // One move at a time, in the order made: sent at once, two quick moves could reach the server in
    // either order, and the older order be the one kept.
    scope: { id: `recruitment-reorder-${list}` },
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Array<{ id: number }>>(key);
      if (before) client.setQueryData(key, ids.map((id) => before.find((item) => item.id === id)).filter(Boolean));
      return { before };
    },
    onError: (_error, _ids, context) => context?.before && client.setQueryData(key, context.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
