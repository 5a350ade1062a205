import { createElement } from 'react';
import { listSportRegistrations } from './list-sport-registrations';
import type { RegistrationStatus, SchoolLanguage } from '@guildhall/contracts/sports';
import type { SportsDeps } from './sports-deps';
import { listMessages } from './registration-list-messages';
import { REGISTRATION_LIST_CSS, RegistrationListDocument } from './registration-list-document';

/**
 * 002 §2 print action: the list as a vector A4 PDF with real Thai text, printed by the same core
 * document service as the bureau records (ARCHITECTURE.md §7), not a screenshot.
 */
export async function printRegistrationList(
  deps: SportsDeps,
  sportId: number,
  language: SchoolLanguage = 'en',
  status?: RegistrationStatus,
): Promise<{ sportName: string; pdf: Buffer }> {
  const { sportName, rows } = await listSportRegistrations(deps, sportId, status);
  const pdf = await deps.documents.printPdf(
    createElement(RegistrationListDocument, { sportName, rows, printedAt: deps.now(), timeZone: deps.timeZone, language, status }),
    {
      title: listMessages(language).t('title', { sport: sportName }),
      css: REGISTRATION_LIST_CSS,
      format: 'A4',
    },
  );
  return { sportName, pdf };
}
