import { useInfiniteQuery } from '@tanstack/react-query';
import {
  REGISTRATIONS_NEXT_HEADER,
  REGISTRATIONS_PAGE_SIZE,
  REGISTRATIONS_TOTAL_HEADER,
  type AdminRegistrationRow,
  type RegistrationStatus,
  SportRegistrationsAnswer,
} from '@guildhall/contracts/sports';
import { apiResponse } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

export interface RegistrationsPage {
  rows: AdminRegistrationRow[];
  /** The `after` of the next page; null on the last one. */
  nextCursor: string | null;
  total: number;
}

/**
 * 002 §7 GET /api/admin/sport-registrations?sportId= (bearer, developer and sports_lead), one page of
 * it (decision 0070: limit and after; the total and the next page's cursor come in headers). Issue 16
 * item 3: `status` filters the rows on the server (all when absent).
 */
export async function getSportRegistrations(
  sportId: number,
  status: RegistrationStatus | undefined,
  after: string | null,
  signal?: AbortSignal,
): Promise<RegistrationsPage> {
  const { data, headers } = await apiResponse(`${SPORTS_API}/admin/sport-registrations`, {
    query: { sportId, status, limit: REGISTRATIONS_PAGE_SIZE, after },
    schema: SportRegistrationsAnswer,
    signal,
    ...sportsCall(),
  });
  return {
    rows: data,
    nextCursor: headers.get(REGISTRATIONS_NEXT_HEADER),
    total: Number(headers.get(REGISTRATIONS_TOTAL_HEADER) ?? data.length),
  };
}

export const sportRegistrationsKey = (sportId: number | null, status?: RegistrationStatus) =>
  ['sports', 'admin', 'registrations', sportId, status ?? 'all'] as const;

/** The Admin Panel's list, page by page; a status change refetches the pages shown (every ['sports'] query). */
export const useSportRegistrations = (sportId: number | null, status?: RegistrationStatus) =>
  useInfiniteQuery({
    queryKey: sportRegistrationsKey(sportId, status),
    queryFn: ({ pageParam, signal }) => getSportRegistrations(sportId!, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: sportId !== null,
    staleTime: 0,
  });
