import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { RECORDS_PAGE_SIZE, SearchRecordsAnswer, type SearchRecordsQuery } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/** The search as the contract reads it; `q` is already trimmed (001 §5). */
export type RecordsFilter = Pick<SearchRecordsQuery, 'type' | 'q'>;

/** GET /bureau/api/records?type=&q=&after=&limit= (staff only): one page of verified pairs. */
export function searchRecords(filter: RecordsFilter, after: string | null, signal?: AbortSignal): Promise<SearchRecordsAnswer> {
  return apiRequest('/bureau/api/records', {
    query: { type: filter.type, q: filter.q || undefined, after: after ?? undefined, limit: RECORDS_PAGE_SIZE },
    schema: SearchRecordsAnswer,
    signal,
  });
}

export const recordsKey = (filter: RecordsFilter) => ['bureau', 'records', filter.type, filter.q] as const;
export const allRecordsKey = ['bureau', 'records'] as const;

export type RecordsData = InfiniteData<SearchRecordsAnswer, string | null>;

/** The list, page by page (keyset cursor); the live feed (records-events.ts) edits it in place. */
export function useSearchRecords(filter: RecordsFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: recordsKey(filter),
    queryFn: ({ pageParam, signal }) => searchRecords(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // Changes arrive through the live feed, so a refetch on focus would only redo work.
    staleTime: Infinity,
    retry: false,
  });
}
