import { useMutation } from '@tanstack/react-query';
import { Homework, type HomeworkUpdateRequest } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';

/** 002 §7 PUT /homework/{id} with the same body as POST. */
export function updateHomework({ id, body }: { id: number; body: HomeworkUpdateRequest }): Promise<Homework> {
  return apiRequest(`/timetable/api/homework/${id}`, { method: 'PUT', body, schema: Homework });
}

export function useUpdateHomework() {
  return useMutation({ mutationFn: updateHomework });
}
