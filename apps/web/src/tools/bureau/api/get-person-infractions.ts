import { useQuery } from '@tanstack/react-query';
import { PersonInfractionsAnswer } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /bureau/api/records/{discordId}/infractions (staff only): both accounts of the verified pair and
 * both platforms' infractions, ascending by id (001 §2 "Infraction lookup page", §3).
 */
export function getPersonInfractions(discordId: string, signal?: AbortSignal): Promise<PersonInfractionsAnswer> {
  return apiRequest(`/bureau/api/records/${encodeURIComponent(discordId)}/infractions`, { schema: PersonInfractionsAnswer, signal });
}

export const allPersonInfractionsKey = ['bureau', 'infractions'] as const;
export const personInfractionsKey = (discordId: string) => [...allPersonInfractionsKey, discordId] as const;

/**
 * 001 §7: a one-time read (no live feed), asked again each time the page opens, since the bot may have
 * added an infraction since. A refusal (no pair, a bad ID) is an answer, so it is not retried.
 */
export function usePersonInfractions(discordId: string, enabled: boolean) {
  return useQuery({
    queryKey: personInfractionsKey(discordId),
    queryFn: ({ signal }) => getPersonInfractions(discordId, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
