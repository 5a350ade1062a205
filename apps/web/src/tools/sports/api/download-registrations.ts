import { apiDownload } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** The admin list as CSV or as the printed A4 PDF (GET /sports/api/admin/sport-registrations.{csv,pdf}). */
export const downloadRegistrations = (sportId: number, kind: 'csv' | 'pdf') =>
  apiDownload(`${SPORTS_API}/admin/sport-registrations.${kind}`, { query: { sportId }, ...sportsCall() }).then((file) => file.blob);
