import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkAnswer } from '@guildhall/contracts';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** DELETE /timetable/api/homework-feed: turns the subscription URL off. */
export function revokeHomeworkFeed() {
  return apiRequest('/timetable/api/homework-feed', { method: 'DELETE', schema: OkAnswer });
}

export function useRevokeHomeworkFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeHomeworkFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: timetableKeys.homeworkFeed }),
  });
}
