import { formatSchoolDate } from '@guildhall/contracts/timetable-rules';
import { formatThaiIsoDate, schoolDateFormat } from '@/lib/i18n/school-format';
import { type SchoolLanguage, registerSchoolMessages, useSchoolTranslation } from '@/lib/i18n/school-i18n';
import { type DetailsForReader, useSchoolRefusal } from '@/lib/i18n/school-refusal';
import en from './en.json';
import th from './th.json';

// Issue 16 item 1: the timetable's texts in English (002's, word for word) and Thai.
registerSchoolMessages('timetable', { en, th });

export const useTimetableT = () => useSchoolTranslation('timetable');

/** A refusal's weekday (ISO 1-7) by name in the reader's language (issue 16 item 1). */
const timetableDetailsForReader: DetailsForReader = (details, language): Record<string, string> =>
  typeof details.weekday === 'number'
    ? // 1 Jan 2024 was a Monday, so day n of that week is ISO weekday n.
      { weekdayName: schoolDateFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, details.weekday)) }
    : {};

/** `refusal(error, fallback?)`: a failed timetable call in the reader's language (school-refusal.ts). */
export const useTimetableRefusal = () => useSchoolRefusal('timetable', timetableDetailsForReader);

/** A school date for the reader: 002's '13 Oct 2025' in English, '13 ต.ค. 2568' (Buddhist era) in Thai. */
export function formatTimetableDate(language: SchoolLanguage, date: string | null | undefined): string {
  const english = formatSchoolDate(date);
  return language === 'th' && date && english !== formatSchoolDate(null) ? formatThaiIsoDate(date) : english;
}
