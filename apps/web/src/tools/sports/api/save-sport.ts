import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sport, type SportEditRequest } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Issue 16 item 4: POST /sports/api/admin/sports (new) or PUT /sports/api/admin/sports/:id (edit). */
export const saveSport = ({ sportId, sport }: { sportId: number | null; sport: SportEditRequest }) =>
  apiRequest(sportId === null ? `${SPORTS_API}/admin/sports` : `${SPORTS_API}/admin/sports/${sportId}`, {
    method: sportId === null ? 'POST' : 'PUT',
    body: sport,
    schema: Sport,
    ...sportsCall(),
  });

export function useSaveSport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveSport, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
