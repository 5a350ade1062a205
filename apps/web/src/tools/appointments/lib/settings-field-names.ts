import type { BookingSettings } from '@guildhall/contracts/appointments';

/** 0 = Sunday, as BookingSettings.weekly counts them. */
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type NumberRule = 'slotMinutes' | 'capacity' | 'minNoticeMinutes' | 'maxDaysAhead' | 'maxActivePerUser';

/** The booking-rules page's labels for its number fields; refusals name a field by the same words. */
export const NUMBER_LABELS: Record<NumberRule, string> = {
  slotMinutes: 'Slot length (minutes)',
  capacity: 'Seats per slot',
  minNoticeMinutes: 'Minimum notice (minutes)',
  maxDaysAhead: 'Book up to (days ahead)',
  maxActivePerUser: 'Upcoming bookings per LINE user',
} satisfies Partial<Record<keyof BookingSettings, string>>;

const isIndex = (part: string | undefined): part is string => part !== undefined && /^\d+$/.test(part);
const ordinal = (part: string) => Number(part) + 1;

/** "Monday break 2 from" for ['opens'...] under an hours object named `name` (the page's labels). */
function nameHoursField(name: string, rest: string[]): string {
  const [field, index, end] = rest;
  if (field === 'opens') return `${name} opens`;
  if (field === 'closes') return `${name} closes`;
  if (field === 'breaks' && isIndex(index)) {
    const named = `${name} break ${ordinal(index)}`;
    if (end === 'start') return `${named} from`;
    if (end === 'end') return `${named} until`;
    return named;
  }
  return name;
}

/** The page's words for a BookingSettings path, or null for a path the page has no field for. */
export function nameSettingsField(path: string[]): string | null {
  const [head, index, ...rest] = path;
  if (head === undefined) return null;
  if (head in NUMBER_LABELS && index === undefined) return NUMBER_LABELS[head as NumberRule];
  if (head === 'reminderMinutes') return isIndex(index) ? `Reminder ${ordinal(index)}` : 'Reminders';
  if (head === 'weekly' && isIndex(index) && DAYS[Number(index)]) return nameHoursField(DAYS[Number(index)]!, rest);
  if (head === 'holidays' && isIndex(index)) {
    const named = `Holiday ${ordinal(index)}`;
    return rest[0] === 'date' || rest[0] === 'name' ? `${named} ${rest[0]}` : named;
  }
  if (head === 'exceptions' && isIndex(index)) {
    const named = `Change ${ordinal(index)}`;
    if (rest[0] === 'date') return `${named} date`;
    return rest[0] === 'hours' ? nameHoursField(named, rest.slice(1)) : named;
  }
  return null;
}

/**
 * The server's refusal ("weekly.1.closes: must be later than the opens; ...", ARCHITECTURE.md §6)
 * with each field path put in the words of the field's label ("Monday closes: ..."), so staff can
 * find the field; a part that names no field of this page is left as the server sent it.
 */
export function wordSettingsRefusal(message: string): string {
  return message
    .split('; ')
    .map((part) => {
      const match = /^([\w.]+): (.+)$/s.exec(part);
      const name = match ? nameSettingsField(match[1]!.split('.')) : null;
      return name ? `${name}: ${match![2]}` : part;
    })
    .join('; ');
}
