import { registerSchoolMessages, useSchoolTranslation } from '@/lib/i18n/school-i18n';
import { useSchoolRefusal } from '@/lib/i18n/school-refusal';
import en from './en.json';
import th from './th.json';

// Issue 16 item 1: the portfolio computer's texts in English (002's, word for word) and Thai.
registerSchoolMessages('portfolio', { en, th });

export const usePortfolioT = () => useSchoolTranslation('portfolio');

/** `refusal(error)`: a failed portfolio call in the reader's language (school-refusal.ts). */
export const usePortfolioRefusal = () => useSchoolRefusal('portfolio');
