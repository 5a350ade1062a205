import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** "Mon 7 Jan 2030, 10:00 (Asia/Bangkok time)": how people read a slot in messages. */
export function formatSlotTime(ms: number, timeZone: string): string {
  return `${format(new TZDate(ms, timeZone), 'EEE d MMM yyyy, HH:mm')} (${timeZone} time)`;
}
