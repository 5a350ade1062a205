import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportTimetableAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** POST /timetable/api/schedule/import {csv}: replaces the weekly timetable. */
export function importTimetable(csv: string): Promise<ImportTimetableAnswer> {
  return apiRequest('/timetable/api/schedule/import', { method: 'POST', body: { csv }, schema: ImportTimetableAnswer });
}

/** The import of a chosen file: reading it is part of the mutation, so a second click waits for both. */
export function useImportTimetable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => importTimetable(await file.text()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timetableKeys.schedules });
      void queryClient.invalidateQueries({ queryKey: timetableKeys.overrides });
    },
  });
}
