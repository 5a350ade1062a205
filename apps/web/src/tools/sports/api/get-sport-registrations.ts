import { useQuery } from '@tanstack/react-query';
import { SportRegistrationsAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 GET /api/admin/sport-registrations?sportId= (bearer, developer and sports_lead). */
export const getSportRegistrations = (sportId: number, signal?: AbortSignal) =>
  sportsFetch(`/admin/sport-registrations?sportId=${encodeURIComponent(sportId)}`, { schema: SportRegistrationsAnswer, signal });

export const sportRegistrationsKey = (sportId: number | null) => ['sports', 'admin', 'registrations', sportId] as const;

export const useSportRegistrations = (sportId: number | null) =>
  useQuery({
    queryKey: sportRegistrationsKey(sportId),
    queryFn: ({ signal }) => getSportRegistrations(sportId!, signal),
    enabled: sportId !== null,
    staleTime: 0,
  });
