import { SaveBookingSettingsRequest } from '@guildhall/contracts/appointments';
import { describeProblems } from '@guildhall/contracts/input';
import { describe, expect, it } from 'vitest';
import { nameSettingsField, wordSettingsRefusal } from './settings-field-names';

const hours = { opens: '09:00', closes: '17:00', breaks: [] };
const valid = {
  weekly: [null, hours, hours, hours, hours, hours, null],
  holidays: [],
  exceptions: [],
  slotMinutes: 30,
  capacity: 1,
  minNoticeMinutes: 60,
  maxDaysAhead: 30,
  maxActivePerUser: 2,
  reminderMinutes: [1440, 60],
};

/** The sentence the server sends for these rules (parse-input.ts words zod's issues this way). */
function refusalFor(rules: unknown): string {
  const parsed = SaveBookingSettingsRequest.safeParse(rules);
  if (parsed.success) throw new Error('expected the rules to be refused');
  return describeProblems(parsed.error.issues);
}

describe('wordSettingsRefusal', () => {
  it("names each refused field by the booking-rules page's label, for what the contract really refuses", () => {
    const refusal = refusalFor({
      ...valid,
      weekly: [null, { opens: '09:00', closes: '17:00', breaks: [{ start: '13:00', end: '12:00' }] }, hours, hours, hours, hours, null],
      exceptions: [{ date: '2026-12-24', hours: { opens: '18:00', closes: '10:00', breaks: [] } }],
      holidays: [{ date: 'soon', name: 'New Year' }],
      capacity: 0,
    });
    // The server names at most 5 problems in one sentence.
    const worded = `${wordSettingsRefusal(refusal)}; ${wordSettingsRefusal(refusalFor({ ...valid, reminderMinutes: [60, 1.5] }))}`;
    expect(worded).toContain('Monday break 1 until: must be later than the start');
    expect(worded).toContain('Holiday 1 date: ');
    expect(worded).toContain('Change 1 closes: ');
    expect(worded).toContain('Reminder 2: must be a whole number of minutes');
    expect(worded).toContain('Seats per slot: must be at least 1');
    expect(worded).not.toMatch(/weekly|holidays|exceptions|reminderMinutes|capacity/);
  });

  it('leaves a part that names no field of the page, or no field at all, as the server sent it', () => {
    expect(wordSettingsRefusal('Bureau staff only.')).toBe('Bureau staff only.');
    expect(wordSettingsRefusal('timeZone: unknown; weekly.9.opens: bad')).toBe('timeZone: unknown; weekly.9.opens: bad');
  });

  it('names the lists themselves and their entries', () => {
    expect(nameSettingsField(['reminderMinutes'])).toBe('Reminders');
    expect(nameSettingsField(['weekly', '0'])).toBe('Sunday');
    expect(nameSettingsField(['exceptions', '2', 'hours', 'breaks', '0', 'start'])).toBe('Change 3 break 1 from');
    expect(nameSettingsField(['holidays', '4', 'name'])).toBe('Holiday 5 name');
  });
});
