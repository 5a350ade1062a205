import { useMutation } from '@tanstack/react-query';
import { MarkOverdueDoneAnswer } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';

/** Issue 16 item 5: POST /timetable/api/homework/mark-overdue-done, every Due item done. */
export function markOverdueDone(): Promise<MarkOverdueDoneAnswer> {
  return apiRequest('/timetable/api/homework/mark-overdue-done', { method: 'POST', schema: MarkOverdueDoneAnswer });
}

export function useMarkOverdueDone() {
  return useMutation({ mutationFn: markOverdueDone });
}
