import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminApplication, ApplicationsAnswer, type StatusFilter, TOTAL_COUNT_HEADER } from '@guildhall/contracts/recruitment';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR, buildUrl, errorMessageOf } from '../../../lib/api-client';
import { API, recruitmentKeys } from './keys';

export interface ApplicationsPageQuery {
  status: StatusFilter;
  search: string;
  page: number;
  pageSize: number;
}

/**
 * 000 §7 GET /api/applications (admin). The answer is the list of 000 §7; the total of matching
 * applications comes in the X-Total-Count header, so this reads the response itself.
 */
export async function getApplications(query: ApplicationsPageQuery, signal?: AbortSignal): Promise<{ applications: AdminApplication[]; total: number }> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`${API}/applications`, { status: query.status, search: query.search || undefined, page: query.page, pageSize: query.pageSize }), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(body));
  const parsed = ApplicationsAnswer.safeParse(body);
  if (!parsed.success) throw new ApiError(502, UNKNOWN_ERROR);
  return { applications: parsed.data, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? parsed.data.length) };
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
