import { useMutation } from '@tanstack/react-query';
import { OkAnswer } from '@guildhall/contracts';
import { apiRequest } from '@/lib/api-client';

/** 002 §7 DELETE /homework/{id}. */
export function deleteHomework(id: number) {
  return apiRequest(`/timetable/api/homework/${id}`, { method: 'DELETE', schema: OkAnswer });
}

export function useDeleteHomework() {
  return useMutation({ mutationFn: deleteHomework });
}
