import { useQuery } from '@tanstack/react-query';
import { SportsConfigAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** GET /sports/api/config: the Soviet login's fixed student ID and the level prefixes (not secrets). */
export const getSportsConfig = (signal?: AbortSignal) => sportsFetch('/config', { schema: SportsConfigAnswer, signal, auth: false });

export const useSportsConfig = () => useQuery({ queryKey: ['sports', 'config'], queryFn: ({ signal }) => getSportsConfig(signal), staleTime: Infinity });
