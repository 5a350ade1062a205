import { useQuery } from '@tanstack/react-query';
import { type RegistrationStatus, SportRegistrationsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 GET /api/admin/sport-registrations?sportId= (bearer, developer and sports_lead). */
// Issue 16 item 3: `status` filters the rows (all when absent).
export const getSportRegistrations = (sportId: number, status?: RegistrationStatus, signal?: AbortSignal) =>
  apiRequest(`${SPORTS_API}/admin/sport-registrations`, {
    query: status ? { sportId, status } : { sportId },
    schema: SportRegistrationsAnswer,
    signal,
    ...sportsCall(),
  });

export const sportRegistrationsKey = (sportId: number | null, status?: RegistrationStatus) =>
  ['sports', 'admin', 'registrations', sportId, status ?? 'all'] as const;

export const useSportRegistrations = (sportId: number | null, status?: RegistrationStatus) =>
  useQuery({
    queryKey: sportRegistrationsKey(sportId, status),
    queryFn: ({ signal }) => getSportRegistrations(sportId!, status, signal),
    enabled: sportId !== null,
    staleTime: 0,
  });
