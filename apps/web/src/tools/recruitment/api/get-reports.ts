import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReportsAnswer, type ReportsQuery } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 7: GET /api/reports?from&to. */
export function getReports(query: ReportsQuery, signal?: AbortSignal) {
  return apiRequest(`${API}/reports`, { query, schema: ReportsAnswer, signal });
}

export function useReports(query: ReportsQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...recruitmentKeys.reports, query],
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
