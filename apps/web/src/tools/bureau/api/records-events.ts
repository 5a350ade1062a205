import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RecordsChangeEvent } from '@guildhall/contracts/bureau';
import { refetchAfterChange } from '@/lib/refetch-after-change';
import { applyRecordsChange } from '../lib/records-live';
import { allRecordsKey, type RecordsData, type RecordsFilter, recordsKey } from './search-records';

/**
 * GET /bureau/api/records/events (server-sent events, staff only): each pair the bot adds or removes
 * is applied to the list in place, without a reload (001 §4, ARCHITECTURE.md §7). EventSource
 * reconnects by itself; after a reconnect the list is fetched again, since changes may have been missed.
 */
export function useRecordsEvents(filter: RecordsFilter, enabled: boolean, onLive?: (live: boolean) => void) {
  const queryClient = useQueryClient();
  // The stream stays open while the search changes: reopening it on each keystroke lost the changes
  // made between closing one stream and the server listening on the next. Changes go to the search
  // shown when they arrive.
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  }, [filter]);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource('/bureau/api/records/events');
    let opened = false;
    source.onopen = () => {
      if (opened) void refetchAfterChange(queryClient, { queryKey: allRecordsKey });
      opened = true;
      onLive?.(true);
    };
    source.onerror = () => onLive?.(false);
    source.addEventListener('change', (event) => {
      const parsed = RecordsChangeEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const change = parsed.data;
      if (change.kind === 'reload') {
        void refetchAfterChange(queryClient, { queryKey: allRecordsKey });
        return;
      }
      const filter = filterRef.current;
      // Other cached searches are dropped so they are fetched fresh when shown again.
      void queryClient.invalidateQueries({
        queryKey: allRecordsKey,
        predicate: (q) => q.queryKey.join('|') !== recordsKey(filter).join('|'),
        refetchType: 'none',
      });
      // An answer on its way may have been read before this change: ask again rather than let it land over it.
      if (queryClient.isFetching({ queryKey: recordsKey(filter) }) > 0) {
        void refetchAfterChange(queryClient, { queryKey: recordsKey(filter), exact: true });
        return;
      }
      queryClient.setQueryData<RecordsData>(recordsKey(filter), (data) => applyRecordsChange(data, change, filter));
    });
    return () => source.close();
  }, [enabled, queryClient, onLive]);
}
