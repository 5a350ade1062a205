import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HomeworkFeedAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** POST /timetable/api/homework-feed: a new private subscription URL; the old one stops working. */
export function issueHomeworkFeed(): Promise<HomeworkFeedAnswer> {
  return apiRequest('/timetable/api/homework-feed', { method: 'POST', body: {}, schema: HomeworkFeedAnswer });
}

export function useIssueHomeworkFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueHomeworkFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: timetableKeys.homeworkFeed }),
  });
}
