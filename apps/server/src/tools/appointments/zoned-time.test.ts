import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { localDayOf } from './booking-rules';
import { formatSlotTime } from './format-slot-time';
import { readZonedTime } from '@guildhall/contracts/zoned-time';

// readZonedTime replaced TZDate and date-fns format on the booking path (CPU): the same readings and
// the same message text, across clock changes, midnights and zones with half-hour offsets.
describe('readZonedTime reads what TZDate reads', () => {
  const zones = ['Asia/Bangkok', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
  const from = Date.UTC(2029, 0, 1);
  const instants = Array.from({ length: 1500 }, (_, i) => from + i * 367 * 60_000 + (i % 7) * 1000);

  it.each(zones)('%s', (zone) => {
    for (const ms of instants) {
      const t = new TZDate(ms, zone);
      expect(readZonedTime(ms, zone), new Date(ms).toISOString()).toEqual({
        y: t.getFullYear(),
        m: t.getMonth() + 1,
        d: t.getDate(),
        weekday: t.getDay(),
        hour: t.getHours(),
        minute: t.getMinutes(),
      });
      expect(formatSlotTime(ms, zone)).toBe(`${format(t, 'EEE d MMM yyyy, HH:mm')} (${zone} time)`);
      expect(localDayOf(ms, zone).date).toBe(format(t, 'yyyy-MM-dd'));
    }
  });
});
