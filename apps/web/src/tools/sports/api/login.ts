import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SchoolLoginAnswer, type SchoolLoginRequest } from '@guildhall/contracts';
import { invalidateMe } from '@/api/get-me';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 POST /api/login {student_id, password} -> token, role, userId, studentId, email. */
export const login = (input: SchoolLoginRequest) =>
  apiRequest(`${SPORTS_API}/login`, { method: 'POST', body: input, schema: SchoolLoginAnswer, ...sportsCall({ auth: false }) });

/** The login also replaces the browser's session cookie, so the header asks again who is signed in. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: () => invalidateMe(client) });
}
