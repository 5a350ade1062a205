import type { QueryClient } from '@tanstack/react-query';
import { allPersonInfractionsKey } from './get-person-infractions';
import { allLookupsKey } from './look-up-person';

/**
 * After a case changes, every view that shows cases or infractions reads again: the lookup of anyone
 * and the infraction lookup page's own list (001 §2). Refreshing only the lookup left the page's
 * Infractions count behind its Cases.
 */
export function refreshCaseViews(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: allLookupsKey }),
    client.invalidateQueries({ queryKey: allPersonInfractionsKey }),
  ]);
}
