import { useQuery } from '@tanstack/react-query';
import { SportsAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 GET /api/sports (bearer): the sports this account may see. */
export const getSports = (signal?: AbortSignal) => sportsFetch('/sports', { schema: SportsAnswer, signal });

export const sportsKey = (token: string) => ['sports', 'list', token] as const;

export const useSports = (token: string) => useQuery({ queryKey: sportsKey(token), queryFn: ({ signal }) => getSports(signal), staleTime: 0 });
