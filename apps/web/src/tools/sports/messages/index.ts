import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { schoolDateFormat } from '@/lib/i18n/school-format';
import { type SchoolLanguage, registerSchoolMessages, schoolI18n, useSchoolTranslation } from '@/lib/i18n/school-i18n';
import { type DetailsForReader, useSchoolRefusal } from '@/lib/i18n/school-refusal';
import en from './en.json';
import th from './th.json';

// Issue 16 item 1: the sports hub's texts in English (002's, word for word) and Thai.
registerSchoolMessages('sports', { en, th });

export const useSportsT = () => useSchoolTranslation('sports');

/** A refusal's dates and registration status as the reader reads them (issue 16 item 1). */
export const sportsDetailsForReader: DetailsForReader = (details, language) => ({
  ...(typeof details.date === 'string' && details.date ? { date: formatSportDate(language, details.date) } : {}),
  ...(typeof details.status === 'string' ? { status: schoolI18n.getFixedT(language, 'sports')(`statuses.${details.status}`) } : {}),
});

/**
 * The words for a failed sports call in the reader's language (school-refusal.ts): in English 002 §8's
 * (the answer's sentence, sports-call.ts), 'An unexpected error occurred.' for anything else.
 */
export function useSportsRefusal(): (failure: unknown) => string {
  const refusal = useSchoolRefusal('sports', sportsDetailsForReader);
  const { t } = useSportsT();
  return useCallback(
    (failure: unknown) => refusal(failure, failure instanceof ApiError ? failure.message : t('errors.unexpected')),
    [refusal, t],
  );
}

/** A sport's registration date 'YYYY-MM-DD' for the reader: '1 Dec 2026' / '1 ธ.ค. 2569'. */
export function formatSportDate(language: SchoolLanguage, date: string): string {
  return schoolDateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
