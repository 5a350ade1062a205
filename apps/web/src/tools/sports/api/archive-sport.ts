import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sport } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Issue 16 item 4: POST /sports/api/admin/sports/:id/archive {archived}. */
export const archiveSport = ({ sportId, archived }: { sportId: number; archived: boolean }) =>
  apiRequest(`${SPORTS_API}/admin/sports/${sportId}/archive`, { method: 'POST', body: { archived }, schema: Sport, ...sportsCall() });

export function useArchiveSport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: archiveSport, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
