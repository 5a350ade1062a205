import { useQuery } from '@tanstack/react-query';
import { SportsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 GET /api/sports (bearer): the sports this account may see. */
export const getSports = (signal?: AbortSignal) => apiRequest(`${SPORTS_API}/sports`, { schema: SportsAnswer, signal, ...sportsCall() });

export const sportsKey = (token: string) => ['sports', 'list', token] as const;

export const useSports = (token: string) =>
  useQuery({ queryKey: sportsKey(token), queryFn: ({ signal }) => getSports(signal), staleTime: 0 });
