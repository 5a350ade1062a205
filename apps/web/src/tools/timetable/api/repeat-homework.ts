import { useMutation } from '@tanstack/react-query';
import { HomeworkListAnswer, type RepeatHomeworkRequest } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';

/** Issue 16 item 5: POST /timetable/api/homework/repeat, weekly homework on one class. */
export function repeatHomework(body: RepeatHomeworkRequest) {
  return apiRequest('/timetable/api/homework/repeat', { method: 'POST', body, schema: HomeworkListAnswer });
}

export function useRepeatHomework() {
  return useMutation({ mutationFn: repeatHomework });
}
