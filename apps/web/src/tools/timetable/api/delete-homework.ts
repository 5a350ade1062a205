import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** 002 §7 DELETE /homework/{id}. */
export function deleteHomework(id: number): Promise<unknown> {
  return apiRequest(`/timetable/api/homework/${id}`, { method: 'DELETE' });
}

export function useDeleteHomework() {
  return useMutation({ mutationFn: deleteHomework });
}
