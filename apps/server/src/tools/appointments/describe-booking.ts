import type { WorkerConfigAnswer } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { describeOpeningHours, openDays } from './booking-rules';
import { loadBookingRules } from './load-booking-rules';

/** The config answer's summary of the rules in force: `hours` in words, each day's own; `opens`/`closes` the first open day's. */
export async function describeBooking(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'defaultSettings'>,
): Promise<WorkerConfigAnswer['booking']> {
  const rules = await loadBookingRules(deps);
  const days = openDays(rules);
  const first = days.length > 0 ? rules.weekly[days[0]!] : null;
  return {
    timeZone: rules.timeZone,
    days,
    opens: first?.opens ?? '00:00',
    closes: first?.closes ?? '00:00',
    slotMinutes: rules.slotMinutes,
    maxDaysAhead: rules.maxDaysAhead,
    hours: describeOpeningHours(rules),
  };
}
