import { useMutation } from '@tanstack/react-query';
import { Homework } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';

/** Issue 16 item 5: POST /timetable/api/homework/{id}/done, one tap. */
export function markHomeworkDone(id: number): Promise<Homework> {
  return apiRequest(`/timetable/api/homework/${id}/done`, { method: 'POST', schema: Homework });
}

export function useMarkHomeworkDone() {
  return useMutation({ mutationFn: markHomeworkDone });
}
