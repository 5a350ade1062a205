import { useSyncExternalStore } from 'react';
import type { SchoolLoginAnswer } from '@guildhall/contracts';

// 002 §3 "Stored session values": authToken, userRole, userId, studentId and userEmail in
// persistent browser storage; a sovietSession flag in session-scoped browser storage.
const KEYS = ['authToken', 'userRole', 'userId', 'studentId', 'userEmail'] as const;
export const SOVIET_KEY = 'sovietSession';

/** The stored values are the login answer's own (002 §3 Login response). */
export type SportsSession = SchoolLoginAnswer;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

let cachedRaw = '';
let cached: SportsSession | null = null;

export function readSession(): SportsSession | null {
  const raw = KEYS.map((k) => safeGet(localStorage, k) ?? '').join('\u0000');
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  const token = safeGet(localStorage, 'authToken');
  const role = safeGet(localStorage, 'userRole');
  const studentId = safeGet(localStorage, 'studentId');
  cached =
    token && studentId && (role === 'student' || role === 'developer' || role === 'sports_lead')
      ? { token, role, userId: Number(safeGet(localStorage, 'userId') ?? 0), studentId, email: safeGet(localStorage, 'userEmail') || null }
      : null;
  return cached;
}

export function storeSession(answer: SchoolLoginAnswer, soviet = false): void {
  localStorage.setItem('authToken', answer.token);
  localStorage.setItem('userRole', answer.role);
  localStorage.setItem('userId', String(answer.userId));
  localStorage.setItem('studentId', answer.studentId);
  localStorage.setItem('userEmail', answer.email ?? '');
  if (soviet) sessionStorage.setItem(SOVIET_KEY, 'true');
  notify();
}

/** Forgets the stored session (the server session is ended by the logout call, if it can be reached). */
export function clearSession(): void {
  for (const key of KEYS) localStorage.removeItem(key);
  sessionStorage.removeItem(SOVIET_KEY);
  notify();
}

export const isSovietSession = () => safeGet(sessionStorage, SOVIET_KEY) === 'true';

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSportsSession(): SportsSession | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

export const isAdminRole = (role: SportsSession['role']) => role === 'developer' || role === 'sports_lead';
