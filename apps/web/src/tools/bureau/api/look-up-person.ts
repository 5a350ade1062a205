import { useQuery } from '@tanstack/react-query';
import { PersonLookupAnswer, type PersonLookupQuery } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/api/lookup?type=&id= (staff): anyone's pair, ban, cases and history (issue 14 item 3). */
export function lookUpPerson(query: PersonLookupQuery, signal?: AbortSignal): Promise<PersonLookupAnswer> {
  return apiRequest('/bureau/api/lookup', { query: { type: query.type, id: query.id }, schema: PersonLookupAnswer, signal });
}

export const personLookupKey = (query: PersonLookupQuery) => ['bureau', 'lookup', query.type, query.id] as const;
export const allLookupsKey = ['bureau', 'lookup'] as const;

export function usePersonLookup(query: PersonLookupQuery | null) {
  return useQuery({
    queryKey: query ? personLookupKey(query) : ['bureau', 'lookup', 'none'],
    queryFn: ({ signal }) => lookUpPerson(query!, signal),
    enabled: query !== null,
    staleTime: 0,
    retry: false,
  });
}
