import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkAnswer } from '@guildhall/contracts';
import { invalidateMe } from '@/api/get-me';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** POST /timetable/api/logout: ends the session. */
export function logout() {
  return apiRequest('/timetable/api/logout', { method: 'POST', body: {}, schema: OkAnswer });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(timetableKeys.me, null);
      queryClient.removeQueries({ queryKey: timetableKeys.schedules });
      queryClient.removeQueries({ queryKey: timetableKeys.homework });
      queryClient.removeQueries({ queryKey: timetableKeys.overrides });
      void invalidateMe(queryClient);
    },
  });
}
