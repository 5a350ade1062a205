import { describe, expect, it } from 'vitest';
import { prepareSubmission } from './appointment-flow';

// 001 §5 "Please select a valid date and time": on the night an office's clocks go forward, the wall
// times in the gap do not exist. The field accepted 02:30 and the page sent 03:30 (TZDate's reading),
// so the booking was made an hour after the time the person chose.
describe('a time the office clock skips is refused, not moved an hour', () => {
  const base = { userId: 'U1', topic: '', rescheduleId: null, now: new Date('2030-01-01T00:00:00Z'), timeZone: 'America/New_York' };

  it('02:30 on 10 March 2030 in New York (clocks go from 02:00 to 03:00) is refused with a sentence', () => {
    expect(prepareSubmission({ ...base, dateTimeLocal: '2030-03-10T02:30' })).toEqual({
      ok: false,
      message: '02:30 does not exist on 2030-03-10 in America/New_York time: the clocks go forward that night. Please pick another time.',
    });
  });

  it('the times either side of the gap, and a time that happens twice, are sent as chosen', () => {
    const sent = (dateTimeLocal: string) => {
      const prepared = prepareSubmission({ ...base, dateTimeLocal });
      return prepared.ok ? prepared.body.datetime : prepared.message;
    };
    expect(sent('2030-03-10T01:30')).toBe('2030-03-10T06:30:00.000Z');
    expect(sent('2030-03-10T03:00')).toBe('2030-03-10T07:00:00.000Z');
    // Clocks go back on 3 November 2030: 01:30 is its first occurrence (as the server reads it).
    expect(sent('2030-11-03T01:30')).toBe('2030-11-03T05:30:00.000Z');
    expect(sent('2030-01-07T10:00:30')).toBe('2030-01-07T15:00:30.000Z');
  });
});
