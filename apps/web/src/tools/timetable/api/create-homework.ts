import { useMutation } from '@tanstack/react-query';
import { Homework, type HomeworkCreateRequest } from '@guildhall/contracts/timetable';
import { apiRequest } from '@/lib/api-client';

/** 002 §7 POST /homework {title, details, subject_code, due_date, due_time, status, homework_id}. */
export function createHomework(body: HomeworkCreateRequest): Promise<Homework> {
  return apiRequest('/timetable/api/homework', { method: 'POST', body, schema: Homework });
}

export function useCreateHomework() {
  return useMutation({ mutationFn: createHomework });
}
