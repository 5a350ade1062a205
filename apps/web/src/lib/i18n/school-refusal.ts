import { useCallback } from 'react';
import { ApiError, type ErrorDetails } from '@/lib/api-client';
import en from './messages/en.json';
import th from './messages/th.json';
import { type SchoolLanguage, registerSchoolMessages, schoolI18n, useSchoolTranslation } from './school-i18n';

/**
 * Issue 16 item 1: the server's refusals in the reader's language. The server answers `{error, code}`
 * (decision 0017) and, where its sentence carries data, `details` (a sport's spots, a CSV line, and a
 * `reason` naming which of a code's sentences it is). Core's codes are worded once here (namespace
 * `school`), each tool's own codes and reasons in its `messages/{en,th}.json` (`errors.<code>`,
 * `reasons.<reason>`), all filled in with the answer's data by i18next.
 *
 * In English the server's sentence is shown as it is (it is the English text, 002's wording kept);
 * in Thai the code's message, or the server's sentence when this client does not know the code.
 */
registerSchoolMessages('school', { en, th });
export const SCHOOL_NAMESPACE = 'school';

/** A tool's way of showing the answer's data in its reader's language (a date, a status name). */
export type DetailsForReader = (details: ErrorDetails, language: SchoolLanguage) => Record<string, string | number>;

export function schoolRefusalText(
  error: unknown,
  options: { namespace: string; language: SchoolLanguage; fallback?: string; forReader?: DetailsForReader },
): string {
  const { namespace, language, forReader } = options;
  const fallback = options.fallback ?? (error instanceof Error ? error.message : '');
  if (language === 'en' || !(error instanceof ApiError)) return fallback;
  const details = error.details ?? {};
  const keys = error.code
    ? [...(typeof details.reason === 'string' ? [`reasons.${details.reason}`] : []), `errors.${error.code}`]
    : [error.status === 0 ? 'unreachable' : 'failedStatus'];
  const t = schoolI18n.getFixedT(language, [namespace, SCHOOL_NAMESPACE]);
  const key = keys.find((k) => schoolI18n.exists(k, { lng: language, ns: [namespace, SCHOOL_NAMESPACE], fallbackLng: false }));
  if (!key) return fallback;
  return t(key, { status: error.status, ...details, ...forReader?.(details, language) });
}

/** `refusal(error, fallback?)`: the words a failed call shows in this tool, in the reader's language. */
export function useSchoolRefusal(namespace: string, forReader?: DetailsForReader) {
  const { language } = useSchoolTranslation(namespace);
  return useCallback(
    (error: unknown, fallback?: string) => schoolRefusalText(error, { namespace, language, fallback, forReader }),
    [namespace, language, forReader],
  );
}
