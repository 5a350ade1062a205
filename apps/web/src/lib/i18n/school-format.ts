import type { SchoolLanguage } from './school-i18n';

/**
 * Issue 16 item 1: dates, weekdays and numbers for the school tools' reader. English keeps the
 * locale 002's screens were built with (en-GB); Thai uses th-TH with the Buddhist calendar a Thai
 * reader expects on dates (พ.ศ. 2568 for 2025). Callers pass the school's zone (SCHOOL_TIME_ZONE), as before.
 */
export function schoolLocale(language: SchoolLanguage): string {
  return language === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB';
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat for the language (building one costs more than using it). */
export function schoolDateFormat(language: SchoolLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(schoolLocale(language), options);
    formats.set(key, format);
  }
  return format;
}

/** A school calendar date 'YYYY-MM-DD' in Thai: '13 ต.ค. 2568' (the English form stays the caller's own, 002's). */
export function formatThaiIsoDate(date: string): string {
  return schoolDateFormat('th', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/** A whole number for the reader ('1,234' / '1,234'; Thai keeps Arabic digits, as Thai schools write them). */
export function formatSchoolNumber(language: SchoolLanguage, value: number): string {
  return new Intl.NumberFormat(schoolLocale(language)).format(value);
}
