import { SportsLogoutAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Ends the server session behind the stored token; the caller clears storage whatever happens. */
export const logout = () =>
  apiRequest(`${SPORTS_API}/logout`, { method: 'POST', schema: SportsLogoutAnswer, ...sportsCall() }).catch(() => undefined);
