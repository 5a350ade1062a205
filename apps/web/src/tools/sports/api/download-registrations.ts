import type { RegistrationStatus } from '@guildhall/contracts/sports';
import { apiDownload } from '@/lib/api-client';
import { currentSchoolLanguage } from '@/lib/i18n/school-i18n';
import { SPORTS_API, sportsCall } from './sports-call';

/**
 * The admin list as CSV or as the printed A4 PDF (GET /sports/api/admin/sport-registrations.{csv,pdf}),
 * of the rows the lead's "Show" filter lists; the PDF in the language of the person printing (issue 16 item 1).
 */
export const downloadRegistrations = (sportId: number, kind: 'csv' | 'pdf', status?: RegistrationStatus) =>
  apiDownload(`${SPORTS_API}/admin/sport-registrations.${kind}`, {
    query: kind === 'pdf' ? { sportId, status, lang: currentSchoolLanguage() } : { sportId, status },
    ...sportsCall(),
  }).then((file) => file.blob);
