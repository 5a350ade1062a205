import i18next, { type TFunction } from 'i18next';
import type { SchoolLanguage } from '@guildhall/contracts/sports';
import en from './messages/en.json';
import th from './messages/th.json';

// Issue 16 item 1: the printed list speaks the language of the person printing. English is 002's
// wording, word for word; Thai dates use the Buddhist era a Thai reader expects (พ.ศ.).
const printI18n = i18next.createInstance();
void printI18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { list: en }, th: { list: th } },
  defaultNS: 'list',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes what it renders
});

export function listMessages(language: SchoolLanguage): { t: TFunction; locale: string } {
  return { t: printI18n.getFixedT(language, 'list'), locale: language === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB' };
}

/** The language to print in: the caller's `lang`, else the first of Accept-Language we speak, else English. */
export function printLanguage(lang: SchoolLanguage | undefined, acceptLanguage: string | undefined): SchoolLanguage {
  if (lang) return lang;
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .find((tag) => tag.startsWith('th') || tag.startsWith('en'));
  return first?.startsWith('th') ? 'th' : 'en';
}
