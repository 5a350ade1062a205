import { useMutation } from '@tanstack/react-query';
import { CalendarFeedAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** POST /bureau/worker/staff/calendar-feed: a new private .ics URL (the previous one stops working). */
export function issueCalendarFeed(): Promise<CalendarFeedAnswer> {
  return apiRequest('/bureau/worker/staff/calendar-feed', { method: 'POST', schema: CalendarFeedAnswer });
}

export function useIssueCalendarFeed() {
  return useMutation({ mutationFn: issueCalendarFeed });
}
