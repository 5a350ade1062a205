import { describe, expect, it } from 'vitest';
import { formatSchoolNumber, formatThaiIsoDate, schoolDateFormat } from './school-format';

// Issue 16 item 1: Thai readers get Buddhist-era years (พ.ศ. = ค.ศ. + 543); English keeps 002's en-GB forms.
describe('school dates and numbers', () => {
  it('writes a school date in Thai with the Buddhist era', () => {
    expect(formatThaiIsoDate('2025-10-13')).toBe('13 ต.ค. 2568');
  });

  it('keeps the school zone and the English form', () => {
    const instant = Date.parse('2026-11-20T18:30:00Z'); // 01:30 on 21 Nov in Bangkok
    expect(schoolDateFormat('en', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' }).format(instant)).toBe(
      '21 Nov 2026, 01:30',
    );
    expect(schoolDateFormat('th', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' }).format(instant)).toBe(
      '21 พ.ย. 2569 01:30',
    );
    expect(schoolDateFormat('th', { timeZone: 'Asia/Bangkok', weekday: 'long' }).format(instant)).toBe('วันเสาร์');
  });

  it('groups numbers for the reader', () => {
    expect(formatSchoolNumber('en', 1234)).toBe('1,234');
    expect(formatSchoolNumber('th', 1234)).toBe('1,234');
  });
});
