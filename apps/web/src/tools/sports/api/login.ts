import { useMutation } from '@tanstack/react-query';
import { SchoolLoginAnswer, type SchoolLoginRequest } from '@guildhall/contracts';
import { sportsFetch } from './sports-fetch';

/** 002 §7 POST /api/login {student_id, password} -> token, role, userId, studentId, email. */
export const login = (input: SchoolLoginRequest) => sportsFetch('/login', { method: 'POST', body: input, schema: SchoolLoginAnswer, auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
