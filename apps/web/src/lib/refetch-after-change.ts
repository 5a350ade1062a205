import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * A live feed said something changed (001 §4's live list, the staff calendar): the matching queries
 * are fetched again, including one whose answer is still on its way, which may have been read before
 * the change. invalidateQueries alone restarts an in-flight fetch only when the query already has
 * data; a first fetch (a search just typed) it leaves running, and its older answer then stays. So the
 * fetches in flight are cancelled (each query goes back to what it showed) and then asked again.
 */
export async function refetchAfterChange(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
