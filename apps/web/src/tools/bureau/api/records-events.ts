import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RecordsChangeEvent } from '@guildhall/contracts/bureau';
import { applyRecordsChange } from '../lib/records-live';
import { allRecordsKey, type RecordsData, type RecordsFilter, recordsKey } from './search-records';

/**
 * GET /bureau/api/records/events (server-sent events, staff only): each pair the bot adds or removes
 * is applied to the list in place, without a reload (001 §4, ARCHITECTURE.md §7). EventSource
 * reconnects by itself; after a reconnect the list is fetched again, since changes may have been missed.
 */
export function useRecordsEvents(filter: RecordsFilter, enabled: boolean, onLive?: (live: boolean) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource('/bureau/api/records/events');
    let opened = false;
    source.onopen = () => {
      if (opened) void queryClient.invalidateQueries({ queryKey: allRecordsKey });
      opened = true;
      onLive?.(true);
    };
    source.onerror = () => onLive?.(false);
    source.addEventListener('change', (event) => {
      const parsed = RecordsChangeEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const change = parsed.data;
      if (change.kind === 'reload') {
        void queryClient.invalidateQueries({ queryKey: allRecordsKey });
        return;
      }
      // Other cached searches are dropped so they are fetched fresh when shown again.
      void queryClient.invalidateQueries({
        queryKey: allRecordsKey,
        predicate: (q) => q.queryKey.join('|') !== recordsKey(filter).join('|'),
        refetchType: 'none',
      });
      queryClient.setQueryData<RecordsData>(recordsKey(filter), (data) => applyRecordsChange(data, change, filter));
    });
    return () => source.close();
  }, [enabled, filter, queryClient, onLive]);
}
