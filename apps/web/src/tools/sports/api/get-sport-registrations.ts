import { useQuery } from '@tanstack/react-query';
import { SportRegistrationsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 GET /api/admin/sport-registrations?sportId= (bearer, developer and sports_lead). */
export const getSportRegistrations = (sportId: number, signal?: AbortSignal) =>
  apiRequest(`${SPORTS_API}/admin/sport-registrations`, { query: { sportId }, schema: SportRegistrationsAnswer, signal, ...sportsCall() });

export const sportRegistrationsKey = (sportId: number | null) => ['sports', 'admin', 'registrations', sportId] as const;

export const useSportRegistrations = (sportId: number | null) =>
  useQuery({
    queryKey: sportRegistrationsKey(sportId),
    queryFn: ({ signal }) => getSportRegistrations(sportId!, signal),
    enabled: sportId !== null,
    staleTime: 0,
  });
