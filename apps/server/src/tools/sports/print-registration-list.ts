import { createElement } from 'react';
import type { AppContext } from '../../core/context';
import { listSportRegistrations } from './list-sport-registrations';
import { REGISTRATION_LIST_CSS, RegistrationListDocument } from './registration-list-document';

/**
 * 002 §2 print action: the list as a vector A4 PDF with real Thai text, printed by the same core
 * document service as the bureau records (ARCHITECTURE.md §7), not a screenshot.
 */
export async function printRegistrationList(ctx: Pick<AppContext, 'database' | 'config' | 'now' | 'documents'>, sportId: number): Promise<{ sportName: string; pdf: Buffer }> {
  const { sportName, rows } = await listSportRegistrations(ctx, sportId);
  const pdf = await ctx.documents.printPdf(createElement(RegistrationListDocument, { sportName, rows, printedAt: ctx.now(), timeZone: ctx.config.SCHOOL_TIME_ZONE }), {
    title: `Tryout registrations: ${sportName}`,
    css: REGISTRATION_LIST_CSS,
    format: 'A4',
  });
  return { sportName, pdf };
}
