import { UserDetailsAnswer, type UserDetailsQuery } from '@guildhall/contracts/bureau';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /bureau/api/user-details?discordId=&robloxId= (001 §7 "Lookup worker", staff only). A lookup
 * that is not ok answers 'Failed to fetch user details from API: {status text}' (001 §8).
 */
export function getUserDetails(query: UserDetailsQuery, signal?: AbortSignal): Promise<UserDetailsAnswer> {
  return apiRequest('/bureau/api/user-details', { query: { discordId: query.discordId, robloxId: query.robloxId }, schema: UserDetailsAnswer, signal });
}
