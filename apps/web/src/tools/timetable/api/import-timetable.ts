import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportTimetableAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** POST /timetable/api/schedule/import {csv}: replaces the weekly timetable. */
export function importTimetable(csv: string): Promise<ImportTimetableAnswer> {
  return apiRequest('/timetable/api/schedule/import', { method: 'POST', body: { csv }, schema: ImportTimetableAnswer });
}

export function useImportTimetable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTimetable,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timetableKeys.schedules });
      void queryClient.invalidateQueries({ queryKey: timetableKeys.overrides });
    },
  });
}
