import { useQuery } from '@tanstack/react-query';
import { RegistrationCountsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Issue 16 item 3: GET /sports/api/admin/registration-counts?sportId= (bearer, admins). */
export const getRegistrationCounts = (sportId: number, signal?: AbortSignal) =>
  apiRequest(`${SPORTS_API}/admin/registration-counts`, { query: { sportId }, schema: RegistrationCountsAnswer, signal, ...sportsCall() });

export const useRegistrationCounts = (sportId: number | null) =>
  useQuery({
    queryKey: ['sports', 'admin', 'counts', sportId] as const,
    queryFn: ({ signal }) => getRegistrationCounts(sportId!, signal),
    enabled: sportId !== null,
    staleTime: 0,
  });
