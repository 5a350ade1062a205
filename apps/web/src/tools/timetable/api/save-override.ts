import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OverrideAnswer, type OverrideRequest, type ScheduleAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** 002 §7 POST /schedule/override {schedule_item_id, week_start_date, status, notes}. */
export function saveOverride(body: OverrideRequest): Promise<OverrideAnswer> {
  return apiRequest('/timetable/api/schedule/override', { method: 'POST', body, schema: OverrideAnswer });
}

interface Snapshot {
  previous: ScheduleAnswer | undefined;
}

/**
 * 002 §7: override saves are applied optimistically on screen and rolled back on failure. The
 * caller shows the failure text (it differs for a status and a note, 002 §8).
 */
export function useSaveOverride() {
  const queryClient = useQueryClient();
  return useMutation<OverrideAnswer, Error, OverrideRequest & { notes: string }, Snapshot>({
    mutationFn: saveOverride,
    onMutate: async (change) => {
      const key = timetableKeys.schedule(change.week_start_date);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ScheduleAnswer>(key);
      queryClient.setQueryData<ScheduleAnswer>(key, (items) =>
        items?.map((item) => (item.id === change.schedule_item_id ? { ...item, status: change.status, notes: change.notes } : item)),
      );
      return { previous };
    },
    onError: (_error, change, snapshot) => {
      queryClient.setQueryData(timetableKeys.schedule(change.week_start_date), snapshot?.previous);
    },
    onSettled: (_data, _error, change) => {
      void queryClient.invalidateQueries({ queryKey: timetableKeys.schedule(change.week_start_date) });
      void queryClient.invalidateQueries({ queryKey: timetableKeys.overrides });
    },
  });
}
