import type { WorkerConfigAnswer } from '@guildhall/contracts/appointments';

/** The demo office's rules as GET /bureau/worker/config answers them, for the pages' component tests. */
export const TEST_BOOKING: WorkerConfigAnswer['booking'] = {
  timeZone: 'Asia/Bangkok',
  days: [1, 2, 3, 4, 5],
  opens: '09:00',
  closes: '17:00',
  slotMinutes: 30,
  maxDaysAhead: 30,
  hours: 'Monday to Friday, 09:00-17:00 (Asia/Bangkok time)',
};
