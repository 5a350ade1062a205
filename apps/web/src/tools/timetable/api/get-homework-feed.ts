import { useQuery } from '@tanstack/react-query';
import { HomeworkFeedStatusAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** GET /timetable/api/homework-feed: whether a private subscription URL is live (it cannot be shown again). */
export function getHomeworkFeed(signal?: AbortSignal): Promise<HomeworkFeedStatusAnswer> {
  return apiRequest('/timetable/api/homework-feed', { schema: HomeworkFeedStatusAnswer, signal });
}

export function useHomeworkFeed(enabled: boolean) {
  return useQuery({ queryKey: timetableKeys.homeworkFeed, queryFn: ({ signal }) => getHomeworkFeed(signal), enabled });
}
