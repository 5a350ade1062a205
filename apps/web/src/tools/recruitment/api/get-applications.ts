import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AdminApplication,
  ApplicationsAnswer,
  type ListApplicationsQuery,
  TOTAL_COUNT_HEADER,
} from '@guildhall/contracts/recruitment';
import { apiResponse, buildUrl } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** One page of the list as the contract reads it, every filter given. */
export type ApplicationsPageQuery = Required<z.output<typeof ListApplicationsQuery>>;

/**
 * 000 §7 GET /api/applications (admin). The answer is the list of 000 §7; the total of matching
 * applications comes in the X-Total-Count header, so this asks for the headers too.
 */
export async function getApplications(
  query: ApplicationsPageQuery,
  signal?: AbortSignal,
): Promise<{ applications: AdminApplication[]; total: number }> {
  const { data, headers } = await apiResponse(`${API}/applications`, {
    query: { status: query.status, search: query.search || undefined, page: query.page, pageSize: query.pageSize },
    schema: ApplicationsAnswer,
    signal,
  });
  return { applications: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useApplications(query: ApplicationsPageQuery) {
  return useQuery({
    queryKey: [...recruitmentKeys.applications, query],
    queryFn: ({ signal }) => getApplications(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Beyond 000: the CSV export of the same filter (a download, so a plain link). */
export function exportCsvUrl(query: Pick<ApplicationsPageQuery, 'status' | 'search'>): string {
  return buildUrl(`${API}/applications/export.csv`, { status: query.status, search: query.search || undefined });
}
