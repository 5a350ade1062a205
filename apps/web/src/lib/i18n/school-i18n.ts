import i18next, { type Resource, type ResourceKey } from 'i18next';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Issue 16 item 1 (decision 0038): the school tools (002: timetable, sports hub, portfolio) speak
 * Thai and English. One i18next instance of their own, created when the first school tool's chunk
 * loads, so no other tool's first paint carries i18next. Each tool adds its namespace with
 * `registerSchoolMessages` from its own `messages/{en,th}.json`.
 */
export const SCHOOL_LANGUAGES = ['en', 'th'] as const;
export type SchoolLanguage = (typeof SCHOOL_LANGUAGES)[number];

/** localStorage key that remembers the EN / ไทย switch. */
export const LANGUAGE_STORAGE_KEY = 'schoolLanguage';

export const schoolI18n = i18next.createInstance();
void schoolI18n.init({
  // English first: the prerendered pages (decision 0035) are English, so React takes them over
  // without a mismatch; useSchoolLanguage then moves to the reader's language before the first paint.
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...SCHOOL_LANGUAGES],
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds one tool's messages (a namespace per tool). Safe to call again (tests, hot reload). */
export function registerSchoolMessages(namespace: string, messages: Record<SchoolLanguage, ResourceKey>): void {
  for (const lang of SCHOOL_LANGUAGES) schoolI18n.addResourceBundle(lang, namespace, messages[lang] as Resource, true, true);
}

function isSchoolLanguage(value: unknown): value is SchoolLanguage {
  return value === 'en' || value === 'th';
}

function readStored(): SchoolLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isSchoolLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The remembered choice, else the browser's first language: th* gives Thai, anything else English. */
export function detectSchoolLanguage(): SchoolLanguage {
  if (typeof window === 'undefined') return 'en';
  const stored = readStored();
  if (stored) return stored;
  const first = navigator.languages?.[0] ?? navigator.language ?? '';
  return first.toLowerCase().startsWith('th') ? 'th' : 'en';
}

function subscribe(onChange: () => void) {
  schoolI18n.on('languageChanged', onChange);
  return () => schoolI18n.off('languageChanged', onChange);
}

/** The language the school tools speak now (e.g. for a printed list that follows the person printing). */
export function currentSchoolLanguage(): SchoolLanguage {
  return isSchoolLanguage(schoolI18n.language) ? schoolI18n.language : 'en';
}

/**
 * The language of a school tool's page, for its root component: picks the reader's language when the
 * page mounts (before paint), keeps <html lang> in step while the tool is open and gives the page its
 * previous lang back when the reader leaves for another tool.
 */
export function useSchoolLanguage(): { language: SchoolLanguage; setLanguage: (lang: SchoolLanguage) => void } {
  const choice = useSchoolLanguageChoice();
  const { language } = choice;
  useLayoutEffect(() => {
    const previous = document.documentElement.lang;
    const wanted = detectSchoolLanguage();
    if (schoolI18n.language !== wanted) void schoolI18n.changeLanguage(wanted);
    return () => {
      document.documentElement.lang = previous || 'en';
    };
  }, []);
  useLayoutEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return choice;
}

/** The language and its remembered setter, for a second switch inside a page that already uses useSchoolLanguage. */
export function useSchoolLanguageChoice(): { language: SchoolLanguage; setLanguage: (lang: SchoolLanguage) => void } {
  const language = useSyncExternalStore(subscribe, currentSchoolLanguage, () => 'en' as const);
  const setLanguage = useCallback((lang: SchoolLanguage) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    void schoolI18n.changeLanguage(lang);
  }, []);
  return { language, setLanguage };
}

/** `t` for one school tool's namespace, plus the language it speaks now. */
export function useSchoolTranslation(namespace: string) {
  const { t, i18n } = useTranslation(namespace, { i18n: schoolI18n });
  return { t, language: (isSchoolLanguage(i18n.language) ? i18n.language : 'en') as SchoolLanguage };
}
