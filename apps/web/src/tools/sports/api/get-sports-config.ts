import { useQuery } from '@tanstack/react-query';
import { SportsConfigAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** GET /sports/api/config: the Soviet login's fixed student ID and the level prefixes (not secrets). */
export const getSportsConfig = (signal?: AbortSignal) =>
  apiRequest(`${SPORTS_API}/config`, { schema: SportsConfigAnswer, signal, ...sportsCall({ auth: false }) });

export const useSportsConfig = () =>
  useQuery({ queryKey: ['sports', 'config'], queryFn: ({ signal }) => getSportsConfig(signal), staleTime: Infinity });
