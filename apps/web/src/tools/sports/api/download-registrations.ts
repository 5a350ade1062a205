import { sportsDownload } from './sports-fetch';

/** The admin list as CSV or as the printed A4 PDF (GET /sports/api/admin/sport-registrations.{csv,pdf}). */
export const downloadRegistrations = (sportId: number, kind: 'csv' | 'pdf') => sportsDownload(`/admin/sport-registrations.${kind}?sportId=${encodeURIComponent(sportId)}`);
