import { readZonedTime } from '@guildhall/contracts/zoned-time';

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "Mon 7 Jan 2030, 10:00 (Asia/Bangkok time)": how people read a slot in messages. */
export function formatSlotTime(ms: number, timeZone: string): string {
  const t = readZonedTime(ms, timeZone);
  return `${formatSlotDay(ms, timeZone)}, ${two(t.hour)}:${two(t.minute)} (${timeZone} time)`;
}

/** "Mon 7 Jan 2030": the local day of `ms`, as formatSlotTime starts. */
export function formatSlotDay(ms: number, timeZone: string): string {
  const t = readZonedTime(ms, timeZone);
  return `${WEEKDAY_NAMES[t.weekday]} ${t.d} ${MONTH_NAMES[t.m - 1]} ${t.y}`;
}
