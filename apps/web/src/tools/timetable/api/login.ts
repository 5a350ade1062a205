import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SchoolLoginAnswer, type SchoolLoginRequest } from '@guildhall/contracts';
import { invalidateMe } from '@/api/get-me';
import { apiRequest } from '@/lib/api-client';
import { timetableKeys } from './keys';

/** POST /timetable/api/login {student_id, password}: sets the session cookie (002 §7 login response). */
export function login(body: SchoolLoginRequest): Promise<SchoolLoginAnswer> {
  return apiRequest('/timetable/api/login', { method: 'POST', body, schema: SchoolLoginAnswer });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Everything cached belonged to nobody (or someone else): start clean for this student.
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: timetableKeys.schedules });
      queryClient.removeQueries({ queryKey: timetableKeys.homework });
      queryClient.removeQueries({ queryKey: timetableKeys.overrides });
      await Promise.all([queryClient.invalidateQueries({ queryKey: timetableKeys.me }), invalidateMe(queryClient)]);
    },
  });
}
